// One-line hints that teach an expansion's element where the player meets it (issue 33 item
// 10): the first time a volcano, a bazaar, a barn to place or a magic portal comes to the player's
// own decision, the "your move" card says in a line what it does.
//
// Promise: which hints apply is the mechanic modules' to say (their `hints(turn)` hook, read
// through registry.js); here a hint is shown until the player dismisses it ("Got it"), and a
// dismissed hint never shows again in this browser (localStorage; without storage, for as long
// as the page is open). The words are the locale's `hint.<name>`.

import { h } from './dom.js';
import { t, has } from './i18n.js';

const KEY = 'carcassonne.hintsDismissed';
let dismissedInPage = new Set();

function dismissed() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || '[]');
    return new Set(Array.isArray(stored) ? stored.filter((x) => typeof x === 'string') : []);
  } catch {
    return dismissedInPage;
  }
}

export function dismissHint(name) {
  const names = dismissed();
  names.add(name);
  dismissedInPage = names;
  try {
    localStorage.setItem(KEY, JSON.stringify([...names]));
  } catch {
    // storage disabled: dismissed while the page is open
  }
}

// The hint lines for `names` (those the player has not dismissed and the locale has words for),
// each with its "Got it" button; `onDismiss` redraws whatever holds them.
export function hintLines(names, onDismiss) {
  const gone = dismissed();
  const shown = [...new Set(names)].filter((name) => !gone.has(name) && has(`hint.${name}`));
  return shown.map((name) => h('div', { class: 'tip', role: 'note', 'data-testid': 'hint', 'data-hint': name },
    h('span', { class: 'tip-label' }, t('hint.label')), ' ',
    h('span', { class: 'tip-text' }, t(`hint.${name}`)), ' ',
    h('button', { type: 'button', class: 'small tip-dismiss', 'data-testid': 'hint-dismiss', onClick: () => { dismissHint(name); onDismiss?.(); } }, t('hint.dismiss'))));
}
