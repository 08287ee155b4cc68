// The web app: lobby, game and replay views over one connection to the server.
//
// Routes (the URL hash): empty = lobby; `game=ID&token=T` plays the seat of that token (and
// remembers it); `game=ID` plays every seat this browser remembers for the game, or watches if
// none; `watch=ID` watches; `replay` steps through a loaded record. The game view draws only
// what the server's `state` says and offers only the actions of its `legal` list.

import { Connection, defaultServerUrl, mergeState } from './protocol.js';
import { h, clear } from './dom.js';
import { TileArt, seatColour } from './tiles.js';
import { Board } from './board.js';
import { TurnController } from './turn.js';
import { Lobby } from './lobby.js';
import { renderPlayers, renderDeck, renderLog, renderResults, winnerSeats } from './panels.js';
import { mechanicsOf } from './mechanics/registry.js';
// One module per mechanic; each registers its board layers, prompts and panels on import.
import './mechanics/bridges.js';
import './mechanics/castles.js';
import './mechanics/bazaar.js';
import './mechanics/large_follower.js';
import './mechanics/inn_cathedral.js';
import './mechanics/traders_builders.js';
import './mechanics/princess_dragon.js';
import './mechanics/abbey_mayor.js';
import { rememberTokens, tokensFor, forgetToken, takeBackOn, soundOn, setSound } from './storage.js';
import { showRulesHelp } from './help.js';
import { decisionWords } from './notation.js';
import { t, onLanguageChange, setLanguage, language, LANGUAGES, startLanguage, translatePage } from './i18n.js';

const $ = (id) => document.getElementById(id);
const PLAY_ICON = '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2l9 6-9 6z" fill="currentColor"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor"/></svg>';

class App {
  constructor() {
    // The language first: everything drawn from here on is in it.
    startLanguage();
    translatePage();
    this.conn = new Connection(defaultServerUrl());
    this.art = null;
    this.catalogue = null;
    this.session = null; // {game, tokens, watch}
    this.state = null;
    this.live = null; // the game as the server's states say (this.state may show a replay)
    this.replay = null; // {record, name, step, steps}
    this.resultsShownFor = null;
    this.remainingOpen = { value: false };
    this.view = null;

    this.board = new Board($('board-area'), {
      describeFeature: (x, y, location) => {
        const game = this.view === 'game' ? this.session?.game : null;
        if (!game) return Promise.reject(new Error('no game'));
        // Only a tile of the server's last state is asked about: a tile of a turn being put
        // together, or just sent, is not on the server's board yet (or not known to be).
        if (!(this.turn.real?.board || []).some((t) => t.x === x && t.y === y)) return Promise.reject(new Error('not placed yet'));
        return this.conn.request({ type: 'feature', game, x, y, location });
      },
    });
    this.turn = new TurnController({
      art: null,
      send: (action, seat, version) => this.act(action, seat, version),
      sendTurn: (actions, seat, version) => this.actTurn(actions, seat, version),
      preview: (actions, seat, version) => this.conn.request({ type: 'preview', game: this.session?.game, seat, actions, version }),
      takeBack: () => takeBackOn(),
      onChange: () => this.renderDecisions(),
      onDraft: () => this.renderAll(),
    });
    this.lobby = new Lobby($('lobby-view'), {
      conn: this.conn,
      onJoin: (game, tokens) => this.joinHere(game, tokens),
      onWatch: (game) => { window.location.hash = `watch=${encodeURIComponent(game)}`; },
      onReplay: (record, name) => this.startReplay(record, name),
      toast: (text, kind) => this.toast(text, kind),
    });

    this.bindChrome();
    this.bindLanguage();
    this.conn.on('status', (st) => this.renderConnection(st));
    this.conn.on('open', () => this.onOpen());
    this.conn.on('state', (msg) => this.onState(msg));
    this.conn.on('chat', (msg) => this.onChat(msg));
    this.conn.on('server-error', (msg) => this.toast(t('app.serverError', { message: msg.message || msg.code }), 'error'));
    window.addEventListener('hashchange', () => this.route());
    // Keep the lobby's list of games fresh while it is shown.
    setInterval(() => {
      if (this.view === 'lobby' && this.conn.status === 'open' && !document.hidden) this.lobby.refresh();
    }, 10000);
    setInterval(() => this.tickClock(), 500);
    this.conn.connect();
    this.route();
  }

