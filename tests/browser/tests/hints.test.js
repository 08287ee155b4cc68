// Hints in context (issue 33 item 10): the first time a volcano, a magic portal, a bazaar or a
// barn to place comes to the player's own decision, the "your move" card says in one line what it
// does; "Got it" dismisses a hint, and a dismissed hint never shows again in that browser (a
// second game in the same browser profile). Games are created through the lobby and played on one
// page for both seats (hotseat); the test's connection holds the seats to read the legal lists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion, clickVisible, decide } from '../lib/ui.js';

const suite = browserSuite();
const tid = (id) => `[data-testid="${id}"]`;

async function hotseatGame(page, expansions, deck) {
  const { client } = suite;
  await page.goto(`${serverUrl()}/`);
  const { game, links } = await createGame(page, { seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'human' }], expansions, deck });
  await page.click(tid('hotseat'));
  for (const link of Object.values(links)) await client.holdSeat(game, tokenOf(link));
  const st = await client.waitForState(game, (s) => Array.isArray(s.legal) && s.legal.length > 0);
  await waitForVersion(page, st.version);
  return { game, st };
}

const hintsShown = (page) => page.$$eval(tid('hint'), (els) => els.map((el) => el.dataset.hint));

// Places the tile in hand on the first square offered at (x, y), or the first square at all.
async function place(page, st, at = null) {
  const action = st.legal.find((a) => a.startsWith(at ? `place ${at} ` : 'place '));
  const [, x, y] = /^place (-?\d+),(-?\d+)/.exec(action);
  const shown = await page.$eval(tid('preview-tile'), (el) => el.dataset.action).catch(() => null);
  if (!shown || !shown.startsWith(`place ${x},${y} `)) await clickVisible(page, `${tid('board-position')}[data-x="${x}"][data-y="${y}"]`);
  await page.click(tid('board-confirm'));
}

async function next(game, page, st) {
  const now = await suite.client.waitForState(game, (s) => s.version > st.version && (s.status === 'over' || Array.isArray(s.legal)));
  await waitForVersion(page, now.version);
  return now;
}

test('a volcano and a magic portal are explained once; dismissed, they never show again', async () => {
  const { browser } = suite;
  const page = await newPage(browser, 'hints-pd');
  let { game, st } = await hotseatGame(page, ['pd'], ['PD-X', 'U', 'U', 'U', 'U', 'E']);
  assert.equal(st.tile, 'PD-X');
  assert.deepEqual(await hintsShown(page), ['volcano'], 'the volcano in hand is explained');
  const text = await page.innerText(`${tid('hint')}[data-hint="volcano"]`);
  assert.match(text, /Volcano: the dragon moves onto this tile/);
  await screenshot(page, 'hint-volcano');
  await page.click(`${tid('hint')}[data-hint="volcano"] ${tid('hint-dismiss')}`);
  assert.deepEqual(await hintsShown(page), [], 'dismissed');
  await place(page, st);
  st = await next(game, page, st);
  assert.equal(st.pending.phase, 'meeple');
  assert.deepEqual(await hintsShown(page), [], 'the volcano just placed is not explained again');
  await decide(page, 'skip');
  st = await next(game, page, st);
  assert.deepEqual(await hintsShown(page), [], 'a plain tile has no hint');

  // A second game in the same browser: the volcano stays dismissed; the portal is new.
  ({ game, st } = await hotseatGame(page, ['pd'], ['PD-R', 'PD-X', 'U', 'U', 'U', 'E']));
  assert.equal(st.tile, 'PD-R');
  assert.deepEqual(await hintsShown(page), ['portal'], 'the magic portal in hand is explained');
  await place(page, st);
  st = await next(game, page, st);
  assert.deepEqual(await hintsShown(page), ['portal'], 'and again while its figure step lasts, until dismissed');
  await page.click(`${tid('hint')}[data-hint="portal"] ${tid('hint-dismiss')}`);
  await decide(page, 'skip');
  st = await next(game, page, st);
  assert.equal(st.tile, 'PD-X');
  assert.deepEqual(await hintsShown(page), [], 'Bob\'s volcano (same browser) stays dismissed');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});

test('a bazaar and a barn to place are explained where they meet the player', async () => {
  const { browser } = suite;
  const page = await newPage(browser, 'hints-bcb-am');
  let { game, st } = await hotseatGame(page, ['bcb'], ['BCB-A', 'E', 'E', 'U']);
  assert.deepEqual(await hintsShown(page), [], 'nothing to explain before the bazaar');
  await place(page, st, '0,1');
  st = await next(game, page, st);
  await decide(page, 'skip');
  st = await next(game, page, st);
  assert.equal(st.pending.phase, 'choose');
  assert.deepEqual(await hintsShown(page), ['bazaar'], 'the bazaar is explained at its first choice');
  await screenshot(page, 'hint-bazaar');

  // Four field tiles around a corner south of the start tile: the fourth makes a barn placeable.
  ({ game, st } = await hotseatGame(page, ['am'], ['B', 'B', 'B', 'B', 'E', 'E']));
  const squares = ['0,1', '1,1', '0,2', '1,2'];
  for (let guard = 0; guard < 40 && !st.legal.some((a) => a.startsWith('barn ')); guard++) {
    assert.ok(!(await hintsShown(page)).includes('barn'), 'no barn hint without a barn to place');
    const phase = st.pending.phase;
    if (phase === 'place') await place(page, st, squares.shift());
    else if (st.legal.includes('draw')) await decide(page, 'draw');
    else await decide(page, 'skip');
    st = await next(game, page, st);
  }
  assert.ok(st.legal.some((a) => a.startsWith('barn ')), 'a barn may be placed');
  assert.deepEqual(await hintsShown(page), ['barn'], 'the barn is explained when it may be placed');
  await screenshot(page, 'hint-barn');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
