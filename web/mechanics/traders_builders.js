// Traders & Builders: the builder and the pig (drawn as their own glyphs in the owner's colour,
// beside the follower they accompany), the trade goods printed on city segments (the catalogue's
// `good`), each player's goods tokens in the players panel, a banner while a builder's second
// turn part is played (the state's `part`), and the goods column of the results. The rules
// (which deployments are legal, who takes goods, the majorities) are the server's.

import { h, s } from '../dom.js';
import { rotatePoint } from '../tiles.js';
import { registerMechanic } from './registry.js';
import { t, num, has } from '../i18n.js';
import { figureName } from '../names.js';

// The goods and their colours (their names: the texts `mech.traders_builders.good.<key>`).
export const GOODS = [
  ['wine', '#8e2c48'],
  ['grain', '#d9a521'],
  ['cloth', '#3e7cc0'],
];
const GOOD_COLOURS = Object.fromEntries(GOODS);

// A good's name, as printed on a tile (the catalogue's word when the good has no text).
const goodName = (good) => (has(`mech.traders_builders.good.${good}`) ? t(`mech.traders_builders.good.${good}`) : good);

// The builder: a tall figure with a pointed hood (a silhouette unlike the follower's).
const BUILDER_PATH = 'M0,-12 L5,-4 C6.5,-1 6,2 5,4 L7,11 L-7,11 L-5,4 C-6,2 -6.5,-1 -5,-4 Z';
// The pig: a round body, snout, ear and legs, seen from the side.
function pigParts(colour) {
  const stroke = 'rgba(20,20,20,0.85)';
  return [
    s('ellipse', { cx: 0, cy: 1, rx: 10, ry: 7, fill: colour, stroke, 'stroke-width': 1.1 }),
    s('ellipse', { cx: 10, cy: 0, rx: 3, ry: 3.4, fill: colour, stroke, 'stroke-width': 1 }),
    s('polygon', { points: '4,-5 7,-10 8,-4', fill: colour, stroke, 'stroke-width': 1 }),
    s('rect', { x: -7, y: 6, width: 3, height: 5, fill: colour, stroke, 'stroke-width': 0.9 }),
    s('rect', { x: 4, y: 6, width: 3, height: 5, fill: colour, stroke, 'stroke-width': 0.9 }),
    s('path', { d: 'M-10,0 q-3,-2 -2,-5', fill: 'none', stroke, 'stroke-width': 1.1 }),
    s('circle', { cx: 6, cy: -1.5, r: 0.9, fill: stroke }),
  ];
}

function builderShape(colour, { scale = 1 } = {}) {
  return s('g', { class: 'builder', transform: `scale(${scale})` },
    s('path', { d: BUILDER_PATH, fill: 'none', stroke: 'rgba(255,255,255,0.9)', 'stroke-width': 3.2, 'stroke-linejoin': 'round' }),
    s('path', { d: BUILDER_PATH, fill: colour, stroke: 'rgba(20,20,20,0.85)', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    s('rect', { x: -3.5, y: 0, width: 7, height: 2.2, fill: 'rgba(255,255,255,0.85)' }));
}

function pigShape(colour, { scale = 1 } = {}) {
  return s('g', { class: 'pig', transform: `scale(${scale})` },
    s('ellipse', { cx: 1, cy: 1, rx: 13.5, ry: 10, fill: 'rgba(255,255,255,0.85)' }),
    ...pigParts(colour));
}

const icon = (draw) => (colour, size) => s('svg', { viewBox: '-14 -14 28 28', width: size, height: size, class: 'icon', 'aria-hidden': 'true' }, draw(colour));

const STYLES = {
  builder: { scale: 1, get label() { return figureName('builder'); }, shape: builderShape, icon: icon((c) => builderShape(c)), offset: [13, 7] },
  pig: { scale: 1, get label() { return figureName('pig'); }, shape: pigShape, icon: icon((c) => pigShape(c)), offset: [-13, 7] },
};

// A trade good's token: a small coloured badge with its initial.
// A glyph for each good that reads the same whichever way the tile is turned: grapes, an ear of
// grain, a bolt of cloth. (`glyph`: drawn on the tiles; the panel's counters show the colour.)
const GLYPHS = {
  wine: () => [[-2, -1.6], [2, -1.6], [0, 1.8]].map(([cx, cy]) => s('circle', { cx, cy, r: 1.9, fill: '#fff' })),
  grain: () => [s('ellipse', { cx: 0, cy: 0, rx: 1.9, ry: 4.2, fill: '#fff' }), s('path', { d: 'M-3,-3 L0,0 L3,-3 M-3,1 L0,4 L3,1', fill: 'none', stroke: '#fff', 'stroke-width': 0.9 })],
  cloth: () => [s('rect', { x: -3.6, y: -3.6, width: 7.2, height: 7.2, rx: 1, fill: 'none', stroke: '#fff', 'stroke-width': 1.4 }), s('path', { d: 'M-3.6,0 H3.6', stroke: '#fff', 'stroke-width': 1 })],
};
function goodBadge(good, size = 7, glyph = true) {
  const badge = [s('circle', { r: size, fill: GOOD_COLOURS[good] || '#777', stroke: '#fff', 'stroke-width': 1.2 })];
  if (glyph && GLYPHS[good]) badge.push(s('g', { transform: `scale(${size / 7})` }, ...GLYPHS[good]()));
  return badge;
}

registerMechanic({
  names: ['builder', 'pig', 'trade goods'],
  handles: [],

  figureStyle(figure) {
    return STYLES[figure] || null;
  },

  tileArt(layout, g) {
    for (const city of layout.cities) {
      const good = city.segment.good;
      if (!good) continue;
      const [x, y] = rotatePoint(city.def.pennant, city.quarters);
      g.append(s('g', { class: `trade-good good-${good}`, 'data-testid': 'trade-good', 'data-good': good, transform: `translate(${x},${y})` },
        s('title', {}, goodName(good)), ...goodBadge(good)));
    }
  },

  stats(player) {
    if (!player.goods) return [];
    return GOODS.map(([key]) => h('span', {
      class: `stat goods goods-${key}`, title: t(`mech.traders_builders.tokens.${key}`), 'data-testid': `player-goods-${key}`, 'data-good': key,
    }, s('svg', { viewBox: '-8 -8 16 16', width: 14, height: 14, class: 'icon', 'aria-hidden': 'true' }, ...goodBadge(key, 7, false)), `×${num(player.goods[key] ?? 0)}`));
  },

  bannerNote(state) {
    if (state.part !== 'second') return null;
    return h('span', { class: 'banner-note second-turn', 'data-testid': 'second-turn-banner' }, t('mech.traders_builders.secondTurn'));
  },

  get resultCategories() { return [['goods', t('mech.traders_builders.result')]]; },
});
