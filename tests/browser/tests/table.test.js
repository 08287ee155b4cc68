// The table on a desktop (1400×900) and on a phone (390×844, touch): each plays a short game
// against the greedy bot, created in the lobby with the bots' pace at 0.7 s per action. On both:
// no sideways scrolling anywhere; every bot action reaches the table no sooner than 0.6 s after
// the action before it; each of Ann's turns is put together and sent with "End turn" (the
// server hears nothing before), and is taken back on the way (the placement once, the figure
// once). On the phone: the board comes first and spans the screen, the controls
// and the board's targets (squares, follower spots) are at least 40 px, and two fingers pinch
// the board to zoom. Screenshots of the lobby, the game and the results of each.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, waitForVersion, assertMatches, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

const DEVICES = {
  desktop: { viewport: { width: 1400, height: 900 }, takeBack: true },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, takeBack: true },
};

// Whether the page scrolls sideways (the document, or any element wider than the window).
async function sidewaysScroll(page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1 || document.body.scrollWidth > root.clientWidth + 1) return 'the page';
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && el.offsetParent !== null && box.right > window.innerWidth + 1 && !el.closest('.board-area')) return `${el.tagName.toLowerCase()}.${el.className}`;
    }
    return null;
  });
}

// Once the board has glided to its new fit (a CSS transition), what is measured stays.
async function settled(page) {
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'));
}

// The smallest height of the visible buttons and selects inside `scope`.
async function smallestControl(page, scope) {
  return page.$$eval(`${scope} button, ${scope} select`, (els) => Math.min(...els
    .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height > 0)
    .map((el) => el.getBoundingClientRect().height)));
}

async function pinchZoom(page) {
  // Two touch pointers moving apart over the board: the board's zoom grows.
  return page.evaluate(async () => {
    const svg = document.querySelector('[data-testid="board"]') || document.querySelector('.board-svg');
    const zoom = () => Number(getComputedStyle(svg).getPropertyValue('--zoom'));
    const before = zoom();
    const box = svg.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const send = (type, id, x) => svg.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true, isPrimary: id === 1 }));
    send('pointerdown', 1, cx - 30);
    send('pointerdown', 2, cx + 30);
    for (let step = 1; step <= 5; step++) {
      send('pointermove', 1, cx - 30 - 12 * step);
      send('pointermove', 2, cx + 30 + 12 * step);
    }
    send('pointerup', 1, cx - 90);
    send('pointerup', 2, cx + 90);
    return { before, after: zoom() };
  });
}

