// (b) Two people, two browsers (separate contexts, so separate storage), one seat each. They take
// turns; each sees the other's move. One of them reloads in the middle of the game and keeps the
// seat; the other comes back through the bare game link and keeps the seat from localStorage.
// A spectator connection of the test checks both pages against the server after every move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, waitForVersion, assertMatches, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

async function seatsHeld(page) {
  return page.$$eval('[data-testid^="player-"][data-seat]', (els) => els.filter((el) => el.querySelector('.badge.you')).map((el) => Number(el.dataset.seat)));
}

test('two players in two browsers take turns and see each other\'s moves', async () => {
  const { browser, client } = suite;
  const ann = await newPage(browser, 'ann');
  const bob = await newPage(browser, 'bob');
  await ann.goto(`${serverUrl()}/`);
  const deck = ['U', 'V', 'E', 'K', 'J', 'B'];
  const { game, links } = await createGame(ann, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'human' }], bcb: false, deck,
  });
  await client.request({ type: 'join', game }); // spectator

  await ann.goto(links[0]);
  await bob.goto(links[1]);
  const pages = [ann, bob];
  let st = await client.waitForState(game, (s) => s.version === 0);
  for (const page of pages) {
    await waitForVersion(page, 0);
    await assertMatches(page, st, 'start');
  }
  assert.deepEqual(await seatsHeld(ann), [0]);
  assert.deepEqual(await seatsHeld(bob), [1]);
  // They chat: Ann writes, Bob reads it in his page (and so does Ann, in hers).
  await ann.fill('[data-testid="chat-text"]', 'Good luck, Bob!');
  await ann.click('[data-testid="chat-send"]');
  for (const page of pages) {
    await page.waitForSelector('[data-testid="chat-message"][data-seat="0"]');
    assert.match(await page.textContent('[data-testid="chat-list"]'), /Ann: Good luck, Bob!/);
  }
  await bob.fill('[data-testid="chat-text"]', 'Thanks!');
  await bob.keyboard.press('Enter');
  await ann.waitForSelector('[data-testid="chat-message"][data-seat="1"]');
  await screenshot(ann, 'b-chat');
  // Both are online, as each of them sees it.
  for (const page of pages) {
    await page.waitForSelector('[data-testid="player-0"] [data-online="online"]');
    await page.waitForSelector('[data-testid="player-1"] [data-online="online"]');
  }

  for (let turn = 0; turn < deck.length; turn++) {
    const seat = turn % 2;
    const me = pages[seat];
    const other = pages[1 - seat];
    const name = seat === 0 ? 'Ann' : 'Bob';
    assert.equal(st.pending.seat, seat);

    if (turn === 2) {
      // Ann reloads: the token in the address keeps her seat.
      await ann.reload();
      await waitForVersion(ann, st.version);
      assert.deepEqual(await seatsHeld(ann), [0], 'Ann still holds seat 0 after reloading');
    }
    if (turn === 3) {
      // Bob comes back through the bare game link: his browser remembers the token.
      await bob.goto(`${serverUrl()}/#game=${game}`);
      await waitForVersion(bob, st.version);
      assert.deepEqual(await seatsHeld(bob), [1], 'Bob still holds seat 1 from localStorage');
    }

    await me.waitForSelector('[data-testid="board-position"]');
    assert.equal(await other.locator('[data-testid="board-position"]').count(), 0, 'no squares to click when it is not your turn');
    assert.equal(await other.getAttribute('[data-testid="action-card"]', 'data-mine'), 'false');
    await screenshot(me, `b-${turn}-${name.toLowerCase()}-to-play`);

    // Place on the first highlighted square, turned once if it can be.
    const square = me.locator('[data-testid="board-position"]').first();
    const x = await square.getAttribute('data-x');
    const y = await square.getAttribute('data-y');
    await clickVisible(me, `[data-testid="board-position"][data-x="${x}"][data-y="${y}"]`);
    await me.waitForSelector('[data-testid="preview-tile"]');
    if (await me.isEnabled('[data-testid="rotate"]')) await me.keyboard.press('r');
    const placed = await me.getAttribute('[data-testid="preview-tile"]', 'data-action');
    await me.click('[data-testid="confirm-place"]');
    st = await client.waitForState(game, (s) => s.version > st.version && s.pending?.phase === 'meeple');
    assert.equal(st.log[st.log.length - 1].action, placed);

    // The other player sees the new tile, where it was put, and the log line.
    for (const page of pages) await waitForVersion(page, st.version);
    await other.waitForSelector(`[data-testid="board-tile"][data-x="${x}"][data-y="${y}"]`);
    await assertMatches(other, st, `${name}'s placement seen by the other`);
    assert.match((await other.locator('[data-testid="log-entry"]').last().textContent()).trim(), new RegExp(`^${name} placed`));

    // A follower on the first two turns, then skip (with the S key).
    const spots = me.locator('[data-testid="meeple-spot"]');
    if (turn < 2 && (await spots.count()) > 0) {
      await clickVisible(me, `[data-testid="meeple-spot"][data-action="${await spots.first().getAttribute('data-action')}"]`);
    } else {
      await me.keyboard.press('s');
    }
    st = await client.waitForState(game, (s) => s.version > st.version && (s.status === 'over' || s.pending?.phase === 'place'));
    for (const page of pages) {
      await waitForVersion(page, st.version);
      await assertMatches(page, st, `after ${name}'s turn ${turn}`);
    }
    if (turn < 2) await screenshot(other, `b-${turn}-${seat === 0 ? 'bob' : 'ann'}-sees-${name.toLowerCase()}`);
  }

  assert.equal(st.status, 'over');
  for (const [i, page] of pages.entries()) {
    await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
    const totals = await page.$$eval('[data-testid="breakdown-row"]', (trs) => trs.map((tr) => [Number(tr.dataset.seat), Number(tr.querySelector('[data-testid="breakdown-total"]').textContent)]));
    assert.deepEqual(Object.fromEntries(totals), Object.fromEntries(st.players.map((p) => [p.seat, p.score])));
    await screenshot(page, `b-9-results-${i === 0 ? 'ann' : 'bob'}`);
  }
  assert.deepEqual([...ann.problems, ...bob.problems], [], 'no errors in the pages');
});
