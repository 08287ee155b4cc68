// A symmetric tile's turns that look the same are one choice. Ann plays in the page, the test's
// connection plays Bob. Ann's tiles: U (a straight road: turned half round it looks the same),
// X (a crossroads: every turn looks the same) and E (a city on one side: every turn differs).
// On every square the page offers, turning the tile must show each look once, and each look must
// be the first legal placement that looks so (the action sent). The expected looks are worked out
// from the tiles' known symmetries, not from the page's drawing data.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { waitForVersion, assertMatches, assertOffersLegal, clickVisible, placeTile, decide } from '../lib/ui.js';

const suite = browserSuite();

// The turns (in degrees) that look the same as a turn, per tile: how far a turn can be taken
// round without changing the picture.
const PERIOD = { U: 180, X: 90, E: 360 };

// The placements the page should offer on square x,y: the first legal one of each look.
function expectedAt(st, x, y) {
  const period = PERIOD[st.tile];
  const seen = new Set();
  const offered = [];
  for (const action of st.legal) {
    const m = /^place (-?\d+),(-?\d+) r(\d+)$/.exec(action);
    if (!m || Number(m[1]) !== x || Number(m[2]) !== y) continue;
    const look = Number(m[3]) % period;
    if (seen.has(look)) continue;
    seen.add(look);
    offered.push(action);
  }
  return offered;
}

// Clicks square x,y and turns the preview round (rotate button) once; returns the placements it
// showed, in order.
async function turnsShown(page, x, y) {
  await clickVisible(page, `[data-testid="board-position"][data-x="${x}"][data-y="${y}"]`);
  const preview = page.locator(`[data-testid="preview-tile"][data-x="${x}"][data-y="${y}"]`);
  await preview.waitFor();
  const shown = [await preview.getAttribute('data-action')];
  if (await page.isDisabled('[data-testid="rotate"]')) return shown;
  for (;;) {
    const before = shown[shown.length - 1];
    await page.click('[data-testid="rotate"]');
    await page.waitForFunction((old) => document.querySelector('[data-testid="preview-tile"]')?.dataset.action !== old, before);
    const now = await preview.getAttribute('data-action');
    if (now === shown[0]) return shown;
    assert.ok(shown.length < 4, 'turning goes round within four turns');
    shown.push(now);
  }
}

test('a symmetric tile offers each distinct-looking placement once', async () => {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    expansions: [], deck: ['U', 'V', 'X', 'V', 'E'],
  });
  await client.holdSeat(game, seats[0].token); // reads Ann's legal list; plays only Bob
  await client.holdSeat(game, seats[1].token);
  const page = await newPage(browser, 'ann');
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);

  let st = client.state(game);
  let merged = 0; // placements the page folded into an earlier one that looks the same
  const tiles = [];
  while (st.status !== 'over') {
    await waitForVersion(page, st.version);
    if (st.pending.seat === 1) {
      st = await client.act(game, 1, st.pending.phase === 'place' ? st.legal.find((a) => a.startsWith('place ')) : 'skip');
      continue;
    }
    await assertMatches(page, st, `Ann's ${st.pending.phase}`);
    await assertOffersLegal(page, st);
    if (st.pending.phase !== 'place') {
      await decide(page, 'skip');
      st = await client.waitForState(game, (s) => s.version > st.version);
      continue;
    }
    tiles.push(st.tile);
    const squares = [...new Set(st.legal.filter((a) => a.startsWith('place ')).map((a) => /^place (-?\d+,-?\d+)/.exec(a)[1]))];
    for (const square of squares) {
      const [x, y] = square.split(',').map(Number);
      const expected = expectedAt(st, x, y);
      const shown = await turnsShown(page, x, y);
      assert.deepEqual([...shown].sort(), [...expected].sort(), `${st.tile} at ${square}: one placement of each look, the first legal one`);
      assert.equal(new Set(shown).size, shown.length, `${st.tile} at ${square}: no look shown twice`);
      const hint = await page.innerText('[data-testid="action-card"] .hint');
      if (shown.length === 1) {
        assert.match(hint, /the only way it fits/, `${st.tile} at ${square}: the card says there is one way`);
        assert.ok(await page.isDisabled('[data-testid="rotate"]'), 'nothing to turn');
      } else {
        assert.match(hint, new RegExp(`\\(${shown.length} ways fit\\)`), `${st.tile} at ${square}: the card counts the ways that look different`);
      }
      merged += st.legal.filter((a) => a.startsWith(`place ${square} `)).length - shown.length;
    }
    if (st.tile === 'X') await screenshot(page, 'f-crossroads-one-way');
    // Place on the first square, turned to its last look.
    const [x, y] = squares[0].split(',').map(Number);
    const expected = expectedAt(st, x, y);
    const action = expected[expected.length - 1];
    await placeTile(page, action, expected, tiles.length);
    st = await client.waitForState(game, (s) => s.version > st.version);
    assert.equal(st.log.find((e) => e.n === st.version && e.action)?.action, action, 'the page sent the offered placement');
  }
  assert.deepEqual(tiles, ['U', 'X', 'E']);
  assert.ok(merged > 0, 'some legal placements looked the same as others');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
