// Inns & Cathedrals with Bridges, Castles and Bazaars: the lobby offers every expansion and rule
// option of the server's catalogue; Ann creates a bcb+ic game in it and, by clicking, deploys the
// large follower (chosen in the card, then a spot on her tile); it is drawn larger than Bob's
// follower. Bob is played by the test's connection. The deck holds only straight roads (U), so
// nothing completes and no figure leaves the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion, assertMatches, assertOffersLegal, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

// The largest side of a figure's box, in tiles (so that zooming does not matter).
async function sizeInTiles(page, selector) {
  return page.evaluate((sel) => {
    const fig = document.querySelector(sel).getBoundingClientRect();
    const tile = document.querySelector('[data-testid="board-tile"]').getBoundingClientRect();
    return Math.max(fig.width, fig.height) / tile.width;
  }, selector);
}

test('the lobby offers every expansion and option of the catalogue', async () => {
  const { browser, client } = suite;
  const catalogue = await client.request({ type: 'catalogue' });
  const page = await newPage(browser, 'lobby');
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector('[data-testid="expansion-choice"]');
  const optional = catalogue.expansions.filter((e) => !e.base);
  assert.ok(optional.length >= 2, 'the catalogue has bcb and ic');
  assert.equal(await page.locator('[data-testid="expansion-choice"]').count(), optional.length, 'one checkbox per expansion');
  for (const e of optional) {
    const label = await page.locator(`label:has([data-testid="expansion-${e.name}"])`).innerText();
    assert.ok(label.includes(e.title), `the checkbox of ${e.name} shows its title`);
    assert.ok(label.includes(e.summary), `the checkbox of ${e.name} shows its summary`);
  }
  // A rule option shows only once the expansions it belongs to are ticked.
  const shown = async (o) => page.locator(`[data-testid="option-row-${o.name}"]`).isVisible();
  for (const o of catalogue.options) assert.equal(await shown(o), !(o.expansions || []).length, `${o.name} shows with no expansion ticked only if it needs none`);
  await page.check('[data-testid="expansion-ic"]');
  for (const o of catalogue.options) {
    const needs = o.expansions || [];
    assert.equal(await shown(o), needs.every((name) => name === 'ic'), `${o.name} (of ${needs.join('+') || 'the base game'}) shows with ic ticked exactly when it needs nothing else`);
  }
  for (const e of optional) await page.check(`[data-testid="expansion-${e.name}"]`);
  for (const o of catalogue.options) assert.ok(await shown(o), `${o.name} shows with every expansion ticked`);
  for (const o of catalogue.options) {
    const values = await page.$$eval(`[data-testid="option-${o.name}"] option`, (els) => els.map((el) => el.value));
    assert.deepEqual(values, o.values.map((v) => v.name), `the select of ${o.name} offers its values`);
    assert.equal(await page.inputValue(`[data-testid="option-${o.name}"]`), o.default, `${o.name} starts at its default`);
    // The default value's explanation, and the printing it comes from.
    const chosen = o.values.find((v) => v.name === o.default);
    assert.equal((await page.innerText(`[data-testid="option-summary-${o.name}"]`)).trim(), `${chosen.summary} (${chosen.source})`);
  }
  await screenshot(page, 'ic-lobby');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});

