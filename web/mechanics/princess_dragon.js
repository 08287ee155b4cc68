// Princess & Dragon: the symbols printed on the tiles (volcano, dragon, magic portal, princess;
// the catalogue's flags), the dragon and the fairy on the board (the state's `dragon` and
// `fairy`), the dragon's journey under way (`dragon_journey`: the path so far, the squares it may
// enter as clickable options), the fairy's options (tiles, or spots beside a follower: on the
// board only, the card says what they are), the
// knights a princess may send home, the note for a magic portal's deployments (drawn as ordinary
// figure spots on any tile), the dragon tiles set aside, and the fairy column of the results.
// Which squares, spots and knights are legal is the server's.

import { s, h } from '../dom.js';
import { rotatePoint, seatColour } from '../tiles.js';
import { registerMechanic } from './registry.js';
import { t } from '../i18n.js';
import { tileTitle, featureIn, stepWords, distinctLabels } from '../names.js';

const TILE = 100;

// --- pictures ---------------------------------------------------------------------------------

function volcanoSymbol() {
  return [
    s('polygon', { points: '-13,9 -4,-7 4,-7 13,9', fill: '#6d4c3d', stroke: '#3b2a21', 'stroke-width': 1 }),
    s('path', { d: 'M-4,-7 Q-2,-4 0,-6 Q2,-4 4,-7', fill: '#e4572e', stroke: '#a3361a', 'stroke-width': 0.8 }),
    s('path', { d: 'M-2,-9 q-3,-4 0,-7 M2,-10 q3,-3 1,-6', fill: 'none', stroke: 'rgba(90,90,90,0.8)', 'stroke-width': 1.3 }),
  ];
}

function dragonSymbol() {
  return [
    s('circle', { r: 8.5, fill: '#f3e3c3', stroke: '#9b2c1f', 'stroke-width': 1.2 }),
    s('path', { d: 'M-5,3 L-1,-4 L1,-1 L5,-5 L3,1 L6,4 Z', fill: '#9b2c1f' }),
  ];
}

function portalSymbol() {
  return [
    s('path', { d: 'M-7,9 V-2 a7,7 0 0 1 14,0 V9 Z', fill: '#5b3f8c', stroke: '#2e1f4a', 'stroke-width': 1.1 }),
    s('path', { d: 'M-4,9 V-1 a4,4 0 0 1 8,0 V9 Z', fill: '#b9a4f0' }),
    s('circle', { cx: 0, cy: 2, r: 1.6, fill: '#fff' }),
  ];
}

function princessSymbol() {
  return [
    s('path', { d: 'M-7,4 L-7,-4 L-3.5,0 L0,-6 L3.5,0 L7,-4 L7,4 Z', fill: '#f2c230', stroke: '#8a6a0a', 'stroke-width': 1 }),
    s('circle', { cx: 0, cy: -6.5, r: 1.3, fill: '#d6336c' }),
  ];
}

