// The card of a player who waits: while the other player decides, it names who decides what, and
// nothing else (it once ended in the word "null" for every decision but a placement). Ann plays
// in the page; the test's connection plays Bob over the protocol, through a bazaar (choose, bid),
// a placement and a follower decision, so that Ann waits on every kind of decision.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { waitForVersion, assertMatches, clickVisible, decide } from '../lib/ui.js';

const suite = browserSuite();

// Bob's choices: the first of what is on offer, never a placement that needs a bridge.
function bobsMove(st) {
  const legal = st.legal;
  const place = legal.find((a) => a.startsWith('place ') && !(st.needs_bridge || []).includes(a));
  if (place) return place;
  for (const a of ['skip', 'score', 'buy', 'pass']) if (legal.includes(a)) return a;
  return legal[0];
}

test('the waiting card says who decides what, and nothing more', async () => {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    expansions: ['bcb'], rules: { bazaar: 'auction' }, deck: ['BCB-A', 'E', 'U'],
  });
  await client.holdSeat(game, seats[1].token);
  const page = await newPage(browser, 'ann');
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);

  const waitedOn = new Set();
  let st = client.state(game);
  while (st.status !== 'over') {
    await waitForVersion(page, st.version);
    await assertMatches(page, st, `waiting card, version ${st.version}`);
    const phase = st.pending.phase;
    if (st.pending.seat === 1) {
      const card = page.locator('[data-testid="action-card"]');
      assert.equal(await card.getAttribute('data-mine'), 'false', 'Ann waits');
      const text = (await card.innerText()).trim(); // what is shown (no SVG titles)
      assert.doesNotMatch(text, /null|undefined/, `the waiting card (${phase}) shows no stray words: "${text}"`);
      // The tile in hand in words ("tile: a city, a road, 2 fields"), never its id.
      if (phase === 'place') assert.match(text, /^Bob to place a tile\s*tile: [a-z0-9 ,;]+$/, `the card names the decision and the tile in hand in words: "${text}"`);
      else assert.match(text, /^Bob to [a-z ]+$/, `the card names only the decision (${phase}): "${text}"`);
      if (!waitedOn.has(phase)) await screenshot(page, `d-waiting-${phase}`);
      waitedOn.add(phase);
      st = await client.act(game, 1, bobsMove(st));
      continue;
    }
    // Ann's turn, in the page: the first square that needs no bridge as the page previews it; skip, pass.
    const mine = client.state(game); // the spectator's view has no legal list for Ann: read the page
    if (phase === 'place') {
      const square = page.locator('[data-testid="board-position"][data-needs-bridge="none"]').first();
      await clickVisible(page, `[data-testid="board-position"][data-x="${await square.getAttribute('data-x')}"][data-y="${await square.getAttribute('data-y')}"]`);
      await page.click('[data-testid="board-confirm"]');
    } else if (await page.locator('[data-testid="skip"]').count()) {
      await decide(page, 'skip');
    } else if (await page.locator('[data-testid="bazaar-pass"]').count()) {
      await decide(page, 'pass');
    } else {
      assert.fail(`no move for Ann in phase ${phase}`);
    }
    st = await client.waitForState(game, (s) => s.version > mine.version);
  }
  for (const phase of ['choose', 'bid', 'place', 'meeple']) assert.ok(waitedOn.has(phase), `Ann waited while Bob had to ${phase}`);
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
