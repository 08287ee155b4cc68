// The player's side of a decision: turns the server's `legal` list into things to click.
//
// Promise: every action sent is one of the strings of the current state's `legal`, unchanged,
// for the pending seat (which this connection holds), with the state's version (so a double
// click cannot play twice). The controller keeps only presentation state: the square and
// rotation being previewed, the figure the spots deploy. It hands the board its decorations and
// draws the "your move" card; the mechanics in play add theirs (mechanics/registry.js).

import { h, s, clear } from './dom.js';
import { groupLegal, placementsBySquare, decisionWords } from './notation.js';
import { seatColour } from './tiles.js';
import { mechanicsOf, handledVerbs, figureStyle, hintsOf } from './mechanics/registry.js';
import { hintLines } from './hints.js';
import { figureShape } from './board.js';
import { setTakeBack } from './storage.js';
import { t, num, has } from './i18n.js';
import { figureName, featureName, tileTitle } from './names.js';

// The verbs the core draws itself; the mechanics in play draw theirs (registry.js).
const CORE_VERBS = new Set(['place', 'meeple', 'large', 'mayor', 'wagon', 'barn', 'builder', 'pig', 'skip']);

// The verbs that deploy a figure on the tile just placed, in the order the card offers them.
export const FIGURE_VERBS = ['meeple', 'large', 'mayor', 'wagon', 'builder', 'pig', 'barn'];

