// Bridges (BCB): a placement that fits only with a bridge, then the bridge, then a follower.
// Ann plays in the page, a second page watches; the test's connection plays Bob when needed.
// The deck starts with BCB-A (a field on every side) for Ann: east of the start tile's road it
// fits only with an east-west bridge.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { waitForVersion, assertMatches, assertOffersLegal, clickVisible, decide } from '../lib/ui.js';

const suite = browserSuite();

// A game of Ann (this page) against Bob (the test's connection), and a spectator's page.
async function bridgeGame() {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    expansions: ['bcb'], rules: { bazaar: 'auction' }, deck: ['BCB-A', 'E', 'E', 'U'],
  });
  await client.holdSeat(game, seats[0].token); // to read Ann's legal list (the test never acts for her)
  const page = await newPage(browser, 'ann');
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);
  const watcher = await newPage(browser, 'watcher');
  await watcher.goto(`${serverUrl()}/#watch=${game}`);
  return { game, page, watcher };
}

// Places BCB-A east of the start tile by clicking; resolves with the state after it.
async function placeNeedingBridge(game, page) {
  const { client } = suite;
  let st = client.state(game);
  await waitForVersion(page, st.version);
  assert.ok(st.needs_bridge.includes('place 1,0 r0'), 'the deck makes 1,0 a square that needs a bridge');
  await clickVisible(page, '[data-testid="board-position"][data-x="1"][data-y="0"]');
  const action = await page.getAttribute('[data-testid="preview-tile"]', 'data-action');
  assert.ok(st.needs_bridge.includes(action), `the preview at 1,0 is a placement that needs a bridge (${action})`);
  await page.click('[data-testid="board-confirm"]');
  st = await client.waitForState(game, (s) => s.version > 0);
  await waitForVersion(page, st.version);
  return st;
}

test('while only the required bridge is legal, the page asks for the bridge, not a follower', async () => {
  const { client } = suite;
  const { game, page, watcher } = await bridgeGame();
  let st = await placeNeedingBridge(game, page);
  assert.equal(st.pending.phase, 'meeple');
  assert.equal(st.bridge_required, true);
  assert.deepEqual(st.legal, ['bridge 1,0 EW'], 'only the bridge is legal');
  await assertMatches(page, st, 'bridge required');
  await assertOffersLegal(page, st);

  const banner = (await page.innerText('[data-testid="turn-banner"]')).trim();
  assert.equal(banner, 'Your turn: build the required bridge');
  const title = (await page.innerText('[data-testid="action-card"] .card-title')).trim();
  assert.equal(title, 'Your move: build the required bridge');
  assert.ok(await page.isVisible('[data-testid="bridge-required"]'), 'the card explains that the tile needs a bridge');
  await waitForVersion(watcher, st.version);
  assert.equal((await watcher.innerText('[data-testid="turn-banner"]')).trim(), 'Ann is about to build the required bridge');
  assert.equal((await watcher.innerText('[data-testid="action-card"] .card-title')).trim(), 'Ann to build the required bridge');
  for (const p of [page, watcher]) assert.doesNotMatch(await p.innerText('body'), /deploy a follower/, 'no page offers a follower yet');
  await screenshot(page, 'e-bridge-required');
  await screenshot(watcher, 'e-bridge-required-watcher');

  // With the bridge built, the follower decision is the usual one again.
  await decide(page, 'bridge 1,0 EW');
  st = await client.waitForState(game, (s) => s.version > st.version);
  await waitForVersion(page, st.version);
  assert.equal(st.bridge_required, false);
  assert.equal((await page.innerText('[data-testid="turn-banner"]')).trim(), 'Your turn: deploy a follower');
  await assertOffersLegal(page, st);
  assert.deepEqual([...page.problems, ...watcher.problems], [], 'no errors in the pages');
});
