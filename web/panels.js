// The side panels: players, bazaar, tiles left, log; and the end-of-game results with the
// score-over-time chart. They show what the state says, nothing more.

import { h, s, clear } from './dom.js';
import { seatColour, MEEPLE_PATH } from './tiles.js';
import { groupLegal, decisionWords } from './notation.js';

function meepleIcon(colour, size = 16) {
  return s('svg', { viewBox: '-12 -12 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('path', { d: MEEPLE_PATH, fill: colour, stroke: '#222', 'stroke-width': 1.2 }));
}

function bridgeIcon(size = 16) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('path', { d: 'M2,15 Q12,5 22,15', fill: 'none', stroke: '#6d4a2a', 'stroke-width': 3 }),
    s('path', { d: 'M2,17 H22', stroke: '#6d4a2a', 'stroke-width': 2 }));
}

function castleIcon(colour, size = 16) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('path', { d: 'M3,21 V8 H6 V5 H9 V8 H11 V5 H13 V8 H15 V5 H18 V8 H21 V21 Z', fill: colour, stroke: '#222', 'stroke-width': 1.2 }));
}

function stallIcon(size = 18) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('rect', { x: 4, y: 11, width: 16, height: 9, fill: '#a8794a', stroke: '#5e3d1d', 'stroke-width': 1.2 }),
    s('path', { d: 'M2,11 L4,4 H20 L22,11 Z', fill: '#d2452f', stroke: '#7b2316', 'stroke-width': 1.2 }),
    s('path', { d: 'M8,4 L7,11 M12,4 V11 M16,4 L17,11', stroke: '#fff6e6', 'stroke-width': 1.6 }));
}

// --- players -----------------------------------------------------------------------------------

export function renderPlayers(container, state, art) {
  clear(container);
  const players = state?.players || [];
  const bcb = (state?.expansions || []).includes('bcb');
  const pendingSeat = state?.pending?.seat;
  const over = state?.status === 'over';
  const best = over ? Math.max(...players.map((p) => p.score)) : null;
  for (const p of players) {
    const mine = (state.you || []).includes(p.seat);
    const classes = ['player'];
    if (p.seat === pendingSeat) classes.push('pending');
    if (p.seat === state.turn_seat) classes.push('turn');
    if (mine) classes.push('mine');
    const online = p.kind === 'bot' ? 'bot' : p.online ? 'online' : 'offline';
    const stats = h('div', { class: 'stats' },
      h('span', { class: 'stat', title: 'followers in supply', 'data-testid': 'player-followers' }, meepleIcon(seatColour(p.seat), 14), `×${p.followers}`));
    if (bcb) {
      stats.append(h('span', { class: 'stat', title: 'bridges in supply', 'data-testid': 'player-bridges' }, bridgeIcon(14), `×${p.bridges}`));
      stats.append(h('span', { class: 'stat', title: 'castles in supply', 'data-testid': 'player-castles' }, castleIcon(seatColour(p.seat), 14), `×${p.castles}`));
    }
    if (p.bazaar_tile && art) {
      stats.append(h('span', { class: 'stat', title: `bought in the bazaar: ${p.bazaar_tile}` }, art.mini(p.bazaar_tile, { size: 18 })));
    }
    container.append(h('div', { class: classes.join(' '), 'data-testid': `player-${p.seat}`, 'data-seat': p.seat, 'data-pending': p.seat === pendingSeat ? 'true' : 'false' },
      h('div', { class: 'player-colour', style: { background: seatColour(p.seat) } }),
      h('div', { class: 'player-main' },
        h('div', { class: 'player-name' },
          h('span', { class: `online-dot ${online}`, title: online, 'data-testid': 'online-dot', 'data-online': online }),
          h('span', { class: 'name', 'data-testid': 'player-name' }, p.name),
          mine ? h('span', { class: 'badge you' }, 'you') : null,
          p.kind === 'bot' ? h('span', { class: 'badge bot', title: p.bot || 'bot' }, p.bot ? `bot · ${p.bot}` : 'bot') : null,
          over && p.score === best ? h('span', { class: 'badge win' }, 'winner') : null),
        stats),
      h('div', { class: 'player-score', 'data-testid': 'player-score' }, String(p.score)),
      p.seat === state.turn_seat && !over ? h('div', { class: 'turn-arrow', title: 'whose turn it is' }, '◀') : null,
    ));
  }
}

