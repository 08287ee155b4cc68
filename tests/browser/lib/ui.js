// Driving and reading the web app the way a player does: clicks, keys, what is on screen.

import assert from 'node:assert/strict';
import { logText } from '../../../web/narration.js';

const tid = (id) => `[data-testid="${id}"]`;

// Fills the lobby form and creates a game. `seats`: [{name, kind}] (kind: human|random|greedy|mcts).
// `expansions`: the expansion names to check (default: BCB alone, or none with `bcb: false`).
export async function createGame(page, { seats, bcb = true, expansions, bazaar = 'auction', seed, deck, start, pace, clock }) {
  await page.waitForSelector(`${tid('connection-status')}[data-status="open"]`);
  // The form starts with two seats; add or remove to match.
  let rows = await page.locator(tid('seat-row')).count();
  while (rows < seats.length) {
    await page.click(tid('add-seat'));
    rows++;
  }
  while (rows > seats.length) {
    await page.click(tid(`remove-seat-${rows - 1}`));
    rows--;
  }
  for (const [i, seat] of seats.entries()) {
    await page.selectOption(tid(`seat-kind-${i}`), seat.kind);
    await page.fill(tid(`seat-name-${i}`), seat.name);
  }
  const wanted = expansions || (bcb ? ['bcb'] : []);
  await page.waitForSelector('[data-testid="expansion-choice"]');
  for (const box of await page.locator('input[data-expansion]').all()) {
    const name = await box.getAttribute('data-expansion');
    if ((await box.isChecked()) !== wanted.includes(name)) await box.click();
  }
  const bazaarRule = page.locator(tid('option-bazaar'));
  if (wanted.includes('bcb') && (await bazaarRule.count()) && (await bazaarRule.isEnabled())) await page.selectOption(tid('option-bazaar'), bazaar);
  if (pace !== undefined) await page.selectOption(tid('pace'), String(pace));
  if (clock !== undefined) await page.selectOption(tid('clock'), String(clock));
  if (seed !== undefined || deck || start) {
    await page.click('details.advanced summary');
    if (seed !== undefined) await page.fill(tid('seed'), String(seed));
    if (deck) await page.fill(tid('deck'), deck.join(' '));
    if (start) await page.fill(tid('start-tile'), start);
  }
  await page.click(tid('create-game'));
  await page.waitForSelector(tid('created-card'));
  const game = await page.textContent(tid('created-game-id'));
  const links = {};
  for (const [i, seat] of seats.entries()) {
    if (seat.kind !== 'human') continue;
    links[i] = await page.inputValue(tid(`join-link-${i}`));
  }
  return { game, links };
}

export function tokenOf(link) {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token');
}

// Waits until the page shows exactly version `version` of the game.
export async function waitForVersion(page, version) {
  await page.waitForSelector(`${tid('game-view')}[data-version="${version}"]`);
}

// What the page shows, in numbers, for comparison with the server's state.
export async function readView(page) {
  return page.evaluate(() => {
    const q = (sel) => document.querySelectorAll(sel);
    const players = [...q('[data-testid^="player-"][data-seat]')].map((el) => ({
      seat: Number(el.dataset.seat),
      score: Number(el.querySelector('[data-testid="player-score"]').textContent),
      pending: el.dataset.pending === 'true',
      followers: Number(el.querySelector('[data-testid="player-followers"]')?.textContent.replace('×', '')),
      online: el.querySelector('[data-testid="online-dot"]')?.dataset.online,
    }));
    const gv = document.querySelector('[data-testid="game-view"]');
    return {
      version: Number(gv.dataset.version),
      status: gv.dataset.status,
      pendingSeat: gv.dataset.pendingSeat === '' ? null : Number(gv.dataset.pendingSeat),
      tilesLeft: Number(document.querySelector('[data-testid="tiles-left"]')?.textContent),
      boardTiles: q('[data-testid="board-tile"]').length,
      followers: q('[data-testid="follower"]').length,
      bridges: q('[data-testid="board-bridge"]').length,
      castles: q('[data-testid="board-castle"]').length,
      occupiedCastles: q('[data-testid="board-castle"][data-occupied="true"]').length,
      logEntries: q('[data-testid="log-entry"]').length,
      // (a tile's picture read as "[ID]")
      lastLog: (() => {
        const text = [...q('[data-testid="log-entry"] .log-text')].pop()?.cloneNode(true);
        for (const svg of text?.querySelectorAll('svg[data-tile]') || []) svg.replaceWith(`[${svg.dataset.tile}]`);
        return text ? text.textContent : null;
      })(),
      players,
    };
  });
}

