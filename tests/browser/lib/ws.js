// A small protocol client for the tests (Node 20's WebSocket, behind --experimental-websocket).
// The tests use it to look at the server's view of a game (as a spectator, or holding a seat
// to read its `legal` list) and compare it with what the page shows. It acts only for seats that
// no page plays (the other player of a test that watches one player's page), through `act()`.

import { mergeState } from '../../../web/protocol.js';

export class Client {
  static async connect(url) {
    const client = new Client(url);
    await client.opened;
    return client;
  }

  constructor(url) {
    this.socket = new WebSocket(url);
    this.nextId = 1;
    this.waiters = new Map();
    this.states = new Map(); // game -> merged state
    this.stateListeners = new Set();
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener('open', resolve, { once: true });
      this.socket.addEventListener('error', () => reject(new Error(`cannot connect to ${url}`)), { once: true });
    });
    this.socket.addEventListener('message', (event) => this.onMessage(JSON.parse(event.data)));
  }

  onMessage(msg) {
    if (msg.id !== undefined && this.waiters.has(msg.id)) {
      const { resolve, reject } = this.waiters.get(msg.id);
      this.waiters.delete(msg.id);
      if (msg.type === 'error') reject(Object.assign(new Error(`${msg.code}: ${msg.message}`), { code: msg.code }));
      else resolve(msg);
      return;
    }
    if (msg.type === 'state' && msg.game) {
      const prev = this.states.get(msg.game);
      const merged = mergeState(prev, msg);
      merged.receivedAt = Date.now(); // for the pacing test: when this version reached us
      this.states.set(msg.game, merged);
      for (const fn of this.stateListeners) fn(merged);
    }
  }

  request(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiters.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  // Creates a game over the protocol (`setup`: the `create` message's fields) and joins it as a
  // spectator. Resolves with the `created` reply ({game, seats: [{seat, token}]}).
  async create(setup) {
    const created = await this.request({ type: 'create', ...setup });
    await this.request({ type: 'join', game: created.game });
    return created;
  }

  // Takes a seat of `game` with its token (a connection may hold several seats of one game).
  async holdSeat(game, token) {
    await this.request({ type: 'join', game, token });
  }

  // Plays `action` for `seat` (a seat this connection holds) on the current version and
  // resolves with the state that follows it.
  async act(game, seat, action) {
    const version = this.states.get(game).version;
    await this.request({ type: 'act', game, seat, action, version });
    return this.waitForState(game, (st) => st.version > version);
  }

  state(game) {
    return this.states.get(game);
  }

  // Resolves with the first state of `game` for which `predicate` holds (now or later).
  waitForState(game, predicate, timeoutMs = 15000) {
    const now = this.states.get(game);
    if (now && predicate(now)) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stateListeners.delete(listener);
        reject(new Error(`timed out waiting for a state of ${game}; last version ${this.states.get(game)?.version}`));
      }, timeoutMs);
      const listener = (st) => {
        if (st.game === game && predicate(st)) {
          clearTimeout(timer);
          this.stateListeners.delete(listener);
          resolve(st);
        }
      };
      this.stateListeners.add(listener);
    });
  }

  close() {
    this.socket.close();
  }
}
