// (c) Hotseat and watching: two human seats played on one page ("play all human seats here"),
// with a random bot in between, while a second browser finds the game in the lobby's list and
// watches it as a spectator (it sees every move and is offered none).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, waitForVersion, assertMatches, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

test('hotseat play on one page while a spectator watches from the lobby', async () => {
  const { browser, client } = suite;
  const host = await newPage(browser, 'hotseat');
  const watcher = await newPage(browser, 'watcher');
  await host.goto(`${serverUrl()}/`);
  const deck = ['V', 'U', 'E', 'K', 'B', 'J', 'U'];
  const { game } = await createGame(host, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Randy', kind: 'random' }, { name: 'Bob', kind: 'human' }],
    bcb: false, deck,
  });
  await host.click('[data-testid="hotseat"]');
  await client.request({ type: 'join', game });

  // The watcher finds the game in the list and watches it.
  await watcher.goto(`${serverUrl()}/`);
  await watcher.click('[data-testid="refresh-games"]');
  await watcher.click(`[data-testid="watch-${game}"]`);
  await watcher.waitForSelector('[data-testid="watching-badge"]:not([hidden])');

  const held = await host.$$eval('[data-testid^="player-"][data-seat]', (els) => els.filter((el) => el.querySelector('.badge.you')).map((el) => Number(el.dataset.seat)));
  assert.deepEqual(held, [0, 2], 'the hotseat page holds both human seats');

  let moves = 0;
  const seatsPlayed = new Set();
  for (;;) {
    const st = await client.waitForState(game, (s) => s.status === 'over' || (s.pending && s.pending.seat !== 1));
    for (const page of [host, watcher]) {
      await waitForVersion(page, st.version);
      await assertMatches(page, st, `move ${moves}`);
    }
    if (st.status === 'over') break;
    assert.equal(await watcher.locator('[data-testid="board-position"], [data-testid="meeple-spot"]').count(), 0, 'the spectator is offered nothing');
    const name = st.players[st.pending.seat].name;
    assert.match(await host.textContent('[data-testid="turn-banner"]'), new RegExp(`^${name}: `), 'the banner names the seat to play');
    seatsPlayed.add(st.pending.seat);
    if (st.pending.phase === 'place') {
      const square = host.locator('[data-testid="board-position"]').last();
      await clickVisible(host, `[data-testid="board-position"][data-x="${await square.getAttribute('data-x')}"][data-y="${await square.getAttribute('data-y')}"]`);
      await host.click('[data-testid="board-confirm"]');
    } else {
      await host.click('[data-testid="skip"]');
    }
    moves++;
    if (moves === 4) await screenshot(watcher, 'c-spectator');
    await client.waitForState(game, (s) => s.version > st.version);
  }
  assert.deepEqual([...seatsPlayed].sort(), [0, 2], 'both human seats played on the same page');
  await host.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  await watcher.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  await screenshot(host, 'c-hotseat-results');
  assert.deepEqual([...host.problems, ...watcher.problems], [], 'no errors in the pages');
});
