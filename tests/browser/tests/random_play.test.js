// Random play through the page (issue 33, "the table for the whole Big Box"): complete games with
// all five expansions and Bridges, Castles and Bazaars, Ann (human, in the page) against the
// random bot, created through the lobby form. At each of Ann's decisions the test reads from the
// DOM what the page offers (squares, rotations, spots of every figure kind, bridges, the card's
// and the bazaar's buttons, the bid range, End turn and Take back) and does one of them, chosen by
// a seeded PRNG, through the page only: clicks and keys on a desktop, taps on a phone. The test's
// own connection holds Ann's seat to read the legal list (and, while a turn is put together with
// take back on, previews the same actions to read the draft's legal list); it never acts.
//
// It fails on: a page that offers other than the legal actions; any refusal the server sends the
// page, or error note the page shows, after it carried out an action; any element wider than its
// box (header, banners, side cards, dialogs); any console error; any tile id or compass code in
// the visible text. Runs: seeds × take back on/off × desktop (1400×900) and phone (390×844,
// touch). The first is the volcano case of issue 33: seed 8791413576848043, take back on, where
// Ann's third tile is a volcano while a dragon tile is set aside; the test asserts it got past it.
//
// Every game plays a deck of 36 tiles drawn by its seed, six of each expansion and six base ones
// (shortDeck; the volcano game's reordered so that its case comes at once, volcanoDeck), to keep
// the test's time bounded; the seed is given too, so the bot plays the same game each run. Ann's choices: a square (then 0-3 turns of the tile) or one of the other things on
// offer, where a kind of figure counts as one thing (then one of its spots); with take back on,
// now and then a step taken back, and End turn at random once it is enabled. Each game prints
// its counts and where its time went. RP_ONLY=name,name runs only those games (while working).
//
// Screenshots: rp-figure-step-desktop / -phone (the figure step with the most kinds offered: five
// or more when the game gets there), rp-late-board-phone, rp-log-desktop / -phone (the log's tile
// pictures), rp-<game>-failed on a failure.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { newPage, serverUrl, screenshot, artifactDir, browserSuite } from '../lib/browser.js';
import { createGame, tokenOf, waitForVersion } from '../lib/ui.js';
import { prng, watchSocket, settle, refusals, otherErrors, pageOffers, offersAgainstLegal, press, overflowing, idsInText, errorNotes, tid } from '../lib/random_play.js';

const suite = browserSuite();

const EXPANSIONS = ['bcb', 'ic', 'tb', 'pd', 'am'];
const SEATS = [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'random' }];
const DESKTOP = { viewport: { width: 1400, height: 900 } };
const FIGURES = new Set(['meeple', 'large', 'mayor', 'wagon', 'builder', 'pig', 'barn']);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// The volcano case is the newcomer's (seed 8791413576848043, take back on: a dragon tile set
// aside at the first draw, Ann's third tile a volcano) on a short deck, its seed's shortDeck
// reordered so that the case comes at once (volcanoDeck); the others, to keep the test's time
// bounded, a shorter deck drawn by their seed from the Big Box: tiles of every expansion
// (shortDeck).
const RUNS = [
  { name: 'volcano-desktop-takeback', seed: 8791413576848043, takeBack: true, device: DESKTOP, volcano: true },
  { name: 'phone-sent', seed: 20261128, takeBack: false, device: PHONE },
  { name: 'phone-takeback', seed: 33, takeBack: true, device: PHONE },
  { name: 'desktop-sent', seed: 4242, takeBack: false, device: DESKTOP },
];