export class TurnController {
  constructor({ art, send, sendTurn, preview, takeBack, onChange, onDraft }) {
    this.art = art;
    this.send = send; // (action, seat, version) => Promise
    this.sendTurn = sendTurn; // (actions, seat, version) => Promise: a turn as a whole
    this.preview = preview; // (actions, seat, version) => Promise<{actions, state}>
    this.takeBack = takeBack || (() => false); // whether the player confirms turns (a preference)
    this.onChange = onChange;
    this.onDraft = onDraft || onChange; // the shown position changed (a draft began or ended)
    // A turn being put together (take-back on): the server's real state `base`, the actions
    // previewed so far (the placement, a bridge), the preview's `state`, and the figure action
    // chosen to end it (`final`). Nothing is sent until "End turn".
    this.draft = null;
    this.real = null;
    this.state = null;
    this.groups = {};
    this.squares = [];
    this.selection = null; // {x, y, index}
    this.figure = null; // the kind of figure the spots deploy (null: the first offered)
    this.busy = false;
    this.error = null;
    // Take back on: the placement being previewed is checked by the server before it is
    // confirmed (`preview`), so the card can say before the click when it cannot be taken back
    // (it reveals a tile), and the draft starts without a round trip. Keyed by version and action:
    // {status: 'waiting' | 'ok' | 'reveals' | 'failed', reply}.
    this.foresight = new Map();
    this.foreseeing = null; // the key of the one preview asked for in advance and not answered yet
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

  // The state the page shows: the draft's preview while a turn is put together, else the real one.
  shownState() {
    return this.draft?.state || this.real;
  }

  setState(state) {
    this.real = state;
    if (this.draft) {
      const base = this.draft.base;
      // The game moved on (this turn was sent, or another view took the seat's decision): the draft ends.
      if (!state || state.game !== base.game || state.version !== base.version || !(state.you || []).includes(base.pending?.seat)) this.draft = null;
      else {
        this.draft.base = state;
        return;
      }
    }
    this.load(state);
  }

  // Reads a state's decision: its legal actions grouped, the squares of a placement.
  load(state) {
    const previous = this.state;
    this.state = state;
    this.groups = groupLegal(state?.legal, state?.actions);
    this.squares = placementsBySquare(this.groups.place, state?.needs_bridge, this.lookOf(state));
    const sameDecision = previous && state && previous.version === state.version && previous.game === state.game;
    if (!sameDecision) {
      this.selection = null;
      this.figure = null;
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
    this.foresee();
    if (notify) this.onChange?.();
  }

  rotate(step = 1, notify = true) {
    const sq = this.selectedSquare();
    if (!sq) return;
    const n = sq.options.length;
    this.selection.index = (((this.selection.index + step) % n) + n) % n;
    this.foresee();
    if (notify) this.onChange?.();
  }

  // --- foresight: the selected placement checked in advance (take back on) ---------------------

  foresightKey(action) {
    return `${this.state?.game}|${this.state?.version}|${action}`;
  }

  // What the server said of the selected placement in advance, or null.
  foreseen() {
    const option = this.selectedOption();
    return option ? this.foresight.get(this.foresightKey(option.action)) || null : null;
  }

  // Asks the server, once per version and placement, what the selected placement leads to. One
  // question at a time: the selection may change meanwhile, and the newest is asked next.
  foresee() {
    const option = this.selectedOption();
    const seat = this.actingSeat();
    if (!option || seat === null || this.draft || !this.takeBack() || this.state.pending?.phase !== 'place' || !this.preview) return;
    const key = this.foresightKey(option.action);
    if (this.foresight.has(key) || this.foreseeing) return;
    if (this.foresight.size > 64) this.foresight.clear();
    const entry = { status: 'waiting', reply: null };
    this.foresight.set(key, entry);
    this.foreseeing = key;
    const version = this.state.version;
    this.preview([option.action], seat, version).then(
      (reply) => { entry.status = 'ok'; entry.reply = reply; },
      (err) => { entry.status = err.code === 'reveals_tile' ? 'reveals' : 'failed'; },
    ).finally(() => {
      this.foreseeing = null;
      if (entry.status === 'failed') this.foresight.delete(key);
      // The card says so before the click when the placement cannot be taken back.
      if (entry.status === 'reveals') this.onChange?.();
      this.foresee();
    });
  }

  // The kind of figure the spots on the tile deploy now (meeple unless the player chose another).
  figureChoice() {
    const kinds = this.figureKinds();
    return kinds.includes(this.figure) ? this.figure : kinds[0] || null;
  }

  figureKinds() {
    return FIGURE_VERBS.filter((verb) => this.groups[verb]?.length);
  }

  chooseFigure(figure) {
    this.figure = figure;
    this.onChange?.();
  }

  // The spots where a kind of figure may go: {action, x, y, loc, feature, words}, `words` the
  // feature as a player says it ("field", or "field 2" when one tile has several fields on offer).
  figureSpots(figure) {
    const st = this.state;
    const spots = [];
    for (const m of (figure && this.groups[figure]) || []) {
      const x = m.x ?? st.last_placed?.x;
      const y = m.y ?? st.last_placed?.y;
      if (x === undefined || y === undefined) continue;
      spots.push({ ...m, x, y, feature: m.feature || this.featureAt(x, y, m.loc) });
    }
    const count = new Map();
    const key = (m) => `${m.x},${m.y},${m.feature}`;
    for (const m of spots) count.set(key(m), (count.get(key(m)) || 0) + 1);
    const seen = new Map();
    for (const m of spots) {
      const n = (seen.get(key(m)) || 0) + 1;
      seen.set(key(m), n);
      m.words = count.get(key(m)) > 1 ? t('turn.featureNth', { feature: featureLabel(m.feature), n }) : featureLabel(m.feature);
    }
    return spots;
  }

  // The feature at a location of a placed tile (when the action does not say it).
  featureAt(x, y, loc) {
    const tile = (this.state?.board || []).find((t) => t.x === x && t.y === y);
    return tile && this.art ? bridgeOrFeature(this.art, tile, loc) : null;
  }

  cancel() {
    this.selection = null;
    this.onChange?.();
  }

  async act(action) {
    const seat = this.actingSeat();
    if (seat === null || this.busy) return;
    if (!this.state.legal.includes(action)) return; // only ever the server's own strings
    if (this.draft) {
      // Within a draft: a bridge is previewed too; a figure action (or skip) ends the turn once
      // the player presses "End turn"; choosing it again un-chooses it.
      if (action.startsWith('bridge ')) return this.extendDraft([...this.draft.actions, action]);
      this.draft.final = this.draft.final === action ? null : action;
      this.onChange?.();
      return;
    }
    if (this.takeBack() && this.state.pending?.phase === 'place' && action.startsWith('place ')) {
      const known = this.foresight.get(this.foresightKey(action));
      // Known in advance to reveal a tile: sent at once (the card said it cannot be taken back).
      if (known?.status === 'reveals') return this.sendDirectly([action], seat, this.state.version);
      if (known?.status === 'ok') return this.startDraft(known.reply);
      return this.extendDraft([action]);
    }
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

  // --- take back: a turn put together, previewed by the server, sent as a whole ---------------

  async extendDraft(actions) {
    const base = this.draft?.base || this.real;
    const seat = this.actingSeat();
    if (seat === null || !base) return;
    this.busy = true;
    this.error = null;
    this.onChange?.();
    try {
      const reply = await this.preview(actions, seat, base.version);
      if (this.real !== base && this.real?.version !== base.version) return; // the game moved meanwhile
      this.startDraft(reply);
    } catch (err) {
      if (err.code === 'reveals_tile') {
        // These actions take a tile from the pile: they cannot be shown before they are done, nor
        // taken back. Whatever the server lists as legal the page carries out: sent as they are.
        this.busy = false;
        return this.sendDirectly(actions, seat, base.version);
      }
      this.error = `${err.message || err.code}`;
      this.busy = false;
      this.onChange?.();
    }
  }

  // A draft from the server's preview of its actions (on the real state, which it must match).
  startDraft(reply) {
    if (!this.real || reply.version !== this.real.version) return;
    // The preview narrates only its own actions: the log shown is the game's, then those.
    const state = { ...reply.state, log: (this.real.log || []).concat(reply.state.log || []) };
    this.draft = { base: this.real, actions: reply.actions, state, final: null };
    this.load(state);
    this.busy = false;
    this.onDraft?.();
  }

  async sendDirectly(actions, seat, version) {
    this.busy = true;
    this.onChange?.();
    try {
      if (actions.length === 1) await this.send(actions[0], seat, version);
      else await this.sendTurn(actions, seat, version);
    } catch (err) {
      this.error = err.code === 'stale_version' ? null : `${err.message || err.code}`;
      this.busy = false;
      this.onChange?.();
    }
  }

  // One step back: the chosen figure, else the last previewed action (the bridge, then the
  // placement, which leaves the tile in hand at the same square and rotation).
  takeBackStep() {
    const draft = this.draft;
    if (!draft || this.busy) return;
    if (draft.final) {
      draft.final = null;
      this.onChange?.();
      return;
    }
    if (draft.actions.length > 1) {
      this.extendDraft(draft.actions.slice(0, -1));
      return;
    }
    const placed = /^place (-?\d+),(-?\d+) r(\d+)$/.exec(draft.actions[0] || '');
    this.draft = null;
    this.load(this.real);
    if (placed) {
      const sq = this.squares.find((q) => q.x === Number(placed[1]) && q.y === Number(placed[2]));
      const index = sq ? sq.options.findIndex((o) => o.action === draft.actions[0]) : -1;
      if (sq && index >= 0) this.selection = { x: sq.x, y: sq.y, index };
    }
    this.onDraft?.();
  }

  // The action that ends the draft's turn: the chosen one, else skip when that is legal.
  finalAction() {
    const draft = this.draft;
    if (!draft) return null;
    return draft.final || (this.state.legal.includes('skip') ? 'skip' : null);
  }

  async endTurn() {
    const draft = this.draft;
    const final = this.finalAction();
    const seat = this.actingSeat();
    if (!draft || !final || seat === null || this.busy) return;
    this.busy = true;
    this.error = null;
    this.onChange?.();
    try {
      await this.sendTurn([...draft.actions, final], seat, draft.base.version);
    } catch (err) {
      this.error = `${err.message || err.code}`;
      this.busy = false;
      this.onChange?.();
    }
  }

  // --- board decorations ---------------------------------------------------------------------

  decorations() {
    const seat = this.actingSeat();
    if (seat === null || !this.art) return {};
    const st = this.state;
    const colour = seatColour(seat);
    const deco = { markers: [] };
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
    // The spots of the figure step: one per location, deploying the chosen kind of figure. (Their
    // names say the feature in words, numbered when the tile has several of a kind: never a
    // compass code.)
    const markers = [];
    const figure = this.figureChoice();
    const spots = this.figureSpots(figure);
    for (const m of spots) {
      markers.push({
        kind: 'meeple', figure, x: m.x, y: m.y, loc: m.loc, feature: m.feature, action: m.action, colour, chosen: this.draft?.final === m.action,
        label: t('turn.putFigure', { figure: figureLabel(figure), feature: m.words }), onClick: () => this.act(m.action),
      });
    }
    deco.markers = markers;
    deco.mechanics = mechanicsOf(st);
    for (const m of deco.mechanics) m.decorate?.(this, deco);
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
    if (key === 'Enter' && this.draft) {
      this.endTurn();
      return true;
    }
    if ((key === 'Backspace' || key === 'Escape' || key === 'z' || key === 'Z') && this.draft) {
      this.takeBackStep();
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
    if ((key === 's' || key === 'S') && this.state.legal.includes('skip') && !this.draft) {
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
    const name = player ? player.name : t('turn.seatN', { n: pending.seat + 1 });
    const phase = pending.phase;
    container.dataset.phase = phase;
    container.dataset.mine = seat !== null ? 'true' : 'false';

    const swatch = h('span', { class: 'swatch', style: { background: seatColour(pending.seat) } });
    if (seat === null) {
      container.className = 'card action-card waiting';
      container.append(h('div', { class: 'card-title' }, swatch, h('span', {}, t('turn.waiting', { name, decision: decisionWords(st) })), h('span', { class: 'thinking', 'aria-hidden': 'true' }, h('i'), h('i'), h('i'))));
      // (The DOM's own append() writes a null child as the text "null": add the hand only when there is one.)
      if (st.tile && phase === 'place') {
        container.append(h('div', { class: 'hand small' }, this.art.mini(st.tile, { size: 64, title: t('turn.handTitle', { tile: tileTitle(st.tile, this.art) }), testid: 'hand-tile' }), h('span', { class: 'muted' }, t('turn.tile', { tile: tileTitle(st.tile, this.art) }))));
      }
      return;
    }

    container.className = 'card action-card mine';
    const several = (st.you || []).length > 1;
    container.append(h('div', { class: 'card-title' }, swatch, h('span', {}, several ? t('turn.seatMove', { name, decision: decisionWords(st) }) : t('turn.yourMove', { decision: decisionWords(st) }))));
    const body = h('div', { class: 'card-body' });
    container.append(body);
    // What the decision meets for the first time (a volcano, a bazaar...), in a line each.
    body.append(...hintLines(hintsOf(this), () => this.onChange?.()));
    const g = this.groups;
    const disabled = this.busy;
    const chosen = this.draft?.final;
    const button = (label, action, testid, cls = '') => h('button', {
      class: `${cls}${chosen === action ? ' chosen' : ''}`, 'data-testid': testid, 'data-action': action, disabled, onClick: () => this.act(action),
      'aria-pressed': this.draft && !action.startsWith('bridge ') ? String(chosen === action) : null,
    }, label);

    if (g.place) {
      const option = this.selectedOption();
      const rotation = option ? option.rotation : 0;
      const hand = this.art.mini(st.tile, { rotation, size: 118, title: t('turn.handTitle', { tile: tileTitle(st.tile, this.art) }), testid: 'hand-tile', className: 'mini-tile hand-tile' });
      hand.addEventListener('click', () => this.rotate(1));
      hand.addEventListener('contextmenu', (e) => { e.preventDefault(); this.rotate(1); });
      const sq = this.selectedSquare();
      const info = option
        ? h('div', { class: 'hint' }, sq.options.length > 1
          ? t('turn.placedWays', { x: String(sq.x), y: String(sq.y), rotation, count: sq.options.length })
          : t('turn.placedOnlyWay', { x: String(sq.x), y: String(sq.y), rotation }))
        : h('div', { class: 'hint' }, t('turn.clickSquare', { count: this.squares.length }));
      body.append(h('div', { class: 'hand' }, hand, h('div', { class: 'hand-side' }, info,
        h('div', { class: 'row' },
          h('button', { 'data-testid': 'rotate', disabled: !sq || sq.options.length < 2 || disabled, onClick: () => this.rotate(1), title: t('turn.rotateTitle') }, t('turn.rotate')),
          h('button', { class: 'primary', 'data-testid': 'confirm-place', disabled: !option || disabled, onClick: () => this.confirm(), title: t('turn.enterKey') }, t('turn.placeTile')),
        ))));
      // Checked in advance (take back on): this placement reveals a tile, so it is sent at once.
      if (this.takeBack() && this.foreseen()?.status === 'reveals') body.append(h('div', { class: 'note warn', 'data-testid': 'cannot-take-back' }, t('turn.cannotTakeBack')));
      const confirmTurns = h('input', { type: 'checkbox', 'data-testid': 'take-back-toggle', checked: this.takeBack() });
      confirmTurns.addEventListener('change', () => { setTakeBack(confirmTurns.checked); this.foresee(); this.onChange?.(); });
      body.append(h('label', { class: 'check take-back-toggle', title: t('turn.takeBackToggleTitle') },
        confirmTurns, ' ', t('turn.takeBackToggle')));
    }

    // What the mechanics in play ask (bridges, castles, the bazaar, the choice of figure).
    const ui = { button, art: this.art };
    for (const m of mechanicsOf(st)) m.card?.(this, body, ui);

    // The figure step: a wrapping row of the kinds of figure on offer (each a picture with its
    // count in supply); the spots of the chosen kind on the tile are the control (board.js draws
    // them; they take the keyboard's focus too); and skip.
    const kinds = this.figureKinds();
    if (kinds.length) {
      const choice = this.figureChoice();
      const supply = st.players?.[seat]?.figures || {};
      const row = h('div', { class: 'row wrap figure-choice', role: 'radiogroup', 'aria-label': t('turn.figureChoiceAria'), 'data-testid': 'figure-choice' },
        h('span', { class: 'muted' }, t('turn.deploy')));
      for (const figure of kinds) {
        const count = supply[figure];
        const name = capital(figureLabel(figure));
        const label = typeof count === 'number' ? t('turn.figureKind', { figure: name, count }) : name;
        row.append(h('button', {
          type: 'button', class: 'figure-kind', role: 'radio', 'aria-checked': choice === figure ? 'true' : 'false',
          'data-testid': `figure-choice-${figure}`, 'data-figure': figure, disabled, 'aria-label': label, title: label,
          onClick: () => this.chooseFigure(figure),
        }, figureIcon(figure, seatColour(seat)), typeof count === 'number' ? h('span', { class: 'figure-count', 'aria-hidden': 'true' }, `×${num(count)}`) : null));
      }
      body.append(row);
      body.append(h('div', { class: 'hint', 'data-testid': 'figure-hint' }, t('turn.clickSpot', { figure: figureLabel(choice) })));
    }
    if (g.skip) body.append(h('div', { class: 'row' }, button(t('turn.skip'), 'skip', 'skip'), this.draft ? null : h('kbd', { class: 'kbd-hint' }, 'S')));
    if (this.draft) {
      // The turn is not sent yet: the player may change it until "End turn".
      const final = this.finalAction();
      const what = final === 'skip' && !this.draft.final ? t('turn.noFollower') : final ? describeFinal(final, this) : null;
      body.append(h('div', { class: 'hint', 'data-testid': 'draft-note' },
        final ? t('turn.draftEndWith', { what }) : t('turn.draftChoose')));
      body.append(h('div', { class: 'row' },
        h('button', { 'data-testid': 'take-back', disabled, onClick: () => this.takeBackStep(), title: t('turn.takeBackTitle') }, t('turn.takeBack')),
        h('button', { class: 'primary', 'data-testid': 'end-turn', disabled: disabled || !final, onClick: () => this.endTurn(), title: t('turn.enterKey') }, t('turn.endTurn'))));
    }
    // Anything no one here knows how to draw: a plain button with its text.
    const handled = handledVerbs(st);
    for (const [verb, list] of Object.entries(g)) {
      if (CORE_VERBS.has(verb) || handled.has(verb)) continue;
      const row = h('div', { class: 'row wrap' });
      for (const o of list) row.append(button(o.action, o.action, 'action-button', 'small'));
      body.append(row);
    }
    if (this.error) body.append(h('div', { class: 'note error', 'data-testid': 'action-error' }, this.error));
  }
}

// The figure action that ends a draft, in words ("a follower on the road").
function describeFinal(action, turn) {
  const verb = action.split(' ')[0];
  const option = turn.groups[verb]?.find((o) => o.action === action);
  if (!option || !option.loc) return action;
  const spot = turn.figureSpots(verb).find((m) => m.action === action);
  return t('turn.finalFigure', { figure: figureLabel(verb), feature: spot ? spot.words : featureLabel(option.feature) });
}

// A kind of figure as a word: the figure's name, or "follower" for a kind not known (as
// figureStyle's label: the base game's follower unless a module says otherwise).
function figureLabel(figure) {
  return figureName(figure && has(`figure.${figure}`) ? figure : 'meeple');
}

// A kind of feature as a word: the feature's name, or "feature" for a kind not known (or none).
function featureLabel(kind) {
  return featureName(kind && has(`feature.${kind}`) ? kind : 'feature');
}

// A kind of figure's picture for the card: its module's icon (mayor, wagon, barn, builder, pig),
// else the board's shape of the figure at the kind's scale (the large follower drawn larger).
function figureIcon(figure, colour) {
  const style = figureStyle(figure);
  if (style.icon) return style.icon(colour, 28);
  return s('svg', { viewBox: '-16 -16 32 32', width: 28, height: 28, class: 'icon', 'aria-hidden': 'true' }, figureShape(style, colour, { scale: style.scale }));
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
