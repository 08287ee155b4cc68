// Keys and dialogs, and the header for each view (issue 33, item 5). Escape with the rules dialog
// open closes that dialog and nothing else: the move put together behind it stays (it used to be
// taken back). The header names the game and offers "Save record" in a game only: not in the
// lobby (it kept the last game's), not in a replay.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { newPage, serverUrl, screenshot, browserSuite, artifactDir } from '../lib/browser.js';
import { waitForVersion, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

test('Escape closes the topmost dialog and takes nothing back; the header fits the view', async () => {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    deck: ['U', 'V', 'U', 'V'],
  });
  await client.holdSeat(game, seats[1].token);
  const page = await newPage(browser, 'ann-keys', { takeBack: true });
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);
  await waitForVersion(page, 0);
  const visible = (id) => page.locator(`[data-testid="${id}"]`).isVisible();

  // In the game: its id and "Save record".
  assert.equal((await page.innerText('[data-testid="game-id"]')).trim(), game);
  assert.ok(await visible('download-record'), 'a game offers its record');

  // A placement put together (a draft), then the rules dialog over it.
  const square = page.locator('[data-testid="board-position"]').first();
  await clickVisible(page, `[data-testid="board-position"][data-x="${await square.getAttribute('data-x')}"][data-y="${await square.getAttribute('data-y')}"]`);
  await page.click('[data-testid="board-confirm"]');
  await page.waitForSelector('[data-testid="game-view"][data-draft="true"]');
  await page.click('[data-testid="rules-help"]');
  await page.waitForSelector('[data-testid="help-dialog"]:not([hidden])');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="help-dialog"]', { state: 'hidden' });
  assert.equal(await page.getAttribute('[data-testid="game-view"]', 'data-draft'), 'true', 'the draft behind the dialog stays');
  // With no dialog open, Escape steps back as before.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="game-view"][data-draft="false"]');
  assert.equal(client.state(game).version, 0, 'nothing was sent');

  // The lobby: no game in the header, no "Save record".
  await page.click('[data-testid="lobby-button"]');
  await page.waitForSelector('[data-testid="games-list"]');
  assert.equal(await visible('game-id'), false, 'the lobby names no game');
  assert.equal(await visible('download-record'), false, 'the lobby offers no record');
  await screenshot(page, 'header-lobby');

  // A replay: the record's name, no "Save record".
  const record = await client.request({ type: 'record', game });
  const file = path.join(artifactDir(), `keys-${game}.json`);
  writeFileSync(file, `${JSON.stringify(record.record)}\n`);
  await page.setInputFiles('[data-testid="load-record"]', file);
  await page.waitForSelector('[data-testid="replay-step"]');
  assert.ok(await visible('game-id'), 'a replay names its record');
  assert.equal(await visible('download-record'), false, 'a replay offers no record to save');
  assert.deepEqual(page.problems, [], 'no errors in the page');
  await page.close();
});

// With take back on, the selected placement is checked by the server before it is confirmed (a
// `preview` sent on selection): confirming then starts the draft from that answer, with no second
// question; the card would say at once if the placement could not be taken back (it reveals a
// tile), which no placement of these rules does, so no such note shows here.
test('take back on: the selected placement is checked before the click, and confirming asks nothing more', async () => {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    deck: ['U', 'V', 'U', 'V'],
  });
  const page = await newPage(browser, 'ann-foresight', { takeBack: true });
  // The previews the page asks for, and the answers it got.
  const previews = [];
  let answers = 0;
  const parse = (frame) => {
    try {
      return JSON.parse(String(frame.payload));
    } catch {
      return {}; // not JSON: not ours to count
    }
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => { const msg = parse(frame); if (msg.type === 'preview') previews.push(msg.actions.join(' ')); });
    ws.on('framereceived', (frame) => { if (parse(frame).type === 'preview') answers++; });
  });
  const until = async (what, ok) => {
    for (let i = 0; i < 250 && !ok(); i++) await page.waitForTimeout(20);
    assert.ok(ok(), what);
  };
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);
  await waitForVersion(page, 0);
  const square = page.locator('[data-testid="board-position"]').first();
  await clickVisible(page, `[data-testid="board-position"][data-x="${await square.getAttribute('data-x')}"][data-y="${await square.getAttribute('data-y')}"]`);
  const selected = await page.getAttribute('[data-testid="preview-tile"]', 'data-action');
  await until('the server answered the page\'s preview', () => answers === 1);
  assert.deepEqual(previews, [selected], 'the selected placement was checked once, before the click');
  assert.equal(await page.locator('[data-testid="cannot-take-back"]').count(), 0, 'it can be taken back: no note');
  await page.click('[data-testid="board-confirm"]');
  await page.waitForSelector('[data-testid="game-view"][data-draft="true"]');
  assert.deepEqual(previews, [selected], 'confirming started the draft from the answer already given');
  assert.equal(client.state(game).version, 0, 'nothing was sent');
  assert.deepEqual(page.problems, [], 'no errors in the page');
  await page.close();
});
