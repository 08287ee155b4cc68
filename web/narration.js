// The game log in the player's language. Each entry the server writes says what happened as a key
// and arguments (`say`, src/server/narration.h); this turns it into the current language's words
// through the locale's "log.*" texts. An entry without one (from an older server) shows its
// English `text`.

import { t } from './i18n.js';

// An argument: a string or a number stands as it is; {t: KEY, ...} is another log text with the
// object's other fields as its arguments; {and: [...]} a list joined the language's way.
function argument(value) {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return value;
  if (typeof value.t === 'string') {
    const params = {};
    for (const [name, inner] of Object.entries(value)) if (name !== 't') params[name] = argument(inner);
    return t(`log.${value.t}`, params);
  }
  if (Array.isArray(value.and)) {
    const items = value.and.map(argument);
    if (!items.length) return '';
    let joined = String(items[0]);
    for (let i = 1; i < items.length; i++) {
      joined = t(i + 1 === items.length ? 'log.list.two' : 'log.list.more', { a: joined, b: items[i] });
    }
    return joined;
  }
  return JSON.stringify(value);
}

// The words of a `say` ({key, args}).
export function sayText(said) {
  const params = {};
  for (const [name, value] of Object.entries(said?.args || {})) params[name] = argument(value);
  return t(`log.${said.key}`, params);
}

// What a log entry says, in the current language.
export function logText(entry) {
  if (entry?.say && typeof entry.say.key === 'string') return sayText(entry.say);
  return entry?.text || entry?.action || '';
}
