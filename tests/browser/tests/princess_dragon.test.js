// Princess & Dragon: Ann (clicking) against the greedy bot Bob in a pd game created in the lobby
// with a fixed deck. Ann places the volcano first (the dragon flies onto it), later puts the fairy
// on the tile of her follower by clicking the highlighted tile, then places the dragon tile: the
// dragon's journey is highlighted (path so far, squares it may enter), Ann moves it by clicking a
// highlighted square, Bob moves it too, and so on until it stops. Played to the results, whose
// table has the fairy's column.
//
// Deck (start tile D at 0,0; Ann's choices below, Bob's the greedy bot's, the same every run):
//   Ann  PD-X (volcano)  first legal placement; no figure may go on a volcano (skip)
//   Bob  U
//   Ann  U               first legal placement, a follower on the first spot offered
//   Bob  U
//   Ann  U               first legal placement; the fairy onto her follower's tile (clicked)
//   Bob  E
//   Ann  PD-H (dragon)   first legal placement, no figure; the journey: steps by Ann and by Bob
//   Bob  U               the deck is empty: final scoring, results

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion, assertMatches, assertOffersLegal, clickVisible } from '../lib/ui.js';
import { assertNoCodes, expansionTileIds } from '../lib/words.js';

const suite = browserSuite();

const tid = (id) => `[data-testid="${id}"]`;
const DECK = ['PD-X', 'U', 'U', 'U', 'U', 'E', 'PD-H', 'U'];

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

// Waits until the page shows `version` or a later one (the bot may already have moved on).
async function waitForAtLeast(page, version) {
  await page.waitForFunction((v) => Number(document.querySelector('[data-testid="game-view"]')?.dataset.version) >= v, version);
}

// The symbols drawn on a tile's picture (its symbol in the sprite), by test id.
async function symbolsOn(page, x, y) {
  return page.evaluate(([x, y]) => {
    const use = document.querySelector(`[data-testid="board-tile"][data-x="${x}"][data-y="${y}"] use`);
    const symbol = use && document.getElementById((use.getAttribute('href') || '').slice(1));
    return symbol ? [...symbol.querySelectorAll('.tile-symbol')].map((el) => el.dataset.testid).sort() : null;
  }, [x, y]);
}