// --- bazaar ------------------------------------------------------------------------------------

export function renderBazaar(container, state, art, act, busy) {
  clear(container);
  const bazaar = state?.bazaar;
  if (!bazaar || !art) {
    container.hidden = true;
    return;
  }
  container.hidden = false;
  const players = state.players || [];
  const nameOf = (seat) => (seat === null || seat === undefined ? '—' : players[seat]?.name ?? `seat ${seat + 1}`);
  const mine = (state.you || []).includes(state.pending?.seat) && Array.isArray(state.legal);
  const g = mine ? groupLegal(state.legal) : {};
  // In the no-auction variant there are no bids: players take tiles in turn (the state's
  // `auction_tile` is then the tile just taken, not one on auction).
  const noAuction = state.rules?.bazaar === 'no-auction';

  container.append(h('div', { class: 'card-title' }, stallIcon(), 'Bazaar', noAuction ? h('span', { class: 'muted' }, '· no auctions') : null));
  if (state.pending) {
    container.append(h('div', { class: 'hint', 'data-testid': 'bazaar-status' },
      `${nameOf(state.pending.seat)} to ${decisionWords(state)}.`));
  }

  // The revealed tiles nobody has got yet (the server takes a tile out of `offer` when someone
  // gets it; who got which is listed below). Identical tiles are one choice (`choose TILE`), so
  // every copy of a tile the player may choose is a button for it. While an auction runs, one
  // copy of its tile is marked.
  const offer = h('div', { class: 'bazaar-offer', 'data-testid': 'bazaar-offer' });
  const chooseActions = new Map((g.choose || []).map((c) => [c.tile, c.action]));
  let auctionShown = false;
  for (const tile of bazaar.offer || []) {
    const auctioned = !noAuction && bazaar.auction_tile === tile && !auctionShown;
    if (auctioned) auctionShown = true;
    const item = h('div', { class: `offer-item${auctioned ? ' auctioned' : ''}` },
      art.mini(tile, { size: 56, title: tile }),
      h('div', { class: 'offer-label' }, auctioned ? 'on auction' : tile));
    if (chooseActions.has(tile)) {
      const action = chooseActions.get(tile);
      offer.append(h('button', { class: 'offer-button', 'data-testid': 'bazaar-choose', 'data-action': action, disabled: busy, onClick: () => act(action), title: noAuction ? `take ${tile}` : `put ${tile} up for auction` }, item));
    } else {
      offer.append(item);
    }
  }
  if (offer.childElementCount) container.append(offer);

  if (bazaar.auction_tile && !noAuction) {
    container.append(h('div', { class: 'bazaar-auction', 'data-testid': 'bazaar-highest' },
      'Highest bid: ',
      bazaar.highest_bid === null || bazaar.highest_bid === undefined
        ? h('b', {}, 'none yet')
        : h('b', {}, `${bazaar.highest_bid} by ${nameOf(bazaar.highest_bidder)}`)));
  }
  if (bazaar.bank) container.append(h('div', { class: 'muted' }, `Paid to the bank: ${bazaar.bank}`));

  const controls = h('div', { class: 'bazaar-controls' });
  if (g.bid) {
    const amounts = g.bid.map((b) => b.amount).sort((a, b) => a - b);
    const byAmount = new Map(g.bid.map((b) => [b.amount, b.action]));
    const input = h('input', { type: 'number', min: amounts[0], max: amounts[amounts.length - 1], step: 1, value: amounts[0], 'data-testid': 'bazaar-bid-amount', 'aria-label': 'bid in points' });
    const bidButton = h('button', { class: 'primary', 'data-testid': 'bazaar-bid', disabled: busy }, `Bid ${amounts[0]}`);
    const sync = () => {
      const action = byAmount.get(Number(input.value));
      bidButton.disabled = busy || !action;
      bidButton.textContent = action ? `Bid ${input.value}` : 'Bid';
      bidButton.dataset.action = action || '';
    };
    input.addEventListener('input', sync);
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && byAmount.has(Number(input.value))) act(byAmount.get(Number(input.value))); });
    bidButton.addEventListener('click', () => {
      const action = byAmount.get(Number(input.value));
      if (action) act(action);
    });
    sync();
    controls.append(h('label', { class: 'bid-label' }, `Your bid (${amounts[0]}–${amounts[amounts.length - 1]})`, input), bidButton);
  }
  if (g.pass) controls.append(h('button', { 'data-testid': 'bazaar-pass', 'data-action': 'pass', disabled: busy, onClick: () => act('pass') }, 'Pass'));
  if (g.buy || g.sell) {
    const bid = bazaar.highest_bid;
    const bidder = nameOf(bazaar.highest_bidder);
    if (g.buy) controls.append(h('button', { class: 'primary', 'data-testid': 'bazaar-buy', 'data-action': 'buy', disabled: busy, onClick: () => act('buy') }, `Buy it (pay ${bid} to ${bidder})`));
    if (g.sell) controls.append(h('button', { 'data-testid': 'bazaar-sell', 'data-action': 'sell', disabled: busy, onClick: () => act('sell') }, `Sell it (${bidder} pays you ${bid})`));
  }
  if (g.choose) container.append(h('div', { class: 'hint' }, noAuction ? 'Click a tile to take it and play it.' : 'Click a tile to put it up for auction.'));
  const who = noAuction ? picksList(bazaar, state, art, nameOf) : gotList(bazaar, art, nameOf);
  if (who) container.append(who);
  if (controls.childElementCount) container.append(controls);
}

