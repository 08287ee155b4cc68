// The side panels: players, tiles left, log (the mechanics add theirs: mechanics/registry.js); and the end-of-game results with the
// score-over-time chart. They show what the state says, nothing more.

import { h, s, clear } from './dom.js';
import { seatColour, MEEPLE_PATH } from './tiles.js';
import { mechanicsOf, figureStyle } from './mechanics/registry.js';
import { t, num, has, language } from './i18n.js';
import { logParts, squareOfEntry } from './narration.js';
import { tileTitle, tileWords, expansionTitle, botTitle } from './names.js';

// A count as shown: a number the language's way (anything else as it comes).
function amount(value) {
  return typeof value === 'number' ? num(value) : String(value);
}

function meepleIcon(colour, size = 16) {
  return s('svg', { viewBox: '-12 -12 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('path', { d: MEEPLE_PATH, fill: colour, stroke: '#222', 'stroke-width': 1.2 }));
}

// --- players -----------------------------------------------------------------------------------

export function renderPlayers(container, state, art) {
  clear(container);
  const players = state?.players || [];
  const modules = mechanicsOf(state);
  const pendingSeat = state?.pending?.seat;
  const over = state?.status === 'over';
  const winners = new Set(winnerSeats(state));
  for (const p of players) {
    const mine = (state.you || []).includes(p.seat);
    const classes = ['player'];
    if (p.seat === pendingSeat) classes.push('pending');
    if (p.seat === state.turn_seat) classes.push('turn');
    if (mine) classes.push('mine');
    const online = p.kind === 'bot' ? 'bot' : p.online ? 'online' : 'offline';
    // The figures in supply, each kind (the server lists the kinds the game has); then what the
    // mechanics in play add (bridges, castles, the tile bought in the bazaar).
    const stats = h('div', { class: 'stats' });
    const figures = p.figures || { meeple: p.followers };
    // The follower first, then the others (a JSON object's keys come in any order).
    const kinds = Object.keys(figures).sort((a, b) => (a === 'meeple' ? -1 : b === 'meeple' ? 1 : a.localeCompare(b)));
    for (const figure of kinds) {
      const count = figures[figure];
      const style = figureStyle(figure);
      const testid = figure === 'meeple' ? 'player-followers' : `player-figures-${figure}`;
      stats.append(h('span', { class: `stat figure-${figure}`, title: supplyTitle(figure, style), 'data-testid': testid, 'data-figure': figure },
        style.icon ? style.icon(seatColour(p.seat), 16) : meepleIcon(seatColour(p.seat), Math.round(14 * style.scale)), `×${amount(count)}`));
    }
    for (const m of modules) for (const el of m.stats?.(p, state, { art }) || []) stats.append(el);
    // The running score by category (what has scored so far).
    const parts = Object.entries(p.breakdown || {}).filter(([, points]) => points !== 0);
    const breakdown = parts.length
      ? h('div', { class: 'breakdown-line', 'data-testid': 'player-breakdown' },
        ...parts.map(([category, points]) => h('span', { 'data-category': category }, t('panels.categoryPoints', { category: categoryWord(category), points }))))
      : null;
    container.append(h('div', { class: classes.join(' '), 'data-testid': `player-${p.seat}`, 'data-seat': p.seat, 'data-pending': p.seat === pendingSeat ? 'true' : 'false' },
      h('div', { class: 'player-colour', style: { background: seatColour(p.seat) } }),
      h('div', { class: 'player-main' },
        h('div', { class: 'player-name' },
          h('span', { class: `online-dot ${online}`, title: t(`panels.presence.${online}`), 'data-testid': 'online-dot', 'data-online': online }),
          h('span', { class: 'name', 'data-testid': 'player-name', 'data-user-text': '' }, p.name),
          mine ? h('span', { class: 'badge you' }, t('panels.you')) : null,
          p.kind === 'bot' ? h('span', { class: 'badge bot', 'data-testid': 'player-bot', title: p.bot ? botTitle(p.bot) : t('panels.bot') }, p.bot ? t('panels.botNamed', { bot: botTitle(p.bot) }) : t('panels.bot')) : null,
          over && winners.has(p.seat) ? h('span', { class: 'badge win' }, t('panels.winner')) : null),
        stats, breakdown),
      h('div', { class: 'player-score', 'data-testid': 'player-score' }, num(p.score)),
      // The arrow points at who decides now (in a bazaar, the auctioneer or a bidder, not the
      // player whose turn brought the bazaar out); the turn's owner keeps its highlight.
      p.seat === (pendingSeat ?? state.turn_seat) && !over ? h('div', { class: 'turn-arrow', title: t('panels.whoseTurn'), 'data-testid': 'turn-arrow' }, '◀') : null,
    ));
  }
}

// --- tiles left --------------------------------------------------------------------------------

export function renderDeck(container, state, art, expanded) {
  clear(container);
  const deck = state?.deck;
  if (!deck) return;
  const [leftBefore, leftAfter] = t('panels.tilesLeft', { count: '\u0000' }).split('\u0000');
  const [handBefore, handAfter] = t('panels.inHand', { tile: '\u0000' }).split('\u0000');
  const head = h('div', { class: 'deck-head' },
    h('span', {}, leftBefore || null, h('b', { 'data-testid': 'tiles-left' }, amount(deck.left)), leftAfter || null),
    state.tile ? h('span', { class: 'muted in-hand' }, ' · ', handBefore || null, art ? art.mini(state.tile, { size: 20, title: tileTitle(state.tile, art), className: 'mini-tile log-tile', testid: 'deck-hand-tile' }) : null, handAfter || null) : null);
  container.append(head);
  // The creator of a game with a chosen seed or deck knows the draw order: everyone is told.
  if (state.chosen_order) container.append(h('div', { class: 'notice chosen-order', 'data-testid': 'deck-chosen-order' }, t(`panels.chosenOrder.${state.chosen_order}`)));
  if (deck.face_down > 0) container.append(h('div', { class: 'muted', 'data-testid': 'face-down' }, t('panels.faceDown', { count: deck.face_down })));
  const details = h('details', { class: 'remaining', 'data-testid': 'remaining-toggle', open: expanded.value });
  details.addEventListener('toggle', () => { expanded.value = details.open; });
  details.append(h('summary', {}, t('panels.remainingTiles')));
  const grid = h('div', { class: 'remaining-grid', 'data-testid': 'remaining-tiles' });
  const entries = Object.entries(deck.remaining || {}).filter(([, n]) => n > 0).sort(([a], [b]) => compareTiles(a, b));
  for (const [id, count] of entries) {
    grid.append(h('div', { class: 'remaining-item', 'data-tile': id, 'data-count': count, 'data-testid': 'remaining-item', title: tileTooltip(id, count, art) },
      art ? art.mini(id, { size: 36 }) : null, h('span', { class: 'count' }, `×${num(count)}`)));
  }
  if (!entries.length) grid.append(h('div', { class: 'muted' }, t('panels.noTiles')));
  details.append(grid);
  if ((deck.discarded || []).length) {
    const row = h('div', { class: 'discarded' }, h('span', { class: 'muted' }, t('panels.discarded'), ' '));
    for (const id of deck.discarded) if (art) row.append(art.mini(id, { size: 24, title: t('panels.discardedTile', { tile: tileTitle(id, art) }) }));
    details.append(row);
  }
  container.append(details);
}

// The base game's tiles first, then each expansion's (ids "PREFIX-X"), each in letter order.
function tileOrder(id) {
  const dash = id.indexOf('-');
  return dash < 0 ? [' ', id] : [id.slice(0, dash), id.slice(dash + 1)];
}

function compareTiles(a, b) {
  const [pa, ra] = tileOrder(a);
  const [pb, rb] = tileOrder(b);
  return pa.localeCompare(pb) || ra.length - rb.length || ra.localeCompare(rb);
}

// A remaining tile in words: "Carcassonne: a road, 2 fields — 3 left" (its expansion and what is
// on it, from the catalogue; players know a tile by its picture, not by its id).
function tileTooltip(id, count, art) {
  const tile = art?.tiles?.get(id)?.tile;
  const left = t('panels.tileLeft', { count });
  if (!tile) return t('panels.tileTooltipBare', { tile: tileWords(null), left });
  const name = expansionTitle({ name: tile.expansion || 'base' });
  return t('panels.tileTooltip', { tile: name, features: tileWords(tile), left });
}

// --- log ---------------------------------------------------------------------------------------

// `onPoint(x, y)`: a click (or a tap) on an entry about a tile (a placement, a scoring) points it
// out; `onHighlight(x, y)` / `onHighlight(null)`: the pointer over such an entry outlines the
// tile while it stays. A tile the entry names is its picture (`art`), with its words as the title.
export function renderLog(container, state, { onPoint, onHighlight, art } = {}) {
  const log = state?.log || [];
  const nearBottom = container.scrollHeight - container.scrollTop - container.clientHeight < 40;
  // Append only what is new when the log grew; redraw when it was replaced.
  const shown = Number(container.dataset.count || 0);
  // (and redraw in another language: every entry's words change; or once the tile art is there)
  if (container.dataset.game !== String(state?.game) || shown > log.length || container.dataset.first !== String(log[0]?.text ?? '') || container.dataset.language !== language() || container.dataset.art !== String(Boolean(art))) {
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
    const where = squareOfEntry(entry);
    const li = h('li', {
      class: cls.join(' '), 'data-testid': 'log-entry', 'data-n': entry.n, 'data-x': where?.x, 'data-y': where?.y,
      title: where ? t('panels.showOnBoard') : null,
      onClick: where && onPoint ? () => { onHighlight?.(where.x, where.y); onPoint(where.x, where.y); } : null,
    },
      entry.seat !== undefined && entry.seat !== null ? h('span', { class: 'log-dot', style: { background: seatColour(entry.seat) }, title: players[entry.seat]?.name }) : h('span', { class: 'log-dot none' }),
      h('span', { class: 'log-text' }, ...logParts(entry).map((part) => (typeof part === 'string' ? part : tilePicture(part.tile, art)))));
    if (where && onHighlight) {
      li.addEventListener('pointerenter', () => { li.classList.add('highlighting'); onHighlight(where.x, where.y); });
      li.addEventListener('pointerleave', () => { li.classList.remove('highlighting'); onHighlight(null); });
    }
    container.append(li);
  }
  container.dataset.count = String(log.length);
  container.dataset.game = String(state?.game);
  container.dataset.first = String(log[0]?.text ?? '');
  container.dataset.language = language();
  container.dataset.art = String(Boolean(art));
  if (nearBottom || start === 0) container.scrollTop = container.scrollHeight;
}

// A tile named in the log: its picture, its words as the title (words alone before the art has
// come).
function tilePicture(id, art) {
  const words = tileTitle(id, art);
  return art ? art.mini(id, { size: 20, title: words, className: 'mini-tile log-tile', testid: 'log-tile' }) : words;
}

// --- results -----------------------------------------------------------------------------------

// The base game's columns of the results, [key, heading] (the mechanics in play add theirs).
const baseCategories = () => ['roads', 'cities', 'cloisters', 'farms'].map((key) => [key, t(`panels.column.${key}`)]);

// A score category (the server's name: roads, cities, ..., bazaars, goods, fairy) as a word in a
// running text ("roads 4"); the server's name for one not known.
function categoryWord(category) {
  return has(`category.${category}`) ? t(`category.${category}`) : category;
}

// The title of a player's supply of one kind of figure ("followers in supply").
function supplyTitle(figure, style) {
  return has(`panels.supply.${figure}`) ? t(`panels.supply.${figure}`) : t('panels.supply.other', { figure: style.label });
}

// The seats that won: the server's `winners` (the engine decides, negative scores included);
// only a server without it makes the page look for the best score itself.
export function winnerSeats(state) {
  if (Array.isArray(state?.winners)) return state.winners;
  const players = state?.players || [];
  if (state?.status !== 'over' || !players.length) return [];
  const best = Math.max(...players.map((p) => p.score));
  return players.filter((p) => p.score === best).map((p) => p.seat);
}

export function renderResults(container, state) {
  clear(container);
  const players = state.players || [];
  const cats = baseCategories().concat(...mechanicsOf(state).map((m) => m.resultCategories || []));
  const winnerSet = new Set(winnerSeats(state));
  const winners = players.filter((p) => winnerSet.has(p.seat)).map((p) => p.name);
  container.append(h('h2', { 'data-testid': 'results-title' }, winners.length > 1
    ? t('panels.tie', { names: winners.reduce((first, next) => t('panels.namesAnd', { first, next })) })
    : t('panels.wins', { name: winners[0] })));

  const table = h('table', { class: 'breakdown', 'data-testid': 'final-breakdown' },
    h('thead', {}, h('tr', {}, h('th', {}, t('panels.player')), ...cats.map(([, label]) => h('th', {}, label)), h('th', {}, t('panels.total')))));
  const body = h('tbody');
  for (const p of [...players].sort((a, b) => b.score - a.score)) {
    body.append(h('tr', { class: winnerSet.has(p.seat) ? 'winner' : '', 'data-seat': p.seat, 'data-testid': 'breakdown-row', 'data-winner': winnerSet.has(p.seat) ? 'true' : 'false' },
      h('td', {}, h('span', { class: 'swatch', style: { background: seatColour(p.seat) } }), p.name),
      ...cats.map(([key]) => h('td', { 'data-category': key }, num(categoryPoints(p.breakdown, key)))),
      h('td', { class: 'total', 'data-testid': 'breakdown-total' }, num(p.score))));
  }
  table.append(body);
  container.append(table);
  const [chartBefore, chartAfter] = t('panels.scoreOverTime', { note: '\u0000' }).split('\u0000');
  container.append(h('h3', {}, chartBefore || null, h('span', { class: 'muted' }, t('panels.byMovesPlayed')), chartAfter || null));
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
  const svg = s('svg', { viewBox: `0 0 ${width} ${height}`, class: 'score-chart', 'data-testid': 'score-chart', role: 'img', 'aria-label': t('panels.chartAria') });
  for (let v = niceMin; v <= niceMax + 1e-9; v += step) {
    const y = yOf(v);
    svg.append(s('line', { x1: pad.left, x2: width - pad.right, y1: y, y2: y, class: v === 0 ? 'grid zero' : 'grid' }));
    svg.append(s('text', { x: pad.left - 6, y: y + 4, 'text-anchor': 'end', class: 'axis' }, num(Math.round(v))));
  }
  const xStep = niceStep(maxN / 6);
  for (let n = 0; n <= maxN; n += xStep) {
    svg.append(s('text', { x: xOf(n), y: height - 10, 'text-anchor': 'middle', class: 'axis' }, num(n)));
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
    legend.append(s('text', { x: 15, y: i * 16 + 9, class: 'legend-text' }, t('panels.chartLegend', { name: p.name, score: p.score })));
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
