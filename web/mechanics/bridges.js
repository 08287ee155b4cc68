// Bridges (Bridges, Castles and Bazaars): the bridges on the board, the bridges a player may
// build (faint on the board, clicked there), the discard of a tile that fits only with a
// bridge, the supply of bridges, and the words for a placement that awaits its bridge.

import { s, h } from '../dom.js';
import { registerMechanic } from './registry.js';
import { t, num } from '../i18n.js';

const TILE = 100;

export function bridgeShape({ ghost = false } = {}) {
  const g = s('g', { class: ghost ? 'bridge-shape ghost' : 'bridge-shape' });
  if (!ghost) g.append(s('rect', { x: 42, y: -1, width: 20, height: 104, rx: 3, fill: 'rgba(0,0,0,0.25)' }));
  g.append(s('rect', { x: 39.5, y: -3, width: 21, height: 106, rx: 3, fill: '#b48b5e', stroke: '#5c3d22', 'stroke-width': 1.4 }));
  const planks = [];
  for (let y = 4; y < 100; y += 7) planks.push(`M41,${y} H59`);
  g.append(s('path', { d: planks.join(' '), stroke: '#7d5a36', 'stroke-width': 0.9, fill: 'none' }));
  g.append(s('path', { d: 'M41,-3 V103 M59,-3 V103', stroke: '#4a2f19', 'stroke-width': 2.2 }));
  return g;
}

function bridgeIcon(size = 16) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('path', { d: 'M2,15 Q12,5 22,15', fill: 'none', stroke: '#6d4a2a', 'stroke-width': 3 }),
    s('path', { d: 'M2,17 H22', stroke: '#6d4a2a', 'stroke-width': 2 }));
}

// Only the bridge that the placement needs is legal now.
function bridgeRequired(state) {
  if (state.bridge_required) return true;
  const actions = state.actions || [];
  return actions.length > 0 && actions.every((a) => a.verb === 'bridge');
}

registerMechanic({
  name: 'bridges',
  handles: ['bridge', 'discard'],

  layers: [{
    slot: 'above',
    name: 'bridges',
    render(g, state) {
      for (const t of state?.board || []) {
        if (!t.bridge) continue;
        const rot = t.bridge === 'EW' ? 90 : 0;
        g.append(s('g', {
          class: 'bridge', 'data-testid': 'board-bridge', 'data-x': t.x, 'data-y': t.y, 'data-axis': t.bridge,
          transform: `translate(${t.x * TILE},${t.y * TILE}) rotate(${rot} 50 50)`,
        }, bridgeShape()));
      }
    },
  }],

  decorate(turn, deco) {
    deco.bridges = (turn.groups.bridge || []).map((b) => ({
      ...b, label: t(b.axis === 'NS' ? 'mech.bridges.buildNS' : 'mech.bridges.buildEW'), onClick: () => turn.act(b.action),
    }));
  },

  options(layer, deco, board) {
    for (const b of deco.bridges || []) {
      const rot = b.axis === 'EW' ? 90 : 0;
      const g = s('g', {
        class: 'bridge-option', 'data-testid': 'bridge-option', 'data-action': b.action, 'data-x': b.x, 'data-y': b.y, 'data-axis': b.axis,
        transform: `translate(${b.x * TILE},${b.y * TILE}) rotate(${rot} 50 50)`, role: 'button', 'aria-label': b.label,
      }, s('title', {}, b.label), s('rect', { x: 38, y: 2, width: 24, height: 96, class: 'hit' }), bridgeShape({ ghost: true }));
      layer.append(board.clickable(g, () => b.onClick?.()));
    }
  },

  card(turn, body, ui) {
    const st = turn.state;
    const g = turn.groups;
    const option = turn.selectedOption();
    if (g.place && option && option.needsBridge) {
      body.append(h('div', { class: 'note warn', 'data-testid': 'needs-bridge-note' }, t('mech.bridges.needsNote')));
    }
    if (g.place && turn.squares.some((q) => q.needsBridge !== 'none')) {
      body.append(h('div', { class: 'note' }, t('mech.bridges.orangeSquares')));
    }
    if (g.discard) body.append(h('div', { class: 'row' }, ui.button(t('mech.bridges.discard'), 'discard', 'discard', 'danger')));
    if (st.bridge_required && g.bridge) {
      body.append(h('div', { class: 'note warn', 'data-testid': 'bridge-required' }, t('mech.bridges.required')));
    }
    // The bridges that may be built are on the board (drawn faintly, clickable): the card says so.
    if (g.bridge && !st.bridge_required) body.append(h('div', { class: 'hint' }, t('mech.bridges.mayBuild')));
  },

  stats(player) {
    return [h('span', { class: 'stat', title: t('mech.bridges.supply'), 'data-testid': 'player-bridges' }, bridgeIcon(14), `×${num(player.bridges)}`)];
  },

  decisionWords(state) {
    return state?.pending?.phase === 'meeple' && bridgeRequired(state) ? t('mech.bridges.decision') : null;
  },
});