  // --- connection ------------------------------------------------------------------------------

  async onOpen() {
    try {
      if (!this.art) {
        const catalogue = await this.conn.request({ type: 'catalogue' });
        this.catalogue = catalogue;
        this.art = new TileArt(catalogue);
        this.art.installSprite($('tile-sprite'));
        this.lobby.setCatalogue(catalogue);
        this.board.setArt(this.art);
        this.turn.setArt(this.art);
      }
    } catch (err) {
      this.toast(t('app.tilesFailed', { reason: err.message }), 'error');
      return;
    }
    if (this.view === 'lobby') this.lobby.refresh();
    if (this.view === 'game' && this.session) this.joinSession();
    if (this.view === 'replay' && this.replay) this.showReplayStep(this.replay.step);
    this.renderAll();
  }

  renderConnection({ status, retryAt }) {
    this.connShown = { status, retryAt }; // drawn again in another language
    const el = $('conn');
    el.dataset.status = status;
    clearInterval(this.connTimer);
    const text = el.querySelector('.conn-text');
    $('conn-retry').hidden = status !== 'waiting';
    if (status === 'open') text.textContent = t('app.conn.open');
    else if (status === 'connecting') text.textContent = t('app.conn.connecting');
    else if (status === 'waiting') {
      const tick = () => {
        const secs = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
        text.textContent = t('app.conn.waiting', { count: secs });
      };
      tick();
      this.connTimer = setInterval(tick, 500);
    } else text.textContent = t('app.conn.offline');
    document.body.classList.toggle('offline', status !== 'open');
  }

  // --- routing ---------------------------------------------------------------------------------

  route() {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const game = params.get('game');
    const watch = params.get('watch');
    if (window.location.hash === '#replay' || params.has('replay')) {
      if (!this.replay) {
        const saved = sessionStorage.getItem('carcassonne.replay');
        if (saved) {
          try { this.replay = { ...JSON.parse(saved), step: 0, steps: 0 }; } catch { this.replay = null; }
        }
      }
      if (this.replay) return this.showView('replay');
      window.location.hash = '';
      return undefined;
    }
    if (game || watch) {
      const id = game || watch;
      let tokens = [];
      if (game) {
        const token = params.get('token');
        if (token) {
          rememberTokens(id, [token]);
          tokens = [token];
        } else {
          tokens = tokensFor(id);
        }
      }
      const same = this.session && this.session.game === id && JSON.stringify(this.session.tokens) === JSON.stringify(tokens);
      if (!same) {
        this.leaveSession();
        this.session = { game: id, tokens, watch: tokens.length === 0 };
        this.state = null;
        this.live = null;
        this.turn.setState(null);
        this.board.userMoved = false;
        this.board.fittedOnce = false;
        if (this.conn.status === 'open' && this.art) this.joinSession();
      }
      return this.showView('game');
    }
    this.leaveSession();
    return this.showView('lobby');
  }

  showView(view) {
    this.view = view;
    $('lobby-view').hidden = view !== 'lobby';
    $('game-view').hidden = view === 'lobby';
    $('replay-bar').hidden = view !== 'replay';
    $('game-view').classList.toggle('replaying', view === 'replay');
    this.board.bottomInset = view === 'replay' ? 72 : 16;
    $('btn-lobby').hidden = view === 'lobby';
    // The header names the view's own game: none in the lobby, and a record only while playing.
    $('topbar-game').hidden = view === 'lobby';
    if (view !== 'game') $('btn-download').hidden = true;
    if (view !== 'game') $('results-dialog').hidden = true;
    if (view === 'lobby') {
      this.lobby.renderCreated();
      if (this.conn.status === 'open') this.lobby.refresh();
      document.title = t('app.title');
    }
    if (view === 'replay') {
      this.state = null;
      this.live = null;
      this.turn.setState(null);
      this.board.userMoved = false;
      this.board.fittedOnce = false;
      if (this.conn.status === 'open' && this.art) this.showReplayStep(this.replay.step || 0);
    }
    this.renderAll();
  }

