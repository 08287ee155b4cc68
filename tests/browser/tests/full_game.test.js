// (a) A whole two-player game with Bridges, Castles and Bazaars, a human against the greedy bot,
// played in the browser by clicking. The game is created through the lobby form with a fixed
// deck chosen so that the game needs a bridge placement, an optional bridge, castles, a castle's
// claim, and bazaar auctions with an opening bid, a bid, a pass and a sale. After every step the
// page must agree with the server (read by the test's own connection, which holds the same seat
// so it also sees the legal list), and the page must offer exactly the legal actions. The moves
// themselves are made only by clicks and keys in the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newPage, serverUrl, screenshot, artifactDir, browserSuite } from '../lib/browser.js';
import { Strategy, squaresOf, looks } from '../lib/strategy.js';
import { createGame, tokenOf, waitForVersion, assertMatches, assertOffersLegal, placeTile, decide } from '../lib/ui.js';
import { assertNoCodes, expansionTileIds } from '../lib/words.js';

// Picked by a dry run over the protocol with the same strategy: with the greedy bot as it plays
// now, this deck leads through every kind of decision, a castle claim included.
const DECK = ['E', 'M', 'BCB-I', 'BCB-E', 'A', 'F', 'E', 'J', 'E', 'W', 'BCB-A', 'BCB-K', 'I', 'E', 'F', 'BCB-I', 'BCB-K', 'BCB-A', 'BCB-G', 'BCB-I'];

const suite = browserSuite();

