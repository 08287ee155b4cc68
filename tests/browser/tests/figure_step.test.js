// The figure step with all five expansions (issue 33 item 2), on a desktop (1400×900) and on a
// phone (390×844, touch). A game of Ann and Bob (both human; the test's protocol client plays the
// opening for both) is brought to Ann's figure step with five kinds of figure on offer, then Ann's
// page is opened there. On both: the card's row of figure kinds holds exactly the kinds the server
// offers, each a picture with its count in supply and a name; nothing in the card is wider than
// the card, neither the card nor the side panel scrolls sideways; no text of the card (nor any
// spot's name) holds a compass code or coordinates, and the card has no per-spot buttons (the
// spots on the tile and the fairy's highlighted tile are the control); the page offers exactly
// the server's legal actions; choosing a kind and clicking one of its spots on the board sends
// that spot's legal action (read back from the server's log). Screenshots 'figure-step-desktop',
// 'figure-step-phone' (and the desktop in German, 'figure-step-desktop-de').
//
// Deck (start tile D at 0,0, its road running east-west):
//   Ann  U  place 1,0 r90 (the road on), a follower on the road (meeple E)
//   Bob  U  place -1,0 r90, skip
//   Ann  D  place 2,0 r0: the figure step offers the follower, the large follower, the mayor and
//           the wagon (the city), the builder (Ann's road), the fairy (onto 1,0), a bridge, skip

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { waitForVersion, assertOffersLegal, clickVisible } from '../lib/ui.js';

const suite = browserSuite();