// The page agrees with the server's state.
export async function assertMatches(page, st, label = '') {
  const view = await readView(page);
  const where = `${label} (version ${st.version})`;
  assert.equal(view.version, st.version, `version ${where}`);
  assert.equal(view.boardTiles, st.board.length, `tiles on the board ${where}`);
  assert.equal(view.tilesLeft, st.deck.left, `tiles left ${where}`);
  // The castles are in the state only with the castles mechanic.
  const castles = st.castles ?? [];
  const inCastles = castles.filter((c) => c.occupied).length;
  assert.equal(view.occupiedCastles, inCastles, `occupied castles ${where}`);
  // Once over, the board keeps the figures the final scoring counted (the game-over log entry's).
  const ending = st.status === 'over' ? [...st.log].reverse().find((e) => Array.isArray(e.figures)) : null;
  const figures = ending ? ending.figures.filter((f) => f.feature !== 'castle').length + inCastles : st.followers.length;
  assert.equal(view.followers + inCastles, figures, `followers on the board (${inCastles} in castles) ${where}`);
  assert.equal(view.bridges, st.board.filter((t) => t.bridge).length, `bridges ${where}`);
  assert.equal(view.castles, castles.length, `castles ${where}`);
  assert.equal(view.logEntries, st.log.length, `log entries ${where}`);
  // (in the page's words, English: the server's `say` as the page tells it, tiles as pictures)
  if (st.log.length) assert.equal(view.lastLog.trim(), logText(st.log[st.log.length - 1], (id) => `[${id}]`), `newest log entry ${where}`);
  assert.deepEqual(view.players.map((p) => p.score), st.players.map((p) => p.score), `scores ${where}`);
  assert.deepEqual(view.players.map((p) => p.followers), st.players.map((p) => p.followers), `followers in supply ${where}`);
  assert.equal(view.pendingSeat, st.pending ? st.pending.seat : null, `pending seat ${where}`);
  for (const p of view.players) assert.equal(p.pending, Boolean(st.pending && st.pending.seat === p.seat), `highlight of seat ${p.seat} ${where}`);
  return view;
}

// Every action the page offers for the current decision (placements as squares). When several
// kinds of figure may be deployed, the board shows the spots of the chosen kind only (and a
// deployment through a magic portal is a board spot only; the fairy's options are board options
// only): every other figure-choice button of
// the card is clicked in turn and the spots of each kind are collected; then the kind chosen before
// is chosen again, so the page is left as it was.
export async function offered(page) {
  const read = () => page.evaluate(() => {
    const actions = new Set();
    for (const el of document.querySelectorAll('[data-testid="meeple-spot"], [data-testid="bridge-option"], [data-testid="claim-spot"], [data-testid="fairy-option"], [data-testid="fairy-spot"], [data-testid="action-card"] button[data-action], [data-testid="bazaar-panel"] [data-action]')) {
      if (el.dataset.action && !el.dataset.action.startsWith('bid ')) actions.add(el.dataset.action);
    }
    const input = document.querySelector('[data-testid="bazaar-bid-amount"]');
    const squares = [...document.querySelectorAll('[data-testid="board-position"]')].map((el) => ({
      x: Number(el.dataset.x), y: Number(el.dataset.y), needsBridge: el.dataset.needsBridge,
    }));
    const choices = [...document.querySelectorAll('[data-testid^="figure-choice-"]')];
    const figures = choices.filter((el) => el.getAttribute('aria-checked') !== 'true').map((el) => el.dataset.figure);
    const chosen = choices.find((el) => el.getAttribute('aria-checked') === 'true')?.dataset.figure ?? null;
    return { actions: [...actions], bids: input ? { min: Number(input.min), max: Number(input.max) } : null, squares, figures, chosen };
  });
  const first = await read();
  const actions = new Set(first.actions);
  const choose = async (figure) => {
    const choice = `[data-testid="figure-choice-${figure}"]`;
    await page.click(choice);
    await page.waitForSelector(`${choice}[aria-checked="true"]`);
  };
  for (const figure of first.figures) {
    await choose(figure);
    for (const a of (await read()).actions) actions.add(a);
  }
  if (first.figures.length && first.chosen) await choose(first.chosen);
  return { actions: [...actions].sort(), bids: first.bids, squares: first.squares };
}

