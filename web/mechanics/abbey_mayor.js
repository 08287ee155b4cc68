// Abbey & Mayor: the abbey tile (the catalogue's `abbey` flag: a walled cloister filling the
// tile), each player's abbey in hand (the players panel), the abbey decision before a draw (the
// holes it may fill as clickable squares, and "Draw a tile"), the end-of-game abbey round, the
// mayor, the wagon and the barn drawn as figures of their own (the barn on the corner of its tile,
// where four tiles meet; its spots in the figure step are the corners), and after a scoring the
// wagon that rolls on (the state's `rolling_wagon`: where it stood, and its destinations as
// clickable spots, with "Back to the supply"). Which holes, corners and destinations are legal,
// and when the tile is drawn, are the server's: the page never sees the tile before `draw`.

import { h, s } from '../dom.js';
import { seatColour } from '../tiles.js';
import { registerMechanic } from './registry.js';
import { t, num } from '../i18n.js';
import { figureName, featureName, featureInto, whereWords, distinctLabels } from '../names.js';

const TILE = 100;
const STROKE = 'rgba(20,20,20,0.85)';

// --- figures ----------------------------------------------------------------------------------

// The mayor: a follower's outline with a wide hat brim and a chain of office.
function mayorShape(colour, { scale = 1 } = {}) {
  const body = 'M0,-10 C3,-10 4.5,-8 4.5,-6 C4.5,-4 3.5,-3 3,-2.5 L9,1 L8,4 L4,3 L6,11 L-6,11 L-4,3 L-8,4 L-9,1 L-3,-2.5 C-3.5,-3 -4.5,-4 -4.5,-6 C-4.5,-8 -3,-10 0,-10 Z';
  return s('g', { class: 'mayor', transform: `scale(${scale})` },
    s('path', { d: body, fill: 'none', stroke: 'rgba(255,255,255,0.9)', 'stroke-width': 3.2, 'stroke-linejoin': 'round' }),
    s('path', { d: body, fill: colour, stroke: STROKE, 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    s('rect', { x: -7, y: -11.5, width: 14, height: 2.2, rx: 1, fill: '#222' }),
    s('rect', { x: -3.5, y: -16, width: 7, height: 5, fill: '#222' }),
    s('path', { d: 'M-3,-1 Q0,3 3,-1', fill: 'none', stroke: '#f2c230', 'stroke-width': 1.4 }),
    s('circle', { cx: 0, cy: 1.8, r: 1.3, fill: '#f2c230' }));
}

// The wagon: a cart with two wheels, seen from the side.
function wagonShape(colour, { scale = 1 } = {}) {
  return s('g', { class: 'wagon', transform: `scale(${scale})` },
    s('rect', { x: -13.5, y: -9.5, width: 27, height: 21, rx: 4, fill: 'rgba(255,255,255,0.85)' }),
    s('path', { d: 'M-11,-6 H11 L9,4 H-9 Z', fill: colour, stroke: STROKE, 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M-11,-6 H11', stroke: STROKE, 'stroke-width': 1.6 }),
    s('circle', { cx: -6, cy: 6, r: 3.6, fill: '#6b4a2b', stroke: STROKE, 'stroke-width': 1 }),
    s('circle', { cx: 6, cy: 6, r: 3.6, fill: '#6b4a2b', stroke: STROKE, 'stroke-width': 1 }),
    s('path', { d: 'M11,-1 L16,-3', stroke: STROKE, 'stroke-width': 1.4 }));
}

// The barn: a wide building with a pitched roof and a large door.
function barnShape(colour, { scale = 1 } = {}) {
  const outline = 'M-12,10 V-2 L0,-11 L12,-2 V10 Z';
  return s('g', { class: 'barn', transform: `scale(${scale})` },
    s('path', { d: outline, fill: 'none', stroke: 'rgba(255,255,255,0.9)', 'stroke-width': 3.4, 'stroke-linejoin': 'round' }),
    s('path', { d: outline, fill: colour, stroke: STROKE, 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M-14,-1 L0,-12.5 L14,-1', fill: 'none', stroke: '#7a2e1d', 'stroke-width': 2.4, 'stroke-linejoin': 'round' }),
    s('rect', { x: -4.5, y: 1, width: 9, height: 9, fill: 'rgba(255,255,255,0.85)', stroke: STROKE, 'stroke-width': 0.9 }),
    s('path', { d: 'M-4.5,1 L4.5,10 M4.5,1 L-4.5,10', stroke: STROKE, 'stroke-width': 0.8 }));
}

const icon = (draw, box = 14) => (colour, size) => s('svg', { viewBox: `-${box} -${box} ${2 * box} ${2 * box}`, width: size, height: size, class: 'icon', 'aria-hidden': 'true' }, draw(colour));

const STYLES = {
  mayor: { scale: 1, get label() { return figureName('mayor'); }, shape: mayorShape, icon: icon((c) => mayorShape(c), 16) },
  wagon: { scale: 1, get label() { return figureName('wagon'); }, shape: wagonShape, icon: icon((c) => wagonShape(c)) },
  barn: { scale: 1, get label() { return figureName('barn'); }, shape: barnShape, icon: icon((c) => barnShape(c)) },
};

// --- the abbey ----------------------------------------------------------------------------------

// The abbey's picture under the cloister the tile art draws at its centre: a walled close over the
// whole tile, open on every side (any edge fits it).
function abbeyGrounds() {
  return s('g', { class: 'abbey-grounds', 'data-testid': 'abbey-grounds' },
    s('rect', { x: 7, y: 7, width: 86, height: 86, rx: 6, fill: '#d9cfb4', stroke: '#7d6a4a', 'stroke-width': 3 }),
    s('rect', { x: 17, y: 17, width: 66, height: 66, rx: 4, fill: '#b9c98f', stroke: '#8f7c58', 'stroke-width': 1.2 }),
    s('path', { d: 'M50,7 V17 M50,83 V93 M7,50 H17 M83,50 H93', stroke: '#f4ecd8', 'stroke-width': 6 }),
    ...[[12, 12], [88, 12], [88, 88], [12, 88]].map(([cx, cy]) => s('circle', { cx, cy, r: 5, fill: '#a4916c', stroke: '#6b5a3c', 'stroke-width': 1 })));
}

// A small abbey for the players panel and the holes the abbey may fill.
function abbeyIcon(size) {
  return s('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'icon abbey-icon', 'aria-hidden': 'true' },
    abbeyGrounds(),
    s('rect', { x: 36, y: 44, width: 28, height: 22, fill: '#efe2c4', stroke: '#6b5237', 'stroke-width': 2 }),
    s('polygon', { points: '32,45 50,30 68,45', fill: '#b6412c', stroke: '#6b2a1c', 'stroke-width': 2 }));
}

const centre = (q) => [q.x * TILE + 50, q.y * TILE + 50];

// Where the wagon that rolls on stood: its square, marked while its owner decides.
function rollingLayer(g, state) {
  const wagon = state?.rolling_wagon;
  if (!wagon?.from) return;
  const { x, y } = wagon.from;
  g.append(s('rect', {
    x: x * TILE + 3, y: y * TILE + 3, width: TILE - 6, height: TILE - 6, rx: 6, class: 'wagon-origin',
    fill: 'none', stroke: seatColour(wagon.seat), 'stroke-width': 3, 'stroke-dasharray': '6 4',
    'data-testid': 'wagon-origin', 'data-x': x, 'data-y': y, 'data-seat': wagon.seat,
  }));
  const [cx, cy] = centre(wagon.from);
  g.append(s('g', { transform: `translate(${cx + 30},${cy - 30})`, opacity: 0.75, 'pointer-events': 'none' }, wagonShape(seatColour(wagon.seat), { scale: 0.8 })));
}

// A clickable hole the abbey may fill.
function holeOption(board, o) {
  const g = s('g', {
    class: 'square-option abbey-option', 'data-testid': 'abbey-option', 'data-action': o.action, 'data-x': o.x, 'data-y': o.y,
    transform: `translate(${o.x * TILE},${o.y * TILE})`, role: 'button', 'aria-label': o.label,
  }, s('title', {}, o.label), s('rect', { x: 6, y: 6, width: 88, height: 88, rx: 8, class: 'square-option-box' }),
  s('g', { transform: 'translate(50,50)' }, s('g', { class: 'marker-scale' }, s('g', { transform: 'translate(-22,-22)', opacity: 0.8 }, abbeyIcon(44)))));
  return board.clickable(g, () => o.onClick?.());
}

// The words for the pending decision, by phase (their keys).
const PHASE_WORDS = {
  abbey: 'mech.abbey_mayor.decisionAbbey',
  wagon: 'mech.abbey_mayor.decisionWagon',
  'abbey-round': 'mech.abbey_mayor.decisionAbbeyRound',
};

registerMechanic({
  names: ['abbey', 'mayor', 'wagon', 'barn'],
  handles: ['abbey', 'draw', 'move', 'pass'],

  figureStyle(figure) {
    return STYLES[figure] || null;
  },

  tileArt(layout, g) {
    if (layout.tile?.abbey) g.append(abbeyGrounds());
  },

  layers: [{ slot: 'above', name: 'rolling-wagon', render: rollingLayer }],

  decorate(turn, deco) {
    const g = turn.groups;
    deco.abbeyHoles = (g.abbey || []).map((a) => ({ ...a, label: t('mech.abbey_mayor.playAbbeyAt'), onClick: () => turn.act(a.action) }));
    const colour = seatColour(turn.actingSeat());
    for (const m of g.move || []) {
      deco.markers.push({
        kind: 'wagon-move', testid: 'wagon-move-spot', figure: 'wagon', x: m.x, y: m.y, loc: m.loc, feature: m.feature, action: m.action, colour,
        label: t('mech.abbey_mayor.rollWagonTo', { into: featureInto(m.feature || 'feature') }), onClick: () => turn.act(m.action),
      });
    }
  },

  options(layer, deco, board) {
    for (const o of deco.abbeyHoles || []) layer.append(holeOption(board, o));
  },

  card(turn, body, ui) {
    const st = turn.state;
    const g = turn.groups;
    const phase = st.pending?.phase;
    if (phase === 'abbey' || phase === 'abbey-round') {
      body.append(h('div', { class: 'hint', 'data-testid': 'abbey-hint' },
        t(phase === 'abbey' ? 'mech.abbey_mayor.abbeyHint' : 'mech.abbey_mayor.abbeyRoundHint')));
      const row = h('div', { class: 'row wrap' }, abbeyIcon(36));
      // Each hole by where it lies from the tile just placed (never by its square's numbers).
      const holes = g.abbey || [];
      const labels = distinctLabels(holes, (a) => t('mech.abbey_mayor.abbeyAt', { where: whereWords(a, st.last_placed) }), (a) => a, null, (l) => l);
      holes.forEach((a, i) => row.append(ui.button(labels[i], a.action, 'abbey-button', 'small')));
      body.append(row);
      if (g.draw) body.append(h('div', { class: 'row' }, ui.button(t('mech.abbey_mayor.draw'), 'draw', 'abbey-draw', 'primary')));
      if (g.pass) body.append(h('div', { class: 'row' }, ui.button(t('mech.abbey_mayor.keep'), 'pass', 'abbey-pass')));
    }
    if (phase === 'wagon') {
      const wagon = st.rolling_wagon;
      const feature = featureName(wagon?.feature || 'feature');
      body.append(h('div', { class: 'hint', 'data-testid': 'wagon-hint' }, t('mech.abbey_mayor.wagonHint', { feature })));
      const row = h('div', { class: 'row wrap' });
      // Each destination by its feature and where it lies from the tile just placed.
      const moves = g.move || [];
      const labels = distinctLabels(moves, (m) => t('mech.abbey_mayor.wagonButton', { feature: featureName(m.feature || 'feature'), where: whereWords(m, st.last_placed) }), (m) => m, null, (l) => l);
      moves.forEach((m, i) => row.append(ui.button(labels[i], m.action, 'wagon-move-button', 'small')));
      body.append(row);
      if (g.pass) body.append(h('div', { class: 'row' }, ui.button(t('mech.abbey_mayor.backToSupply'), 'pass', 'wagon-pass')));
    }
  },

  stats(player) {
    if (player.abbey === undefined) return [];
    return [h('span', {
      class: `stat abbey${player.abbey ? '' : ' used'}`, title: t(player.abbey ? 'mech.abbey_mayor.holdsAbbey' : 'mech.abbey_mayor.abbeyPlayed'),
      'data-testid': 'player-abbey', 'data-held': player.abbey ? 'true' : 'false', style: player.abbey ? {} : { opacity: 0.35 },
    }, abbeyIcon(16), `×${num(player.abbey ? 1 : 0)}`)];
  },

  bannerNote(state) {
    if (state?.part === 'abbey' || state?.pending?.phase === 'abbey-round') return h('span', { class: 'banner-note abbey-round', 'data-testid': 'abbey-round-banner' }, t('mech.abbey_mayor.abbeyRound'));
    if (state?.rolling_wagon) return h('span', { class: 'banner-note wagon', 'data-testid': 'wagon-banner' }, t('mech.abbey_mayor.wagonRolls'));
    return null;
  },

  // A barn the player may place now (on a corner where four fields meet).
  hints(turn) {
    return turn.groups.barn?.length ? ['barn'] : [];
  },

  decisionWords(state) {
    const phase = state?.pending?.phase;
    return phase && Object.hasOwn(PHASE_WORDS, phase) ? t(PHASE_WORDS[phase]) : null;
  },
});