// Who got which tile (the bazaar round plays them in turn), or nothing before anyone has one.
function gotList(bazaar, art, nameOf) {
  const got = (bazaar.taken || []).map((tile, seat) => [seat, tile]).filter(([, tile]) => tile);
  if (got.length) {
    const list = h('div', { class: 'bazaar-taken', 'data-testid': 'bazaar-taken' }, h('span', { class: 'muted' }, 'Got: '));
    for (const [seat, tile] of got) {
      list.append(h('span', { class: 'taken-item', title: `${nameOf(seat)}: ${tile}` },
        h('span', { class: 'swatch', style: { background: seatColour(seat) } }), nameOf(seat), ' ', art.mini(tile, { size: 22 })));
    }
    return list;
  }
  return null;
}

// The no-auction variant: every player in seat order, with the tile they took, or whether they
// choose now.
function picksList(bazaar, state, art, nameOf) {
  const list = h('ul', { class: 'bazaar-picks', 'data-testid': 'bazaar-picks' });
  for (const { seat } of state.players || []) {
    const tile = bazaar.taken?.[seat];
    const choosing = !tile && state.pending?.phase === 'choose' && state.pending.seat === seat;
    list.append(h('li', { class: `pick${choosing ? ' choosing' : ''}`, 'data-testid': 'bazaar-pick', 'data-seat': seat, 'data-tile': tile || '' },
      h('span', { class: 'swatch', style: { background: seatColour(seat) } }),
      h('span', { class: 'name' }, nameOf(seat)),
      tile ? [h('span', {}, ` took ${tile}`), art.mini(tile, { size: 22, title: `${nameOf(seat)} took ${tile}` })]
        : h('span', { class: 'muted' }, choosing ? ' chooses now' : ' no tile yet')));
  }
  return list;
}

// --- tiles left --------------------------------------------------------------------------------

