// (l) Named bot levels: the lobby offers the server's levels weakest first, shows a thinking time
// only for the timed expert, and a game created with them seats exactly those bots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';

const suite = browserSuite();
const tid = (id) => `[data-testid="${id}"]`;

test('the lobby offers the bot levels and seats them', async () => {
  const { browser, client } = suite;
  const page = await newPage(browser, 'levels');
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector(`${tid('connection-status')}[data-status="open"]`);
  await page.waitForSelector(`${tid('seat-kind-1')} option[value="expert"]`, { state: 'attached' });
  const offered = await page.$$eval(`${tid('seat-kind-1')} option`, (els) => els.map((el) => el.value));
  assert.deepEqual(offered.slice(0, 6), ['human', 'beginner', 'intermediate', 'advanced', 'expert', 'master']);
  assert.equal(await page.inputValue(tid('seat-kind-1')), 'intermediate', 'a person first meets the intermediate level');
  // Only a timed level asks for a thinking time.
  assert.equal(await page.isHidden(tid('seat-ms-1')), true);
  await page.selectOption(tid('seat-kind-1'), 'expert');
  assert.equal(await page.isVisible(tid('seat-ms-1')), true);
  await page.fill(tid('seat-ms-1'), '300');
  assert.equal(await page.inputValue(tid('seat-name-1')), 'Expert', 'the seat takes the level\'s name');
  await page.click(tid('add-seat'));
  await page.selectOption(tid('seat-kind-2'), 'beginner');
  await page.click('details.advanced summary');
  await page.fill(tid('deck'), 'V U E');
  await page.click(tid('create-game'));
  await page.waitForSelector(tid('created-card'));
  const game = await page.textContent(tid('created-game-id'));
  const listed = await client.request({ type: 'list' });
  const seats = listed.games.find((g) => g.game === game).players.map((p) => p.bot || p.kind);
  assert.deepEqual(seats.slice(1), ['expert:ms=300', 'beginner']);
  await screenshot(page, 'levels');
});

// A bot's badge names its level; the badges (bot and level, winner) wrap below a name rather
// than cut it ("Greedy", not "Gree…"), on a desktop and on a phone, for a watcher of a finished
// game between bots.
test('names stay whole beside the badges of bots and winners', async () => {
  const { browser, client } = suite;
  const { game } = await client.create({
    players: [{ name: 'Greedy', seat: 'bot', bot: 'intermediate' }, { name: 'Cid', seat: 'bot', bot: 'advanced' }, { name: 'Beginner', seat: 'bot', bot: 'beginner' }],
    deck: ['V', 'U', 'E'], pace: 0,
  });
  await client.waitForState(game, (s) => s.status === 'over');
  for (const [name, device] of [['desktop', {}], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]]) {
    const page = await newPage(browser, `names-${name}`, device);
    await page.goto(`${serverUrl()}/#game=${game}`);
    await page.waitForSelector(`${tid('game-view')}[data-status="over"]`);
    const names = await page.$$eval(`${tid('player-name')}`, (els) => els.map((el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth + 0.5 })));
    assert.deepEqual(names, [{ text: 'Greedy', cut: false }, { text: 'Cid', cut: false }, { text: 'Beginner', cut: false }], `no name is cut short on a ${name}`);
    await screenshot(page, `player-names-${name}`);
    assert.deepEqual(page.problems, [], 'no errors in the page');
    await page.close();
  }
});
