// Traders & Builders: Ann creates a tb game in the lobby (its checkbox and the builder-bazaar
// option come from the catalogue) with a fixed deck, and by clicking puts a follower on a road,
// later her builder on that road (chosen in the card, then a spot on her tile), extends the road
// and gets a second turn part (the banner says so), in which she completes a city with grain: her
// goods counter shows the token, and the results show her goods majority. Bob is played by the
// test's connection.
//
// Deck (start tile D at 0,0, its road running west-east, a city cap on its north edge):
//   Ann  U    at 1,0 (road west-east), follower on the road
//   Bob  TB-G at 0,-1 r180 (grain city on its south and east edges, closing D's cap to the south)
//   Ann  U    at 2,0, builder on the road
//   Bob  U    at 0,1 r90 (away from everything)
//   Ann  U    at 3,0: the road with her builder grows, a second turn part
//   Ann  E    at 1,-1 r270 (a cap facing west) completes the grain city: 1 grain (after her
//             figure step, when features score)
//   Bob  U    anywhere; the deck is empty

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion, assertMatches, assertOffersLegal, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

const tid = (id) => `[data-testid="${id}"]`;

// Ann places the tile in hand on square x,y by clicking it and confirming the previewed placement
// (turning it until the preview is `action`, when given); returns the action placed.
async function placeAt(page, st, x, y, action = null) {
  assert.ok(st.actions.some((a) => a.verb === 'place' && a.x === x && a.y === y), `the tile fits at ${x},${y}`);
  await clickVisible(page, `${tid('board-position')}[data-x="${x}"][data-y="${y}"]`);
  const preview = page.locator(tid('preview-tile'));
  await preview.waitFor();
  for (let i = 0; action && i < 4 && (await preview.getAttribute('data-action')) !== action; i++) {
    const before = await preview.getAttribute('data-action');
    await page.click(tid('rotate'));
    await page.waitForFunction(([sel, old]) => document.querySelector(sel)?.dataset.action !== old, [tid('preview-tile'), before]);
  }
  const placed = await preview.getAttribute('data-action');
  if (action) assert.equal(placed, action);
  await page.click(tid('board-confirm'));
  return placed;
}