const tid = (id) => `[data-testid="${id}"]`;
const DEVICES = {
  desktop: { viewport: { width: 1400, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};
const FIGURE_VERBS = ['meeple', 'large', 'mayor', 'wagon', 'builder', 'pig', 'barn'];
const OPENING = ['place 1,0 r90', 'meeple E', 'place -1,0 r90', 'skip', 'place 2,0 r0'];
const COMPASS = /\b(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW)\b/;
const COORDINATES = /-?\d+\s*,\s*-?\d+/;

// What overflows: the document, the side panel or the card wider than its box, or an element of
// the card reaching outside the card.
async function overflows(page) {
  return page.evaluate(() => {
    const found = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const sel of ['#side', '[data-testid="action-card"]']) {
      const el = document.querySelector(sel);
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${sel}: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
    }
    const card = document.querySelector('[data-testid="action-card"]').getBoundingClientRect();
    for (const el of document.querySelectorAll('[data-testid="action-card"] *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < card.left - 0.5 || box.right > card.right + 0.5) {
        found.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} ${Math.round(box.left)}..${Math.round(box.right)} outside the card ${Math.round(card.left)}..${Math.round(card.right)}`);
      }
    }
    return found;
  });
}

// The card's visible text (a key cap such as the "S" beside skip is a key, not a direction: left out).
async function cardText(page) {
  return page.$eval(tid('action-card'), (card) => {
    const texts = [];
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (el.closest('kbd') || !el.checkVisibility?.()) continue;
      if (node.textContent.trim()) texts.push(node.textContent.trim());
    }
    for (const el of card.querySelectorAll('[aria-label], [title]')) texts.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
    return texts.filter(Boolean);
  });
}

async function assertReadable(page, label) {
  const problems = await overflows(page);
  assert.deepEqual(problems, [], `nothing overflows (${label})`);
  for (const text of await cardText(page)) {
    assert.doesNotMatch(text, COMPASS, `no compass code in the card (${label}): "${text}"`);
    assert.doesNotMatch(text, COORDINATES, `no coordinates in the card (${label}): "${text}"`);
  }
  for (const name of await page.$$eval(`${tid('meeple-spot')}`, (els) => els.map((el) => el.getAttribute('aria-label')))) {
    assert.doesNotMatch(name, COMPASS, `no compass code in a spot's name (${label}): "${name}"`);
  }
}

async function openingGame(client) {
  const { game, seats } = await client.create({
    players: [{ name: 'Ann', seat: 'human' }, { name: 'Bob', seat: 'human' }],
    expansions: ['bcb', 'ic', 'tb', 'pd', 'am'], deck: ['U', 'U', 'D', 'U', 'U', 'U', 'V', 'V'],
  });
  await client.holdSeat(game, seats[0].token);
  await client.holdSeat(game, seats[1].token);
  let st = await client.waitForState(game, (s) => s.version === 0);
  for (const action of OPENING) {
    assert.ok(st.legal.includes(action), `${action} is legal (version ${st.version}: ${st.legal.join(' | ')})`);
    st = await client.act(game, st.pending.seat, action);
  }
  assert.equal(st.pending.seat, 0);
  assert.equal(st.pending.phase, 'meeple');
  return { game, token: seats[0].token, st };
}

for (const [name, device] of Object.entries(DEVICES)) {
  test(`the figure step with five kinds of figure on a ${name}`, async () => {
    const { browser, client } = suite;
    const { game, token, st } = await openingGame(client);
    const kinds = FIGURE_VERBS.filter((verb) => st.legal.some((a) => a.startsWith(`${verb} `)));
    assert.deepEqual(kinds, ['meeple', 'large', 'mayor', 'wagon', 'builder'], 'five kinds of figure are offered');
    assert.ok(st.legal.some((a) => a.startsWith('fairy ')), 'the fairy is offered');

    const page = await newPage(browser, `ann-${name}`, device);
    await page.goto(`${serverUrl()}/#game=${game}&token=${token}`);
    await waitForVersion(page, st.version);
    await page.waitForSelector(tid('figure-choice'));

    // The row of kinds: every kind offered, each a picture with its count in supply and a name.
    const shown = await page.$$eval(`${tid('figure-choice')} [data-figure]`, (els) => els.map((el) => ({
      figure: el.dataset.figure, label: el.getAttribute('aria-label'), pictures: el.querySelectorAll('svg').length, count: el.querySelector('.figure-count')?.textContent,
    })));
    assert.deepEqual(shown.map((k) => k.figure), kinds, 'the row holds every kind offered, in order');
    const supply = st.players[0].figures;
    for (const k of shown) {
      assert.equal(k.pictures, 1, `${k.figure} is a picture`);
      assert.equal(k.count, `×${supply[k.figure]}`, `${k.figure} shows its count in supply`);
      assert.ok(k.label && k.label.includes(String(supply[k.figure])), `${k.figure} has a name with its count: ${k.label}`);
    }
    // No per-spot buttons and no fairy buttons in the card: the board is the control.
    assert.equal(await page.locator(`${tid('action-card')} button[data-action]:not([data-action="skip"])`).count(), 0, 'the card has no per-spot buttons');
    assert.equal(await page.locator(`${tid('fairy-option')}[data-action="fairy 1,0"]`).count(), 1, 'the fairy\'s tile is highlighted on the board');
    await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'));
    await assertReadable(page, name);
    await assertOffersLegal(page, st);
    // The spots do not touch one another (the city's and the field's below its wall did).
    const rings = await page.$$eval(`${tid('meeple-spot')} .spot-ring`, (els) => els.map((el) => { const r = el.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2 }; }));
    // (Their rings' boxes, stroke included, with a gap between.)
    for (const [i, a] of rings.entries()) {
      for (const b of rings.slice(i + 1)) assert.ok(Math.hypot(a.x - b.x, a.y - b.y) >= a.r + b.r + 2, `two spots touch on the ${name} (${Math.hypot(a.x - b.x, a.y - b.y).toFixed(1)} px apart, radii ${a.r.toFixed(1)})`);
    }
    await screenshot(page, `figure-step-${name}`);

    if (name === 'desktop') {
      // German words are longer: still nothing overflows.
      await page.selectOption(tid('language'), 'de');
      await page.waitForFunction(() => document.documentElement.lang === 'de');
      await assertReadable(page, `${name}, German`);
      await screenshot(page, `figure-step-${name}-de`);
      await page.selectOption(tid('language'), 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    }

    // Choosing a kind, then one of its spots on the board, sends that spot's legal action.
    const figure = name === 'desktop' ? 'large' : 'builder';
    await page.click(tid(`figure-choice-${figure}`));
    await page.waitForSelector(`${tid(`figure-choice-${figure}`)}[aria-checked="true"]`);
    const spots = await page.$$eval(tid('meeple-spot'), (els) => els.map((el) => ({ action: el.dataset.action, figure: el.dataset.figure })));
    assert.ok(spots.length > 0 && spots.every((s) => s.figure === figure && s.action.startsWith(`${figure} `)), `the board shows the ${figure}'s spots only`);
    assert.deepEqual(spots.map((s) => s.action).sort(), st.legal.filter((a) => a.startsWith(`${figure} `)).sort(), `the ${figure}'s spots are its legal actions`);
    const action = spots[spots.length - 1].action;
    await clickVisible(page, `${tid('meeple-spot')}[data-action="${action}"]`);
    const after = await client.waitForState(game, (s) => s.version > st.version);
    assert.equal(after.log.at(-1).action, action, 'the server played the spot\'s action');
    await waitForVersion(page, after.version);
    assert.deepEqual(page.problems, [], 'no errors in the page');
  });
}
