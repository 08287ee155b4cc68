// The bazaar panel. Games are created through the lobby form with a fixed deck and played on one
// page for every seat (hotseat); the test's connection holds the seats too, to read the legal
// lists (it never acts). Ann's first tile is BCB-A, a bazaar tile: the tiles after it are
// revealed, and two of them are the same tile (E).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion, assertMatches, assertOffersLegal, clickVisible, decide } from '../lib/ui.js';

const suite = browserSuite();

// Creates the game on a new page, plays every seat there, and holds them in the test's connection.
async function bazaarGame(names, bazaar, deck) {
  const { browser, client } = suite;
  const page = await newPage(browser, 'hotseat');
  await page.goto(`${serverUrl()}/`);
  const { game, links } = await createGame(page, { seats: names.map((name) => ({ name, kind: 'human' })), bcb: true, bazaar, deck });
  await page.click('[data-testid="hotseat"]');
  for (const link of Object.values(links)) await client.holdSeat(game, tokenOf(link));
  return { game, page };
}

// The state after the next action, once the page shows it and agrees with it.
async function next(game, page, st, label) {
  const { client } = suite;
  const now = await client.waitForState(game, (s) => s.version > st.version);
  await waitForVersion(page, now.version);
  await assertMatches(page, now, label);
  if (now.legal) await assertOffersLegal(page, now);
  return now;
}

// Ann puts the bazaar tile south of the start tile and places no follower.
async function placeBazaarTile(game, page) {
  const { client } = suite;
  let st = client.state(game);
  await waitForVersion(page, st.version);
  await clickVisible(page, '[data-testid="board-position"][data-x="0"][data-y="1"]');
  await page.click('[data-testid="board-confirm"]');
  st = await next(game, page, st, 'bazaar tile placed');
  await decide(page, 'skip');
  return next(game, page, st, 'bazaar revealed');
}

// The revealed tiles shown in the panel: [{tile, action (when it is a button), disabled, label}].
async function offerShown(page) {
  return page.$$eval('[data-testid="bazaar-offer"] > *', (els) => els.map((el) => ({
    tile: el.querySelector('[data-tile]')?.dataset.tile,
    action: el.dataset.action || null,
    disabled: el.disabled === true,
    label: el.querySelector('.offer-label')?.textContent ?? null,
    picture: Boolean(el.querySelector('svg.mini-tile')),
    title: el.querySelector('svg.mini-tile title')?.textContent ?? null,
    text: el.innerText.trim(),
  })));
}

test('every copy of a revealed tile can be chosen', async () => {
  const { game, page } = await bazaarGame(['Ann', 'Bob', 'Cid'], 'auction', ['BCB-A', 'E', 'E', 'U', 'V', 'V']);
  let st = await placeBazaarTile(game, page);
  assert.equal(st.pending.phase, 'choose');
  assert.equal(st.pending.seat, 1, 'Bob chooses first');
  assert.deepEqual(st.bazaar.offer, ['E', 'E', 'U']);
  assert.deepEqual(st.legal, ['choose E', 'choose U'], 'identical tiles are one choice');
  let shown = await offerShown(page);
  assert.deepEqual(shown.map((o) => [o.tile, o.action, o.disabled]), [['E', 'choose E', false], ['E', 'choose E', false], ['U', 'choose U', false]],
    'both copies of E are buttons that choose E');
  // Each tile is its picture, with words as its title, and no tile letter as text.
  for (const o of shown) {
    assert.ok(o.picture, `${o.tile} is a picture`);
    assert.match(o.title, /cit|road|field/, `${o.tile}'s title says what is on it: ${o.title}`);
    assert.doesNotMatch(`${o.title} ${o.text}`, /\b[EU]\b/, `no tile letter shows for ${o.tile}`);
  }
  assert.doesNotMatch(await page.innerText('[data-testid="bazaar-panel"]'), /\b(E|U|BCB-A)\b/, 'the panel shows no tile letter');
  await screenshot(page, 'g-bazaar-two-alike');

  // Bob chooses the second copy; nobody outbids his opening bid.
  await page.locator('[data-testid="bazaar-choose"][data-action="choose E"]').nth(1).click();
  st = await next(game, page, st, 'Bob chose the second E');
  assert.equal(st.log.filter((e) => e.action).pop().action, 'choose E');
  assert.equal(st.log.filter((e) => e.action).pop().seat, 1);
  await decide(page, 'bid 0');
  st = await next(game, page, st, 'Bob opened');
  while (st.pending.phase === 'bid') {
    await decide(page, 'pass');
    st = await next(game, page, st, 'a pass');
  }
  assert.deepEqual(st.bazaar.taken, [null, 'E', null], 'Bob got an E');
  assert.deepEqual(st.bazaar.offer, ['E', 'U'], 'one E is left');
  assert.equal(st.pending.phase, 'choose');
  assert.ok(st.legal.includes('choose E'));

  // The E left is still on offer: a button, not marked as Bob's.
  shown = await offerShown(page);
  assert.deepEqual(shown.map((o) => [o.tile, o.action, o.disabled, o.label, o.text]), [['E', 'choose E', false, null, ''], ['U', 'choose U', false, null, '']],
    'the E nobody has yet can be chosen (pictures, no letters)');
  await screenshot(page, 'g-bazaar-one-left');
  await decide(page, 'choose E');
  st = await next(game, page, st, 'the other E chosen');
  assert.equal(st.bazaar.auction_tile, 'E');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});