// A deck of SHORT_PER_EXPANSION tiles of each of the five expansions and SHORT_BASE base tiles,
// drawn from the Big Box's tiles (with their counts; not the abbeys, which players hold in hand)
// by `rng`, in a random order. Princess &
// Dragon's share always holds a volcano, two dragon tiles and a magic portal.
const SHORT_PER_EXPANSION = 6;
const SHORT_BASE = 6;
function shortDeck(catalogue, rng) {
  const pile = (expansion) => catalogue.tiles.filter((t) => t.expansion === expansion && !t.start && !t.abbey).flatMap((t) => Array(t.count).fill(t));
  const take = (list, n) => {
    const out = [];
    for (let i = 0; i < n && list.length; i++) out.push(list.splice(rng.int(list.length), 1)[0]);
    return out;
  };
  const deck = [];
  for (const expansion of ['base', ...EXPANSIONS]) {
    const tiles = pile(expansion);
    if (!tiles.length) throw new Error(`no tiles of ${expansion} in the catalogue`);
    const chosen = [];
    if (expansion === 'pd') {
      for (const flag of ['volcano', 'dragon', 'dragon', 'portal']) chosen.push(...take(tiles.filter((t) => t[flag] && !chosen.includes(t)).slice(0, 99), 1));
      for (const t of chosen) tiles.splice(tiles.indexOf(t), 1);
    }
    deck.push(...chosen, ...take(tiles, (expansion === 'base' ? SHORT_BASE : SHORT_PER_EXPANSION) - chosen.length));
  }
  return take(deck, deck.length).map((t) => t.id);
}

// A short deck (shortDeck) reordered for the volcano case: a dragon tile (set aside when drawn,
// no volcano being out yet), four tiles that start nothing (no bazaar, dragon or volcano), then
// a volcano (Ann's third tile), then the rest.
function volcanoDeck(catalogue, rng) {
  const info = new Map(catalogue.tiles.map((t) => [t.id, t]));
  const deck = shortDeck(catalogue, rng);
  const takeFirst = (ok) => deck.splice(deck.findIndex((id) => ok(info.get(id))), 1)[0];
  const dragon = takeFirst((t) => t.dragon);
  const volcano = takeFirst((t) => t.volcano);
  const plain = [0, 1, 2, 3].map(() => takeFirst((t) => !t.bazaar && !t.dragon && !t.volcano));
  return [dragon, ...plain, volcano, ...deck];
}

const best = { desktop: 0, phone: 0 }; // the most figure kinds shown in a screenshot so far

