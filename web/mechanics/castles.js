// Castles (Bridges, Castles and Bazaars): castles and their fiefs on the board, the castle-or-
// score decision, the claim of a castle among several completed features (spots on the board),
// the supply of castles and the castles' points in the results.

import { s, h } from '../dom.js';
import { seatColour } from '../tiles.js';
import { featureWord } from '../notation.js';
import { meepleShape } from '../board.js';
import { registerMechanic } from './registry.js';
import { t, num } from '../i18n.js';
import { whereWords, distinctLabels } from '../names.js';

const TILE = 100;

export function castleShape(colour) {
  return s('g', { class: 'castle-shape' },
    s('ellipse', { cx: 0, cy: 17, rx: 30, ry: 6, fill: 'rgba(0,0,0,0.25)' }),
    s('path', {
      d: 'M-26,16 V-8 H-20 V-14 H-14 V-8 H-8 V-14 H-2 V-8 H2 V-14 H8 V-8 H14 V-14 H20 V-8 H26 V16 Z',
      fill: colour, stroke: '#1d1d1d', 'stroke-width': 1.6, 'stroke-linejoin': 'round',
    }),
    s('path', { d: 'M-5,16 V6 a5,5 0 0 1 10,0 V16 Z', fill: 'rgba(0,0,0,0.55)' }),
    s('path', { d: 'M-18,0 h5 M13,0 h5', stroke: 'rgba(0,0,0,0.45)', 'stroke-width': 2.4 }));
}

function castleIcon(colour, size = 16) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('path', { d: 'M3,21 V8 H6 V5 H9 V8 H11 V5 H13 V8 H15 V5 H18 V8 H21 V21 Z', fill: colour, stroke: '#222', 'stroke-width': 1.2 }));
}

registerMechanic({
  name: 'castles',
  handles: ['castle', 'score', 'claim'],
  get resultCategories() { return [['castles', t('mech.castles.result')]]; },

  layers: [{
    slot: 'below',
    name: 'fiefs',
    render(g, state) {
      for (const castle of state?.castles || []) {
        if (!Array.isArray(castle.fief) || castle.fief.length !== 4) continue;
        const [x0, y0, x1, y1] = castle.fief;
        g.append(s('rect', {
          x: x0 * TILE + 3, y: y0 * TILE + 3, width: (x1 - x0 + 1) * TILE - 6, height: (y1 - y0 + 1) * TILE - 6,
          rx: 10, class: 'fief', stroke: seatColour(castle.seat), 'data-testid': 'fief',
        }));
      }
    },
  }, {
    slot: 'above',
    name: 'castles',
    render(layer, state) {
      const claiming = state?.claim_castle;
      (state?.castles || []).forEach((castle, index) => {
        const colour = seatColour(castle.seat);
        const squares = castle.squares || [];
        if (!squares.length) return;
        const cx = (squares.reduce((a, q) => a + q[0], 0) / squares.length + 0.5) * TILE;
        const cy = (squares.reduce((a, q) => a + q[1], 0) / squares.length + 0.5) * TILE;
        const g = s('g', { class: index === claiming ? 'castle claiming' : 'castle', 'data-testid': 'board-castle', 'data-seat': castle.seat, 'data-index': index, 'data-occupied': castle.occupied ? 'true' : 'false', transform: `translate(${cx},${cy})` },
          s('title', {}, t(castle.occupied ? 'mech.castles.titleOccupied' : 'mech.castles.title', { owner: state.players?.[castle.seat]?.name ?? t('board.seatN', { n: castle.seat + 1 }) })),
          castleShape(colour));
        if (castle.occupied) {
          const m = meepleShape(colour, { scale: 0.9 });
          m.setAttribute('transform', 'translate(0,-20) scale(0.9)');
          g.append(m);
        }
        layer.append(g);
      });
    },
  }],

  decorate(turn, deco) {
    const colour = seatColour(turn.actingSeat());
    for (const c of turn.groups.claim || []) {
      const feature = c.feature || turn.featureAt(c.x, c.y, c.loc);
      deco.markers.push({
        kind: 'claim', x: c.x, y: c.y, loc: c.loc, feature, action: c.action, colour,
        icon: () => s('g', { transform: 'scale(0.3)' }, castleShape(colour)),
        label: t('mech.castles.claimLabel', { feature: featureWord(feature) }), onClick: () => turn.act(c.action),
      });
    }
  },

  card(turn, body, ui) {
    const g = turn.groups;
    if (g.castle || g.score) {
      body.append(h('div', { class: 'hint' }, t('mech.castles.completeHint')));
      const row = h('div', { class: 'row' });
      if (g.castle) row.append(ui.button(t('mech.castles.build'), 'castle', 'castle', 'primary'));
      if (g.score) row.append(ui.button(t('mech.castles.score'), 'score', 'score'));
      body.append(row);
    }
    if (g.claim) {
      body.append(h('div', { class: 'hint' }, t('mech.castles.claimHint')));
      const row = h('div', { class: 'row wrap' });
      // Each feature by its kind and where it lies from the tile just placed.
      const placed = turn.state?.last_placed;
      const labels = distinctLabels(g.claim, (c) => t('mech.castles.claimButton', { feature: featureWord(c.feature || turn.featureAt(c.x, c.y, c.loc)), where: whereWords(c, placed) }), (c) => c, null, (l) => l);
      g.claim.forEach((c, i) => row.append(ui.button(labels[i], c.action, 'claim-button', 'small')));
      body.append(row);
    }
  },

  stats(player) {
    return [h('span', { class: 'stat', title: t('mech.castles.supply'), 'data-testid': 'player-castles' }, castleIcon(seatColour(player.seat), 14), `×${num(player.castles)}`)];
  },
});