// The no-auction variant's panel as a list of [seat, what it says].
async function picksShown(page) {
  return page.$$eval('[data-testid="bazaar-pick"]', (els) => els.map((el) => [Number(el.dataset.seat), el.innerText.replace(/\s+/g, ' ').trim()]));
}

test('without auctions the bazaar shows who chooses and who took which tile, and no bids', async () => {
  const { game, page } = await bazaarGame(['Ann', 'Bob'], 'no-auction', ['BCB-A', 'E', 'E', 'U']);
  const panel = '[data-testid="bazaar-panel"]';
  const noBids = async (label) => {
    assert.equal(await page.locator('[data-testid="bazaar-highest"]').count(), 0, `no highest bid (${label})`);
    assert.doesNotMatch(await page.innerText(panel), /\bbids?\b|on auction|highest/i, `the panel speaks of no bids (${label})`);
  };
  let st = await placeBazaarTile(game, page);
  assert.equal(st.pending.phase, 'choose');
  assert.equal(st.pending.seat, 1, 'Bob chooses first');
  assert.deepEqual(st.bazaar.offer, ['E', 'E']);
  await noBids('Bob chooses');
  assert.deepEqual(await picksShown(page), [[0, 'Ann no tile yet'], [1, 'Bob chooses now']]);
  assert.match(await page.innerText(`${panel} [data-testid="bazaar-status"]`), /^Bob to choose a bazaar tile\.$/);
  assert.equal(await page.locator('[data-testid="bazaar-choose"][data-action="choose E"]').count(), 2, 'both copies of E can be taken');
  await screenshot(page, 'g-no-auction-choose');

  await page.locator('[data-testid="bazaar-choose"][data-action="choose E"]').nth(1).click();
  st = await next(game, page, st, 'Bob took E');
  assert.deepEqual(st.bazaar.taken, [null, 'E']);
  assert.equal(st.bazaar.auction_tile, 'E', 'the state names the tile just taken');
  assert.equal(st.pending.phase, 'place');
  await noBids('Bob plays the tile he took');
  assert.deepEqual(await picksShown(page), [[0, 'Ann no tile yet'], [1, 'Bob took']], 'Bob\'s tile is a picture, not its letter');
  assert.equal(await page.locator('[data-testid="bazaar-pick"][data-seat="1"] svg.mini-tile[data-tile="E"]').count(), 1, 'the picture of Bob\'s E');
  const left = await offerShown(page);
  assert.deepEqual(left.map((o) => [o.tile, o.label, o.picture]), [['E', null, true]], 'the E left is shown as its picture, not as on auction');
  await screenshot(page, 'g-no-auction-taken');

  // Bob plays his E; the last E is Ann's.
  const square = page.locator('[data-testid="board-position"][data-needs-bridge="none"]').first();
  await clickVisible(page, `[data-testid="board-position"][data-x="${await square.getAttribute('data-x')}"][data-y="${await square.getAttribute('data-y')}"]`);
  await page.click('[data-testid="board-confirm"]');
  st = await next(game, page, st, 'Bob placed his E');
  await decide(page, 'skip');
  st = await next(game, page, st, 'Ann got the last E');
  assert.deepEqual(st.bazaar.taken, ['E', 'E']);
  assert.equal(st.pending.seat, 0);
  await noBids('Ann plays the last tile');
  assert.deepEqual(await picksShown(page), [[0, 'Ann took'], [1, 'Bob took']]);
  await screenshot(page, 'g-no-auction-round');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});

// The arrow beside a player points at who decides now: while Bob, the auctioneer, decides to buy
// or sell in the bazaar that Ann's tile brought out, it points at Bob, not at Ann (whose turn it
// is, and whose row keeps its highlight).
test('during the auctioneer\'s buy-or-sell decision the arrow points at the auctioneer', async () => {
  const { game, page } = await bazaarGame(['Ann', 'Bob', 'Cid'], 'auction', ['BCB-A', 'E', 'E', 'U', 'V', 'V']);
  let st = await placeBazaarTile(game, page);
  assert.equal(st.pending.seat, 1, 'Bob chooses first');
  await decide(page, 'choose U');
  st = await next(game, page, st, 'Bob chose U');
  await decide(page, 'bid 0');
  st = await next(game, page, st, 'Bob opened');
  assert.equal(st.pending.seat, 2, 'Cid bids next');
  await decide(page, 'bid 1');
  st = await next(game, page, st, 'Cid bid 1');
  assert.equal(st.pending.seat, 0, 'Ann bids next');
  await decide(page, 'pass');
  st = await next(game, page, st, 'Ann passed');
  assert.equal(st.pending.phase, 'buy-or-sell');
  assert.equal(st.pending.seat, 1, 'Bob decides');
  assert.equal(st.turn_seat, 0, 'it is still Ann\'s turn');
  const arrows = await page.$$eval('[data-testid="turn-arrow"]', (els) => els.map((el) => Number(el.closest('[data-seat]').dataset.seat)));
  assert.deepEqual(arrows, [1], 'one arrow, at Bob');
  assert.equal(await page.getAttribute('[data-testid="player-0"]', 'class').then((c) => c.split(' ').includes('turn')), true, 'Ann\'s row keeps the turn\'s highlight');
  await screenshot(page, 'g-bazaar-buy-or-sell-arrow');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