test('in a tb game Ann deploys her builder by clicking, gets a second turn and takes grain', async () => {
  const { browser, client } = suite;
  const catalogue = await client.request({ type: 'catalogue' });
  assert.ok(catalogue.expansions.some((e) => e.name === 'tb'), 'the catalogue has tb');
  assert.ok(catalogue.figures.some((f) => f.name === 'builder') && catalogue.figures.some((f) => f.name === 'pig'));

  const page = await newPage(browser, 'tb-ann');
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector(tid('expansion-tb'));
  const option = catalogue.options.find((o) => o.name === 'builder-bazaar');
  assert.ok(option, 'the catalogue has the builder-bazaar option');
  const values = await page.$$eval(`${tid('option-builder-bazaar')} option`, (els) => els.map((el) => el.value));
  assert.deepEqual(values, option.values.map((v) => v.name), 'the lobby offers builder-bazaar with its values');

  const { game, links } = await createGame(page, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'human' }], expansions: ['tb'], deck: ['U', 'TB-G', 'U', 'U', 'U', 'E', 'U'],
  });
  await client.request({ type: 'join', game });
  await client.holdSeat(game, tokenOf(links[0])); // to read Ann's legal list (the test never acts for her)
  await client.holdSeat(game, tokenOf(links[1])); // Bob
  await page.goto(links[0]);
  let st = await client.waitForState(game, (s) => s.version === 0);
  assert.deepEqual(st.expansions, ['tb']);
  assert.equal(st.part, 'normal');
  await waitForVersion(page, 0);
  for (const figure of ['builder', 'pig']) {
    assert.equal(st.players[0].figures[figure], 1);
    assert.equal(await page.innerText(`${tid('player-0')} ${tid(`player-figures-${figure}`)}`), '×1', `the supply shows the ${figure}`);
  }
  for (const good of ['wine', 'grain', 'cloth']) {
    assert.equal(await page.innerText(`${tid('player-0')} ${tid(`player-goods-${good}`)}`), '×0', `no ${good} at first`);
  }
  assert.equal(await page.locator(tid('second-turn-banner')).count(), 0, 'no second-turn banner in a normal turn');

  // 1. Ann: a straight road east of the start tile, a follower on it.
  await placeAt(page, st, 1, 0);
  st = await client.waitForState(game, (s) => s.version === 1);
  await waitForVersion(page, 1);
  await assertOffersLegal(page, st);
  const meeple = st.actions.find((a) => a.verb === 'meeple' && a.feature === 'road');
  assert.ok(meeple, 'a follower may go on the road');
  assert.ok(!st.actions.some((a) => a.verb === 'builder'), 'no builder without a follower of hers on the feature');
  await clickVisible(page, `${tid('meeple-spot')}[data-action="${meeple.action}"]`);
  st = await client.waitForState(game, (s) => s.version === 2);

  // 2. Bob: TB-G north of the start tile (its grain city open to the east), no figure.
  st = await client.act(game, 1, 'place 0,-1 r180');
  st = await client.act(game, 1, 'skip');
  await waitForVersion(page, st.version);
  // The grain printed on TB-G is drawn on its picture (the tile's symbol in the sprite).
  const goodsOnTile = await page.evaluate(() => {
    const use = document.querySelector('[data-testid="board-tile"][data-x="0"][data-y="-1"] use');
    const symbol = use && document.getElementById((use.getAttribute('href') || '').slice(1));
    return symbol ? [...symbol.querySelectorAll('[data-testid="trade-good"]')].map((el) => el.dataset.good) : null;
  });
  assert.deepEqual(goodsOnTile, ['grain'], 'TB-G shows its grain');

  // 3. Ann: the road goes on; her builder joins her follower (chosen in the card, then the spot).
  await placeAt(page, st, 2, 0);
  st = await client.waitForState(game, (s) => s.version === 5);
  await waitForVersion(page, 5);
  await assertOffersLegal(page, st);
  const builder = st.actions.find((a) => a.verb === 'builder');
  assert.ok(builder, 'the builder may go on the road of her follower');
  assert.equal(builder.figure, 'builder');
  assert.equal(builder.feature, 'road');
  assert.equal(await page.getAttribute(tid('figure-choice-meeple'), 'aria-checked'), 'true', 'the follower is chosen at first');
  await page.click(tid('figure-choice-builder'));
  await page.waitForSelector(`${tid('meeple-spot')}[data-action="${builder.action}"][data-figure="builder"]`);
  await screenshot(page, 'tb-choose-builder');
  await clickVisible(page, `${tid('meeple-spot')}[data-action="${builder.action}"]`);
  st = await client.waitForState(game, (s) => s.version === 6);
  await waitForVersion(page, 6);
  await assertMatches(page, st, 'after the builder');
  assert.ok(st.followers.some((f) => f.figure === 'builder' && f.seat === 0 && f.x === 2), 'the server has the builder on the road');
  const builderSel = `${tid('follower')}[data-figure="builder"][data-seat="0"]`;
  await page.waitForSelector(builderSel);
  assert.equal(await page.locator(`${builderSel} .builder`).count(), 1, 'the builder is drawn as a builder, not a follower');
  assert.equal(await page.innerText(`${tid('player-0')} ${tid('player-figures-builder')}`), '×0');
  assert.ok(st.log.some((e) => e.text === 'Ann placed the builder on the road'));

  // 4. Bob: a road south of the start tile, away from everything.
  st = await client.act(game, 1, st.legal.includes('place 0,1 r90') ? 'place 0,1 r90' : 'place 0,1 r270');
  st = await client.act(game, 1, 'skip');
  await waitForVersion(page, st.version);

  // 5. Ann extends the road with her builder: after her figure step, a second turn part.
  await placeAt(page, st, 3, 0);
  st = await client.waitForState(game, (s) => s.version === 9);
  await waitForVersion(page, 9);
  await page.click(tid('skip'));
  st = await client.waitForState(game, (s) => s.version === 10);
  await waitForVersion(page, 10);
  assert.equal(st.part, 'second');
  assert.equal(st.pending.seat, 0, 'Ann plays again');
  assert.ok(st.log.some((e) => e.text === "Ann's builder earns a second turn part"));
  await page.waitForSelector(tid('second-turn-banner'));
  assert.match(await page.innerText(tid('turn-banner')), /Second turn/);
  await assertMatches(page, st, 'second turn part');
  await screenshot(page, 'tb-second-turn');

  // 6. In the second part Ann closes the grain city with E; after her figure step the city
  // completes and she takes the grain.
  await placeAt(page, st, 1, -1, 'place 1,-1 r270');
  st = await client.waitForState(game, (s) => s.version === 11);
  await waitForVersion(page, 11);
  assert.equal(await page.locator(tid('second-turn-banner')).count(), 1, 'still the second part (its figure step)');
  await page.click(tid('skip'));
  st = await client.waitForState(game, (s) => s.version === 12);
  await waitForVersion(page, 12);
  assert.equal(st.part, 'normal');
  assert.equal(st.pending.seat, 1, 'Bob\'s turn');
  assert.deepEqual(st.players[0].goods, { wine: 0, grain: 1, cloth: 0 });
  assert.ok(st.log.some((e) => e.text === 'Ann took 1 grain'));
  assert.equal(await page.innerText(`${tid('player-0')} ${tid('player-goods-grain')}`), '×1', 'the goods counter shows the grain');
  assert.equal(await page.innerText(`${tid('player-1')} ${tid('player-goods-grain')}`), '×0');
  await assertMatches(page, st, 'after the grain');
  assert.equal(await page.locator(tid('second-turn-banner')).count(), 0, 'no banner in Bob\'s normal turn');
  await screenshot(page, 'tb-grain');

  // Bob plays the last tile; the deck is empty: the final scoring gives Ann the grain majority.
  st = await client.act(game, 1, st.actions.find((a) => a.verb === 'place').action);
  st = await client.act(game, 1, 'skip');
  assert.equal(st.status, 'over');
  await waitForVersion(page, st.version);
  assert.equal(st.players[0].breakdown.goods, 10);
  await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  const goodsCell = `${tid('final-breakdown')} tr[data-seat="0"] td[data-category="goods"]`;
  assert.equal(await page.innerText(goodsCell), '10', 'the results show the goods majority');
  assert.equal(await page.innerText(`${tid('final-breakdown')} tr[data-seat="1"] td[data-category="goods"]`), '0');
  await screenshot(page, 'tb-results');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
