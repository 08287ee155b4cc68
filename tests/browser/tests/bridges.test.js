// Bridges (BCB): a placement that fits only with a bridge, and a follower on a field beside a
// bridge. Ann plays in the page, a second page watches, the test's connection reads Ann's legal
// list. In the first game the deck starts with BCB-A (a field on every side) for Ann: east of
// the start tile's road it fits only with an east-west bridge. In the second, Ann puts E (a city
// on one side, a field on the others) on the start tile's city, builds a bridge across its field
// and puts a farmer on that field, whose usual spot is where the bridge goes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { waitForVersion, assertMatches, assertOffersLegal, clickVisible, decide } from '../lib/ui.js';

const suite = browserSuite();

// A game of Ann (this page) against Bob (the test's connection), and a spectator's page.
async function bridgeGame(deck, { takeBack = false } = {}) {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    expansions: ['bcb'], rules: { bazaar: 'auction' }, deck,
  });
  await client.holdSeat(game, seats[0].token); // to read Ann's legal list (the test never acts for her)
  const page = await newPage(browser, 'ann', { takeBack });
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
  const { game, page, watcher } = await bridgeGame(['BCB-A', 'E', 'E', 'U']);
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
  for (const p of [page, watcher]) assert.doesNotMatch(await p.innerText('body'), /place a figure/, 'no page offers a follower yet');
  await screenshot(page, 'e-bridge-required');
  await screenshot(watcher, 'e-bridge-required-watcher');

  // With the bridge built, the follower decision is the usual one again.
  await decide(page, 'bridge 1,0 EW');
  st = await client.waitForState(game, (s) => s.version > st.version);
  await waitForVersion(page, st.version);
  assert.equal(st.bridge_required, false);
  assert.equal((await page.innerText('[data-testid="turn-banner"]')).trim(), 'Your turn: place a figure');
  await assertOffersLegal(page, st);
  assert.deepEqual([...page.problems, ...watcher.problems], [], 'no errors in the pages');
});

test('with take back, the bridge a placement needs is previewed, taken back and built again before End turn sends it all', async () => {
  const { client } = suite;
  const { game, page, watcher } = await bridgeGame(['BCB-A', 'E', 'E', 'U'], { takeBack: true });
  const draft = (value) => page.waitForSelector(`[data-testid="game-view"][data-draft="${value}"]`);
  await waitForVersion(page, 0);
  await clickVisible(page, '[data-testid="board-position"][data-x="1"][data-y="0"]');
  await page.click('[data-testid="board-confirm"]');
  await draft('true');
  // The preview asks for the bridge; nothing has been sent.
  assert.equal((await page.innerText('[data-testid="action-card"] .card-title')).trim(), 'Your move: build the required bridge');
  await decide(page, 'bridge 1,0 EW');
  await page.waitForSelector('[data-testid="board-bridge"]');
  assert.equal(client.state(game).version, 0, 'the bridge is part of the draft, not sent');
  await page.waitForSelector('[data-testid="skip"]');
  await screenshot(page, 'e-take-back-bridge');
  // One step back takes the bridge away (the placement stays); then it is built again.
  await page.click('[data-testid="take-back"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="board-bridge"]').length === 0);
  assert.equal(await page.getAttribute('[data-testid="game-view"]', 'data-draft'), 'true');
  await decide(page, 'bridge 1,0 EW');
  await page.waitForSelector('[data-testid="board-bridge"]');
  await page.click('[data-testid="skip"]');
  await page.click('[data-testid="end-turn"]');
  const st = await client.waitForState(game, (s) => s.version === 3);
  assert.deepEqual(st.log.slice(-3).map((e) => e.action), ['place 1,0 r0', 'bridge 1,0 EW', 'skip']);
  await waitForVersion(watcher, 3);
  await waitForVersion(page, 3);
  await draft('false');
  await assertMatches(page, st, 'after the turn sent whole');
  assert.deepEqual([...page.problems, ...watcher.problems], [], 'no errors in the pages');
});

// The screen boxes of two elements overlap (by more than a hair).
async function overlap(page, selectorA, selectorB) {
  return page.evaluate(([a, b]) => {
    const ra = document.querySelector(a).getBoundingClientRect();
    const rb = document.querySelector(b).getBoundingClientRect();
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    return w > 0.5 && h > 0.5;
  }, [selectorA, selectorB]);
}

test('a farmer on a tile with a bridge is drawn on its field, not on the bridge', async () => {
  const { client } = suite;
  const { game, page, watcher } = await bridgeGame(['E', 'U', 'U']);
  let st = client.state(game);
  await waitForVersion(page, st.version);
  assert.deepEqual(st.legal.filter((a) => a.startsWith('place 0,-1 ')), ['place 0,-1 r180'], 'E fits on the start tile\'s city one way');
  await clickVisible(page, '[data-testid="board-position"][data-x="0"][data-y="-1"]');
  await page.click('[data-testid="board-confirm"]');
  st = await client.waitForState(game, (s) => s.version > st.version);
  await waitForVersion(page, st.version);
  assert.ok(st.legal.includes('bridge 0,-1 EW'), 'a bridge may cross the field of E');
  await decide(page, 'bridge 0,-1 EW');
  st = await client.waitForState(game, (s) => s.version > st.version);
  for (const p of [page, watcher]) await waitForVersion(p, st.version);
  assert.ok(st.legal.includes('meeple NNW'), 'a follower may go on the field');
  const bridge = '[data-testid="board-bridge"][data-x="0"][data-y="-1"]';
  const tile = '[data-testid="board-tile"][data-x="0"][data-y="-1"]';
  const spot = '[data-testid="meeple-spot"][data-action="meeple NNW"]';
  assert.equal(await page.getAttribute(spot, 'data-feature'), 'field');
  assert.equal(await overlap(page, `${spot} .spot-ring`, bridge), false, 'the field\'s follower spot is off the bridge');
  assert.equal(await overlap(page, `${spot} .spot-ring`, tile), true, 'and on the tile');
  await screenshot(page, 'e-farmer-spot-beside-bridge');

  await decide(page, 'meeple NNW');
  st = await client.waitForState(game, (s) => s.version > st.version);
  const farmer = st.followers.find((f) => f.x === 0 && f.y === -1);
  assert.equal(farmer.feature, 'field');
  for (const p of [page, watcher]) {
    await waitForVersion(p, st.version);
    await assertMatches(p, st, 'farmer on a bridged tile');
    const drawn = '[data-testid="follower"][data-x="0"][data-y="-1"][data-feature="field"]';
    assert.equal(await overlap(p, `${drawn} path`, bridge), false, 'the farmer is drawn off the bridge');
    assert.equal(await overlap(p, `${drawn} path`, tile), true, 'on its tile');
  }
  await screenshot(watcher, 'e-farmer-beside-bridge');
  assert.deepEqual([...page.problems, ...watcher.problems], [], 'no errors in the pages');
});
