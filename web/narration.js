// The game log in the player's language. Each entry the server writes says what happened as a key
// and arguments (`say`, src/view/narration.h); this turns it into the current language's words
// through the locale's "log.*" texts. An entry without one (from an older server) shows its
// English `text`.
//
// The server's arguments are the same for every client; the page decides how each kind shows
// (by the argument's name): `tile`, a tile id, is the tile's picture (players know tiles by their
// pictures, never by their ids); `at`, a square "x,y", is not printed: the entry points to that
// tile on the board instead; `corner`, a compass code ("NW"), is the language's words; a
// `feature` also gives {into} and {in}, the feature with the language's preposition; a player's
// name (`who`, `owner`, `other`) stands as it is. The locale's texts name no square for this
// reason (the server's English `text` still does, for clients that show text only).

import { t, has } from './i18n.js';
import { featureInto, featureIn } from './names.js';

// Where a tile's picture goes in a text while it is put together (no text holds this character).
const MARK = '\u0001';

// An argument as text; a tile's picture is a mark, its id kept in `tiles`.
function argument(value, name, tiles) {
  if (value === null || value === undefined) return '';
  if (name === 'tile' && typeof value === 'string') {
    tiles.push(value);
    return `${MARK}${tiles.length - 1}${MARK}`;
  }
  if (name === 'corner' && typeof value === 'string') return has(`log.corner.${value}`) ? t(`log.corner.${value}`) : value;
  if (typeof value !== 'object') return value;
  if (typeof value.t === 'string') {
    const params = {};
    for (const [inner, v] of Object.entries(value)) if (inner !== 't') params[inner] = argument(v, inner, tiles);
    return t(`log.${value.t}`, params);
  }
  if (Array.isArray(value.and)) {
    const items = value.and.map((item) => argument(item, name, tiles));
    if (!items.length) return '';
    let joined = String(items[0]);
    for (let i = 1; i < items.length; i++) {
      joined = t(i + 1 === items.length ? 'log.list.two' : 'log.list.more', { a: joined, b: items[i] });
    }
    return joined;
  }
  return JSON.stringify(value);
}

// A `say` ({key, args}) as parts: strings, and {tile: ID} where a tile's picture goes.
export function sayParts(said) {
  const tiles = [];
  const params = {};
  for (const [name, value] of Object.entries(said?.args || {})) params[name] = argument(value, name, tiles);
  // A feature as a figure reaches it and as the place it stands in, with the language's own
  // preposition and case ({into}: "do města"; {in}: "ve městě").
  const feature = said?.args?.feature;
  const kind = typeof feature?.t === 'string' && feature.t.startsWith('feature.') ? feature.t.slice('feature.'.length) : null;
  if (kind) {
    params.into = featureInto(kind);
    params.in = featureIn(kind);
  }
  const text = String(t(`log.${said.key}`, params));
  const parts = [];
  text.split(MARK).forEach((piece, i) => {
    if (i % 2 === 1 && /^\d+$/.test(piece) && tiles[Number(piece)] !== undefined) parts.push({ tile: tiles[Number(piece)] });
    else if (piece) parts.push(piece);
  });
  return parts;
}

// The words of a `say`, a tile as `tileText(id)` says (by default nothing: the words of the text
// around it).
export function sayText(said, tileText = () => t('tile.unknown')) {
  return sayParts(said).map((part) => (typeof part === 'string' ? part : tileText(part.tile))).join('').replace(/\s{2,}/g, ' ').trim();
}

// What a log entry says, in the current language, as parts (see sayParts).
export function logParts(entry) {
  if (entry?.say && typeof entry.say.key === 'string') return sayParts(entry.say);
  return [entry?.text || entry?.action || ''];
}

// What a log entry says as text (tiles as `tileText` says).
export function logText(entry, tileText) {
  if (entry?.say && typeof entry.say.key === 'string') return sayText(entry.say, tileText);
  return entry?.text || entry?.action || '';
}

// The texts whose `at` is the square they are about (the server sends an `at` with every action,
// where some have none: a pass, a bid).
const SAYS_WHERE = new Set(['place', 'placeTurned', 'bridgeNS', 'bridgeEW', 'abbey', 'barn', 'wagonRolled',
  'portal.meeple', 'portal.large', 'fairyBeside', 'fairyTile', 'princess', 'princessLarge', 'princessKnight',
  'dragonMove', 'dragonMoveLeft', 'claim', 'score.castle', 'dragonAte', 'dragonToVolcano', 'journeyEnds']);

// The square a log entry is about: a scoring's feature, the square its `say` names (`at`), or
// the square of an action that names one (`place 1,0 r90`, `fairy 2,3`, `dragon 0,1`, `abbey 4,4`,
// a portal deployment, a wagon's move); or null.
export function squareOfEntry(entry) {
  if (Number.isInteger(entry?.x) && Number.isInteger(entry?.y)) return { x: entry.x, y: entry.y };
  const at = SAYS_WHERE.has(entry?.say?.key) ? entry.say.args?.at : null;
  const square = /^(-?\d+),(-?\d+)$/.exec(typeof at === 'string' ? at : '');
  if (square) return { x: Number(square[1]), y: Number(square[2]) };
  const m = /^[a-z-]+ (-?\d+),(-?\d+)\b/.exec(entry?.action || '');
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}
