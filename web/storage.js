// Seat tokens remembered in localStorage, so that reloading the page (or coming back later)
// restores the seats this browser holds. A token is the only key to a seat: it stays on this
// machine and is sent only to the server, in `join`.

const KEY = 'carcassonne.tokens.v1';

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || '{}');
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // storage full or disabled: the seat is then kept only while the page is open
  }
}

export function tokensFor(game) {
  const entry = load()[game];
  return Array.isArray(entry?.tokens) ? entry.tokens.filter((t) => typeof t === 'string') : [];
}

export function rememberTokens(game, tokens) {
  const data = load();
  const known = new Set(tokensFor(game));
  for (const t of tokens) known.add(t);
  data[game] = { tokens: [...known], at: Date.now() };
  // Keep the 50 most recent games.
  const games = Object.entries(data).sort((a, b) => (b[1].at || 0) - (a[1].at || 0)).slice(0, 50);
  save(Object.fromEntries(games));
}

export function forgetToken(game, token) {
  const data = load();
  if (!data[game]) return;
  data[game].tokens = tokensFor(game).filter((t) => t !== token);
  if (!data[game].tokens.length) delete data[game];
  save(data);
}

// Whether this player confirms each turn: placement, bridge and figure can be taken back until
// "End turn" (on unless switched off).
const TAKE_BACK_KEY = 'carcassonne.takeBack';

export function takeBackOn() {
  try {
    return localStorage.getItem(TAKE_BACK_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setTakeBack(on) {
  try {
    localStorage.setItem(TAKE_BACK_KEY, on ? 'on' : 'off');
  } catch {
    // storage disabled: the choice lasts while the page is open
  }
}

// Whether the page plays a sound when it becomes this player's turn (on unless switched off).
const SOUND_KEY = 'carcassonne.sound';

export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // storage disabled
  }
}
