// The player's side of a decision: turns the server's `legal` list into things to click.
//
// Promise: every action sent is one of the strings of the current state's `legal`, unchanged,
// for the pending seat (which this connection holds), with the state's version (so a double
// click cannot play twice). The controller keeps only presentation state: the square and
// rotation being previewed. It hands the board its decorations and draws the "your move" card.

import { h, clear } from './dom.js';
import { groupLegal, placementsBySquare, featureWord, decisionWords } from './notation.js';
import { seatColour } from './tiles.js';

export class TurnController {
  constructor({ art, send, onChange }) {
    this.art = art;
    this.send = send; // (action, seat, version) => Promise
    this.onChange = onChange;
    this.state = null;
    this.groups = {};
    this.squares = [];
    this.selection = null; // {x, y, index}
    this.busy = false;
    this.error = null;
  }

  setArt(art) {
    this.art = art;
    if (this.state) this.squares = placementsBySquare(this.groups.place, this.state.needs_bridge, this.lookOf(this.state));
  }

  // What the tile in hand looks like by rotation (so that turns that look the same are one choice).
  lookOf(state) {
    const art = this.art;
    const tile = state?.tile;
    return art && tile ? (rotation) => art.look(tile, rotation) : null;
  }

  // The seat that decides now, when this connection holds it; else null.
  actingSeat() {
    const st = this.state;
    if (!st || !st.pending || !Array.isArray(st.legal) || st.legal.length === 0) return null;
    if (!(st.you || []).includes(st.pending.seat)) return null;
    return st.pending.seat;
  }

  setState(state) {
    const previous = this.state;
    this.state = state;
    this.groups = groupLegal(state?.legal);
    this.squares = placementsBySquare(this.groups.place, state?.needs_bridge, this.lookOf(state));
    const sameDecision = previous && state && previous.version === state.version && previous.game === state.game;
    if (!sameDecision) {
      this.selection = null;
      this.error = null;
      this.busy = false;
    } else if (state?.full) {
      // A fresh full state (after a reconnect): whatever went wrong before is over.
      this.error = null;
      this.busy = false;
    }
    if (this.selection && !this.squares.some((sq) => sq.x === this.selection.x && sq.y === this.selection.y)) this.selection = null;
    // With a single square to choose from, preview it at once.
    if (!this.selection && this.squares.length === 1 && this.actingSeat() !== null) this.select(this.squares[0].x, this.squares[0].y, false);
  }

  selectedSquare() {
    if (!this.selection) return null;
    return this.squares.find((sq) => sq.x === this.selection.x && sq.y === this.selection.y) || null;
  }

  selectedOption() {
    const sq = this.selectedSquare();
    return sq ? sq.options[this.selection.index % sq.options.length] : null;
  }

  select(x, y, notify = true) {
    const sq = this.squares.find((q) => q.x === x && q.y === y);
    if (!sq) return;
    if (this.selection && this.selection.x === x && this.selection.y === y) {
      this.rotate(1, notify);
      return;
    }
    // Start with a rotation that needs no bridge when there is one.
    let index = sq.options.findIndex((o) => !o.needsBridge);
    if (index < 0) index = 0;
    this.selection = { x, y, index };
    if (notify) this.onChange?.();
  }

  rotate(step = 1, notify = true) {
    const sq = this.selectedSquare();
    if (!sq) return;
    const n = sq.options.length;
    this.selection.index = (((this.selection.index + step) % n) + n) % n;
    if (notify) this.onChange?.();
  }

  cancel() {
    this.selection = null;
    this.onChange?.();
  }

  async act(action) {
    const seat = this.actingSeat();
    if (seat === null || this.busy) return;
    if (!this.state.legal.includes(action)) return; // only ever the server's own strings
    this.busy = true;
    this.error = null;
    this.onChange?.();
    try {
      await this.send(action, seat, this.state.version);
    } catch (err) {
      this.error = err.code === 'stale_version' ? null : `${err.message || err.code}`;
      this.busy = false;
      this.onChange?.();
    }
  }

  confirm() {
    const option = this.selectedOption();
    if (option) this.act(option.action);
  }

  // --- board decorations ---------------------------------------------------------------------

