// The WebSocket connection to the game server (docs/PROTOCOL.md).
//
// Promise: one socket at a time; requests get an id and `request()` resolves with the reply that
// echoes it (or rejects with the server's `error`, or with code `disconnected` if the socket
// closes first). Messages the server sends on its own (`welcome`, `state`) go to the listeners.
// When the socket drops it reconnects with exponential backoff and tells the listeners, so the
// app can join its games again with its tokens. Nothing here knows any rule of the game.

export const PROTOCOL_VERSION = 2;

const BACKOFF_MS = [300, 700, 1500, 3000, 6000, 10000];

export class ProtocolError extends Error {
  constructor(code, message) {
    super(message || code);
    this.code = code;
  }
}

export class Connection {
  constructor(url) {
    this.url = url;
    this.socket = null;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, type}
    this.listeners = new Map(); // event -> Set(fn)
    this.status = 'idle'; // idle | connecting | open | waiting
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.welcome = null;
    this.latencyMs = null;
  }

  on(event, fn) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(fn);
    return () => this.listeners.get(event).delete(fn);
  }

  emit(event, payload) {
    for (const fn of this.listeners.get(event) || []) {
      try {
        fn(payload);
      } catch (err) {
        console.error(`listener for ${event} failed`, err);
      }
    }
  }

  setStatus(status, detail = {}) {
    this.status = status;
    this.emit('status', { status, ...detail });
  }

  connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setStatus('connecting', { attempt: this.attempt });
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch (err) {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.send({ type: 'hello', protocol: PROTOCOL_VERSION });
    });
    socket.addEventListener('message', (event) => {
      if (this.socket !== socket) return;
      this.handleText(event.data);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      this.failPending();
      this.emit('closed', { code: event.code });
      this.scheduleReconnect();
    });
    socket.addEventListener('error', () => {
      // A 'close' event always follows; reconnecting is handled there.
    });
  }

  scheduleReconnect() {
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const jittered = Math.round(delay * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.setStatus('waiting', { retryInMs: jittered, retryAt: Date.now() + jittered });
    this.retryTimer = setTimeout(() => this.connect(), jittered);
  }

  // Reconnect now instead of waiting out the backoff (the "retry" button).
  retryNow() {
    if (this.status === 'waiting') this.connect();
  }

  failPending() {
    for (const { reject } of this.pending.values()) {
      reject(new ProtocolError('disconnected', 'the connection to the server was lost'));
    }
    this.pending.clear();
  }

  handleText(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      console.warn('server sent invalid JSON', text);
      return;
    }
    if (message === null || typeof message !== 'object') return;

    if (message.id !== undefined && this.pending.has(message.id)) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'error') {
        waiter.reject(new ProtocolError(message.code, message.message));
      } else {
        if (message.type === 'pong' && waiter.sentAt) this.latencyMs = Date.now() - waiter.sentAt;
        waiter.resolve(message);
      }
      return;
    }

    switch (message.type) {
      case 'welcome': {
        const first = this.welcome === null || this.status !== 'open';
        this.welcome = message;
        if (first) {
          this.setStatus('open', { server: message.server });
          clearInterval(this.pingTimer);
          this.pingTimer = setInterval(() => this.ping(), 25000);
          this.emit('open', message);
        }
        break;
      }
      case 'state':
        this.emit('state', message);
        break;
      case 'chat':
        this.emit('chat', message);
        break;
      case 'error':
        this.emit('server-error', message);
        break;
      default:
        this.emit('message', message);
    }
  }

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  // Sends a request and resolves with its reply.
  request(message) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.send({ ...message, id })) {
        reject(new ProtocolError('disconnected', 'not connected to the server'));
        return;
      }
      this.pending.set(id, { resolve, reject, sentAt: Date.now() });
    });
  }

  ping() {
    this.request({ type: 'ping' }).catch(() => {});
  }
}

// The fields a `state` message carries for its connection alone: absent means none.
const MESSAGE_FIELDS = ['you', 'legal', 'actions', 'needs_bridge'];

// The state after a `state` message (docs/PROTOCOL.md, "state"): a whole state (`full`) as it is;
// an update merged into the state held before it: the fields it carries replace those held,
// `board` is spliced in at `board_from`, the log grows by its entries, and the connection's own
// fields are those it carries.
export function mergeState(prev, msg) {
  if (msg.full || !prev) return msg;
  const next = { ...prev, ...msg };
  for (const key of MESSAGE_FIELDS) if (!(key in msg)) delete next[key];
  if ('board_from' in msg) next.board = (prev.board || []).slice(0, msg.board_from).concat(msg.board || []);
  delete next.board_from;
  next.log = (prev.log || []).concat(msg.log || []);
  return next;
}

// The server's address for this page: the same host and port, path /ws.
export function defaultServerUrl(location = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
