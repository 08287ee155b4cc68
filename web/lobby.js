// The lobby: create a game, hand out the seats' links, list games to watch or rejoin, and open
// a saved record for replay. The form only gathers choices; the server checks them (`create`
// answers `bad_game_setup` with a message, which the form shows). The expansions and rule
// options offered are those of the server's catalogue (its rules registry), nothing else.

import { h, clear, fmtTime } from './dom.js';
import { seatColour } from './tiles.js';
import { tokensFor } from './storage.js';
import { t, num } from './i18n.js';
import { expansionTitle, expansionSummary, optionName, optionSummary, optionValueSummary, optionValueName, optionValueSource, levelTitle, levelSummary, setBotLevels, botTitle } from './names.js';

const DEFAULT_NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay'];
// Besides people and the server's named levels (catalogue `bot_levels`), the bots by their own
// names (the locale's "bot.NAME"), for those who know them.
const OTHER_BOTS = ['random', 'greedy', 'mcts'];

export class Lobby {
  constructor(root, { conn, onJoin, onWatch, onReplay, toast }) {
    this.root = root;
    this.conn = conn;
    this.onJoin = onJoin; // (game, tokens) => void
    this.onWatch = onWatch; // (game) => void
    this.onReplay = onReplay; // (record) => void
    this.toast = toast;
    this.seats = [
      { name: 'Ann', kind: 'human', ms: 1000 },
      // Named after its level once the catalogue (and so the level's title) is known.
      { name: null, kind: 'intermediate', ms: 2000 },
    ];
    this.created = null;
    this.games = null;
    this.catalogue = null; // {expansions, options} from the server
    this.expansions = new Set(); // names of the checked expansions
    this.options = {}; // option name -> chosen value
    this.build();
  }

  setCatalogue(catalogue) {
    this.catalogue = { expansions: catalogue.expansions || [], options: catalogue.options || [], pace: catalogue.pace || { default: 0, max: 5000 }, levels: catalogue.bot_levels || [] };
    setBotLevels(this.catalogue.levels);
    this.renderForm();
    this.renderGames();
  }

  // An option applies when the expansions it needs are all checked.
  optionApplies(option) {
    return (option.expansions || []).every((name) => this.expansions.has(name));
  }

  build() {
    clear(this.root);
    this.formCard = h('section', { class: 'card lobby-card' });
    this.createdCard = h('section', { class: 'card lobby-card created', hidden: true, 'data-testid': 'created-card' });
    this.gamesCard = h('section', { class: 'card lobby-card games' });
    this.root.append(h('div', { class: 'lobby-grid' },
      h('div', { class: 'lobby-col' }, this.formCard),
      h('div', { class: 'lobby-col' }, this.createdCard, this.gamesCard, this.replayCard())));
    this.renderForm();
    this.renderGames();
  }

  // --- the new-game form ---------------------------------------------------------------------