// The page offers exactly the server's legal actions.
export async function assertOffersLegal(page, st) {
  const offer = await offered(page);
  const places = st.legal.filter((a) => a.startsWith('place '));
  const squares = new Map();
  for (const a of places) {
    const [, x, y] = /^place (-?\d+),(-?\d+)/.exec(a);
    const key = `${x},${y}`;
    if (!squares.has(key)) squares.set(key, []);
    squares.get(key).push(a);
  }
  const shownSquares = offer.squares.map((q) => `${q.x},${q.y}`).sort();
  assert.deepEqual(shownSquares, [...squares.keys()].sort(), `highlighted squares = legal squares (version ${st.version})`);
  for (const q of offer.squares) {
    const options = squares.get(`${q.x},${q.y}`);
    const n = options.filter((a) => (st.needs_bridge || []).includes(a)).length;
    const expected = n === 0 ? 'none' : n === options.length ? 'all' : 'some';
    assert.equal(q.needsBridge, expected, `needs-bridge mark of ${q.x},${q.y}`);
  }
  const others = st.legal.filter((a) => !a.startsWith('place ') && !a.startsWith('bid ')).sort();
  assert.deepEqual(offer.actions, others, `actions on offer = legal actions (version ${st.version})`);
  const bids = st.legal.filter((a) => a.startsWith('bid ')).map((a) => Number(a.slice(4)));
  if (bids.length) {
    assert.ok(offer.bids, 'a bid input is shown');
    assert.equal(offer.bids.min, Math.min(...bids), 'lowest bid offered');
    assert.equal(offer.bids.max, Math.max(...bids), 'highest bid offered');
  } else {
    assert.equal(offer.bids, null, 'no bid input when bidding is not legal');
  }
  return offer;
}

// Places the tile in hand by clicking the square, turning the preview (by button, R key or right
// click, in turn) through every rotation the page offers there, checking they are exactly
// `legalRotations` (the legal placements there, one of each look of the tile: squaresOf() with
// looks()), then turning on to the wanted one and confirming (Enter, button or board button).
export async function placeTile(page, action, legalRotations, style = 0) {
  const [, x, y] = /^place (-?\d+),(-?\d+) r(\d+)$/.exec(action);
  // With a single square to choose from the page previews the tile there at once (covering
  // the square): nothing to click then.
  const shown = await page.$eval(tid('preview-tile'), (el) => el.dataset.action).catch(() => null);
  if (!shown || !shown.startsWith(`place ${x},${y} `)) await clickVisible(page, `[data-testid="board-position"][data-x="${x}"][data-y="${y}"]`);
  const preview = page.locator(tid('preview-tile'));
  await preview.waitFor();
  let turns = 0;
  const turn = async () => {
    const before = await preview.getAttribute('data-action');
    const how = (style + turns++) % 3;
    if (how === 0) await page.click(tid('rotate'));
    else if (how === 1) await page.keyboard.press('r');
    else await preview.click({ button: 'right' });
    await page.waitForFunction(([sel, old]) => document.querySelector(sel)?.dataset.action !== old, [tid('preview-tile'), before]);
    return preview.getAttribute('data-action');
  };
  const seen = [await preview.getAttribute('data-action')];
  for (let i = 1; i < legalRotations.length; i++) seen.push(await turn());
  assert.deepEqual([...seen].sort(), [...legalRotations].sort(), `turning the tile at ${x},${y} shows exactly the legal rotations`);
  if (legalRotations.length > 1) assert.equal(await turn(), seen[0], 'turning goes round');
  else assert.ok(await page.locator(tid('rotate')).isDisabled(), 'nothing to turn with one legal rotation');
  while ((await preview.getAttribute('data-action')) !== action) await turn();
  if (style % 3 === 0) await page.keyboard.press('Enter');
  else if (style % 3 === 1) await page.click(tid('confirm-place'));
  else await page.click(tid('board-confirm'));
}

// Clicks a point of the element that is really on top there (as a person would click the
// visible part of a bridge that has a follower spot in its middle).
export async function clickVisible(page, selector, options = {}) {
  const point = await visiblePoint(page, selector);
  assert.ok(point, `some part of ${selector} can be clicked`);
  await page.mouse.click(point.x, point.y, options);
}

// A point of the element where it is on top (null when it is covered everywhere). An option on
// the board outside its visible part (the board keeps a minimum tile size and pans rather than
// shrinks) is first brought into view by dragging the board, as a player would.
export async function visiblePoint(page, selector) {
  const point = await pointOnTop(page, selector);
  if (point || !(await panToward(page, selector))) return point;
  return pointOnTop(page, selector);
}

