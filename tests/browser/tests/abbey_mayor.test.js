// Abbey & Mayor: Ann (clicking) against the greedy bot Bob in an am game created in the lobby with
// a fixed deck. Ann deploys her wagon on a road and places her barn on a tile corner (the corner
// spots of the figure step); Bob's abbey fills the hole at 1,0 and completes Ann's road, so Ann's
// wagon rolls on: she clicks one of its highlighted destinations; later Ann plays her own abbey
// into a hole by clicking it. Played to the results.
//
// Deck (start tile D at 0,0; Ann's choices below, Bob's the greedy bot's, the same every run):
// P D N AM-E A E B F E U B AM-C V V Q E I U H R K. Ann plays, in this order of priority: her
// abbey into the first hole offered, the barn when it may go, her wagon on the first road, the
// wagon's first destination, a placement that closes a tile corner while the barn is unplaced
// (else the first legal placement), skip. Checked once: Ann's wagon goes on A at -1,0 (road E),
// her barn at the NE corner of B at -1,1, Bob's abbey at 1,0 sends her wagon on to the cloister
// of -1,0, her abbey fills 2,1, and her barn scores its farm at the end.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion, assertMatches, assertOffersLegal, clickVisible, decide } from '../lib/ui.js';
import { assertNoCodes, expansionTileIds } from '../lib/words.js';

const suite = browserSuite();

const tid = (id) => `[data-testid="${id}"]`;
const DECK = ['P', 'D', 'N', 'AM-E', 'A', 'E', 'B', 'F', 'E', 'U', 'B', 'AM-C', 'V', 'V', 'Q', 'E', 'I', 'U', 'H', 'R', 'K'];

// Ann places the tile in hand by clicking square x,y and confirming the previewed placement,
// turned until the preview is `action`.
async function placeAt(page, action) {
  const [, x, y] = /^place (-?\d+),(-?\d+) r\d+$/.exec(action);
  await clickVisible(page, `${tid('board-position')}[data-x="${x}"][data-y="${y}"]`);
  const preview = page.locator(tid('preview-tile'));
  await preview.waitFor();
  for (let i = 0; i < 4 && (await preview.getAttribute('data-action')) !== action; i++) {
    const before = await preview.getAttribute('data-action');
    await page.click(tid('rotate'));
    await page.waitForFunction(([sel, old]) => document.querySelector(sel)?.dataset.action !== old, [tid('preview-tile'), before]);
  }
  assert.equal(await preview.getAttribute('data-action'), action);
  await page.click(tid('board-confirm'));
}

// A placement at x,y closes a corner: the three other squares around one of its corners hold tiles.
function closesCorner(st, a) {
  const has = (x, y) => st.board.some((t) => t.x === x && t.y === y);
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].some(([dx, dy]) => has(a.x + dx, a.y) && has(a.x, a.y + dy) && has(a.x + dx, a.y + dy));
}

const actionsOn = (page, testid) => page.$$eval(tid(testid), (els) => els.map((el) => el.dataset.action).sort());