  joinHere(game, tokens) {
    rememberTokens(game, tokens);
    const target = `game=${encodeURIComponent(game)}`;
    if (window.location.hash.replace(/^#/, '') === target) this.route();
    else window.location.hash = target;
  }

  async joinSession() {
    const session = this.session;
    if (!session) return;
    try {
      if (!session.tokens.length) {
        await this.conn.request({ type: 'join', game: session.game });
        return;
      }
      for (const token of [...session.tokens]) {
        try {
          await this.conn.request({ type: 'join', game: session.game, token });
        } catch (err) {
          if (err.code === 'bad_token') {
            forgetToken(session.game, token);
            session.tokens = session.tokens.filter((t) => t !== token);
            this.toast(t('app.badToken'), 'error');
            if (!session.tokens.length) await this.conn.request({ type: 'join', game: session.game });
          } else throw err;
        }
      }
    } catch (err) {
      if (err.code === 'disconnected') return; // joined again once reconnected
      if (this.session === session) {
        this.toast(err.code === 'unknown_game' ? t('app.unknownGame', { game: session.game }) : t('app.joinFailed', { reason: err.message }), 'error');
        if (err.code === 'unknown_game') window.location.hash = '';
      }
    }
  }

  leaveSession() {
    if (this.session && this.conn.status === 'open') {
      this.conn.send({ type: 'leave', game: this.session.game });
    }
    this.session = null;
    this.state = null;
    this.live = null;
    this.chat = null;
  }

  onState(msg) {
    if (!this.session || msg.game !== this.session.game) return;
    // Updates follow each other in order on one connection; each is merged into the one before
    // (one without a whole state before it cannot be, and the next join sends a whole one).
    if (!msg.full && !this.live) return;
    this.live = mergeState(this.live, msg);
    this.state = this.live;
    this.turn.setState(this.state);
    // The turn clock counts down from what the server said was left when it sent the state.
    const left = this.state.clock?.left_ms;
    this.clockDeadline = Number.isFinite(left) ? performance.now() + left : null;
    this.noticeMoments(msg);
    this.renderAll();
    if (this.state.status === 'over' && this.resultsShownFor !== this.state.game) {
      this.resultsShownFor = this.state.game;
      this.showResults();
    }
  }

  async act(action, seat, version) {
    const game = this.session?.game;
    if (!game) return;
    await this.conn.request({ type: 'act', game, seat, action, version });
  }

  // --- chat between the seats: everyone watching reads, a seat's holder writes ------------------

  onChat(msg) {
    if (!this.session || msg.game !== this.session.game) return;
    this.chat = this.chat || new Map();
    for (const m of msg.messages || []) this.chat.set(m.n, m);
    this.renderChat();
  }

  renderChat() {
    const card = $('chat');
    const st = this.state;
    const mine = (st?.you || []);
    card.hidden = this.view !== 'game' || !st || (mine.length === 0 && !(this.chat && this.chat.size));
    const list = $('chat-list');
    clear(list);
    const messages = [...(this.chat?.values() || [])].sort((a, b) => a.n - b.n);
    for (const m of messages) {
      list.append(h('li', { class: 'chat-message', 'data-testid': 'chat-message', 'data-seat': m.seat },
        h('span', { class: 'swatch', style: { background: seatColour(m.seat) } }),
        h('b', {}, `${m.name}: `), h('span', { class: 'chat-text' }, m.text)));
    }
    list.scrollTop = list.scrollHeight;
    $('chat-form').hidden = mine.length === 0;
  }

  async sendChat() {
    const input = $('chat-text');
    const text = input.value.trim();
    const st = this.state;
    const game = this.session?.game;
    if (!text || !game || !st) return;
    // Several seats here (hotseat): the one whose decision it is, else the first.
    const mine = st.you || [];
    const seat = st.pending && mine.includes(st.pending.seat) ? st.pending.seat : mine[0];
    if (seat === undefined) return;
    try {
      await this.conn.request({ type: 'chat', game, seat, text });
      input.value = '';
    } catch (err) {
      this.toast(t('app.chatFailed', { reason: err.message || err.code }), 'error');
    }
  }

  // What a state brings that the page points out: the points just scored (on the board, for a
  // moment), the tiles placed since this player's last decision, and its turn coming (a sound,
  // the tab's title).
  noticeMoments(msg) {
    const mine = this.turn.actingSeat() !== null;
    const st = this.state;
    if (msg.full) {
      this.recentFrom = null;
    } else {
      for (const entry of msg.log || []) {
        if (entry.score && entry.points > 0 && Number.isInteger(entry.x) && Number.isInteger(entry.y)) {
          this.board.flashScore(entry.x, entry.y, entry.points, (entry.winners || []).map((seat) => seatColour(seat)));
        }
      }
      if (this.wasMine && !mine) this.recentFrom = (st.board || []).length;
    }
    if (mine && !this.wasMine && !msg.full) this.alertTurn();
    this.wasMine = mine;
  }

  alertTurn() {
    const gv = $('game-view');
    gv.dataset.turnAlerts = String(Number(gv.dataset.turnAlerts || 0) + 1);
    if (!soundOn()) return;
    try {
      this.audio = this.audio || new AudioContext();
      const ctx = this.audio;
      // Two soft notes, rising.
      [[660, 0], [880, 0.14]].forEach(([frequency, at]) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'sine';
        osc.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, ctx.currentTime + at);
        gain.gain.exponentialRampToValueAtTime(0.12, ctx.currentTime + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + at + 0.35);
        osc.connect(gain).connect(ctx.destination);
        osc.start(ctx.currentTime + at);
        osc.stop(ctx.currentTime + at + 0.4);
      });
    } catch {
      // no audio here: the title and the banner still say it
    }
  }

