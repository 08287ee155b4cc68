// The board keeps a readable size as the game grows (issue 33 item 3): on a phone and on a desktop,
// Ann (the page) plays 40 turns (24 on the desktop) of a Princess & Dragon game against the greedy
// bot at pace 0, placing on the first square offered (the board pans to it when it is out of view)
// and skipping what she may skip. At the start of each of her turns, with the view following the
// game: every tile is at least the minimum size on screen (48 px on the phone, whose squares to
// place on are then over 40 px; 60 px on the desktop), the last placed tile lies inside the visible
// board, a square to place on is in view, and every figure is at least 12 px across. Once the
// dragon is on the board its colour is no seat's colour. The turn and confirm buttons of a
// previewed tile stand beside it, covering none of it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { waitForVersion, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

const tid = (id) => `[data-testid="${id}"]`;
const DEVICES = {
  phone: { device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }, minTile: 48, turns: 40 },
  // (The desktop reaches its minimum by turn 17: 24 turns play some at it, in less time.)
  desktop: { device: { viewport: { width: 1400, height: 900 } }, minTile: 60, turns: 24 },
};

// What the board shows now, in screen px: the tiles' smallest side, whether the last placed tile
// and some square to place on lie inside the board's visible area, the figures' smallest side
// (of those in view), and the dragon's fill against the seats' colours.
async function measure(page) {
  return page.evaluate(async () => {
    const svg = document.querySelector('[data-testid="board"]');
    const a = svg.getBoundingClientRect();
    const area = { left: Math.max(a.left, 0), top: Math.max(a.top, 0), right: Math.min(a.right, window.innerWidth), bottom: Math.min(a.bottom, window.innerHeight) };
    const inside = (r) => r.left >= area.left - 0.5 && r.right <= area.right + 0.5 && r.top >= area.top - 0.5 && r.bottom <= area.bottom + 0.5;
    const tiles = [...document.querySelectorAll('[data-testid="board-tile"]')].map((el) => el.getBoundingClientRect());
    const last = document.querySelector('[data-testid="last-placed"]')?.getBoundingClientRect() ?? null;
    const squares = [...document.querySelectorAll('[data-testid="board-position"]')].map((el) => el.getBoundingClientRect());
    const figures = [...document.querySelectorAll('[data-testid="follower"]')].map((el) => el.getBoundingClientRect()).filter(inside);
    const dragon = document.querySelector('[data-testid="dragon-piece"] .dragon-body');
    const { SEAT_COLOURS } = await import('./tiles.js');
    const rgb = (colour) => {
      const probe = document.createElement('span');
      probe.style.color = colour;
      document.body.append(probe);
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value.match(/\d+/g).slice(0, 3).map(Number);
    };
    return {
      tiles: tiles.length,
      smallestTile: Math.min(...tiles.map((r) => Math.min(r.width, r.height))),
      smallestSquare: squares.length ? Math.min(...squares.map((r) => Math.min(r.width, r.height))) : null,
      squareInView: squares.some(inside),
      lastInView: last ? inside(last) : null,
      smallestFigure: figures.length ? Math.min(...figures.map((r) => Math.max(r.width, r.height))) : null,
      figures: figures.length,
      dragon: dragon ? rgb(getComputedStyle(dragon).fill) : null,
      seats: SEAT_COLOURS.map(rgb),
    };
  });
}

// Waits until the board has stopped gliding (a CSS transition of the view).
async function settled(page) {
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'));
}