test('in a pd game Ann places the fairy and moves the dragon by clicking, Bob moves it too', async () => {
  const { browser, client } = suite;
  const catalogue = await client.request({ type: 'catalogue' });
  assert.ok(catalogue.expansions.some((e) => e.name === 'pd'), 'the catalogue has pd');
  for (const [id, flag] of [['PD-X', 'volcano'], ['PD-H', 'dragon'], ['PD-R', 'portal']]) {
    assert.equal(catalogue.tiles.find((t) => t.id === id)?.[flag], true, `${id} is marked ${flag} in the catalogue`);
  }
  assert.ok(catalogue.tiles.find((t) => t.id === 'PD-B').segments.some((seg) => seg.princess), 'PD-B has a princess');

  const page = await newPage(browser, 'pd-ann');
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector(tid('expansion-pd'));
  for (const name of ['dragon', 'fairy', 'princess']) {
    const option = catalogue.options.find((o) => o.name === name);
    assert.ok(option, `the catalogue has the ${name} option`);
    const values = await page.$$eval(`${tid(`option-${name}`)} option`, (els) => els.map((el) => el.value));
    assert.deepEqual(values, option.values.map((v) => v.name), `the lobby offers ${name} with its values`);
  }

  const { game, links } = await createGame(page, {
    seats: [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'greedy' }], expansions: ['pd'], deck: DECK,
  });
  await client.request({ type: 'join', game });
  await client.holdSeat(game, tokenOf(links[0])); // to read Ann's legal list (the test never acts for her)
  await page.goto(links[0]);
  let st = await client.waitForState(game, (s) => s.version === 0);
  assert.deepEqual(st.expansions, ['pd']);
  assert.equal(st.dragon, null, 'no dragon before a volcano');
  assert.equal(st.fairy, null);
  await waitForVersion(page, 0);
  assert.equal(await page.locator(tid('dragon-piece')).count(), 0);

  let figureSteps = 0;
  let fairyPlaced = false;
  let journeySeen = false;
  const dragonSteps = [];
  for (let guard = 0; guard < 60; guard++) {
    st = await client.waitForState(game, (s) => s.status === 'over' || s.pending?.seat === 0);
    if (st.status === 'over') break;
    await waitForVersion(page, st.version);
    const version = st.version;
    const phase = st.pending.phase;
    if (phase === 'place') {
      await placeAt(page, st.actions.find((a) => a.verb === 'place').action);
    } else if (phase === 'meeple') {
      figureSteps++;
      await assertOffersLegal(page, st);
      if (figureSteps === 1) {
        assert.equal(st.tile, null);
        assert.deepEqual(st.legal, ['skip'], 'nothing may go on the volcano');
        // The banner and the card say what is true: nothing can be placed (not "place a figure").
        assert.equal((await page.innerText(tid('turn-banner'))).trim(), 'Your turn: end the turn (nothing can be placed)');
        assert.match(await page.innerText(tid('action-card')), /end the turn \(nothing can be placed\)/);
        assert.deepEqual(st.dragon, st.last_placed, 'the dragon flew onto the volcano');
        await page.waitForSelector(`${tid('dragon-piece')}[data-x="${st.dragon.x}"][data-y="${st.dragon.y}"]`);
        assert.deepEqual(await symbolsOn(page, st.dragon.x, st.dragon.y), ['symbol-volcano'], 'the volcano is drawn on PD-X');
        await page.click(tid('skip'));
      } else if (figureSteps === 2) {
        const meeple = st.actions.find((a) => a.verb === 'meeple');
        await clickVisible(page, `${tid('meeple-spot')}[data-action="${meeple.action}"]`);
      } else if (figureSteps === 3) {
        const fairy = st.actions.filter((a) => a.verb === 'fairy');
        assert.ok(fairy.length > 0, 'the fairy may go to the tile of Ann\'s follower');
        const mine = st.followers.filter((f) => f.seat === 0);
        for (const f of fairy) assert.ok(mine.some((m) => m.x === f.x && m.y === f.y), `the fairy's tile ${f.x},${f.y} holds Ann's follower`);
        const shown = await page.$$eval(tid('fairy-option'), (els) => els.map((el) => el.dataset.action).sort());
        assert.deepEqual(shown, fairy.map((a) => a.action).sort(), 'the fairy\'s tiles are highlighted');
        await page.waitForSelector(tid('fairy-hint'));
        await screenshot(page, 'pd-fairy-options');
        await assertNoCodes(page, await expansionTileIds(client), 'the fairy\'s options');
        await clickVisible(page, `${tid('fairy-option')}[data-action="${fairy[0].action}"]`);
        st = await client.waitForState(game, (s) => s.version > version);
        const annsFairy = st.log.findIndex((e) => e.seat === 0 && e.action === fairy[0].action);
        assert.ok(annsFairy >= 0, 'the log has Ann\'s fairy placement');
        // The greedy bot answers at once and may already have moved the fairy to its own tile.
        if (!st.log.slice(annsFairy + 1).some((e) => e.action?.startsWith('fairy'))) {
          assert.deepEqual(st.fairy, { x: fairy[0].x, y: fairy[0].y }, 'the fairy stands where Ann clicked');
        }
        await waitForAtLeast(page, st.version);
        // (Bob may already have moved the fairy on: the end checks where the page draws it.)
        await page.waitForSelector(tid('fairy-piece'));
        fairyPlaced = true;
      } else {
        assert.ok(st.log.some((e) => /placed PD-H/.test(e.text)), 'the last figure step is the dragon tile\'s');
        assert.deepEqual(await symbolsOn(page, st.last_placed.x, st.last_placed.y), ['symbol-dragon'], 'the dragon symbol is drawn on PD-H');
        await page.click(tid('skip'));
      }
    } else if (phase === 'dragon') {
      journeySeen = true;
      const journey = st.dragon_journey;
      assert.ok(journey, 'a journey is under way');
      assert.deepEqual(journey.squares[journey.squares.length - 1], st.dragon, 'the dragon stands at the end of its path');
      const path = await page.$$eval(tid('dragon-path'), (els) => els.map((el) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) })));
      assert.deepEqual(path, journey.squares, 'the path so far is highlighted');
      const steps = st.actions.filter((a) => a.verb === 'dragon');
      assert.equal(steps.length, st.legal.length, 'only dragon steps are legal');
      const shown = await page.$$eval(tid('dragon-option'), (els) => els.map((el) => el.dataset.action).sort());
      assert.deepEqual(shown, steps.map((a) => a.action).sort(), 'the squares the dragon may enter are highlighted');
      await assertOffersLegal(page, st);
      assert.match(await page.innerText(tid('turn-banner')), new RegExp(`${journey.steps_left} steps? left`));
      await screenshot(page, `pd-dragon-step-${dragonSteps.length + 1}`);
      // The dragon's buttons say the direction, not the square.
      await assertNoCodes(page, await expansionTileIds(client), 'the dragon\'s steps');
      await clickVisible(page, `${tid('dragon-option')}[data-action="${steps[0].action}"]`);
      dragonSteps.push(steps[0].action);
    } else {
      assert.fail(`an unexpected decision for Ann: ${phase}`);
    }
    st = await client.waitForState(game, (s) => s.version > version);
  }
  assert.equal(st.status, 'over');
  assert.ok(fairyPlaced, 'Ann placed the fairy');
  assert.ok(journeySeen && dragonSteps.length > 0, 'Ann moved the dragon');

  const log = st.log;
  const volcanoAt = log.findIndex((e) => /placed PD-X/.test(e.text));
  const dragonTileAt = log.findIndex((e) => /placed PD-H/.test(e.text));
  assert.ok(volcanoAt >= 0 && dragonTileAt > volcanoAt, 'the volcano came before the dragon tile');
  const steps = log.filter((e) => e.action?.startsWith('dragon '));
  assert.ok(steps.some((e) => e.seat === 0) && steps.some((e) => e.seat === 1), 'both players moved the dragon');
  assert.deepEqual(steps.filter((e) => e.seat === 0).map((e) => e.action), dragonSteps);
  assert.ok(log.some((e) => /^The dragon's journey ends at/.test(e.text)));

  await waitForVersion(page, st.version);
  await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  for (const p of st.players) {
    const cell = `${tid('final-breakdown')} tr[data-seat="${p.seat}"] td[data-category="fairy"]`;
    assert.equal(await page.innerText(cell), String(p.breakdown.fairy), `the results show ${p.name}'s fairy points`);
  }
  const piece = page.locator(tid('fairy-piece'));
  assert.deepEqual({ x: Number(await piece.getAttribute('data-x')), y: Number(await piece.getAttribute('data-y')) }, { x: st.fairy.x, y: st.fairy.y }, 'the fairy is drawn where it stands');
  assert.equal(await page.locator(tid('dragon-piece')).getAttribute('data-x'), String(st.dragon.x), 'the dragon is drawn where it stopped');
  await screenshot(page, 'pd-results');
  await assertMatches(page, st, 'at the end');
  assert.deepEqual(page.problems, [], 'no errors in the page');
});