test('in an am game Ann places a wagon and a barn, moves the wagon and plays her abbey by clicking', async () => {
  const { browser, client } = suite;
  const catalogue = await client.request({ type: 'catalogue' });
  const am = catalogue.expansions.find((e) => e.name === 'am');
  assert.ok(am && am.summary, 'the catalogue has am with its summary');
  assert.equal(catalogue.tiles.find((t) => t.id === 'AM-A')?.abbey, true, 'AM-A is the abbey');

  const page = await newPage(browser, 'am-ann');
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector(tid('expansion-am'));
  const wagonOption = catalogue.options.find((o) => o.name === 'wagon');
  assert.ok(wagonOption, 'the catalogue has the wagon option');
  const { game, links } = await createGame(page, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'greedy' }], expansions: ['am'], deck: DECK,
  });
  await client.request({ type: 'join', game });
  await client.holdSeat(game, tokenOf(links[0])); // to read Ann's legal list (the test never acts for her)
  await page.goto(links[0]);
  let st = await client.waitForState(game, (s) => s.version === 0);
  assert.deepEqual(st.expansions, ['am']);
  await waitForVersion(page, 0);
  assert.equal(await page.getAttribute(`${tid('player-0')} ${tid('player-abbey')}`, 'data-held'), 'true', 'Ann\'s abbey is in her hand');

  const done = { abbey: false, barn: false, wagon: false, move: false };
  for (let guard = 0; guard < 80; guard++) {
    st = await client.waitForState(game, (s) => s.status === 'over' || s.pending?.seat === 0);
    if (st.status === 'over') break;
    await waitForVersion(page, st.version);
    const version = st.version;
    const phase = st.pending.phase;
    const by = (verb) => st.actions.find((a) => a.verb === verb);
    await assertOffersLegal(page, st);
    if (phase === 'abbey') {
      assert.equal(st.tile, null, 'no tile is shown before the draw');
      assert.equal(await page.locator(tid('hand-tile')).count(), 0, 'no tile in hand on the page');
      assert.deepEqual(await actionsOn(page, 'abbey-option'), st.actions.filter((a) => a.verb === 'abbey').map((a) => a.action).sort(), 'the holes are highlighted');
      await page.waitForSelector(tid('abbey-draw'));
      await screenshot(page, 'am-abbey-holes');
      // The holes' buttons say where they are in words, not by square.
      await assertNoCodes(page, await expansionTileIds(client), 'the abbey\'s holes');
      const abbey = by('abbey');
      await decide(page, abbey.action);
      done.abbey = true;
      st = await client.waitForState(game, (s) => s.version > version);
      await page.waitForSelector(`${tid('board-tile')}[data-x="${abbey.x}"][data-y="${abbey.y}"][data-tile="AM-A"]`);
      const grounds = await page.evaluate(([x, y]) => {
        const use = document.querySelector(`[data-testid="board-tile"][data-x="${x}"][data-y="${y}"] use`);
        const symbol = use && document.getElementById((use.getAttribute('href') || '').slice(1));
        return Boolean(symbol?.querySelector('[data-testid="abbey-grounds"]'));
      }, [abbey.x, abbey.y]);
      assert.ok(grounds, 'the abbey is drawn as a walled cloister');
      await page.waitForSelector(`${tid('player-0')} ${tid('player-abbey')}[data-held="false"]`);
      continue;
    } else if (phase === 'wagon') {
      assert.equal(st.rolling_wagon?.seat, 0, 'Ann\'s wagon rolls');
      const moves = st.actions.filter((a) => a.verb === 'move');
      assert.deepEqual(await actionsOn(page, 'wagon-move-spot'), moves.map((a) => a.action).sort(), 'the wagon\'s destinations are highlighted');
      await page.waitForSelector(`${tid('wagon-origin')}[data-x="${st.rolling_wagon.from.x}"][data-y="${st.rolling_wagon.from.y}"]`);
      await page.waitForSelector(tid('wagon-pass'));
      await screenshot(page, 'am-wagon-destinations');
      await assertNoCodes(page, await expansionTileIds(client), 'the wagon\'s destinations');
      await decide(page, moves[0].action);
      done.move = moves[0];
    } else if (phase === 'place') {
      const place = (!done.barn && st.actions.find((a) => a.verb === 'place' && closesCorner(st, a))) || by('place');
      await placeAt(page, place.action);
    } else if (phase === 'meeple') {
      if (by('barn') && !done.barn) {
        const barns = st.actions.filter((a) => a.verb === 'barn');
        await page.click(tid('figure-choice-barn'));
        const spots = await page.$$eval(`${tid('meeple-spot')}[data-figure="barn"]`, (els) => els.map((el) => el.dataset.action).sort());
        assert.deepEqual(spots, barns.map((a) => a.action).sort(), 'a spot on each corner the barn may take');
        await screenshot(page, 'am-barn-corners');
        await decide(page, barns[0].action);
        done.barn = barns[0];
        // The barn stands on its corner, where four tiles meet: the NE corner of -1,1 is 0,100.
        const barn = page.locator(`${tid('follower')}[data-figure="barn"]`);
        await barn.waitFor();
        assert.equal(await barn.getAttribute('data-corner'), barns[0].corner);
        if (barns[0].action === 'barn NE') assert.equal(await barn.getAttribute('transform'), `translate(${barns[0].x * 100 + 100},${barns[0].y * 100})`);
        await screenshot(page, 'am-barn-placed');
      } else if (by('wagon') && !done.wagon && by('wagon').feature === 'road') {
        await decide(page, by('wagon').action);
        done.wagon = by('wagon');
      } else {
        await decide(page, 'skip');
      }
    } else {
      assert.fail(`an unexpected decision for Ann: ${phase}`);
    }
    st = await client.waitForState(game, (s) => s.version > version);
  }
  assert.equal(st.status, 'over');
  assert.ok(done.abbey && done.barn && done.wagon && done.move, `Ann did everything: ${JSON.stringify(done)}`);
  assert.equal(done.barn.action, 'barn NE');
  assert.equal(done.move.action, 'move -1,0 cloister');

  const log = st.log;
  assert.ok(log.some((e) => e.seat === 0 && e.text === 'Ann placed the wagon on the road'));
  assert.ok(log.some((e) => e.seat === 0 && e.text === 'Ann placed the barn at the NE corner'));
  assert.ok(log.some((e) => e.seat === 1 && /^Bob played the abbey into the hole at/.test(e.text)));
  assert.ok(log.some((e) => e.text === 'Ann\'s wagon rolled on to the cloister at -1,0'));
  assert.ok(log.some((e) => e.seat === 0 && /^Ann played the abbey into the hole at/.test(e.text)));
  assert.ok(log.some((e) => /^Ann's barn scored a farm/.test(e.text)), 'the barn scored at the end');

  await waitForVersion(page, st.version);
  await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  await screenshot(page, 'am-results');
  await assertMatches(page, st, 'at the end');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