for (const [name, { device, minTile, turns: TURNS }] of Object.entries(DEVICES)) {
  test(`the board keeps tiles of at least ${minTile} px and follows the game over ${TURNS} turns on a ${name}`, async () => {
    const { browser, client } = suite;
    const { game, seats } = await client.create({
      players: [{ name: 'Ann', seat: 'human' }, { name: 'Greedy', seat: 'bot', bot: 'greedy' }],
      expansions: ['pd'], seed: 7, pace: 0,
    });
    const page = await newPage(browser, `ann-board-${name}`, device);
    await page.goto(`${serverUrl()}/#game=${game}&token=${seats[0].token}`);

    let turns = 0;
    let dragonSeen = null;
    const sizes = [];
    const done = (s) => s.status === 'over' || s.pending?.seat === 0;
    let st = await client.waitForState(game, done);
    while (st.status !== 'over' && turns < TURNS) {
      await waitForVersion(page, st.version);
      await settled(page);
      const phase = st.pending.phase;
      if (phase === 'place') {
        turns++;
        await page.locator(tid('board-position')).first().waitFor();
        const m = await measure(page);
        sizes.push(Math.round(m.smallestTile));
        const banner = await page.$eval(tid('turn-banner'), (el) => ({ over: el.scrollWidth - el.clientWidth, text: el.innerText }));
        assert.ok(banner.over <= 1, `turn ${turns}: the banner is whole, not cut (${banner.over} px over: ${banner.text})`);
        assert.ok(m.smallestTile >= minTile - 0.5, `turn ${turns}: tiles are at least ${minTile} px (${m.smallestTile.toFixed(1)} px, ${m.tiles} tiles)`);
        if (name === 'phone') assert.ok(m.smallestSquare >= 40, `turn ${turns}: the squares to place on are at least 40 px (${m.smallestSquare})`);
        if (m.lastInView !== null) assert.ok(m.lastInView, `turn ${turns}: the last placed tile is in view`);
        assert.ok(m.squareInView, `turn ${turns}: a square to place on is in view`);
        if (m.smallestFigure !== null) assert.ok(m.smallestFigure >= 12, `turn ${turns}: figures are at least 12 px across (${m.smallestFigure.toFixed(1)} px of ${m.figures})`);
        if (m.dragon && !dragonSeen) {
          dragonSeen = m.dragon;
          for (const [seat, colour] of m.seats.entries()) {
            const distance = Math.hypot(...colour.map((c, i) => c - m.dragon[i]));
            assert.ok(distance > 60, `the dragon (rgb ${m.dragon}) is far from seat ${seat + 1}'s colour (rgb ${colour}): ${distance.toFixed(0)}`);
          }
          await screenshot(page, `board-dragon-${name}`);
        }
        if (turns === 16) await screenshot(page, `board-turn-16-${name}`);
        // The first square offered (previewed at once when it is the only one).
        const square = page.locator(tid('board-position')).first();
        const [x, y] = [await square.getAttribute('data-x'), await square.getAttribute('data-y')];
        const shown = await page.$eval(tid('preview-tile'), (el) => el.dataset.action).catch(() => null);
        if (!shown || !shown.startsWith(`place ${x},${y} `)) await clickVisible(page, `${tid('board-position')}[data-x="${x}"][data-y="${y}"]`);
        await page.locator(tid('preview-tile')).waitFor();
        // The turn and confirm buttons hide none of the previewed tile (its edges are what the
        // player matches), and they are large enough to tap.
        const covered = await page.evaluate(() => {
          const tile = document.querySelector('[data-testid="preview-tile"] .preview-outline').getBoundingClientRect();
          return [...document.querySelectorAll('[data-testid="board-rotate"] circle, [data-testid="board-confirm"] circle')].map((el) => {
            const r = el.getBoundingClientRect();
            const overlap = Math.max(0, Math.min(r.right, tile.right) - Math.max(r.left, tile.left)) * Math.max(0, Math.min(r.bottom, tile.bottom) - Math.max(r.top, tile.top));
            return { overlap, size: Math.min(r.width, r.height) };
          });
        });
        for (const b of covered) {
          assert.ok(b.overlap < 1, `turn ${turns}: a button covers ${b.overlap.toFixed(0)} px² of the previewed tile`);
          if (name === 'phone') assert.ok(b.size >= 40, `turn ${turns}: the buttons are at least 40 px (${b.size.toFixed(1)})`);
        }
        if (turns === 3) await screenshot(page, `preview-buttons-${name}`);
        await clickVisible(page, tid('board-confirm'));
      } else if (await page.locator(tid('skip')).count()) {
        await page.click(tid('skip'));
      } else if (await page.locator(`${tid('action-card')} button[data-action]`).count()) {
        await page.locator(`${tid('action-card')} button[data-action]`).first().click();
      } else {
        const option = page.locator('[data-testid="dragon-option"], [data-testid="fairy-option"]').first();
        assert.ok(await option.count(), `Ann has something to click in phase ${phase}`);
        await clickVisible(page, `[data-testid="${await option.getAttribute('data-testid')}"][data-action="${await option.getAttribute('data-action')}"]`);
      }
      const before = st.version;
      st = await client.waitForState(game, (s) => s.version > before && done(s));
    }
    if (st.status !== 'over') {
      await waitForVersion(page, st.version);
      await settled(page);
    }
    await screenshot(page, `late-game-board-${name}`);
    console.log(`${name}: tile px at the start of each of Ann's turns: ${sizes.join(' ')}`);
    assert.ok(turns >= Math.min(TURNS, 30), `Ann played ${turns} turns`);
    assert.ok(dragonSeen, 'the dragon came onto the board');
    assert.deepEqual(page.problems, [], 'no errors in the page');
  });
}