// The dragon on the board: a winged silhouette in magenta, a colour no seat has (tiles.js
// SEAT_COLOURS: red, blue, yellow, black, purple, green), with a white halo like the figures'.
export const DRAGON_COLOUR = '#e8179b';
function dragonFigure() {
  const wings = 'M-4,-2 L-18,-14 L-14,-2 L-20,2 L-6,4 Z M4,-2 L18,-14 L14,-2 L20,2 L6,4 Z';
  const body = 'M0,-14 C5,-14 7,-8 5,-2 C8,4 6,10 0,12 C-6,10 -8,4 -5,-2 C-7,-8 -5,-14 0,-14 Z';
  return s('g', { class: 'dragon-shape' },
    s('ellipse', { cx: 0, cy: 13, rx: 16, ry: 4, fill: 'rgba(0,0,0,0.3)' }),
    s('path', { d: `${wings} ${body}`, fill: 'none', stroke: 'rgba(255,255,255,0.9)', 'stroke-width': 3.4, 'stroke-linejoin': 'round' }),
    s('path', { d: wings, class: 'dragon-wings', fill: '#a8127a', stroke: '#3d0629', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    s('path', { d: body, class: 'dragon-body', fill: DRAGON_COLOUR, stroke: '#3d0629', 'stroke-width': 1.2 }),
    s('path', { d: 'M0,12 q6,4 10,1', fill: 'none', stroke: '#3d0629', 'stroke-width': 2 }),
    s('circle', { cx: -2, cy: -9, r: 1.2, fill: '#fff5a0' }), s('circle', { cx: 2, cy: -9, r: 1.2, fill: '#fff5a0' }));
}

// The fairy: a small figure with wings.
function fairyFigure() {
  return s('g', { class: 'fairy-shape' },
    s('ellipse', { cx: -6, cy: -2, rx: 6, ry: 3.5, fill: 'rgba(210,240,255,0.9)', stroke: '#4b88a8', 'stroke-width': 0.8, transform: 'rotate(-30 -6 -2)' }),
    s('ellipse', { cx: 6, cy: -2, rx: 6, ry: 3.5, fill: 'rgba(210,240,255,0.9)', stroke: '#4b88a8', 'stroke-width': 0.8, transform: 'rotate(30 6 -2)' }),
    s('path', { d: 'M0,-4 L4,9 L-4,9 Z', fill: '#7ed6a5', stroke: '#2c6e49', 'stroke-width': 1 }),
    s('circle', { cx: 0, cy: -7, r: 3, fill: '#ffe0bd', stroke: '#2c6e49', 'stroke-width': 0.9 }));
}

const badge = (cls, testid, title, [x, y], parts, extra = {}) => s('g', { class: cls, 'data-testid': testid, transform: `translate(${x},${y})`, ...extra },
  s('title', {}, title), ...parts);

// A free spot on a tile for a tile-wide symbol: the corner farthest from every follower's spot.
function freeSpot(layout, taken) {
  const used = [...layout.anchors.values(), ...taken];
  const candidates = [[16, 84], [84, 84], [84, 16], [16, 16], [50, 86], [86, 50], [14, 50]];
  let best = candidates[0];
  let bestDistance = -1;
  for (const c of candidates) {
    const d = Math.min(...used.map((u) => Math.hypot(u[0] - c[0], u[1] - c[1])), 1e9);
    if (d > bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

// --- the journey and the pieces -----------------------------------------------------------------

const centre = (q) => [q.x * TILE + 50, q.y * TILE + 50];
const sameSquare = (a, b) => a && b && a.x === b.x && a.y === b.y;

function journeyLayer(g, state) {
  const journey = state?.dragon_journey;
  if (!journey || !Array.isArray(journey.squares) || !journey.squares.length) return;
  const points = journey.squares.map(centre);
  for (const [i, q] of journey.squares.entries()) {
    g.append(s('rect', {
      x: q.x * TILE + 4, y: q.y * TILE + 4, width: TILE - 8, height: TILE - 8, rx: 6, class: 'dragon-path-square',
      'data-testid': 'dragon-path', 'data-x': q.x, 'data-y': q.y, 'data-step': i,
    }));
  }
  if (points.length > 1) {
    g.append(s('polyline', { points: points.map((p) => p.join(',')).join(' '), class: 'dragon-path-line', fill: 'none' }));
  }
}

function piecesLayer(g, state, board) {
  if (state?.dragon) {
    const [x, y] = centre(state.dragon);
    g.append(badge('dragon-piece', 'dragon-piece', t('mech.princess_dragon.dragonAt'), [x + 22, y - 20], [dragonFigure()], {
      'data-x': state.dragon.x, 'data-y': state.dragon.y,
    }));
  }
  const fairy = state?.fairy;
  if (fairy) {
    let [x, y] = [fairy.x * TILE + 24, fairy.y * TILE + 24];
    if (fairy.location && board?.art) {
      // Beside the follower it guards.
      const tile = (state.board || []).find((t) => sameSquare(t, fairy));
      if (tile) {
        const [ax, ay] = board.art.anchor(tile.tile, tile.rotation, fairy.location, tile.bridge);
        [x, y] = [fairy.x * TILE + ax + 12, fairy.y * TILE + ay - 12];
      }
    }
    // Named by the follower it guards and that follower's feature, never by a square or a spot's code.
    const guarded = fairy.location && (state.followers || []).find((f) => sameSquare(f, fairy) && f.location === fairy.location);
    const title = fairy.location ? t('mech.princess_dragon.fairyBeside', { in: featureIn(guarded?.feature || 'feature') }) : t('mech.princess_dragon.fairyAt');
    g.append(badge('fairy-piece', 'fairy-piece', title, [x, y], [fairyFigure()], {
      'data-x': fairy.x, 'data-y': fairy.y, 'data-location': fairy.location || '',
    }));
  }
}

// A clickable square on the board (the dragon's next steps, the fairy's tiles).
function squareOption(board, o, cls, testid, icon) {
  const g = s('g', {
    class: `square-option ${cls}`, 'data-testid': testid, 'data-action': o.action, 'data-x': o.x, 'data-y': o.y,
    transform: `translate(${o.x * TILE},${o.y * TILE})`, role: 'button', 'aria-label': o.label,
  }, s('title', {}, o.label), s('rect', { x: 6, y: 6, width: 88, height: 88, rx: 8, class: 'square-option-box' }),
  // (marker-scale sets a CSS transform of its own: the translation goes on a parent.)
  s('g', { transform: 'translate(50,50)' }, s('g', { class: 'marker-scale' }, icon())));
  return board.clickable(g, () => o.onClick?.());
}

// A whole phrase about a knight the princess may send home: `keys` has the phrase for a
// follower (`knight`) and for a large follower (`large`). Knights are named by their owners; two
// alike also say where they stand from the tile just placed (names.js distinctLabels).
const SENDS_HOME = { knight: 'mech.princess_dragon.sendsHomeKnight', large: 'mech.princess_dragon.sendsHomeLarge' };
const SEND_HOME = { knight: 'mech.princess_dragon.sendHomeKnight', large: 'mech.princess_dragon.sendHomeLarge' };
const knightPhrase = (keys, k, players) => {
  const owner = players?.[k.seat]?.name || (k.seat !== undefined ? t('board.seatN', { n: k.seat + 1 }) : t('mech.princess_dragon.aPlayer'));
  return t(k.figure === 'large' ? keys.large : keys.knight, { owner });
};
const knightPhrases = (keys, knights, state) => distinctLabels(knights, (k) => knightPhrase(keys, k, state?.players), (k) => k, state?.last_placed,
  (knight, where) => t('mech.princess_dragon.knightWhere', { knight, where }));

registerMechanic({
  names: ['dragon', 'fairy', 'magic portal', 'princess'],
  handles: ['dragon', 'fairy', 'princess'],
  get resultCategories() { return [['fairy', t('mech.princess_dragon.result')]]; },

  tileArt(layout, g) {
    const tile = layout.tile || {};
    const taken = [];
    const symbols = [
      ['volcano', volcanoSymbol],
      ['dragon', dragonSymbol],
      ['portal', portalSymbol],
    ];
    for (const [flag, draw] of symbols) {
      if (!tile[flag]) continue;
      const at = freeSpot(layout, taken);
      taken.push(at);
      g.append(badge(`tile-symbol symbol-${flag}`, `symbol-${flag}`, t(`mech.princess_dragon.symbol.${flag}`), at, draw()));
    }
    for (const city of layout.cities) {
      if (!city.segment.princess) continue;
      const [ax, ay] = rotatePoint(city.def.anchor, city.quarters);
      // Between the follower's spot and the tile's edge, so both stay visible.
      const at = [ax + (ax - 50) * 0.35, ay + (ay - 50) * 0.35 - 2];
      g.append(badge('tile-symbol symbol-princess', 'symbol-princess', t('mech.princess_dragon.symbol.princess'), at, princessSymbol()));
    }
  },

  layers: [
    { slot: 'above', name: 'dragon-journey', render: journeyLayer },
    { slot: 'above', name: 'dragon-fairy', render: piecesLayer },
  ],

  decorate(turn, deco) {
    const g = turn.groups;
    const colour = seatColour(turn.actingSeat());
    const dragon = turn.state?.dragon;
    deco.dragonSteps = (g.dragon || []).map((d) => ({ ...d, label: t('mech.princess_dragon.moveDragonTo', { dir: stepWords(dragon, d) }), onClick: () => turn.act(d.action) }));
    deco.fairyTiles = [];
    for (const f of g.fairy || []) {
      if (f.loc) {
        deco.markers.push({
          kind: 'fairy', testid: 'fairy-spot', x: f.x, y: f.y, loc: f.loc, feature: f.feature, action: f.action, colour,
          icon: () => s('g', { transform: 'scale(0.7)' }, fairyFigure()),
          label: t('mech.princess_dragon.putFairyBeside', { in: featureIn(f.feature || turn.featureAt(f.x, f.y, f.loc)) }), onClick: () => turn.act(f.action),
        });
      } else {
        deco.fairyTiles.push({ ...f, label: t('mech.princess_dragon.putFairyOn'), onClick: () => turn.act(f.action) });
      }
    }
    const knightLabels = knightPhrases(SENDS_HOME, g.princess || [], turn.state);
    for (const [i, k] of (g.princess || []).entries()) {
      deco.markers.push({
        kind: 'princess', testid: 'princess-spot', x: k.x, y: k.y, loc: k.loc, feature: k.feature, action: k.action, colour: seatColour(k.seat),
        icon: () => s('g', { transform: 'scale(0.9)' }, princessSymbol()),
        label: knightLabels[i], onClick: () => turn.act(k.action),
      });
    }
  },

  options(layer, deco, board) {
    for (const d of deco.dragonSteps || []) layer.append(squareOption(board, d, 'dragon-option', 'dragon-option', () => s('g', { transform: 'scale(0.8)', opacity: 0.75 }, dragonFigure())));
    for (const f of deco.fairyTiles || []) layer.append(squareOption(board, f, 'fairy-option', 'fairy-option', () => s('g', { transform: 'scale(1.2)', opacity: 0.8 }, fairyFigure())));
  },

  card(turn, body, ui) {
    const st = turn.state;
    const g = turn.groups;
    if (g.dragon) {
      const left = st.dragon_journey?.steps_left;
      body.append(h('div', { class: 'hint', 'data-testid': 'dragon-hint' },
        left !== undefined ? t('mech.princess_dragon.dragonHintLeft', { count: left, total: 6 }) : t('mech.princess_dragon.dragonHint')));
      const row = h('div', { class: 'row wrap' });
      for (const d of g.dragon) row.append(ui.button(t('mech.princess_dragon.dragonTo', { dir: stepWords(st.dragon, d) }), d.action, 'dragon-button', 'small'));
      body.append(row);
    }
    if (g.princess) {
      const must = st.rules?.princess !== 'may' && !g.skip;
      body.append(h('div', { class: must ? 'note warn' : 'hint', 'data-testid': 'princess-hint' },
        t(must ? 'mech.princess_dragon.princessMust' : 'mech.princess_dragon.princessMay')));
      const row = h('div', { class: 'row wrap' });
      const labels = knightPhrases(SEND_HOME, g.princess, st);
      g.princess.forEach((k, i) => row.append(ui.button(labels[i], k.action, 'princess-button', 'small')));
      body.append(row);
    }
    if (g.fairy) {
      // The fairy's options are on the board (highlighted tiles, or spots beside a follower).
      const beside = g.fairy.some((f) => f.loc);
      body.append(h('div', { class: 'hint', 'data-testid': 'fairy-hint' },
        t(beside ? 'mech.princess_dragon.fairyHintBeside' : 'mech.princess_dragon.fairyHintTile')));
    }
    const portal = ['meeple', 'large'].some((verb) => (g[verb] || []).some((a) => a.portal));
    if (portal) {
      body.append(h('div', { class: 'hint', 'data-testid': 'portal-hint' }, t('mech.princess_dragon.portalHint')));
    }
  },

  bannerNote(state, { art } = {}) {
    const journey = state?.dragon_journey;
    if (journey) {
      return h('span', { class: 'banner-note dragon-journey', 'data-testid': 'dragon-banner' }, t('mech.princess_dragon.journey', { count: journey.steps_left }));
    }
    if (state?.set_aside?.length) {
      // The set-aside tiles as pictures (their words as titles), where the sentence puts them.
      const [before, after] = t('mech.princess_dragon.setAside', { tiles: '\u0000' }).split('\u0000');
      const pictures = h('span', { class: 'set-aside-tiles' },
        ...state.set_aside.map((id) => (art ? art.mini(id, { size: 22, title: tileTitle(id, art), className: 'mini-tile log-tile', testid: 'set-aside-tile' }) : null)));
      return h('span', { class: 'banner-note set-aside', 'data-testid': 'set-aside-banner', title: t('mech.princess_dragon.setAsideTitle') },
        (before || '').trim() || null, pictures, (after || '').trim() || null);
    }
    return null;
  },

  // A volcano or a magic portal in hand, or just placed (its figure step).
  hints(turn) {
    const st = turn.state;
    const phase = st?.pending?.phase;
    const placed = phase === 'meeple' ? (st.board || []).find((b) => b.x === st.last_placed?.x && b.y === st.last_placed?.y)?.tile : null;
    const tile = phase === 'place' ? st.tile : placed;
    if (!tile || !turn.art) return [];
    return ['volcano', 'portal'].filter((flag) => turn.art.marked(tile, flag));
  },

  decisionWords(state) {
    if (state?.pending?.phase === 'dragon') return t('mech.princess_dragon.decisionDragon');
    const actions = state?.actions || [];
    if (state?.pending?.phase === 'meeple' && actions.length && actions.every((a) => a.verb === 'princess')) return t('mech.princess_dragon.decisionPrincess');
    return null;
  },
});
