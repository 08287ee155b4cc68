// A game whose creator chose the seed or the deck knows the draw order (issue 32, item 10): the
// lobby marks it, and the table tells every player at the deck panel; a game whose order only the
// server knows carries no such mark. The page reads the server's `chosen_order`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';

const suite = browserSuite();

test('the lobby and the table say when the creator chose the draw order', async () => {
  const { browser, client } = suite;
  const players = [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }];
  const seeded = await client.create({ players, seed: 31 });
  const scripted = await client.create({ players, deck: ['U', 'V', 'U', 'V'] });
  const secret = await client.create({ players });

  const page = await newPage(browser, 'lobby');
  await page.goto(serverUrl());
  const item = (game) => page.locator(`[data-testid="game-item"][data-game="${game}"]`);
  await item(secret.game).waitFor();
  assert.equal(await item(seeded.game).locator('[data-testid="chosen-order"]').innerText(), 'Seed chosen by its creator');
  assert.equal(await item(scripted.game).locator('[data-testid="chosen-order"]').innerText(), 'Deck chosen by its creator');
  assert.equal(await item(secret.game).locator('[data-testid="chosen-order"]').count(), 0);
  await screenshot(page, 'chosen-order-lobby');

  await page.goto(`${serverUrl()}/#game=${seeded.game}&token=${seeded.seats[0].token}`);
  const notice = page.locator('[data-testid="deck-panel"] [data-testid="deck-chosen-order"]');
  await notice.waitFor();
  assert.match(await notice.innerText(), /chose this game’s seed and knows the order of the tiles/);
  await screenshot(page, 'chosen-order-table');
  await page.goto(`${serverUrl()}/#game=${secret.game}&token=${secret.seats[0].token}`);
  await page.waitForSelector('[data-testid="tiles-left"]');
  assert.equal(await page.locator('[data-testid="deck-chosen-order"]').count(), 0);
  await page.close();
});
