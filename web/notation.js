// Reading the move notation the server sends in `legal` (docs/PROTOCOL.md, "Move notation").
//
// The page never makes up an action: it reads the server's strings only to know where to draw
// an option (which square, which rotation, which border point) and sends the original string
// back unchanged. Anything it cannot read is still offered, as a plain button.

export function parseAction(action) {
  let m;
  if ((m = /^place (-?\d+),(-?\d+) r(\d+)$/.exec(action))) {
    return { verb: 'place', x: Number(m[1]), y: Number(m[2]), rotation: Number(m[3]), action };
  }
  if ((m = /^bridge (-?\d+),(-?\d+) (NS|EW)$/.exec(action))) {
    return { verb: 'bridge', x: Number(m[1]), y: Number(m[2]), axis: m[3], action };
  }
  if ((m = /^meeple (\S+)$/.exec(action))) return { verb: 'meeple', loc: m[1], action };
  if ((m = /^claim (-?\d+),(-?\d+) (\S+)$/.exec(action))) {
    return { verb: 'claim', x: Number(m[1]), y: Number(m[2]), loc: m[3], action };
  }
  if ((m = /^choose (\S+)$/.exec(action))) return { verb: 'choose', tile: m[1], action };
  if ((m = /^bid (\d+)$/.exec(action))) return { verb: 'bid', amount: Number(m[1]), action };
  if (/^(discard|skip|castle|score|pass|buy|sell)$/.test(action)) return { verb: action, action };
  return { verb: 'other', action };
}

// Groups a legal list by verb: {place: [...], bridge: [...], meeple: [...], ...}.
export function groupLegal(legal) {
  const groups = {};
  for (const action of legal || []) {
    const parsed = parseAction(action);
    (groups[parsed.verb] ||= []).push(parsed);
  }
  return groups;
}

// Legal placements by square, rotations in clockwise order: [{x, y, options: [{rotation, action, needsBridge}]}].
// `lookOf(rotation)`, when given, says what the tile looks like turned so (TileArt.look): of the
// legal placements on a square that look the same, only the first in the legal list is offered
// (a symmetric tile's turns that nobody could tell apart are one choice).
export function placementsBySquare(placeActions, needsBridge = [], lookOf = null) {
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
    squares.get(key).options.push({ rotation: p.rotation, action: p.action, needsBridge: bridgeSet.has(p.action) });
  }
  for (const sq of squares.values()) {
    sq.options.sort((a, b) => a.rotation - b.rotation);
    const n = sq.options.filter((o) => o.needsBridge).length;
    sq.needsBridge = n === 0 ? 'none' : n === sq.options.length ? 'all' : 'some';
  }
  return [...squares.values()];
}

const FEATURE_WORDS = { city: 'city', road: 'road', field: 'field', cloister: 'cloister', bridge: 'bridge' };

export function featureWord(kind) {
  return FEATURE_WORDS[kind] || 'feature';
}

const PHASE_WORDS = {
  place: 'place a tile',
  meeple: 'deploy a follower',
  castle: 'build a castle or score the city',
  claim: 'choose what the castle scores',
  choose: 'choose a bazaar tile',
  bid: 'bid in the bazaar',
  decide: 'buy or sell',
  'buy-or-sell': 'buy or sell',
};

export function phaseWords(phase) {
  return PHASE_WORDS[phase] || phase || '';
}

// What the pending seat has to do now, in words: the phase's words, except when the follower
// phase offers only the bridge that the placement needs (the state's `bridge_required`, or a
// legal list of bridges only): then that bridge is what is asked for.
export function decisionWords(state) {
  const phase = state?.pending?.phase;
  if (phase === 'meeple' && bridgeRequired(state)) return 'build the required bridge';
  return phaseWords(phase);
}

function bridgeRequired(state) {
  if (state.bridge_required) return true;
  const legal = state.legal;
  return Array.isArray(legal) && legal.length > 0 && legal.every((action) => parseAction(action).verb === 'bridge');
}
