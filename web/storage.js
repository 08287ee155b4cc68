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

// The player's preferences, each on unless switched off: take back (placement, bridge and
// figure can be changed until "End turn") and the sound when it becomes this player's turn.
function preference(key) {
  return {
    on() {
      try {
        return localStorage.getItem(key) !== 'off';
      } catch {
        return true;
      }
    },
    set(on) {
      try {
        localStorage.setItem(key, on ? 'on' : 'off');
      } catch {
        // storage disabled: the choice lasts while the page is open
      }
    },
  };
}

const takeBack = preference('carcassonne.takeBack');
const sound = preference('carcassonne.sound');
export const takeBackOn = () => takeBack.on();
export const setTakeBack = (on) => takeBack.set(on);
export const soundOn = () => sound.on();
export const setSound = (on) => sound.set(on);