  async actTurn(actions, seat, version) {
    const game = this.session?.game;
    if (!game) return;
    await this.conn.request({ type: 'act', game, seat, actions, version });
  }

  // The state the page shows: a turn being put together (take back) shows its preview.
  shown() {
    return this.view === 'game' && this.turn.draft ? this.turn.shownState() : this.state;
  }

  // --- replay ----------------------------------------------------------------------------------

  startReplay(record, name) {
    this.replay = { record, name, step: 0, steps: 0 };
    try {
      sessionStorage.setItem('carcassonne.replay', JSON.stringify({ record, name }));
    } catch {
      // too big for session storage: the replay then lasts while the page is open
    }
    if (window.location.hash === '#replay') this.showView('replay');
    else window.location.hash = 'replay';
  }

  async showReplayStep(step) {
    const rp = this.replay;
    if (!rp) return;
    const wanted = Math.max(0, step);
    rp.wanted = wanted;
    try {
      const msg = { type: 'view_record', record: rp.record };
      msg.step = rp.steps ? Math.min(wanted, rp.steps) : wanted;
      const state = await this.conn.request(msg);
      if (this.replay !== rp || rp.wanted !== wanted) return;
      rp.step = state.replay?.step ?? wanted;
      rp.steps = state.replay?.steps ?? rp.steps;
      this.state = state;
      this.turn.setState(null);
      this.renderAll();
    } catch (err) {
      if (err.code === 'disconnected') return;
      this.toast(t('app.replayFailed', { reason: err.message }), 'error');
      this.stopPlaying();
    }
  }

  stopPlaying() {
    clearInterval(this.playTimer);
    this.playTimer = null;
    $('rp-play').innerHTML = PLAY_ICON;
  }

  togglePlay() {
    if (this.playTimer) return this.stopPlaying();
    const rp = this.replay;
    if (!rp) return undefined;
    if (rp.step >= rp.steps) this.showReplayStep(0);
    $('rp-play').innerHTML = PAUSE_ICON;
    this.playTimer = setInterval(() => {
      if (!this.replay || this.replay.step >= this.replay.steps) return this.stopPlaying();
      return this.showReplayStep(this.replay.step + 1);
    }, 600);
    return undefined;
  }

  renderReplayBar() {
    const rp = this.replay;
    if (!rp) return;
    const slider = $('rp-slider');
    slider.max = String(rp.steps || 0);
    if (document.activeElement !== slider) slider.value = String(rp.step || 0);
    $('rp-step').textContent = `${rp.step || 0} / ${rp.steps || 0}`;
    $('rp-step').dataset.step = String(rp.step || 0);
    $('rp-step').dataset.steps = String(rp.steps || 0);
    $('rp-first').disabled = !rp.step;
    $('rp-prev').disabled = !rp.step;
    $('rp-next').disabled = rp.step >= rp.steps;
    $('rp-last').disabled = rp.step >= rp.steps;
  }

  // --- records ---------------------------------------------------------------------------------