export function renderDeck(container, state, art, expanded) {
  clear(container);
  const deck = state?.deck;
  if (!deck) return;
  const head = h('div', { class: 'deck-head' },
    h('span', {}, 'Tiles left: ', h('b', { 'data-testid': 'tiles-left' }, String(deck.left))),
    state.tile ? h('span', { class: 'muted' }, ' · in hand ', h('b', {}, state.tile)) : null);
  container.append(head);
  const details = h('details', { class: 'remaining', 'data-testid': 'remaining-toggle', open: expanded.value });
  details.addEventListener('toggle', () => { expanded.value = details.open; });
  details.append(h('summary', {}, 'Remaining tiles'));
  const grid = h('div', { class: 'remaining-grid', 'data-testid': 'remaining-tiles' });
  const entries = Object.entries(deck.remaining || {}).filter(([, n]) => n > 0).sort(([a], [b]) => tileOrder(a) - tileOrder(b) || a.localeCompare(b));
  for (const [id, count] of entries) {
    grid.append(h('div', { class: 'remaining-item', 'data-tile': id, 'data-count': count, title: `${id}: ${count} left` },
      art ? art.mini(id, { size: 36 }) : null, h('span', { class: 'count' }, `×${count}`)));
  }
  if (!entries.length) grid.append(h('div', { class: 'muted' }, 'none'));
  details.append(grid);
  if ((deck.discarded || []).length) {
    const row = h('div', { class: 'discarded' }, h('span', { class: 'muted' }, 'Discarded: '));
    for (const id of deck.discarded) row.append(art ? art.mini(id, { size: 24, title: `discarded ${id}` }) : id);
    details.append(row);
  }
  container.append(details);
}

function tileOrder(id) {
  return id.startsWith('BCB-') ? 100 + id.charCodeAt(4) : id.charCodeAt(0);
}

// --- log ---------------------------------------------------------------------------------------

export function renderLog(container, state) {
  const log = state?.log || [];
  const nearBottom = container.scrollHeight - container.scrollTop - container.clientHeight < 40;
  // Append only what is new when the log grew; redraw when it was replaced.
  const shown = Number(container.dataset.count || 0);
  if (container.dataset.game !== String(state?.game) || shown > log.length || container.dataset.first !== String(log[0]?.text ?? '')) {
    clear(container);
    container.dataset.count = '0';
  }
  const start = Number(container.dataset.count || 0);
  const players = state?.players || [];
  for (let i = start; i < log.length; i++) {
    const entry = log[i];
    const cls = ['log-entry'];
    if (entry.score) cls.push('score');
    if (entry.final) cls.push('final');
    const li = h('li', { class: cls.join(' '), 'data-testid': 'log-entry', 'data-n': entry.n },
      entry.seat !== undefined && entry.seat !== null ? h('span', { class: 'log-dot', style: { background: seatColour(entry.seat) }, title: players[entry.seat]?.name }) : h('span', { class: 'log-dot none' }),
      h('span', { class: 'log-text' }, entry.text || entry.action || ''));
    container.append(li);
  }
  container.dataset.count = String(log.length);
  container.dataset.game = String(state?.game);
  container.dataset.first = String(log[0]?.text ?? '');
  if (nearBottom || start === 0) container.scrollTop = container.scrollHeight;
}

// --- results -----------------------------------------------------------------------------------

const CATEGORIES = [
  ['roads', 'Roads'], ['cities', 'Cities'], ['cloisters', 'Cloisters'], ['farms', 'Farms'], ['castles', 'Castles'], ['bazaar', 'Bazaar'],
];

