// The test player's choices: deterministic, made from the options on offer, and steered so that
// one game goes through every kind of decision (rotation, followers, bridges, a castle, bids,
// a pass, buying and selling). The same function serves a dry run over the protocol and the
// browser test, which then makes the chosen move by clicking.

export class Strategy {
  constructor(plan = {}) {
    this.plan = plan; // {placements: ['place 0,-1 r180', ...]} tried first, in order
    this.bridges = 0;
    this.bids = 0;
    this.decides = 0;
    this.castles = 0;
    this.fieldFollowers = 0;
    this.seen = new Set(); // kinds of decision taken
  }

  // `squares`: [{x, y, options: [{rotation, action, needsBridge}]}] in a fixed order.
  placement(squares) {
    const all = squares.flatMap((sq) => sq.options);
    for (const wanted of this.plan.placements || []) {
      if (all.some((o) => o.action === wanted)) {
        this.plan.placements = this.plan.placements.filter((p) => p !== wanted);
        return wanted;
      }
    }
    if (!this.seen.has('needs-bridge')) {
      const bridgeOnly = all.find((o) => o.needsBridge);
      if (bridgeOnly) {
        this.seen.add('needs-bridge');
        return bridgeOnly.action;
      }
    }
    const sorted = [...squares].sort((a, b) => a.y - b.y || a.x - b.x);
    const turnable = sorted.find((sq) => sq.options.filter((o) => !o.needsBridge).length > 1);
    if (turnable) {
      const options = turnable.options.filter((o) => !o.needsBridge);
      this.seen.add('rotate');
      return options[options.length - 1].action;
    }
    const plain = all.find((o) => !o.needsBridge);
    return (plain || all[0]).action;
  }

  // Any decision but placement. `offer`: the actions on offer; `feature(action)` names the
  // feature a meeple action is on; `followers`: how many the player has left.
  decide(offer, { feature = () => null, followers = 7, opening = false } = {}) {
    const has = (a) => offer.includes(a);
    const bridges = offer.filter((a) => a.startsWith('bridge '));
    const meeples = offer.filter((a) => a.startsWith('meeple '));
    if (bridges.length && (this.bridges === 0 || !has('skip'))) {
      this.bridges++;
      this.seen.add('bridge');
      return bridges[0];
    }
    if (meeples.length) {
      const byKind = (kind) => meeples.find((m) => feature(m) === kind);
      const pick = byKind('city') || byKind('cloister') || (followers > 2 ? byKind('road') || byKind('bridge') : null)
        || (this.fieldFollowers === 0 && followers > 3 ? byKind('field') : null);
      if (pick) {
        if (feature(pick) === 'field') this.fieldFollowers++;
        this.seen.add('follower');
        return pick;
      }
    }
    if (has('skip')) return 'skip';
    if (has('castle')) {
      this.castles++;
      this.seen.add('castle');
      return 'castle';
    }
    if (has('score')) return 'score';
    const claim = offer.find((a) => a.startsWith('claim '));
    if (claim) {
      this.seen.add('claim');
      return claim;
    }
    const choose = offer.filter((a) => a.startsWith('choose '));
    if (choose.length) {
      this.seen.add('choose');
      return choose[0];
    }
    const bids = offer.filter((a) => a.startsWith('bid ')).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
    if (bids.length) {
      if (!opening) this.bids++;
      if (!opening && has('pass') && this.bids % 2 === 0) {
        this.seen.add('pass');
        return 'pass';
      }
      this.seen.add('bid');
      return bids[0];
    }
    if (has('pass')) {
      this.seen.add('pass');
      return 'pass';
    }
    if (has('buy') || has('sell')) {
      this.decides++;
      const verb = this.decides % 2 === 1 ? (has('sell') ? 'sell' : 'buy') : has('buy') ? 'buy' : 'sell';
      this.seen.add(verb);
      return verb;
    }
    if (has('discard')) return 'discard';
    return offer[0];
  }
}

// Legal placements grouped by square, like the page groups them. With `look` (see looks()), the
// placements on a square that look the same are one option, the first of them in the legal list,
// as the page offers them; `same` lists the legal actions each option stands for.
export function squaresOf(legal, needsBridge = [], look = null) {
  const bridgeSet = new Set(needsBridge);
  const squares = new Map();
  for (const action of legal) {
    const m = /^place (-?\d+),(-?\d+) r(\d+)$/.exec(action);
    if (!m) continue;
    const key = `${m[1]},${m[2]}`;
    if (!squares.has(key)) squares.set(key, { x: Number(m[1]), y: Number(m[2]), options: [] });
    const options = squares.get(key).options;
    const rotation = Number(m[3]);
    const twin = look && options.find((o) => look(o.rotation) === look(rotation));
    if (twin) twin.same.push(action);
    else options.push({ rotation, action, needsBridge: bridgeSet.has(action), same: [action] });
  }
  for (const sq of squares.values()) sq.options.sort((a, b) => a.rotation - b.rotation);
  return [...squares.values()];
}