  async fetchRecord(game) {
    const reply = await this.conn.request({ type: 'record', game });
    return reply.record;
  }

  async downloadRecord() {
    const game = this.session?.game;
    if (!game) {
      if (this.replay) saveJson(this.replay.record, this.replay.name || 'carcassonne-replay.json');
      return;
    }
    try {
      const record = await this.fetchRecord(game);
      saveJson(record, `carcassonne-${game}.json`);
    } catch (err) {
      this.toast(t('app.recordFailed', { reason: err.message }), 'error');
    }
  }

  async replayThisGame() {
    const game = this.session?.game;
    if (!game) return;
    try {
      const record = await this.fetchRecord(game);
      this.startReplay(record, `carcassonne-${game}.json`);
    } catch (err) {
      this.toast(t('app.recordFailed', { reason: err.message }), 'error');
    }
  }

  // --- drawing -------------------------------------------------------------------------------

  renderAll() {
    if (this.view === 'lobby') return;
    const real = this.state;
    const st = this.shown();
    const gv = $('game-view');
    // The data the tests read is the server's: the real version, and whether a draft is shown.
    gv.dataset.version = real ? String(real.version) : '';
    gv.dataset.draft = this.turn.draft ? 'true' : 'false';
    gv.dataset.status = st ? String(st.status) : '';
    gv.dataset.phase = st?.pending?.phase || '';
    gv.dataset.pendingSeat = st?.pending ? String(st.pending.seat) : '';
    gv.dataset.tiles = st ? String((st.board || []).length) : '';
    gv.dataset.mine = this.turn.actingSeat() !== null ? 'true' : 'false';
    gv.dataset.game = st?.game || '';

    const inGame = this.view === 'game';
    $('topbar-game').hidden = !inGame && this.view !== 'replay';
    $('game-label').textContent = inGame ? t('app.gameLabel') : t('app.replayLabel');
    $('game-id').textContent = inGame ? this.session?.game || '' : this.replay?.name || t('app.recordName');
    $('watching-badge').hidden = !(inGame && st && (st.you || []).length === 0);
    $('btn-download').hidden = !(inGame && st);
    $('btn-results').hidden = !(st && st.status === 'over');

    if (!st || !this.art) {
      this.board.render(null, {});
      $('turn-banner').textContent = this.conn.status === 'open' ? t('app.loading') : t('app.connectingServer');
      clear($('players'));
      clear($('log'));
      clear($('deck'));
      $('action-card').hidden = true;
      this.renderMechanicPanels(null);
      if (this.view === 'replay') this.renderReplayBar();
      return;
    }
    renderPlayers($('players'), st, this.art);
    renderDeck($('deck'), st, this.art, this.remainingOpen);
    renderLog($('log'), st, { art: this.art, onPoint: (x, y) => this.board.pointAt(x, y), onHighlight: (x, y) => (x === null ? this.board.clearHighlight() : this.board.highlight(x, y)) });
    this.renderChat();
    this.renderDecisions();
    if (this.view === 'replay') this.renderReplayBar();
  }

  // The parts that change with the player's own clicks (preview, rotation) as well as states.
  renderDecisions() {
    const st = this.shown();
    if (!st || !this.art) return;
    const deco = this.view === 'game' ? this.turn.decorations() : {};
    deco.recentFrom = this.view === 'game' && st.status !== 'over' ? this.recentFrom : null;
    // The final board keeps the figures as the final scoring found them (it sent them home).
    const ending = st.status === 'over' ? [...(st.log || [])].reverse().find((e) => Array.isArray(e.figures)) : null;
    this.board.render(ending ? { ...st, followers: ending.figures } : st, deco);
    if (this.view === 'game') {
      this.turn.renderCard($('action-card'), st.players);
    } else {
      $('action-card').hidden = true;
    }
    this.renderMechanicPanels(st);
    this.renderBanner();
  }

  // The side cards of the mechanics in play (the bazaar), each in a container of its own.
  renderMechanicPanels(st) {
    const holder = $('mechanic-panels');
    const modules = st ? mechanicsOf(st).filter((m) => m.panel) : [];
    const wanted = new Set(modules.map((m) => m.name || m.names[0]));
    for (const el of [...holder.children]) if (!wanted.has(el.dataset.mechanic)) el.remove();
    for (const m of modules) {
      const key = m.name || m.names[0];
      let container = [...holder.children].find((el) => el.dataset.mechanic === key);
      if (!container) {
        container = h('div', { ...(m.panelAttrs || { class: 'card' }), 'data-mechanic': key, hidden: true });
        holder.append(container);
      }
      m.panel(container, st, { art: this.art, act: (action) => this.turn.act(action), busy: this.turn.busy || this.view !== 'game' });
    }
  }