for (const [name, device] of Object.entries(DEVICES)) {
  test(`a game at the table on a ${name}`, async () => {
    const { browser, client } = suite;
    const page = await newPage(browser, `ann-${name}`, device);
    const phone = name === 'phone';
    await page.goto(`${serverUrl()}/`);
    await page.waitForSelector('[data-testid="pace"]');
    assert.equal(await sidewaysScroll(page), null, 'the lobby does not scroll sideways');
    if (phone) assert.ok(await smallestControl(page, '[data-testid="create-form"]') >= 40, 'the lobby\'s controls are at least 40 px high');
    await screenshot(page, `t-${name}-lobby`);

    const deck = ['U', 'V', 'E', 'K', 'J', 'B'];
    const { game, links } = await createGame(page, {
      seats: [{ name: 'Ann', kind: 'human' }, { name: 'Greedy', kind: 'greedy' }], bcb: false, deck, pace: 700,
      clock: phone ? undefined : 120,
    });
    await client.request({ type: 'join', game });
    await page.goto(links[0]);
    let st = await client.waitForState(game, (s) => s.version === 0);
    await waitForVersion(page, 0);

    if (phone) {
      const board = await page.locator('#board-area').boundingBox();
      assert.ok(board.y < 60 && board.width >= 388 && board.height >= 300, `the board comes first and spans the phone (${JSON.stringify(board)})`);
      const side = await page.locator('#side').boundingBox();
      assert.ok(side.y >= board.y + board.height - 1, 'the panels come below the board');
      const pinched = await pinchZoom(page);
      assert.ok(pinched.after > pinched.before * 1.2, `two fingers zoom the board in (${pinched.before} → ${pinched.after})`);
      await page.click('[data-testid="zoom-fit"]');
    }

    let pacedChecks = 0;
    let spotChecked = false;
    let tookBackPlacement = false;
    while (st.status !== 'over') {
      if (st.pending.seat !== 0) {
        // The bot's action: no sooner than the pace after the action before it.
        const before = st;
        st = await client.waitForState(game, (s) => s.version > before.version);
        assert.ok(st.receivedAt - before.receivedAt >= 600, `the bot waited ${st.receivedAt - before.receivedAt} ms after version ${before.version}`);
        pacedChecks++;
        continue;
      }
      await waitForVersion(page, st.version);
      await assertMatches(page, st, `${name} v${st.version}`);
      if (!phone) {
        // The turn clock (2 minutes) counts down in the banner while Ann decides.
        const left = Number(await page.getAttribute('[data-testid="turn-clock"]', 'data-seconds'));
        assert.ok(left > 0 && left <= 120, `the turn clock shows ${left} s left`);
      }
      if (st.version > 2) {
        // The bot's tile since Ann's last turn is marked; her turn was announced (the sound, the title).
        assert.ok(await page.locator('[data-testid="recent-tile"]').count() >= 1, 'the tiles placed since Ann\'s last turn are marked');
        assert.ok(Number(await page.getAttribute('[data-testid="game-view"]', 'data-turn-alerts')) >= 1, 'Ann\'s turn was announced');
        assert.match(await page.title(), /Your turn/);
      }
      if (st.version === 0) {
        // Each remaining tile says what is on it.
        await page.click('[data-testid="remaining-toggle"] summary');
        const tooltip = await page.getAttribute('[data-testid="remaining-item"]', 'title');
        // (its game and what is on it, in words: no tile id)
        assert.match(tooltip, /^Carcassonne: .*(road|cit|field|cloister).* — \d+ left$/, `a remaining tile's tooltip: ${tooltip}`);
      }
      // Ann's turn, put together: the placement is previewed (nothing sent), can be taken back
      // and made again; the figure is chosen, taken back and chosen again; "End turn" sends both.
      const square = page.locator('[data-testid="board-position"]').first();
      await square.waitFor();
      await settled(page);
      if (phone) {
        const box = await square.boundingBox();
        assert.ok(box.width >= 40 && box.height >= 40, `a square to place on is at least 40 px (${box.width}×${box.height})`);
      }
      const x = await square.getAttribute('data-x');
      const y = await square.getAttribute('data-y');
      await clickVisible(page, `[data-testid="board-position"][data-x="${x}"][data-y="${y}"]`);
      await page.waitForSelector('[data-testid="preview-tile"]');
      if (phone) assert.ok(await smallestControl(page, '[data-testid="action-card"]') >= 40, 'the card\'s buttons are at least 40 px high');
      const placed = await page.getAttribute('[data-testid="preview-tile"]', 'data-action');
      await page.click('[data-testid="confirm-place"]');
      await page.waitForSelector('[data-testid="game-view"][data-draft="true"]');
      assert.equal(client.state(game).version, st.version, 'a placement being put together is not sent');
      if (!tookBackPlacement) {
        tookBackPlacement = true;
        await screenshot(page, `t-${name}-placement-previewed`);
        await page.click('[data-testid="take-back"]');
        await page.waitForSelector('[data-testid="game-view"][data-draft="false"]');
        assert.equal(await page.getAttribute('[data-testid="preview-tile"]', 'data-action'), placed, 'taken back, the tile is in hand where it was');
        await page.click('[data-testid="confirm-place"]');
        await page.waitForSelector('[data-testid="game-view"][data-draft="true"]');
      }
      const spot = page.locator('[data-testid="meeple-spot"]').first();
      let figure = 'skip';
      if (!spotChecked && (await spot.count())) {
        await settled(page);
        const box = await spot.locator('.spot-ring').boundingBox();
        if (phone) assert.ok(box.width >= 39 && box.height >= 39, `a follower spot is at least 40 px (${box.width}×${box.height})`);
        if (phone) {
          // The board zoomed onto the tile: its spots stand apart.
          const rings = await page.$$eval('[data-testid="meeple-spot"] .spot-ring', (els) => els.map((el) => el.getBoundingClientRect().toJSON()));
          for (let i = 0; i < rings.length; i++) {
            for (let j = i + 1; j < rings.length; j++) {
              const a = rings[i];
              const b = rings[j];
              const apart = a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
              assert.ok(apart, `follower spots ${i} and ${j} do not overlap on the phone (${JSON.stringify([a, b])})`);
            }
          }
        }
        spotChecked = true;
        figure = await spot.getAttribute('data-action');
        const chosen = `[data-testid="meeple-spot"][data-action="${figure}"]`;
        await clickVisible(page, chosen);
        await page.waitForSelector(`${chosen}[data-chosen="true"]`);
        await screenshot(page, `t-${name}-figure-chosen`);
        await page.click('[data-testid="take-back"]');
        await page.waitForSelector(`${chosen}:not([data-chosen])`);
        assert.equal(await page.getAttribute('[data-testid="game-view"]', 'data-draft'), 'true', 'taking back the figure keeps the placement');
        await clickVisible(page, chosen);
        await page.waitForSelector(`${chosen}[data-chosen="true"]`);
      }
      assert.equal(client.state(game).version, st.version, 'nothing is sent before "End turn"');
      await page.click('[data-testid="end-turn"]');
      const sent = st.version;
      st = await client.waitForState(game, (s) => s.version >= sent + 2);
      const turnLog = st.log.slice(-10).map((e) => e.action);
      assert.ok(turnLog.includes(placed) && turnLog.includes(figure), `the turn arrived whole (${placed}, ${figure})`);
      assert.equal(await sidewaysScroll(page), null, `the game page does not scroll sideways (v${st.version})`);
    }
    assert.ok(pacedChecks >= 6, `the bot's actions were paced (${pacedChecks} checked)`);
    assert.ok(spotChecked, 'a follower spot was offered and taken');
    await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
    // The final board keeps the figures the final scoring counted (the state lists none now).
    assert.deepEqual(st.followers, []);
    const ending = [...st.log].reverse().find((e) => Array.isArray(e.figures));
    assert.ok(ending && ending.figures.length > 0, 'the game-over entry keeps the figures');
    assert.equal(await page.locator('[data-testid="follower"]').count(), ending.figures.length, 'the final board shows them');
    const wide = await sidewaysScroll(page);
    assert.equal(wide, null, `the results do not scroll sideways (${wide})`);
    await screenshot(page, `t-${name}-results`);
    await page.click('[data-testid="close-results"]');
    await screenshot(page, `t-${name}-final-board`);
    // Pointing at a feature (hover; a tap on the phone) outlines all of it with its worth and holders.
    const start = await page.locator('[data-testid="board-tile"][data-x="0"][data-y="0"]').boundingBox();
    if (phone) await page.tap('[data-testid="board"]', { position: { x: start.x + start.width / 2, y: start.y + start.height * 0.3 - (await page.locator('[data-testid="board"]').boundingBox()).y } });
    else await page.mouse.move(start.x + start.width / 2, start.y + start.height * 0.3);
    await page.waitForSelector('[data-testid="feature-outline"]', { state: 'attached' });
    const outline = await page.getAttribute('[data-testid="feature-outline"]', 'data-kind');
    const members = Number(await page.getAttribute('[data-testid="feature-outline"]', 'data-members'));
    assert.ok(['city', 'road', 'field', 'cloister'].includes(outline) && members >= 1, `a feature is outlined (${outline}, ${members} segments)`);
    assert.match(await page.textContent('[data-testid="feature-outline-text"]'), /tiles? · /);
    await screenshot(page, `t-${name}-feature-outline`);
    // The running breakdown by category, in the players' panel.
    const scorer = st.players.find((p) => Object.values(p.breakdown || {}).some((v) => v > 0));
    if (scorer) {
      const line = await page.textContent(`[data-testid="player-${scorer.seat}"] [data-testid="player-breakdown"]`);
      for (const [category, points] of Object.entries(scorer.breakdown)) if (points) assert.ok(line.includes(`${category} ${points}`), `${line} shows ${category} ${points}`);
    }
    // A log entry naming a tile points it out on the board.
    await page.locator('[data-testid="log-entry"][data-x]').first().click();
    await page.waitForSelector('[data-testid="pointed-tile"]', { state: 'attached' });
    // The rules of the game's expansions, in a dialog.
    await page.click('[data-testid="rules-help"]');
    await page.waitForSelector('[data-testid="help-base"]');
    const sections = await page.locator('section.help-section').count();
    assert.equal(sections, 1, 'a base game\'s rules: the base game only');
    await screenshot(page, `t-${name}-rules`);
    await page.click('[data-testid="close-help"]');
    // The sound can be switched off.
    await page.click('[data-testid="sound-toggle"]');
    assert.equal(await page.getAttribute('[data-testid="sound-toggle"]', 'aria-pressed'), 'false');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