// What tile `id` of the server's catalogue looks like turned by `degrees` (clockwise), as a
// string: its segments with their border points turned (and pennants, castle bases, inns, the
// cities a field borders), in a fixed order. Two turns look the same when the strings are equal.
export function looks(catalogue, id) {
  const ports = catalogue.ports;
  const tile = catalogue.tiles.find((t) => t.id === id);
  return (degrees) => {
    const turn = (port) => ports[(ports.indexOf(port) + 3 * (degrees / 90)) % 12];
    const where = (seg) => JSON.stringify((seg.ports || []).map(turn).sort());
    return JSON.stringify(tile.segments.map((seg) => JSON.stringify([
      seg.kind, where(seg), seg.pennants || 0, Boolean(seg.castle_base), Boolean(seg.inn),
      (seg.borders || []).map((i) => where(tile.segments[i])).sort(),
    ])).sort());
  };
}

// The Big Box test's choices (big_box.test.js): deterministic, from the server's structured
// `actions`, steered towards the abbey's draw and an abbey played, the dragon, the fairy, the
// magic portal, the princess, the Abbey & Mayor figures and bazaar auctions. `seen` counts the
// kinds of decision taken so far (updated). Any decision but a placement:
export function bigBoxChoice(st, seen) {
  const actions = st.actions;
  const phase = st.pending.phase;
  const all = (verb) => actions.filter((a) => a.verb === verb);
  const first = (verb) => actions.find((a) => a.verb === verb);
  const has = (action) => st.legal.includes(action);
  const take = (kind, action) => {
    seen.set(kind, (seen.get(kind) || 0) + 1);
    return action;
  };
  if (phase === 'abbey' || phase === 'abbey-round') {
    // The first abbey decision draws a tile; after that, the abbey goes into the first hole.
    if (first('abbey') && seen.has('draw')) return take('abbey', first('abbey').action);
    if (has('draw')) return take('draw', 'draw');
    return take('keep-abbey', 'pass');
  }
  if (phase === 'wagon') return first('move') ? take('move', first('move').action) : take('wagon-home', 'pass');
  if (phase === 'dragon') return take('dragon', first('dragon').action);
  if (phase === 'castle') return !seen.has('castle') || !has('score') ? take('castle', 'castle') : take('score', 'score');
  if (phase === 'claim') return take('claim', first('claim').action);
  if (phase === 'choose') return take('choose', first('choose').action);
  if (phase === 'bid') {
    const bids = all('bid').sort((a, b) => a.amount - b.amount);
    if (st.bazaar?.highest_bid === null || st.bazaar?.highest_bid === undefined) return take('bid', bids[0].action);
    if (has('pass')) return take('pass-bid', 'pass');
    return take('bid', bids[0].action);
  }
  if (phase === 'buy-or-sell') return (seen.get('buy') || 0) <= (seen.get('sell') || 0) && has('buy') ? take('buy', 'buy') : take('sell', has('sell') ? 'sell' : 'buy');
  if (phase === 'meeple') {
    const bridges = all('bridge');
    if (bridges.length && (!has('skip') || !seen.has('bridge'))) return take('bridge', bridges[0].action);
    const princess = first('princess');
    if (princess) return take('princess', princess.action);
    const portal = actions.find((a) => a.portal);
    if (portal && !seen.has('portal')) return take('portal', portal.action);
    for (const figure of ['mayor', 'wagon', 'barn', 'builder', 'pig', 'large']) {
      const a = first(figure);
      if (a && (seen.get(figure) || 0) < 2) return take(figure, a.action);
    }
    const fairy = first('fairy');
    if (fairy && (seen.get('fairy') || 0) < 3) return take('fairy', fairy.action);
    const me = st.players[st.pending.seat];
    const meeple = all('meeple').filter((a) => !a.portal && ['city', 'cloister', 'road'].includes(a.feature));
    if (meeple.length && me.followers > 2) return take('meeple', meeple[0].action);
    if (has('skip')) return take('skip', 'skip');
  }
  return take(`other ${phase}`, st.legal[0]);
}

// A placement: the `n`th decision's square in a fixed order that moves round the board, turned to
// its last look (one option per look of the tile, as the page offers them).
export function bigBoxPlacement(st, catalogue, n, seen) {
  const squares = squaresOf(st.legal, st.needs_bridge, looks(catalogue, st.tile)).sort((a, b) => a.y - b.y || a.x - b.x);
  const square = squares[(n * 7) % squares.length];
  const plain = square.options.filter((o) => !o.needsBridge);
  const option = (plain.length ? plain : square.options).at(-1);
  if (option.needsBridge) seen.set('needs-bridge', (seen.get('needs-bridge') || 0) + 1);
  return { square, option };
}