  renderBanner() {
    const st = this.shown();
    const banner = $('turn-banner');
    banner.className = 'turn-banner';
    const name = (seat) => st.players?.[seat]?.name ?? t('lobby.seatN', { n: seat + 1 });
    let title = t('app.title');
    if (st.status === 'over') {
      const seats = winnerSeats(st);
      const winners = seats.map((seat) => name(seat));
      const best = st.players[seats[0]]?.score;
      banner.textContent = t('app.gameOver', { count: Math.max(1, winners.length), winners: winners.join(' & '), score: best });
      banner.classList.add('over');
    } else if (st.pending) {
      const seat = st.pending.seat;
      const mine = this.turn.actingSeat() !== null;
      clear(banner);
      banner.append(h('span', { class: 'swatch', style: { background: seatColour(seat) } }));
      if (mine) {
        banner.classList.add('mine');
        const several = (st.you || []).length > 1;
        banner.append(several ? t('app.bannerSeat', { name: name(seat), decision: decisionWords(st) }) : t('app.bannerYourTurn', { decision: decisionWords(st) }));
        title = t('app.titleYourTurn');
      } else {
        banner.append(t('app.bannerOther', { name: name(seat), decision: decisionWords(st) }));
      }
      for (const m of mechanicsOf(st)) {
        const note = m.bannerNote?.(st, { art: this.art });
        if (note) banner.append(note);
      }
      if (this.clockDeadline !== null && this.clockDeadline !== undefined && this.view === 'game') {
        banner.append(h('span', { class: 'turn-clock', id: 'turn-clock', 'data-testid': 'turn-clock', title: t('app.clockTitle') }));
        this.tickClock();
      }
      if (this.view === 'replay') banner.append(h('span', { class: 'muted' }, ' ', t('app.replayNote')));
    } else {
      banner.textContent = '';
    }
    if (this.view === 'game') document.title = title;
  }