for (const run of RUNS.filter((r) => !process.env.RP_ONLY || process.env.RP_ONLY.split(',').includes(r.name))) {
  test(`random play through the page: ${run.name} (seed ${run.seed}, take back ${run.takeBack ? 'on' : 'off'})`, async () => {
    const started = Date.now();
    const { browser, client } = suite;
    const touch = Boolean(run.device.hasTouch);
    const device = touch ? 'phone' : 'desktop';
    const rng = prng(run.seed + 1);
    const catalogue = await client.request({ type: 'catalogue' });
    const volcanoes = new Set(catalogue.tiles.filter((t) => t.volcano).map((t) => t.id));
    const page = await newPage(browser, run.name, { takeBack: run.takeBack, ...run.device });
    await watchSocket(page);
    await page.goto(`${serverUrl()}/`);
    const deck = (run.volcano ? volcanoDeck : shortDeck)(catalogue, prng(run.seed));
    const { game, links } = await createGame(page, { seats: SEATS, expansions: EXPANSIONS, bazaar: 'auction', seed: run.seed, deck, pace: 0 });
    await (touch ? page.tap(tid('hotseat')) : page.click(tid('hotseat')));
    await client.holdSeat(game, tokenOf(links[0]));

    const stats = { decisions: 0, interactions: 0, draftTurns: 0, takeBacks: 0, verbs: {}, maxFigureKinds: 0, checks: 0 };
    let refused = 0; // refusals seen so far
    const ms = {}; // where the time goes
    const timed = async (label, fn) => {
      const t0 = Date.now();
      try { return await fn(); } finally { ms[label] = (ms[label] || 0) + Date.now() - t0; }
    };
    let volcano = null; // the volcano placed while a dragon tile was set aside
    let lateShot = false;
    const where = (st, what) => `${run.name}, version ${st.version}, decision ${stats.decisions}${what ? `, ${what}` : ''}`;
    const fail = async (message) => {
      await screenshot(page, `rp-${run.name}-failed`);
      throw new Error(`${message}\n(game ${game}; ${JSON.stringify(stats)})`);
    };

    // After each thing done in the page: no refusal from the server, no error note shown.
    const noRefusal = async (st, what) => {
      await timed('settle', () => settle(page));
      const errors = await refusals(page);
      if (errors.length > refused) await fail(`the server refused what the page sent after ${what} (${where(st)}): ${JSON.stringify(errors.slice(refused))}`);
      const notes = await errorNotes(page);
      if (notes.length) await fail(`the page shows an error after ${what} (${where(st)}): ${notes.join(' | ')}`);
    };

    // The page at any moment: nothing wider than its box, no id or compass code shown, no
    // console error.
    const pageChecks = async (label) => {
      stats.checks++;
      const wide = await timed('overflow', () => overflowing(page));
      if (wide.length) await fail(`elements wider than their box (${label}):\n  ${wide.join('\n  ')}`);
      const codes = await timed('text', () => idsInText(page));
      if (codes.length) await fail(`tile ids or compass codes in the visible text (${label}):\n  ${codes.join('\n  ')}`);
      if (page.problems.length) await fail(`console errors (${label}):\n  ${page.problems.join('\n  ')}`);
    };

    // Does one way of `action` the page offers (a board option, after choosing its figure kind;
    // a card or panel button; sometimes the key for it on a desktop).
    const perform = async (offer, action) => {
      const ways = offer.ways.filter((w) => w.action === action);
      const way = rng.pick(ways);
      if (way.figure) {
        const choice = `[data-testid="figure-choice-${way.figure}"]`;
        if ((await page.getAttribute(choice, 'aria-checked')) !== 'true') await press(page, choice, { touch });
      }
      if (action === 'skip' && !touch && !offer.draft && rng.chance(0.5)) return page.keyboard.press('s');
      return press(page, way.selector, { touch });
    };

    // Places the tile in hand on a square the page shows: presses the square (unless the preview
    // already stands there), turns it a random number of times (button, R or the hand tile), and
    // confirms (Enter, the card's button or the board's). Returns the placement previewed.
    const placeOn = async (st, offer, square, legal) => {
      const current = await page.$eval(tid('preview-tile'), (el) => el.dataset.action).catch(() => null);
      if (!current || !current.startsWith(`place ${square.x},${square.y} `)) {
        await press(page, `[data-testid="board-position"][data-x="${square.x}"][data-y="${square.y}"]`, { touch });
      }
      await page.locator(tid('preview-tile')).waitFor();
      const t0 = Date.now();
      for (let turns = rng.int(4); turns > 0 && (await page.isEnabled(tid('rotate'))); turns--) {
        const before = await page.getAttribute(tid('preview-tile'), 'data-action');
        const how = rng.int(touch ? 2 : 3);
        if (how === 0) await press(page, tid('rotate'), { touch });
        else if (how === 1) await press(page, tid('hand-tile'), { touch });
        else await page.keyboard.press('r');
        await page.waitForFunction(([sel, old]) => document.querySelector(sel)?.dataset.action !== old, [tid('preview-tile'), before]);
      }
      ms.rotations = (ms.rotations || 0) + Date.now() - t0;
      const action = await page.getAttribute(tid('preview-tile'), 'data-action');
      if (!legal.includes(action)) await fail(`the page previews ${action}, not a legal placement (${where(st)})`);
      const how = rng.int(touch ? 2 : 3);
      if (how === 0) await press(page, tid('confirm-place'), { touch });
      else if (how === 1) await press(page, tid('board-confirm'), { touch });
      else await page.keyboard.press('Enter');
      return action;
    };

    // One decision of Ann's (version st.version): done through the page until the server moves
    // on. With take back on, a placement is put together first: previewed, maybe a bridge, a
    // figure chosen, maybe taken back, then sent by End turn.
    const decide = async (st) => {
      let draft = null; // {actions, final} as the page should have it
      for (let step = 0; ; step++) {
        if (step > 40) await fail(`no progress after 40 steps (${where(st)})`);
        if (client.state(game).version > st.version) return;
        const offer = await timed('offers', () => pageOffers(page));
        if (offer.draft !== Boolean(draft)) await fail(`the page ${offer.draft ? 'is' : 'is not'} putting a turn together, the test thought otherwise (${where(st)}, draft ${JSON.stringify(draft)})`);
        let legal = st.legal;
        if (draft) legal = (await timed('preview', () => client.request({ type: 'preview', game, seat: 0, version: st.version, actions: draft.actions }))).state.legal;
        const diff = offersAgainstLegal(offer, legal);
        if (diff.length) await fail(`the page's offer is not the legal list (${where(st, draft ? `draft ${draft.actions.join(', ')}` : '')}):\n  ${diff.join('\n  ')}`);
        stats.interactions++;

        // Screenshots: the figure step with the most kinds so far, per device.
        if (offer.figures.length > stats.maxFigureKinds) stats.maxFigureKinds = offer.figures.length;
        if (offer.figures.length > best[device]) {
          best[device] = offer.figures.length;
          await screenshot(page, `rp-figure-step-${device}`);
        }

        const actions = [...new Set(offer.ways.map((w) => w.action))];
        if (offer.bids) actions.push('bid');
        // What to do, in two steps as the page offers it: a kind of figure (the card's row), then
        // one of its spots; or any other action.
        const kinds = new Map();
        for (const a of actions) {
          const key = FIGURES.has(a.split(' ')[0]) ? a.split(' ')[0] : a;
          kinds.set(key, [...(kinds.get(key) || []), a]);
        }
        const pickAction = () => rng.pick(rng.pick([...kinds.values()]));
        if (draft) {
          // Take back (now and then), end the turn, or choose (again) among what is offered.
          const canEnd = offer.endTurn?.enabled;
          if (offer.takeBack?.enabled && stats.takeBacks < 400 && rng.chance(0.1)) {
            stats.takeBacks++;
            if (touch || rng.chance(0.5)) await press(page, tid('take-back'), { touch });
            else await page.keyboard.press(rng.pick(['Backspace', 'Escape', 'z']));
            if (draft.final) draft.final = null;
            else if (draft.actions.length > 1) draft.actions.pop();
            else draft = null;
            await noRefusal(st, 'taking back');
            continue;
          }
          if (canEnd && (draft.final || !actions.length || rng.chance(1 / (actions.length + 1)))) {
            stats.draftTurns++;
            if (touch || rng.chance(0.5)) await press(page, tid('end-turn'), { touch });
            else await page.keyboard.press('Enter');
            await noRefusal(st, `End turn (${[...draft.actions, draft.final || 'skip'].join(', ')})`);
            return;
          }
          if (!actions.length) await fail(`a turn put together that can neither be ended nor go on (${where(st)})`);
          const action = pickAction();
          stats.verbs[action.split(' ')[0]] = (stats.verbs[action.split(' ')[0]] || 0) + 1;
          await perform(offer, action);
          if (action.startsWith('bridge ')) {
            draft.actions.push(action);
            draft.final = null;
          } else {
            draft.final = draft.final === action ? null : action;
          }
          await noRefusal(st, `choosing ${action} in a turn put together`);
          continue;
        }

        // A decision made at once (or a placement, previewed first with take back on).
        if (!offer.squares.length && !actions.length) await fail(`Ann's decision, but the page offers nothing (${where(st)})`);
        const square = rng.int(offer.squares.length + kinds.size) < offer.squares.length;
        const choice = square ? { square: rng.pick(offer.squares) } : { action: pickAction() };
        if (choice.square) {
          stats.verbs.place = (stats.verbs.place || 0) + 1;
          if (volcanoes.has(st.tile) && st.set_aside?.length) volcano = { version: st.version, tile: st.tile, setAside: st.set_aside };
          const placed = await timed('placeOn', () => placeOn(st, offer, choice.square, legal));
          await noRefusal(st, `placing ${placed}`);
          if (!run.takeBack) return;
          if (client.state(game).version > st.version) return; // sent as it is (it takes a tile)
          await page.waitForSelector(`${tid('game-view')}[data-draft="true"]`).catch(() => fail(`the placement ${placed} was neither previewed nor sent (${where(st)})`));
          draft = { actions: [placed], final: null };
          continue;
        }
        const action = choice.action;
        stats.verbs[action.split(' ')[0]] = (stats.verbs[action.split(' ')[0]] || 0) + 1;
        if (action === 'bid') {
          const amount = offer.bids.min + rng.int(offer.bids.max - offer.bids.min + 1);
          await page.fill(tid('bazaar-bid-amount'), String(amount));
          await press(page, tid('bazaar-bid'), { touch });
          await noRefusal(st, `bidding ${amount}`);
        } else {
          await timed('perform', () => perform(offer, action));
          await noRefusal(st, action);
        }
        return;
      }
    };

    let st;
    for (;;) {
      st = await timed('bot', () => client.waitForState(game, (s) => s.status === 'over' || (s.pending?.seat === 0 && Array.isArray(s.legal)), 60000));
      await timed('page', () => waitForVersion(page, st.version));
      if (st.status === 'over') break;
      try {
        await timed('decide', () => decide(st));
        await client.waitForState(game, (s) => s.version > st.version, 20000);
      } catch (err) {
        if (!/\(game /.test(err.message)) await fail(`${where(st)}: ${err.message}`);
        throw err;
      }
      stats.decisions++;
      refused = (await refusals(page)).length;
      if (volcano && !volcano.passed && client.state(game).version > volcano.version) volcano.passed = true;
      await waitForVersion(page, client.state(game).version).catch(() => {});
      await pageChecks(where(st, 'after the decision'));
      if (touch && !lateShot && st.deck.left <= 8) {
        lateShot = true;
        await screenshot(page, 'rp-late-board-phone');
      }
    }

    // The end: the results dialog, then the final board and the log.
    await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
    await pageChecks(`${run.name}: the results`);
    await (touch ? page.tap(tid('close-results')) : page.click(tid('close-results')));
    await pageChecks(`${run.name}: the final board`);
    const log = page.locator('.log-card');
    await log.scrollIntoViewIfNeeded();
    assert.ok(await page.locator('.log-card [data-testid="log-tile"]').count() > 0, 'the log shows tile pictures');
    await log.screenshot({ path: path.join(artifactDir(), `rp-log-${device}.png`) });
    if (touch && !lateShot) await screenshot(page, 'rp-late-board-phone');

    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`random play ${run.name}: ${JSON.stringify({ seconds, version: st.version, tiles: st.board.length, ...stats, keyboardChoices: page.keyboardChoices || 0, volcano, ms })}`);
    const others = await otherErrors(page);
    // (Pointing at a tile of a turn not yet sent asked the server about a tile it does not have:
    // the page no longer asks, so any such error is a defect.)
    assert.deepEqual(others.slice(0, 5), [], `errors answering the page's other requests (${others.length} in all)`);
    if (run.volcano) assert.ok(volcano?.passed, `Ann placed a volcano while a dragon tile was set aside, and the game went on: ${JSON.stringify(volcano)}`);
    assert.deepEqual(page.problems, [], 'no console errors');
    await page.context().close();
  });
}