export function renderResults(container, state) {
  clear(container);
  const players = state.players || [];
  const best = Math.max(...players.map((p) => p.score));
  const bcb = (state.expansions || []).includes('bcb') || players.some((p) => p.breakdown?.castles || categoryPoints(p.breakdown, 'bazaar'));
  const cats = CATEGORIES.filter(([key]) => bcb || (key !== 'castles' && key !== 'bazaar'));
  const winners = players.filter((p) => p.score === best).map((p) => p.name);
  container.append(h('h2', {}, winners.length > 1 ? `A tie: ${winners.join(' and ')}` : `${winners[0]} wins!`));

  const table = h('table', { class: 'breakdown', 'data-testid': 'final-breakdown' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Player'), ...cats.map(([, label]) => h('th', {}, label)), h('th', {}, 'Total'))));
  const body = h('tbody');
  for (const p of [...players].sort((a, b) => b.score - a.score)) {
    body.append(h('tr', { class: p.score === best ? 'winner' : '', 'data-seat': p.seat, 'data-testid': 'breakdown-row' },
      h('td', {}, h('span', { class: 'swatch', style: { background: seatColour(p.seat) } }), p.name),
      ...cats.map(([key]) => h('td', { 'data-category': key }, String(categoryPoints(p.breakdown, key)))),
      h('td', { class: 'total', 'data-testid': 'breakdown-total' }, String(p.score))));
  }
  table.append(body);
  container.append(table);
  container.append(h('h3', {}, 'Score over time ', h('span', { class: 'muted' }, '(by moves played)')));
  container.append(scoreChart(state));
}

// An SVG line chart of everyone's score by the log's `n` (the number of actions played).
export function scoreChart(state, { width = 560, height = 260 } = {}) {
  const players = state.players || [];
  const series = players.map(() => [[0, 0]]);
  let maxN = 1;
  let maxScore = 1;
  let minScore = 0;
  for (const entry of state.log || []) {
    if (!Array.isArray(entry.scores)) continue;
    const n = Number(entry.n) || 0;
    maxN = Math.max(maxN, n);
    entry.scores.forEach((score, seat) => {
      if (!series[seat]) return;
      const pts = series[seat];
      if (pts[pts.length - 1][0] === n) pts[pts.length - 1] = [n, score];
      else pts.push([n, score]);
      maxScore = Math.max(maxScore, score);
      minScore = Math.min(minScore, score);
    });
  }
  const pad = { left: 40, right: 14, top: 12, bottom: 30 };
  const w = width - pad.left - pad.right;
  const hgt = height - pad.top - pad.bottom;
  const step = niceStep((maxScore - minScore) / 5);
  const niceMax = Math.max(step, Math.ceil(maxScore / step) * step);
  const niceMin = Math.floor(minScore / step) * step;
  const xOf = (n) => pad.left + (n / maxN) * w;
  const yOf = (v) => pad.top + hgt - ((v - niceMin) / (niceMax - niceMin)) * hgt;
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, class: 'score-chart', 'data-testid': 'score-chart', role: 'img', 'aria-label': 'score over time' });
  for (let v = niceMin; v <= niceMax + 1e-9; v += step) {
    const y = yOf(v);
    svg.append(s('line', { x1: pad.left, x2: width - pad.right, y1: y, y2: y, class: v === 0 ? 'grid zero' : 'grid' }));
    svg.append(s('text', { x: pad.left - 6, y: y + 4, 'text-anchor': 'end', class: 'axis' }, String(Math.round(v))));
  }
  const xStep = niceStep(maxN / 6);
  for (let n = 0; n <= maxN; n += xStep) {
    svg.append(s('text', { x: xOf(n), y: height - 10, 'text-anchor': 'middle', class: 'axis' }, String(n)));
  }
  series.forEach((pts, seat) => {
    if (!pts.length) return;
    // Steps: a score holds until the next entry changes it.
    let d = `M${xOf(pts[0][0])},${yOf(pts[0][1])}`;
    for (let i = 1; i < pts.length; i++) d += ` H${xOf(pts[i][0])} V${yOf(pts[i][1])}`;
    d += ` H${xOf(maxN)}`;
    svg.append(s('path', { d, class: 'series', stroke: seatColour(seat), 'data-seat': seat, 'data-testid': 'chart-series' }));
    const last = pts[pts.length - 1];
    svg.append(s('circle', { cx: xOf(maxN), cy: yOf(last[1]), r: 3.5, fill: seatColour(seat) }));
  });
  const legend = s('g', { class: 'legend', transform: `translate(${pad.left + 8},${pad.top + 6})` });
  players.forEach((p, i) => {
    legend.append(s('rect', { x: 0, y: i * 16, width: 10, height: 10, fill: seatColour(p.seat), rx: 2 }));
    legend.append(s('text', { x: 15, y: i * 16 + 9, class: 'legend-text' }, `${p.name} (${p.score})`));
  });
  svg.append(legend);
  return svg;
}

// 1, 2, 5, 10, 20, 50, ... at least v.
function niceStep(v) {
  if (!(v > 1)) return 1;
  const mag = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * mag >= v) return m * mag;
  return 10 * mag;
}

// A category's points in a player's breakdown (the server may name the bazaar's `bazaars`).
function categoryPoints(breakdown, key) {
  if (!breakdown) return 0;
  if (key === 'bazaar') return breakdown.bazaar ?? breakdown.bazaars ?? 0;
  return breakdown[key] ?? 0;
}
