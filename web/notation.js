// The legal actions the server sends: `actions`, the structured form of each (docs/PROTOCOL.md,
// "Structured actions"), with `legal`, their text in the move notation.
//
// The page never makes up an action: it reads the structured form only to know where to draw
// an option (which square, which rotation, which location, which figure) and sends the original
// string back unchanged. Anything it does not know is still offered, as a plain button. Only a
// server without structured actions makes it read the text (parseAction).

import { mechanicsOf } from './mechanics/registry.js';
import { t } from './i18n.js';
import { featureName } from './names.js';

export function parseAction(action) {
  let m;
  if ((m = /^place (-?\d+),(-?\d+) r(\d+)$/.exec(action))) {
    return { verb: 'place', x: Number(m[1]), y: Number(m[2]), rotation: Number(m[3]), action };
  }
  if ((m = /^bridge (-?\d+),(-?\d+) (NS|EW)$/.exec(action))) {
    return { verb: 'bridge', x: Number(m[1]), y: Number(m[2]), axis: m[3], action };
  }
  if ((m = /^(meeple|large|mayor|wagon|builder|pig|barn) (\S+)$/.exec(action))) return { verb: m[1], figure: m[1], loc: m[2], action };
  if ((m = /^claim (-?\d+),(-?\d+) (\S+)$/.exec(action))) {
    return { verb: 'claim', x: Number(m[1]), y: Number(m[2]), loc: m[3], action };
  }
  if ((m = /^choose (\S+)$/.exec(action))) return { verb: 'choose', tile: m[1], action };
  if ((m = /^bid (\d+)$/.exec(action))) return { verb: 'bid', amount: Number(m[1]), action };
  if (/^(discard|skip|castle|score|pass|buy|sell)$/.test(action)) return { verb: action, action };
  return { verb: 'other', action };
}

// One structured action as the page uses it: `rotation` in degrees (as the notation's r90),
// `loc` the location, `needsBridge`, `figure` (meeple or large) for a figure's deployment.
export function fromStructured(a) {
  // The server's verb is kept (a mechanic in play may draw it); the card offers any verb nobody
  // draws as a plain button.
  const verb = a.verb || 'other';
  const out = { ...a, verb, action: a.action };
  if (a.rotation !== undefined) out.rotation = Number(a.rotation) * 90;
  if (a.location !== undefined) out.loc = a.location;
  if (a.needs_bridge !== undefined) out.needsBridge = Boolean(a.needs_bridge);
  return out;
}

// Groups the legal actions by verb: {place: [...], bridge: [...], meeple: [...], ...}. `actions`
// is the state's structured list (used when present); `legal` the texts.
export function groupLegal(legal, actions) {
  const groups = {};
  const list = Array.isArray(actions) && actions.length === (legal || []).length
    ? actions.map(fromStructured)
    : (legal || []).map(parseAction);
  for (const parsed of list) (groups[parsed.verb] ||= []).push(parsed);
  return groups;
}

// Legal placements by square, rotations in clockwise order: [{x, y, options: [{rotation, action, needsBridge}]}].
// `lookOf(rotation)`, when given, says what the tile looks like turned so (TileArt.look): of the
// legal placements on a square that look the same, only the first in the legal list is offered
// (a symmetric tile's turns that nobody could tell apart are one choice).
export function placementsBySquare(placeActions, needsBridge = [], lookOf = null) {
  // (needsBridge: the texts of the state's `needs_bridge`; a structured action says it itself.)
  const bridgeSet = new Set(needsBridge);
  const squares = new Map();
  const looks = new Map(); // square -> the looks offered there
  for (const p of placeActions || []) {
    const key = `${p.x},${p.y}`;
    if (!squares.has(key)) {
      squares.set(key, { x: p.x, y: p.y, options: [] });
      looks.set(key, new Set());
    }
    const look = lookOf ? lookOf(p.rotation) : null;
    if (look !== null && look !== undefined) {
      if (looks.get(key).has(look)) continue;
      looks.get(key).add(look);
    }
    squares.get(key).options.push({ rotation: p.rotation, action: p.action, needsBridge: p.needsBridge ?? bridgeSet.has(p.action) });
  }
  for (const sq of squares.values()) {
    sq.options.sort((a, b) => a.rotation - b.rotation);
    const n = sq.options.filter((o) => o.needsBridge).length;
    sq.needsBridge = n === 0 ? 'none' : n === sq.options.length ? 'all' : 'some';
  }
  return [...squares.values()];
}

const FEATURE_KINDS = new Set(['city', 'road', 'field', 'cloister', 'bridge', 'castle']);

// A kind of feature in the player's language ("city", "road", ...; any other kind: "feature").
export function featureWord(kind) {
  return featureName(FEATURE_KINDS.has(kind) ? kind : 'feature');
}

// The phases with words of their own (the locale's `notation.phase.<phase>`).
const PHASES = new Set(['place', 'meeple', 'castle', 'claim', 'choose', 'bid', 'decide', 'buy-or-sell']);

export function phaseWords(phase) {
  return PHASES.has(phase) ? t(`notation.phase.${phase}`) : phase || '';
}

// What the pending seat has to do now, in words: the phase's words, unless a mechanic in play
// words it otherwise (bridges: a placement that awaits its bridge).
export function decisionWords(state) {
  for (const m of mechanicsOf(state)) {
    const words = m.decisionWords?.(state);
    if (words) return words;
  }
  const phase = state?.pending?.phase;
  if (phase === 'meeple' && Array.isArray(state.actions) && state.actions.length) return figureStepWords(state.actions);
  return phaseWords(phase);
}

// The figure step in words that are true of it: "place a figure" only when one can be placed
// (the builder and the barn are figures too); else what is left, another action (the fairy, the
// princess) or only ending the turn.
function figureStepWords(actions) {
  if (actions.some((a) => a.figure)) return phaseWords('meeple');
  if (actions.some((a) => a.action !== 'skip')) return t('notation.phase.meepleOther');
  return t('notation.phase.meepleNone');
}