  renderForm() {
    const card = this.formCard;
    clear(card);
    const form = h('form', { 'data-testid': 'create-form', onSubmit: (e) => { e.preventDefault(); this.create(); } });
    form.append(h('h2', {}, t('lobby.newGame')));
    const seatList = h('div', { class: 'seat-list' });
    this.seats.forEach((seat, i) => seatList.append(this.seatRow(seat, i)));
    form.append(seatList);
    form.append(h('div', { class: 'row' },
      h('button', { type: 'button', 'data-testid': 'add-seat', disabled: this.seats.length >= 6, onClick: () => this.addSeat() }, t('lobby.addPlayer')),
      h('span', { class: 'muted' }, t('lobby.playerCount', { count: this.seats.length }))));

    form.append(this.rulesFieldset());
    form.append(this.paceChoice());
    form.append(this.clockChoice());

    const seed = h('input', { type: 'number', min: 0, step: 1, placeholder: t('lobby.seedRandom'), 'data-testid': 'seed', value: this.seed ?? '' });
    seed.addEventListener('input', () => { this.seed = seed.value; });
    const deck = h('textarea', { rows: 2, placeholder: t('lobby.deckPlaceholder'), 'data-testid': 'deck', spellcheck: 'false' });
    deck.value = this.deck || '';
    deck.addEventListener('input', () => { this.deck = deck.value; });
    const start = h('input', { type: 'text', placeholder: 'D', 'data-testid': 'start-tile', value: this.start || '', size: 6 });
    start.addEventListener('input', () => { this.start = start.value; });
    const advanced = h('details', { class: 'advanced', open: Boolean(this.deck || this.start) },
      h('summary', {}, t('lobby.advanced')),
      h('label', { class: 'stack' }, t('lobby.seed'), seed),
      h('label', { class: 'stack' }, t('lobby.deck'), deck),
      h('label', { class: 'stack' }, t('lobby.startTile'), start));
    form.append(advanced);
    this.errorBox = h('div', { class: 'note error', hidden: true, 'data-testid': 'create-error' });
    form.append(this.errorBox);
    form.append(h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary big', 'data-testid': 'create-game' }, t('lobby.create'))));
    card.append(form);
  }

  // Expansion checkboxes and option selects, from the catalogue (titles and one-line summaries).
  rulesFieldset() {
    const fieldset = h('fieldset', { class: 'options', 'data-testid': 'rules-fieldset' }, h('legend', {}, t('lobby.rules')));
    if (!this.catalogue) {
      fieldset.append(h('div', { class: 'muted' }, t('lobby.loadingExpansions')));
      return fieldset;
    }
    const selects = [];
    // An option shows only with the expansions it belongs to (ticking one brings its options).
    const sync = () => {
      for (const { select, option, row } of selects) {
        const applies = this.optionApplies(option);
        select.disabled = !applies;
        row.hidden = !applies;
      }
    };
    for (const expansion of this.catalogue.expansions) {
      if (expansion.base) continue;
      const box = h('input', { type: 'checkbox', id: `expansion-${expansion.name}`, 'data-testid': `expansion-${expansion.name}`, 'data-expansion': expansion.name, checked: this.expansions.has(expansion.name) });
      box.addEventListener('change', () => {
        if (box.checked) this.expansions.add(expansion.name);
        else this.expansions.delete(expansion.name);
        sync();
      });
      fieldset.append(h('label', { class: 'check expansion', title: expansionSummary(expansion), 'data-testid': 'expansion-choice' }, box, ` ${expansionTitle(expansion)}`,
        h('span', { class: 'muted summary' }, ` — ${expansionSummary(expansion)}`)));
    }
    for (const option of this.catalogue.options) {
      const value = this.options[option.name] ?? option.default;
      const select = h('select', { id: `option-${option.name}`, 'data-testid': `option-${option.name}`, 'data-option': option.name, title: optionSummary(option) },
        ...(option.values || []).map((v) => h('option', { value: v.name, selected: v.name === value, title: optionValueSummary(option, v) }, v.name === option.default ? t('lobby.optionDefault', { value: optionValueName(option, v) }) : optionValueName(option, v))));
      const explain = h('div', { class: 'muted summary', 'data-testid': `option-summary-${option.name}` });
      const describe = () => {
        const chosen = (option.values || []).find((v) => v.name === select.value);
        const source = chosen ? optionValueSource(option, chosen) : '';
        explain.textContent = !chosen ? '' : source ? t('lobby.optionExplained', { summary: optionValueSummary(option, chosen), source }) : optionValueSummary(option, chosen);
      };
      select.addEventListener('change', () => { this.options[option.name] = select.value; describe(); });
      describe();
      const row = h('div', { class: 'option-row', 'data-testid': `option-row-${option.name}` },
        h('label', { class: 'inline option', 'data-testid': 'option-choice' }, t('lobby.optionLabel', { name: optionName(option), summary: optionSummary(option) }), ' ', select), explain);
      selects.push({ select, option, row });
      fieldset.append(row);
    }
    sync();
    return fieldset;
  }

  // How fast the bots act: the server waits this long before each bot action (its default first).
  paceChoice() {
    const fallback = this.catalogue?.pace?.default ?? 0;
    const chosen = this.pace ?? fallback;
    const values = [...new Set([0, 400, 700, 1500, fallback])].sort((a, b) => a - b);
    const each = (ms) => (ms === 0 ? t('lobby.paceAtOnce') : t('lobby.pacePerAction', { seconds: ms / 1000 }));
    const label = (ms) => (ms === fallback ? t('lobby.optionDefault', { value: each(ms) }) : each(ms));
    const select = h('select', { 'data-testid': 'pace', 'aria-label': t('lobby.paceAria') },
      ...values.map((ms) => h('option', { value: String(ms), selected: ms === chosen }, label(ms))));
    select.addEventListener('change', () => { this.pace = Number(select.value); });
    return h('label', { class: 'inline option pace', 'data-testid': 'pace-choice' },
      t('lobby.pace'), ' ', select);
  }

  // An optional turn clock: a human's decision left this long is played by the greedy bot.
  clockChoice() {
    const values = [[0, t('lobby.clockNone')], [30, t('lobby.clockSeconds', { count: 30 })], [60, t('lobby.clockMinutes', { count: 1 })], [120, t('lobby.clockMinutes', { count: 2 })], [300, t('lobby.clockMinutes', { count: 5 })]];
    const select = h('select', { 'data-testid': 'clock', 'aria-label': t('lobby.clockAria') },
      ...values.map(([seconds, label]) => h('option', { value: String(seconds), selected: seconds === (this.clock ?? 0) }, label)));
    select.addEventListener('change', () => { this.clock = Number(select.value); });
    return h('label', { class: 'inline option clock', 'data-testid': 'clock-choice' },
      t('lobby.clock'), ' ', select);
  }

  // The seat kinds: a person, the levels weakest first, then the bots by name.
  kinds() {
    const levels = (this.catalogue?.levels || []).map((level) => ({ value: level.name, name: levelTitle(level), label: t('lobby.botKind', { name: levelTitle(level) }), title: levelSummary(level), timed: level.timed }));
    return [{ value: 'human', label: t('lobby.human') }, ...levels,
      ...OTHER_BOTS.map((value) => ({ value, name: t(`bot.${value}`), label: t('lobby.botKind', { name: t(`bot.${value}`) }), timed: value === 'mcts' }))];
  }

  seatRow(seat, i) {
    const kinds = this.kinds();
    const timed = (value) => Boolean(kinds.find((k) => k.value === value)?.timed);
    // A seat named by default (a default name, or a bot's) takes the name of the bot chosen for it.
    const botName = (k) => (k.name || k.value).replace(/^./, (c) => c.toUpperCase());
    const names = [...DEFAULT_NAMES, ...kinds.map(botName)];
    if (seat.name === null && this.catalogue) seat.name = botName(kinds.find((k) => k.value === seat.kind) || { value: seat.kind });
    const name = h('input', { type: 'text', value: seat.name ?? '', maxlength: 24, 'data-testid': `seat-name-${i}`, 'aria-label': t('lobby.seatNameAria', { n: i + 1 }), required: true });
    name.addEventListener('input', () => { seat.name = name.value; });
    const kind = h('select', { 'data-testid': `seat-kind-${i}`, 'aria-label': t('lobby.seatKindAria', { n: i + 1 }) },
      ...kinds.map((k) => h('option', { value: k.value, selected: seat.kind === k.value, title: k.title || '' }, k.label)));
    const ms = h('input', { type: 'number', min: 50, max: 10000, step: 50, value: seat.ms, class: 'ms', 'data-testid': `seat-ms-${i}`, title: t('lobby.thinkingTime'), hidden: !timed(seat.kind) });
    ms.addEventListener('input', () => { seat.ms = Number(ms.value); });
    kind.addEventListener('change', () => {
      seat.kind = kind.value;
      seat.timed = timed(seat.kind);
      ms.hidden = !seat.timed;
      unit.hidden = ms.hidden;
      const chosen = kinds.find((k) => k.value === seat.kind);
      if (seat.kind !== 'human' && names.includes(seat.name) && chosen) { seat.name = botName(chosen); name.value = seat.name; }
    });
    seat.timed = timed(seat.kind);
    const unit = h('span', { class: 'ms-unit muted', hidden: !timed(seat.kind) }, t('lobby.ms'));
    const remove = h('button', { type: 'button', class: 'icon-button', title: t('lobby.removePlayer'), 'data-testid': `remove-seat-${i}`, disabled: this.seats.length <= 2, onClick: () => this.removeSeat(i) }, '✕');
    return h('div', { class: 'seat-row', 'data-testid': 'seat-row' },
      h('span', { class: 'swatch big', style: { background: seatColour(i) } }), name, kind, ms, unit, remove);
  }

  addSeat() {
    if (this.seats.length >= 6) return;
    this.seats.push({ name: DEFAULT_NAMES[this.seats.length] || t('lobby.playerN', { n: this.seats.length + 1 }), kind: 'human', ms: 2000 });
    this.renderForm();
  }

  removeSeat(i) {
    if (this.seats.length <= 2) return;
    this.seats.splice(i, 1);
    this.renderForm();
  }

  request() {
    const players = this.seats.map((seat) => {
      if (seat.kind === 'human') return { name: (seat.name ?? '').trim(), seat: 'human' };
      // A timed level or the MCTS bot thinks for the chosen time; the others are their name.
      const bot = seat.timed ? `${seat.kind}:ms=${Math.round(seat.ms || 1000)}` : seat.kind;
      return { name: (seat.name ?? '').trim(), seat: 'bot', bot };
    });
    const msg = { type: 'create', players };
    const catalogue = this.catalogue || { expansions: [], options: [] };
    msg.expansions = catalogue.expansions.filter((e) => !e.base && this.expansions.has(e.name)).map((e) => e.name);
    msg.rules = {};
    for (const option of catalogue.options) {
      if (this.optionApplies(option)) msg.rules[option.name] = this.options[option.name] ?? option.default;
    }
    if (this.pace !== undefined) msg.pace = this.pace;
    if (this.clock) msg.clock = this.clock;
    if (this.seed !== undefined && String(this.seed).trim() !== '') msg.seed = Number(this.seed);
    const deck = (this.deck || '').split(/[\s,]+/).map((t) => t.trim()).filter(Boolean);
    if (deck.length) msg.deck = deck;
    if ((this.start || '').trim()) msg.start = this.start.trim();
    return msg;
  }

  async create() {
    this.errorBox.hidden = true;
    const msg = this.request();
    try {
      const reply = await this.conn.request(msg);
      this.created = { game: reply.game, seats: reply.seats || [], players: msg.players };
      this.renderCreated();
      this.refresh();
    } catch (err) {
      this.errorBox.hidden = false;
      this.errorBox.textContent = t('lobby.createFailed', { reason: err.message || err.code });
    }
  }

  renderCreated() {
    const card = this.createdCard;
    clear(card);
    const c = this.created;
    if (!c) {
      card.hidden = true;
      return;
    }
    card.hidden = false;
    card.dataset.game = c.game;
    const [before, after] = t('lobby.gameReady', { game: '\u0000' }).split('\u0000');
    card.append(h('h2', {}, before, h('code', { 'data-testid': 'created-game-id' }, c.game), after));
    if (!c.seats.length) {
      card.append(h('p', {}, t('lobby.onlyBots')));
    } else {
      card.append(h('p', { class: 'muted' }, t('lobby.giveLinks')));
    }
    const list = h('div', { class: 'links' });
    for (const { seat, token } of c.seats) {
      const url = joinUrl(c.game, token);
      const input = h('input', { type: 'text', readonly: true, value: url, 'data-testid': `join-link-${seat}`, onFocus: (e) => e.target.select() });
      const copy = h('button', { type: 'button', 'data-testid': `copy-link-${seat}`, onClick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = t('lobby.copied');
        } catch {
          input.select();
          document.execCommand?.('copy');
          copy.textContent = t('lobby.copied');
        }
        setTimeout(() => { copy.textContent = t('lobby.copy'); }, 1500);
      } }, t('lobby.copy'));
      list.append(h('div', { class: 'link-row' },
        h('span', { class: 'swatch', style: { background: seatColour(seat) } }),
        h('span', { class: 'link-name' }, c.players[seat]?.name ?? t('lobby.seatN', { n: seat + 1 })),
        input, copy,
        h('a', { href: url, target: '_blank', rel: 'noopener', class: 'button-like', 'data-testid': `open-link-${seat}` }, t('lobby.open'))));
    }
    card.append(list);
    const row = h('div', { class: 'row' });
    if (c.seats.length) {
      row.append(h('button', { class: 'primary', 'data-testid': 'hotseat', onClick: () => this.onJoin(c.game, c.seats.map((s) => s.token)) },
        c.seats.length > 1 ? t('lobby.hotseat') : t('lobby.playHere')));
    }
    row.append(h('button', { 'data-testid': 'watch-created', onClick: () => this.onWatch(c.game) }, t('lobby.watch')));
    card.append(row);
    card.scrollIntoView?.({ block: 'nearest' });
  }

  // --- games list ----------------------------------------------------------------------------

  async refresh() {
    try {
      const reply = await this.conn.request({ type: 'list' });
      this.games = reply.games || [];
    } catch (err) {
      this.games = null;
      this.listError = err.message || err.code;
    }
    this.renderGames();
  }

  renderGames() {
    const card = this.gamesCard;
    clear(card);
    card.append(h('div', { class: 'card-head' }, h('h2', {}, t('lobby.games')),
      h('button', { 'data-testid': 'refresh-games', onClick: () => this.refresh(), title: t('lobby.refreshTitle') }, t('lobby.refresh'))));
    if (this.games === null) {
      card.append(h('p', { class: 'muted' }, this.listError ? t('lobby.listFailed', { reason: this.listError }) : t('lobby.loading')));
      return;
    }
    if (!this.games.length) {
      card.append(h('p', { class: 'muted' }, t('lobby.noGames')));
      return;
    }
    const list = h('div', { class: 'game-list', 'data-testid': 'games-list' });
    for (const g of this.games) {
      const mine = tokensFor(g.game);
      const players = h('div', { class: 'game-players' }, ...g.players.map((p) => h('span', { class: 'game-player' },
        h('span', { class: 'swatch', style: { background: seatColour(p.seat) } }),
        h('span', { class: 'name', 'data-user-text': '' }, p.name),
        p.kind === 'bot' ? h('span', { class: 'muted', 'data-testid': 'game-player-bot' }, ` (${p.bot ? botTitle(p.bot) : t('lobby.bot')})`) : p.online ? h('span', { class: 'online-dot online', title: t('lobby.online') }) : null)));
      const actions = h('div', { class: 'row' });
      if (mine.length && g.status !== 'over') actions.append(h('button', { class: 'primary small', 'data-testid': `rejoin-${g.game}`, onClick: () => this.onJoin(g.game, mine) }, t('lobby.rejoin')));
      actions.append(h('button', { class: 'small', 'data-testid': `watch-${g.game}`, onClick: () => this.onWatch(g.game) }, g.status === 'over' ? t('lobby.view') : t('lobby.watch')));
      list.append(h('div', { class: `game-item status-${g.status}`, 'data-testid': 'game-item', 'data-game': g.game, 'data-status': g.status },
        h('div', { class: 'game-meta' },
          h('code', {}, g.game),
          h('span', { class: `status-badge ${g.status}` }, t(`lobby.status.${g.status}`)),
          h('span', { class: 'muted', 'data-testid': 'game-expansions' }, this.expansionTitles(g.expansions)),
          h('span', { class: 'muted' }, t('lobby.tilesLeft', { count: g.tiles_left })),
          g.chosen_order ? h('span', { class: 'status-badge chosen-order', 'data-testid': 'chosen-order' }, t(`lobby.chosenOrder.${g.chosen_order}`)) : null,
          h('span', { class: 'muted' }, fmtTime(g.created))),
        players, actions));
    }
    card.append(list);
  }

  expansionTitles(names) {
    if (!names || !names.length) return t('lobby.baseGame');
    const byName = new Map((this.catalogue?.expansions || []).map((e) => [e.name, e]));
    return names.map((name) => (byName.has(name) ? expansionTitle(byName.get(name)) : name)).join(' + ');
  }

  // --- replay ---------------------------------------------------------------------------------

  replayCard() {
    const input = h('input', { type: 'file', accept: '.json,application/json', 'data-testid': 'load-record', id: 'load-record' });
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      if (!file) return;
      try {
        const data = JSON.parse(await file.text());
        const record = data && typeof data === 'object' && data.record && typeof data.record === 'object' ? data.record : data;
        this.onReplay(record, file.name);
      } catch (err) {
        this.toast(t('lobby.notARecord', { reason: err.message }), 'error');
      }
      input.value = '';
    });
    return h('section', { class: 'card lobby-card' },
      h('h2', {}, t('lobby.replayTitle')),
      h('p', { class: 'muted' }, t('lobby.replayText')),
      h('label', { class: 'file-button' }, input, t('lobby.loadRecord')));
  }
}


export function joinUrl(game, token) {
  const base = `${window.location.origin}${window.location.pathname}`;
  return `${base}#game=${encodeURIComponent(game)}&token=${encodeURIComponent(token)}`;
}