test('in a bcb+ic game Ann deploys the large follower by clicking, and it is drawn larger', async () => {
  const { browser, client } = suite;
  const page = await newPage(browser, 'ann');
  await page.goto(`${serverUrl()}/`);
  const { game, links } = await createGame(page, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'human' }], expansions: ['bcb', 'ic'], deck: ['U', 'U', 'U', 'U'],
  });
  await client.request({ type: 'join', game });
  await client.holdSeat(game, tokenOf(links[0])); // to read Ann's legal list (and to end the game quickly)
  await client.holdSeat(game, tokenOf(links[1])); // Bob
  await page.goto(links[0]);
  let st = await client.waitForState(game, (s) => s.version === 0);
  assert.deepEqual(st.expansions, ['bcb', 'ic']);
  assert.equal(st.players[0].figures.large, 1);
  await waitForVersion(page, 0);
  assert.equal(await page.innerText('[data-testid="player-0"] [data-testid="player-figures-large"]'), '×1', 'the supply shows the large follower');

  // Ann places the tile by clicking a square where it fits without a bridge.
  const place = st.actions.find((a) => a.verb === 'place' && !a.needs_bridge);
  await clickVisible(page, `[data-testid="board-position"][data-x="${place.x}"][data-y="${place.y}"]`);
  await page.click('[data-testid="board-confirm"]');
  st = await client.waitForState(game, (s) => s.version === 1);
  await waitForVersion(page, 1);
  assert.equal(st.pending.phase, 'meeple');
  await assertOffersLegal(page, st);

  // Both figures may go on the road: two actions; the card offers the choice.
  const large = st.actions.find((a) => a.verb === 'large' && a.feature === 'road') || st.actions.find((a) => a.verb === 'large');
  assert.ok(large, 'the large follower may be deployed');
  assert.ok(st.actions.some((a) => a.verb === 'meeple' && a.location === large.location), 'a follower may go on the same spot');
  assert.equal(await page.getAttribute('[data-testid="figure-choice-meeple"]', 'aria-checked'), 'true', 'the follower is chosen at first');
  assert.equal(await page.getAttribute(`[data-testid="meeple-spot"][data-location="${large.location}"]`, 'data-figure'), 'meeple');
  await page.click('[data-testid="figure-choice-large"]');
  await page.waitForSelector(`[data-testid="meeple-spot"][data-action="${large.action}"][data-figure="large"]`);
  await screenshot(page, 'ic-choose-large');
  await clickVisible(page, `[data-testid="meeple-spot"][data-action="${large.action}"]`);
  st = await client.waitForState(game, (s) => s.version === 2);
  await waitForVersion(page, 2);
  await assertMatches(page, st, 'after the large follower');
  assert.ok(st.followers.some((f) => f.figure === 'large' && f.seat === 0), 'the server has Ann\'s large follower on the board');
  assert.equal(st.players[0].figures.large, 0);
  const largeSel = '[data-testid="follower"][data-figure="large"]';
  await page.waitForSelector(largeSel);
  const largeSize = await sizeInTiles(page, largeSel);
  assert.equal(await page.innerText('[data-testid="player-0"] [data-testid="player-figures-large"]'), '×0');

  // Bob places a tile and a follower (the test's connection acts for him).
  const bobPlace = st.actions.find((a) => a.verb === 'place' && !a.needs_bridge);
  st = await client.act(game, 1, bobPlace.action);
  const bobMeeple = st.actions.find((a) => a.verb === 'meeple' && a.feature === large.feature) || st.actions.find((a) => a.verb === 'meeple');
  assert.ok(bobMeeple, 'Bob may deploy a follower');
  st = await client.act(game, 1, bobMeeple.action);
  await waitForVersion(page, st.version);
  const normalSel = '[data-testid="follower"][data-figure="meeple"]';
  const normalSize = await sizeInTiles(page, normalSel);
  const lying = (sel) => page.getAttribute(sel, 'data-feature').then((f) => f === 'field');
  const factor = (await lying(largeSel)) === (await lying(normalSel)) ? 1.3 : 1.15;
  assert.ok(largeSize > normalSize * factor, `the large follower (${largeSize.toFixed(3)} tiles) is drawn larger than a follower (${normalSize.toFixed(3)} tiles)`);
  await screenshot(page, 'ic-large-follower');

  // The rest of the game: everyone skips; the results show the server's winners.
  while (st.status !== 'over') {
    const seat = st.pending.seat;
    const action = st.actions.find((a) => a.verb === 'skip') || st.actions.find((a) => a.verb === 'place' && !a.needs_bridge) || st.actions[0];
    st = await client.act(game, seat, action.action);
  }
  await waitForVersion(page, st.version);
  await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  const names = st.winners.map((seat) => st.players[seat].name);
  const title = (await page.innerText('[data-testid="results-title"]')).trim();
  assert.equal(title, names.length > 1 ? `A tie: ${names.join(' and ')}` : `${names[0]} wins!`);
  await screenshot(page, 'ic-results');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});

test('an enclosed field (inner) gets a spot in the middle of its tile', async () => {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }], expansions: ['ic'], deck: ['IC-H', 'U'],
  });
  await client.holdSeat(game, seats[0].token); // to read Ann's legal list (the test never acts for her)
  const page = await newPage(browser, 'ann-inner');
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);
  let st = await client.waitForState(game, (s) => s.version === 0);
  await waitForVersion(page, 0);
  const place = st.actions.find((a) => a.verb === 'place' && a.x === 0 && a.y === -1);
  assert.ok(place, 'IC-H fits north of the start tile');
  // The only square: the page previews it at once.
  await page.waitForSelector('[data-testid="preview-tile"][data-x="0"][data-y="-1"]');
  await page.click('[data-testid="board-confirm"]');
  st = await client.waitForState(game, (s) => s.version === 1);
  await waitForVersion(page, 1);
  const inner = st.actions.find((a) => a.verb === 'meeple' && a.location === 'inner');
  assert.ok(inner, 'a follower may go on the enclosed field');
  assert.equal(inner.feature, 'field');
  await assertOffersLegal(page, st);
  const spot = `[data-testid="meeple-spot"][data-action="${inner.action}"]`;
  const offset = await page.evaluate((sel) => {
    const s = document.querySelector(sel).getBoundingClientRect();
    const t = document.querySelector('[data-testid="board-tile"][data-x="0"][data-y="-1"]').getBoundingClientRect();
    return [(s.left + s.width / 2 - (t.left + t.width / 2)) / t.width, (s.top + s.height / 2 - (t.top + t.height / 2)) / t.height];
  }, spot);
  assert.ok(Math.abs(offset[0]) < 0.15 && Math.abs(offset[1]) < 0.15, `the inner spot is in the middle of the tile (${offset})`);
  await screenshot(page, 'ic-inner-spot');
  await clickVisible(page, spot);
  st = await client.waitForState(game, (s) => s.version === 2);
  await waitForVersion(page, 2);
  await page.waitForSelector('[data-testid="follower"][data-location="inner"]');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
