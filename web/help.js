// A short rules reference for the expansions of a game (all of them in the lobby), in a dialog.
// Reminders for players who know the game, not the rulebook: the engine decides what is legal.
// The texts are the locale's `help.<expansion>.<n>`; a section's title is the catalogue's name of
// the expansion (names.js), else `help.<expansion>.title`.

import { h, clear } from './dom.js';
import { t } from './i18n.js';
import { expansionTitle } from './names.js';

// Each expansion's section and how many points it has (help.<name>.1 .. help.<name>.<points>).
const SECTIONS = [
  { name: 'base', points: 4 },
  { name: 'bcb', points: 3 },
  { name: 'ic', points: 3 },
  { name: 'tb', points: 3 },
  { name: 'pd', points: 3 },
  { name: 'am', points: 4 },
];

export function showRulesHelp(state, catalogue) {
  const inPlay = new Set(['base', ...(state?.expansions || [])]);
  const all = !state; // in the lobby: every expansion
  const expansions = new Map((catalogue?.expansions || []).map((e) => [e.name, e]));
  const title = (name) => (expansions.has(name) ? expansionTitle(expansions.get(name)) : t(`help.${name}.title`));
  let dialog = document.getElementById('help-dialog');
  if (!dialog) {
    dialog = h('div', { class: 'dialog-backdrop', id: 'help-dialog', 'data-testid': 'help-dialog' });
    dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.hidden = true; });
    document.body.append(dialog);
  }
  clear(dialog);
  dialog.hidden = false;
  const body = h('div', { class: 'dialog help', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'help-title' },
    h('div', { class: 'dialog-head' }, h('h2', { id: 'help-title' }, all ? t('help.title.lobby') : t('help.title.game')),
      h('button', { class: 'icon-button', 'data-testid': 'close-help', 'aria-label': t('page.close'), onClick: () => { dialog.hidden = true; } }, '✕')));
  for (const section of SECTIONS) {
    if (!all && !inPlay.has(section.name)) continue;
    const points = Array.from({ length: section.points }, (_, i) => t(`help.${section.name}.${i + 1}`));
    body.append(h('section', { class: 'help-section', 'data-testid': `help-${section.name}` },
      h('h3', {}, title(section.name)),
      h('ul', {}, ...points.map((p) => h('li', {}, p)))));
  }
  dialog.append(body);
}