  decorations() {
    const seat = this.actingSeat();
    if (seat === null || !this.art) return {};
    const st = this.state;
    const colour = seatColour(seat);
    const deco = {};
    if (this.squares.length) {
      deco.positions = this.squares.map((sq) => ({ x: sq.x, y: sq.y, needsBridge: sq.needsBridge, onClick: () => this.select(sq.x, sq.y) }));
      const option = this.selectedOption();
      if (option) {
        const sq = this.selectedSquare();
        deco.preview = {
          x: sq.x, y: sq.y, tile: st.tile, rotation: option.rotation, action: option.action, needsBridge: option.needsBridge,
          rotations: sq.options.length, onRotate: () => this.rotate(1), onConfirm: () => this.confirm(),
        };
      }
    }
    deco.bridges = (this.groups.bridge || []).map((b) => ({
      ...b, label: `build a bridge ${b.axis === 'NS' ? 'north–south' : 'east–west'} on ${b.x},${b.y}`, onClick: () => this.act(b.action),
    }));
    const last = st.last_placed;
    const tileAt = (x, y) => (st.board || []).find((t) => t.x === x && t.y === y);
    const markers = [];
    if (last) {
      const t = tileAt(last.x, last.y);
      for (const m of this.groups.meeple || []) {
        const feature = t ? bridgeOrFeature(this.art, t, m.loc) : null;
        markers.push({
          kind: 'meeple', x: last.x, y: last.y, loc: m.loc, feature, action: m.action, colour,
          label: `put a follower on the ${featureWord(feature)} (${m.loc})`, onClick: () => this.act(m.action),
        });
      }
    }
    for (const c of this.groups.claim || []) {
      const t = tileAt(c.x, c.y);
      const feature = t ? bridgeOrFeature(this.art, t, c.loc) : null;
      markers.push({
        kind: 'claim', x: c.x, y: c.y, loc: c.loc, feature, action: c.action, colour,
        label: `the castle scores the ${featureWord(feature)} at ${c.x},${c.y} (${c.loc})`, onClick: () => this.act(c.action),
      });
    }
    deco.markers = markers;
    return deco;
  }

  // --- keyboard ------------------------------------------------------------------------------

  handleKey(event) {
    if (this.actingSeat() === null) return false;
    const key = event.key;
    if ((key === 'r' || key === 'R') && this.selection) {
      this.rotate(event.shiftKey ? -1 : 1);
      return true;
    }
    if (key === 'Enter' && this.selection) {
      this.confirm();
      return true;
    }
    if (key === 'Escape' && this.selection) {
      this.cancel();
      return true;
    }
    if ((key === 's' || key === 'S') && this.state.legal.includes('skip')) {
      this.act('skip');
      return true;
    }
    return false;
  }

  // --- the "your move" card -----------------------------------------------------------------