// The turn a newcomer could not finish (issue 32 item 5): with "Take back until I end my turn" on,
// a volcano placed while a dragon tile is set aside is previewed (nothing is drawn: the tile comes
// back into the pile), and End turn sends the placement and its skip together.
test('with take back on, a volcano that brings a set-aside dragon tile back is placed and the turn ended', async () => {
  const { browser, client } = suite;
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    expansions: ['pd'], deck: ['PD-G', 'PD-X', 'U', 'V', 'U', 'V', 'U', 'V'],
  });
  await client.holdSeat(game, seats[1].token);
  const page = await newPage(browser, 'ann-volcano', { takeBack: true });
  await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);
  await waitForVersion(page, 0);
  const start = client.state(game);
  assert.equal(start.tile, 'PD-X');
  assert.deepEqual(start.set_aside, ['PD-G'], 'the dragon tile is set aside');
  // The banner shows the set-aside tile's picture, with words as its title, not its id.
  const banner = tid('set-aside-banner');
  await page.waitForSelector(`${banner} [data-testid="set-aside-tile"][data-tile="PD-G"]`);
  const bannerText = await page.innerText(banner);
  assert.doesNotMatch(bannerText, /PD-G|\bPD\b/, `the banner names no tile id: ${bannerText}`);
  const pictureTitle = await page.textContent(`${banner} [data-testid="set-aside-tile"] title`);
  assert.match(pictureTitle, /dragon/, `the picture's title says what is on it: ${pictureTitle}`);
  assert.doesNotMatch(pictureTitle, /PD-G/);
  await screenshot(page, 'set-aside-banner-picture');
  const square = page.locator('[data-testid="board-position"]').first();
  await clickVisible(page, `[data-testid="board-position"][data-x="${await square.getAttribute('data-x')}"][data-y="${await square.getAttribute('data-y')}"]`);
  await page.click(tid('board-confirm'));
  await page.waitForSelector('[data-testid="game-view"][data-draft="true"]');
  assert.equal(client.state(game).version, 0, 'the placement is a draft, not sent');
  await page.click(tid('end-turn'));
  const st = await client.waitForState(game, (s) => s.version === 2);
  assert.match(st.log.at(-1).action, /^skip$/);
  assert.equal(st.deck.left, 6, 'PD-G came back into the pile and U was drawn');
  await waitForVersion(page, 2);
  assert.deepEqual(page.problems, [], 'no errors in the page');
});