  tickClock() {
    const el = document.getElementById('turn-clock');
    if (!el || this.clockDeadline === null || this.clockDeadline === undefined) return;
    const seconds = Math.max(0, Math.ceil((this.clockDeadline - performance.now()) / 1000));
    el.textContent = ` · ${t('app.clockLeft', { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` })}`;
    el.dataset.seconds = String(seconds);
    el.classList.toggle('short', seconds <= 10);
  }

  showResults() {
    const st = this.state;
    if (!st || st.status !== 'over') return;
    renderResults($('results'), st);
    $('results-replay').hidden = this.view !== 'game';
    $('results-download').hidden = this.view !== 'game';
    $('results-dialog').hidden = false;
  }

  toast(text, kind = 'info') {
    const el = h('div', { class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status', 'data-testid': 'toast' }, text);
    $('toasts').append(el);
    setTimeout(() => el.classList.add('leaving'), 4500);
    setTimeout(() => el.remove(), 5000);
  }

  // --- the language: the header's switch, and everything drawn again in the language chosen ---------

  bindLanguage() {
    const select = $('language');
    clear(select);
    for (const { code, name } of LANGUAGES) select.append(h('option', { value: code, lang: code, selected: code === language() }, name));
    select.value = language();
    select.addEventListener('change', () => setLanguage(select.value));
    onLanguageChange(() => this.redrawInLanguage());
  }

  redrawInLanguage() {
    $('language').value = language();
    translatePage();
    this.showSound();
    this.renderConnection(this.connShown || { status: this.conn.status });
    // The whole lobby (its form, games, replay card), then the card of the game just created.
    this.lobby.build();
    this.lobby.renderCreated();
    if (this.view === 'lobby') document.title = t('app.title');
    this.renderAll();
    if (!$('results-dialog').hidden) this.showResults();
    const help = document.getElementById('help-dialog');
    if (help && !help.hidden) showRulesHelp(this.shown() || null, this.catalogue);
  }

  // --- buttons and keys --------------------------------------------------------------------------

  showSound() {
    const sound = $('btn-sound');
    sound.setAttribute('aria-pressed', soundOn() ? 'true' : 'false');
    sound.title = soundOn() ? t('app.soundOn') : t('app.soundOff');
  }

  bindChrome() {
    $('zoom-in').addEventListener('click', () => this.board.zoomAt(1.25));
    $('zoom-out').addEventListener('click', () => this.board.zoomAt(0.8));
    $('zoom-fit').addEventListener('click', () => this.board.resetFit());
    $('btn-lobby').addEventListener('click', () => { window.location.hash = ''; });
    $('btn-download').addEventListener('click', () => this.downloadRecord());
    $('btn-results').addEventListener('click', () => this.showResults());
    $('results-close').addEventListener('click', () => { $('results-dialog').hidden = true; });
    $('results-lobby').addEventListener('click', () => { $('results-dialog').hidden = true; window.location.hash = ''; });
    $('results-download').addEventListener('click', () => this.downloadRecord());
    $('results-replay').addEventListener('click', () => this.replayThisGame());
    $('results-dialog').addEventListener('click', (e) => { if (e.target === $('results-dialog')) $('results-dialog').hidden = true; });
    $('conn-retry').addEventListener('click', () => this.conn.retryNow());
    const sound = $('btn-sound');
    sound.addEventListener('click', () => { setSound(!soundOn()); this.showSound(); });
    this.showSound();
    $('chat-form').addEventListener('submit', (e) => { e.preventDefault(); this.sendChat(); });
    $('btn-help').addEventListener('click', () => showRulesHelp(this.shown() || null, this.catalogue));
    $('rp-first').addEventListener('click', () => { this.stopPlaying(); this.showReplayStep(0); });
    $('rp-prev').addEventListener('click', () => { this.stopPlaying(); this.showReplayStep((this.replay?.step || 0) - 1); });
    $('rp-next').addEventListener('click', () => { this.stopPlaying(); this.showReplayStep((this.replay?.step || 0) + 1); });
    $('rp-last').addEventListener('click', () => { this.stopPlaying(); this.showReplayStep(this.replay?.steps || 0); });
    $('rp-play').addEventListener('click', () => this.togglePlay());
    let sliderTimer = null;
    $('rp-slider').addEventListener('input', (e) => {
      this.stopPlaying();
      const step = Number(e.target.value);
      $('rp-step').textContent = `${step} / ${this.replay?.steps || 0}`;
      clearTimeout(sliderTimer);
      sliderTimer = setTimeout(() => this.showReplayStep(step), 60);
    });
    $('side').addEventListener('contextmenu', (e) => {
      if (e.target.closest?.('.hand-tile')) e.preventDefault();
    });

    document.addEventListener('keydown', (event) => {
      const tag = event.target?.tagName;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(tag) || event.ctrlKey || event.metaKey || event.altKey) return;
      // An open dialog takes the keys: Escape closes the topmost one, and nothing reaches the
      // table behind it (a take back there would undo a move the player cannot see).
      const open = [...document.querySelectorAll('.dialog-backdrop')].filter((d) => !d.hidden);
      if (open.length) {
        if (event.key === 'Escape') {
          open[open.length - 1].hidden = true;
          event.preventDefault();
        }
        return;
      }
      if (this.view === 'game' && this.turn.handleKey(event)) {
        event.preventDefault();
        return;
      }
      if (this.view === 'lobby') return;
      if (event.key === '+' || event.key === '=') this.board.zoomAt(1.25);
      else if (event.key === '-') this.board.zoomAt(0.8);
      else if (event.key === 'f' || event.key === 'F') this.board.resetFit();
      else if (this.view === 'replay') {
        const step = this.replay?.step || 0;
        if (event.key === 'ArrowRight') this.showReplayStep(step + 1);
        else if (event.key === 'ArrowLeft') this.showReplayStep(step - 1);
        else if (event.key === 'Home') this.showReplayStep(0);
        else if (event.key === 'End') this.showReplayStep(this.replay?.steps || 0);
        else if (event.key === ' ') this.togglePlay();
        else return;
      } else return;
      event.preventDefault();
    });
  }
}

function saveJson(data, filename) {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(url); a.remove(); }, 1000);
}

window.carcassonneApp = new App();