// Drags the board so that the element's centre comes to the middle of the board's visible area,
// when the element is on the board and not wholly inside that area. Whether it dragged.
export async function panToward(page, selector) {
  const move = await page.locator(selector).first().evaluate((node) => {
    const svg = node.closest('svg.board-svg');
    if (!svg) return null;
    const area = svg.getBoundingClientRect();
    const view = { left: Math.max(area.left, 0) + 16, top: Math.max(area.top, 0) + 56, right: Math.min(area.right, window.innerWidth) - 58, bottom: Math.min(area.bottom, window.innerHeight) - 16 };
    const box = node.getBoundingClientRect();
    if (box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom) return null;
    const from = { x: (view.left + view.right) / 2, y: (view.top + view.bottom) / 2 };
    return { from, dx: from.x - (box.left + box.width / 2), dy: from.y - (box.top + box.height / 2) };
  });
  if (!move) return false;
  await page.mouse.move(move.from.x, move.from.y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(move.from.x + (move.dx * i) / 5, move.from.y + (move.dy * i) / 5);
  await page.mouse.up();
  await page.waitForTimeout(300); // a drag is no click: the board ignores clicks for 250 ms after one
  return true;
}

async function pointOnTop(page, selector) {
  const el = page.locator(selector);
  await el.waitFor();
  // The board may still be gliding to its new fit (a CSS transition): aim once it has settled.
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'));
  return el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const fractions = [0.5, 0.3, 0.7, 0.15, 0.85, 0.08, 0.92];
    for (const fy of fractions) {
      for (const fx of fractions) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (hit && node.contains(hit)) return { x, y };
      }
    }
    return null;
  });
}

// Clicks the board's option for `action` (`selector`); when the board is zoomed so far out that
// other spots cover it everywhere, clicks the card's button for the same action instead (as a
// player would), if the card has one, else chooses the option with the keyboard (board options
// take the focus: Enter chooses the focused one, as a keyboard user would). `page.cardFallbacks`
// counts both.
async function clickBoard(page, selector, action) {
  const point = await visiblePoint(page, selector);
  if (!point) {
    const button = `${tid('action-card')} button[data-action="${action}"]`;
    page.cardFallbacks = (page.cardFallbacks || 0) + 1;
    if (await page.locator(button).count()) return page.click(button);
    const option = page.locator(selector).first();
    await option.focus();
    return page.keyboard.press('Enter');
  }
  return page.mouse.click(point.x, point.y);
}

// Makes any other decision by clicking what the page shows for it.
export async function decide(page, action, style = 0) {
  const verb = action.split(' ')[0];
  if (['meeple', 'large', 'mayor', 'wagon', 'builder', 'pig', 'barn'].includes(verb)) {
    // The spots deploy the figure chosen in the card (shown when several kinds may go).
    const figure = verb;
    const choice = page.locator(tid(`figure-choice-${figure}`));
    if ((await choice.count()) && (await choice.getAttribute('aria-checked')) !== 'true') await choice.click();
    return clickBoard(page, `[data-testid="meeple-spot"][data-action="${action}"]`, action);
  }
  if (action.startsWith('bridge ')) return clickBoard(page, `[data-testid="bridge-option"][data-action="${action}"]`, action);
  if (action.startsWith('claim ')) return clickBoard(page, `[data-testid="claim-spot"][data-action="${action}"]`, action);
  if (action.startsWith('choose ')) return page.click(`[data-testid="bazaar-choose"][data-action="${action}"]`);
  if (action.startsWith('bid ')) {
    await page.fill(tid('bazaar-bid-amount'), action.slice(4));
    return page.click(tid('bazaar-bid'));
  }
  if (action === 'skip') return style % 2 ? page.keyboard.press('s') : page.click(tid('skip'));
  // Abbey & Mayor: a hole for the abbey, the draw, the wagon's destinations.
  if (verb === 'abbey') return clickBoard(page, `[data-testid="abbey-option"][data-action="${action}"]`, action);
  if (action === 'draw') return page.click(tid('abbey-draw'));
  if (verb === 'move') return clickBoard(page, `[data-testid="wagon-move-spot"][data-action="${action}"]`, action);
  // Princess & Dragon: the dragon's steps, the fairy (a tile or a spot), the princess.
  if (verb === 'dragon') return clickBoard(page, `[data-testid="dragon-option"][data-action="${action}"]`, action);
  if (verb === 'fairy') return clickBoard(page, `[data-testid="fairy-option"][data-action="${action}"], [data-testid="fairy-spot"][data-action="${action}"]`, action);
  if (verb === 'princess') return clickBoard(page, `[data-testid="princess-spot"][data-action="${action}"]`, action);
  if (action === 'pass') {
    // A bid's pass, a wagon staying home or an abbey kept: whichever the page shows.
    return page.click(`${tid('bazaar-pass')}, ${tid('wagon-pass')}, ${tid('abbey-pass')}`);
  }
  if (['buy', 'sell'].includes(action)) return page.click(tid(`bazaar-${action}`));
  return page.click(tid(action)); // castle, score, discard
}