test('a complete BCB game against the greedy bot, played by clicking', async () => {
  const { browser, client } = suite;
  const page = await newPage(browser, 'player');
  await page.goto(`${serverUrl()}/`);
  await screenshot(page, 'a-00-lobby');
  const { game, links } = await createGame(page, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Greedy', kind: 'greedy' }],
    bcb: true, bazaar: 'auction', deck: DECK,
  });
  assert.match(links[0], new RegExp(`#game=${game}&token=[0-9a-f]{32}$`));
  await screenshot(page, 'a-01-created');
  await page.click('[data-testid="hotseat"]');

  // The test's connection holds the same seat: it sees the legal list, and never acts.
  await client.request({ type: 'join', game, token: tokenOf(links[0]) });
  const catalogue = await client.request({ type: 'catalogue' });

  const strategy = new Strategy({ placements: ['place 0,-1 r180'] });
  const shots = new Set();
  let decisions = 0;
  const ids = await expansionTileIds(client);
  for (;;) {
    const st = await client.waitForState(game, (s) => s.status === 'over' || (s.pending?.seat === 0 && Array.isArray(s.legal)));
    await waitForVersion(page, st.version);
    await assertMatches(page, st, `before decision ${decisions}`);
    if (st.status === 'over') break;
    await assertOffersLegal(page, st);
    // Every decision's card and board name no square, compass code or tile id (a castle's claim too).
    await assertNoCodes(page, ids, `before decision ${decisions}`);

    const phase = st.pending.phase;
    const shot = phase === 'place' && st.bazaar ? 'bazaar-round' : phase;
    if (!shots.has(shot)) {
      shots.add(shot);
      await screenshot(page, `a-${String(10 + shots.size)}-${shot}`);
    }
    if (phase === 'place' && st.legal.some((a) => a.startsWith('place '))) {
      const action = strategy.placement(squaresOf(st.legal, st.needs_bridge));
      // The page offers each look of the tile once per square: the strategy's placement is made
      // with the offered one that looks the same.
      const [, x, y] = /^place (-?\d+),(-?\d+)/.exec(action);
      const square = squaresOf(st.legal, st.needs_bridge, looks(catalogue, st.tile)).find((q) => q.x === Number(x) && q.y === Number(y));
      const offeredAction = square.options.find((o) => o.same.includes(action)).action;
      await placeTile(page, offeredAction, square.options.map((o) => o.action), decisions);
    } else {
      const features = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid="meeple-spot"]')].map((el) => [el.dataset.action, el.dataset.feature])));
      const action = strategy.decide(st.legal, {
        feature: (a) => features[a],
        followers: st.players[0].followers,
        opening: Boolean(st.bazaar) && st.bazaar.highest_bid === null,
      });
      if (phase === 'meeple' && st.bridge_required) {
        assert.ok(await page.isVisible('[data-testid="bridge-required"]'), 'the page says the placement needs a bridge');
        await screenshot(page, 'a-20-bridge-required');
      }
      await decide(page, action, decisions);
    }
    decisions++;
    await client.waitForState(game, (s) => s.version > st.version);
  }

  const final = client.state(game);
  // Every scoring rose from its feature on the board for a moment, and figures sent home were
  // seen leaving (counted by the board as it draws them).
  const scorings = final.log.filter((e) => e.score && e.points > 0 && Number.isInteger(e.x)).length;
  assert.equal(Number(await page.getAttribute('[data-testid="board"]', 'data-score-flashes')), scorings, 'one flash per scoring');
  assert.ok(Number(await page.getAttribute('[data-testid="board"]', 'data-figures-left')) >= 1, 'figures were seen going home');
  for (const kind of ['rotate', 'follower', 'needs-bridge', 'bridge', 'castle', 'claim', 'choose', 'bid', 'pass']) {
    assert.ok(strategy.seen.has(kind), `the game included: ${kind}`);
  }
  assert.ok(strategy.seen.has('buy') || strategy.seen.has('sell'), 'the game included a buy or a sale');
  assert.ok(final.board.some((t) => t.bridge), 'a bridge stands on the board');
  assert.ok(final.castles.some((c) => c.seat === 0), 'Ann has a castle');

  // The end: results with the breakdown and the chart.
  await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  const rows = await page.$$eval('[data-testid="breakdown-row"]', (trs) => trs.map((tr) => ({
    seat: Number(tr.dataset.seat),
    cells: Object.fromEntries([...tr.querySelectorAll('td[data-category]')].map((td) => [td.dataset.category, Number(td.textContent)])),
    total: Number(tr.querySelector('[data-testid="breakdown-total"]').textContent),
  })));
  assert.equal(rows.length, 2);
  for (const row of rows) {
    const p = final.players[row.seat];
    assert.equal(row.total, p.score, `total of seat ${row.seat}`);
    for (const key of ['roads', 'cities', 'cloisters', 'farms', 'castles']) assert.equal(row.cells[key], p.breakdown[key], `${key} of seat ${row.seat}`);
    assert.equal(row.cells.bazaar, p.breakdown.bazaar ?? p.breakdown.bazaars, `bazaar of seat ${row.seat}`);
  }
  assert.equal(await page.locator('[data-testid="score-chart"] [data-testid="chart-series"]').count(), 2, 'one line per player');
  await screenshot(page, 'a-90-results');
  await page.click('[data-testid="close-results"]');
  await screenshot(page, 'a-91-final-board');

  // Save the record, then step through it in the replay viewer.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="download-record"]')]);
  assert.equal(download.suggestedFilename(), `carcassonne-${game}.json`);
  const file = path.join(artifactDir(), download.suggestedFilename());
  await download.saveAs(file);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(record.actions.length, final.version, 'the record holds every action');
  assert.deepEqual(record.deck, DECK);

  await page.click('[data-testid="lobby-button"]');
  await page.setInputFiles('[data-testid="load-record"]', file);
  const step = (n) => `[data-testid="replay-step"][data-step="${n}"][data-steps="${final.version}"]`;
  await page.waitForSelector(step(0));
  await page.click('[data-testid="replay-last"]');
  await page.waitForSelector(step(final.version));
  await page.waitForSelector(`[data-testid="game-view"][data-version="${final.version}"]`);
  assert.equal(await page.locator('[data-testid="board-tile"]').count(), final.board.length, 'the replay ends on the final board');
  await page.click('[data-testid="replay-first"]');
  await page.waitForSelector(step(0));
  await page.waitForSelector('[data-testid="game-view"][data-version="0"]');
  assert.equal(await page.locator('[data-testid="board-tile"]').count(), 1, 'the replay starts with the start tile');
  await page.click('[data-testid="replay-next"]');
  await page.waitForSelector(step(1));
  await page.waitForSelector('[data-testid="game-view"][data-version="1"]');
  assert.equal(await page.locator('[data-testid="board-tile"]').count(), 2, 'one step on: the first tile is placed');
  const middle = Math.floor(final.version / 2);
  await page.locator('[data-testid="replay-slider"]').fill(String(middle));
  await page.waitForSelector(step(middle));
  await page.waitForSelector(`[data-testid="game-view"][data-version="${middle}"]`);
  await screenshot(page, 'a-95-replay');

  assert.deepEqual(page.problems, [], 'no errors in the page');
});