  renderCard(container, players) {
    clear(container);
    const st = this.state;
    if (!st || st.status === 'over' || !st.pending) {
      container.hidden = true;
      return;
    }
    container.hidden = false;
    const seat = this.actingSeat();
    const pending = st.pending;
    const player = players?.[pending.seat];
    const name = player ? player.name : `seat ${pending.seat + 1}`;
    const phase = pending.phase;
    container.dataset.phase = phase;
    container.dataset.mine = seat !== null ? 'true' : 'false';

    const swatch = h('span', { class: 'swatch', style: { background: seatColour(pending.seat) } });
    if (seat === null) {
      container.className = 'card action-card waiting';
      container.append(h('div', { class: 'card-title' }, swatch, h('span', {}, `${name} to ${decisionWords(st)}`), h('span', { class: 'thinking', 'aria-hidden': 'true' }, h('i'), h('i'), h('i'))));
      // (The DOM's own append() writes a null child as the text "null": add the hand only when there is one.)
      if (st.tile && phase === 'place') {
        container.append(h('div', { class: 'hand small' }, this.art.mini(st.tile, { size: 64, title: `tile in hand: ${st.tile}`, testid: 'hand-tile' }), h('span', { class: 'muted' }, `tile ${st.tile}`)));
      }
      return;
    }

    container.className = 'card action-card mine';
    const several = (st.you || []).length > 1;
    container.append(h('div', { class: 'card-title' }, swatch, h('span', {}, several ? `${name}: ${decisionWords(st)}` : `Your move: ${decisionWords(st)}`)));
    const body = h('div', { class: 'card-body' });
    container.append(body);
    const g = this.groups;
    const disabled = this.busy;
    const button = (label, action, testid, cls = '') => h('button', {
      class: cls, 'data-testid': testid, 'data-action': action, disabled, onClick: () => this.act(action),
    }, label);

    if (g.place) {
      const option = this.selectedOption();
      const rotation = option ? option.rotation : 0;
      const hand = this.art.mini(st.tile, { rotation, size: 118, title: `tile in hand: ${st.tile}`, testid: 'hand-tile', className: 'mini-tile hand-tile' });
      hand.addEventListener('click', () => this.rotate(1));
      hand.addEventListener('contextmenu', (e) => { e.preventDefault(); this.rotate(1); });
      const sq = this.selectedSquare();
      const info = option
        ? h('div', { class: 'hint' }, `At ${sq.x},${sq.y}, turned ${rotation}°`, sq.options.length > 1 ? ` (${sq.options.length} ways fit)` : ' (the only way it fits)')
        : h('div', { class: 'hint' }, `Click a highlighted square on the board (${this.squares.length} possible).`);
      body.append(h('div', { class: 'hand' }, hand, h('div', { class: 'hand-side' }, info,
        option && option.needsBridge ? h('div', { class: 'note warn', 'data-testid': 'needs-bridge-note' }, 'This placement needs a bridge: you will be asked to build one next.') : null,
        h('div', { class: 'row' },
          h('button', { 'data-testid': 'rotate', disabled: !sq || sq.options.length < 2 || disabled, onClick: () => this.rotate(1), title: 'R, or right-click the tile' }, '⟳ Turn'),
          h('button', { class: 'primary', 'data-testid': 'confirm-place', disabled: !option || disabled, onClick: () => this.confirm(), title: 'Enter' }, 'Place tile'),
        ))));
      if (this.squares.some((q) => q.needsBridge !== 'none')) {
        body.append(h('div', { class: 'note' }, 'Squares with an orange border fit only with a bridge.'));
      }
    }
    if (g.discard) body.append(h('div', { class: 'row' }, button('Discard this tile', 'discard', 'discard', 'danger')));

    if (st.bridge_required && g.bridge) {
      body.append(h('div', { class: 'note warn', 'data-testid': 'bridge-required' }, 'Your tile needs a bridge: click one of the bridges on the board.'));
    }
    if (g.meeple || g.skip) {
      if (g.meeple?.length) body.append(h('div', { class: 'hint' }, 'Click a spot on your tile to put a follower there, or:'));
      const spots = h('div', { class: 'row wrap' });
      const last = st.last_placed;
      const tile = last && (st.board || []).find((t) => t.x === last.x && t.y === last.y);
      for (const m of g.meeple || []) {
        const feature = tile ? bridgeOrFeature(this.art, tile, m.loc) : null;
        spots.append(button(`${capital(featureWord(feature))} (${m.loc})`, m.action, 'meeple-button', 'small'));
      }
      if (spots.childElementCount) body.append(spots);
    }
    if (g.bridge) {
      if (!st.bridge_required) body.append(h('div', { class: 'hint' }, 'You may build a bridge (drawn faintly on the board):'));
      const row = h('div', { class: 'row wrap' });
      for (const b of g.bridge) row.append(button(`Bridge ${b.x},${b.y} ${b.axis}`, b.action, 'bridge-button', 'small bridge-button'));
      body.append(row);
    }
    if (g.skip) body.append(h('div', { class: 'row' }, button('Skip (no follower)', 'skip', 'skip'), h('span', { class: 'kbd-hint' }, 'S')));
    if (g.castle || g.score) {
      body.append(h('div', { class: 'hint' }, 'Your small city is complete. Turn it into a castle, or score it now?'));
      const row = h('div', { class: 'row' });
      if (g.castle) row.append(button('Build a castle', 'castle', 'castle', 'primary'));
      if (g.score) row.append(button('Score the city', 'score', 'score'));
      body.append(row);
    }
    if (g.claim) {
      body.append(h('div', { class: 'hint' }, 'Several features next to your castle are complete. Click the one your castle scores:'));
      const row = h('div', { class: 'row wrap' });
      for (const c of g.claim) row.append(button(`${c.x},${c.y} ${c.loc}`, c.action, 'claim-button', 'small'));
      body.append(row);
    }
    if (g.choose || g.bid || g.pass || g.buy || g.sell) {
      body.append(h('div', { class: 'hint' }, 'Bazaar: use the bazaar panel below.'));
    }
    if (g.other) {
      const row = h('div', { class: 'row wrap' });
      for (const o of g.other) row.append(button(o.action, o.action, 'action-button', 'small'));
      body.append(row);
    }
    if (this.error) body.append(h('div', { class: 'note error', 'data-testid': 'action-error' }, this.error));
  }
}

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

// The feature at a location of a placed tile; a bridge end when the tile has one there.
export function bridgeOrFeature(art, tile, loc) {
  if (tile.bridge && loc.length === 1) {
    const ends = tile.bridge === 'NS' ? ['N', 'S'] : ['E', 'W'];
    if (ends.includes(loc)) return 'bridge';
  }
  return art.featureAt(tile.tile, tile.rotation, loc);
}
