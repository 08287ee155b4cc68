// Random play through the page: what the page offers for the decision in front of it, read from
// the DOM; doing one of those things by a click, a tap or a key; and the checks a page must pass
// at any moment (nothing wider than its box, no tile id or compass code in the visible text, no
// refusal of what the page sent). Used by tests/random_play.test.js.

import { visiblePoint, panToward } from './ui.js';

const tid = (id) => `[data-testid="${id}"]`;

// A small seeded PRNG (mulberry32): the same seed, the same choices.
export function prng(seed) {
  let a = Number(BigInt.asUintN(32, BigInt(seed))) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n), // 0 .. n-1
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

// Installed before the page's scripts: counts the page's requests still unanswered and keeps
// every error the server sent back, with the request it answered (the page's own socket, read
// only: what it sends and receives is unchanged).
export async function watchSocket(page) {
  await page.context().addInitScript(() => {
    const Socket = window.WebSocket;
    const watch = { pending: new Map(), errors: [], sent: 0 };
    window.__socketWatch = watch;
    window.WebSocket = class extends Socket {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (event) => {
          let msg;
          try { msg = JSON.parse(event.data); } catch { return; }
          const request = msg.id !== undefined ? watch.pending.get(msg.id) : undefined;
          if (request) watch.pending.delete(msg.id);
          if (msg.type === 'error') watch.errors.push({ code: msg.code, message: msg.message, request: request || null });
        });
      }

      send(data) {
        try {
          const msg = JSON.parse(data);
          if (msg.id !== undefined) watch.pending.set(msg.id, { type: msg.type, action: msg.action, actions: msg.actions, version: msg.version, x: msg.x, y: msg.y, location: msg.location });
          watch.sent++;
        } catch { /* not JSON: not ours to read */ }
        return super.send(data);
      }
    };
  });
}

// Waits until every request the page sent has its answer, then for the page to draw it (one
// round trip to the page: it waits by itself).
export async function settle(page) {
  const settled = await page.evaluate(() => new Promise((resolve) => {
    const started = performance.now();
    const waiting = () => Boolean(window.__socketWatch?.pending.size);
    const late = () => performance.now() - started > 20000;
    // (a request the page sends while it draws, a new one, is waited for too)
    const poll = () => {
      if (waiting() && !late()) return setTimeout(poll, 4);
      requestAnimationFrame(() => setTimeout(() => (waiting() && !late() ? poll() : resolve(!waiting())), 0));
    };
    poll();
  }));
  if (!settled) throw new Error(`the server did not answer the page within 20 s: ${JSON.stringify(await page.evaluate(() => [...window.__socketWatch.pending.values()]))}`);
}

// The server's refusals of actions the page received since the start: errors answering an `act`
// or a `preview`, or answering nothing. A preview refused because it would take a tile from the
// pile is the page's way to learn that the turn must be sent as it is, not a refusal: left out.
// So are errors answering questions that are no actions (`feature`: what is under the pointer),
// which otherErrors() returns.
export async function refusals(page) {
  const errors = await page.evaluate(() => window.__socketWatch?.errors || []);
  return errors.filter((e) => (!e.request || ['act', 'preview'].includes(e.request.type)) && !(e.code === 'reveals_tile' && e.request?.type === 'preview'));
}

export async function otherErrors(page) {
  const errors = await page.evaluate(() => window.__socketWatch?.errors || []);
  return errors.filter((e) => e.request && !['act', 'preview'].includes(e.request.type));
}

// Everything the page offers for the decision in front of it, read from the DOM:
//  squares: the board's squares to place the tile on ({x, y});
//  ways: [{action, how, selector, figure}]: each way of doing an action the page shows (a board
//    option, a card or panel button); a figure's spots are listed for every kind of figure on
//    offer (the kinds' buttons are clicked through and the chosen one chosen again);
//  bids: {min, max} of the bazaar's bid input, or null;
//  figures: the kinds of figure the card offers; endTurn / takeBack: the draft's buttons, when
//  shown, and whether enabled.
export async function pageOffers(page) {
  const read = () => page.evaluate(() => {
    const ways = [];
    const seen = new Set();
    const add = (el, how, selector) => {
      const action = el.dataset.action;
      if (!action || action.startsWith('bid ') || seen.has(selector)) return;
      seen.add(selector);
      ways.push({ action, how, selector });
    };
    const board = ['meeple-spot', 'bridge-option', 'claim-spot', 'fairy-option', 'fairy-spot', 'abbey-option', 'dragon-option', 'princess-spot', 'wagon-move-spot'];
    for (const testid of board) {
      for (const el of document.querySelectorAll(`svg [data-testid="${testid}"][data-action]`)) add(el, 'board', `[data-testid="${testid}"][data-action="${el.dataset.action}"]`);
    }
    for (const el of document.querySelectorAll('[data-testid="action-card"] button[data-action], [data-testid="bazaar-panel"] button[data-action]')) {
      add(el, 'button', `[data-testid="${el.dataset.testid}"][data-action="${el.dataset.action}"]`);
    }
    const input = document.querySelector('[data-testid="bazaar-bid-amount"]');
    const squares = [...document.querySelectorAll('[data-testid="board-position"]')].map((el) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) }));
    const choices = [...document.querySelectorAll('[data-testid^="figure-choice-"][data-figure]')];
    const button = (id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return el ? { enabled: !el.disabled } : null;
    };
    return {
      ways, squares,
      bids: input ? { min: Number(input.min), max: Number(input.max) } : null,
      figures: choices.map((el) => el.dataset.figure),
      chosen: choices.find((el) => el.getAttribute('aria-checked') === 'true')?.dataset.figure ?? null,
      endTurn: button('end-turn'),
      takeBack: button('take-back'),
      draft: document.querySelector('[data-testid="game-view"]')?.dataset.draft === 'true',
    };
  });
  const first = await read();
  const ways = first.ways.map((w) => ({ ...w, figure: w.how === 'board' && first.figures.length ? first.chosen : null }));
  const choose = async (figure) => {
    const choice = `[data-testid="figure-choice-${figure}"]`;
    await page.click(choice);
    await page.waitForSelector(`${choice}[aria-checked="true"]`);
  };
  for (const figure of first.figures.filter((f) => f !== first.chosen)) {
    await choose(figure);
    for (const w of (await read()).ways) {
      if (!ways.some((o) => o.selector === w.selector)) ways.push({ ...w, figure: w.how === 'board' ? figure : null });
    }
  }
  if (first.figures.length > 1 && first.chosen) await choose(first.chosen);
  return { ...first, ways };
}

// What the page offers, against the server's legal list: the squares are exactly those of the
// legal placements, the other actions exactly the legal ones (bids as the input's range).
// Returns a list of differences (empty when they agree).
export function offersAgainstLegal(offer, legal) {
  const problems = [];
  const squares = [...new Set(legal.filter((a) => a.startsWith('place ')).map((a) => /^place (-?\d+),(-?\d+)/.exec(a).slice(1, 3).join(',')))].sort();
  const shown = [...new Set(offer.squares.map((q) => `${q.x},${q.y}`))].sort();
  if (JSON.stringify(shown) !== JSON.stringify(squares)) problems.push(`squares shown ${JSON.stringify(shown)}, legal ${JSON.stringify(squares)}`);
  const actions = [...new Set(offer.ways.map((w) => w.action))].sort();
  const others = legal.filter((a) => !a.startsWith('place ') && !a.startsWith('bid ')).sort();
  const missing = others.filter((a) => !actions.includes(a));
  const extra = actions.filter((a) => !others.includes(a));
  if (missing.length) problems.push(`legal but not offered by the page: ${missing.join(' | ')}`);
  if (extra.length) problems.push(`offered by the page but not legal: ${extra.join(' | ')}`);
  const bids = legal.filter((a) => a.startsWith('bid ')).map((a) => Number(a.slice(4)));
  if (bids.length && !offer.bids) problems.push('bids are legal but no bid input is shown');
  if (!bids.length && offer.bids) problems.push('a bid input is shown though no bid is legal');
  if (bids.length && offer.bids && (offer.bids.min !== Math.min(...bids) || offer.bids.max !== Math.max(...bids))) {
    problems.push(`bid input ${offer.bids.min}..${offer.bids.max}, legal ${Math.min(...bids)}..${Math.max(...bids)}`);
  }
  return problems;
}

// A click on a desktop, a tap on a touch screen, of what `selector` names (a board option at a
// point where it is on top, the board dragged to it first when it is out of view). A board option
// covered everywhere by others is chosen with the keyboard (it takes the focus; Enter), as a
// keyboard user would: counted in page.keyboardChoices. Whether it could be pressed at all.
export async function press(page, selector, { touch = false } = {}) {
  const onBoard = await page.locator(selector).first().evaluate((el) => Boolean(el.closest('svg.board-svg')));
  if (!onBoard) {
    if (touch) await page.tap(selector);
    else await page.click(selector);
    return true;
  }
  if (touch) await page.locator('#board-area').scrollIntoViewIfNeeded();
  const point = await visiblePoint(page, selector);
  if (!point) {
    page.keyboardChoices = (page.keyboardChoices || 0) + 1;
    await page.locator(selector).first().focus();
    await page.keyboard.press('Enter');
    return true;
  }
  if (touch) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
  return true;
}

export { panToward };

// Elements wider than their box: in the header, the banners and controls over the board, every
// card of the side panel, dialogs and toasts. For each such box: the box itself stays inside the
// window (and a banner inside the board's area); every visible element inside it stays inside
// the box horizontally, unless a scrolling container between them holds it; and no element in it
// that clips or scrolls its content sideways has content wider than itself (text fields, whose
// text scrolls by nature, and text cut with an ellipsis on purpose, left out). The board itself
// (an SVG that pans) is not measured inside, only as a box.
export async function overflowing(page) {
  return page.evaluate(() => {
    const problems = [];
    const describe = (el) => {
      const id = el.dataset?.testid ? `[data-testid="${el.dataset.testid}"]` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60);
      return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
    };
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const scrolls = (style) => ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX);
    const width = document.documentElement.clientWidth;
    const boxes = [...document.querySelectorAll('header.topbar, #turn-banner, .zoom-controls, aside.side > .card, #mechanic-panels > *, .dialog, .toast, [data-testid="lobby-view"] .card')].filter(shown);
    const area = document.querySelector('#board-area');
    for (const box of boxes) {
      const r = box.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < -1 || r.right > width + 1) problems.push(`${describe(box)} reaches past the window (${Math.round(r.left)}..${Math.round(r.right)} of ${width})`);
      if (area && area.contains(box)) {
        const a = area.getBoundingClientRect();
        if (r.left < a.left - 1 || r.right > a.right + 1) problems.push(`${describe(box)} reaches past the board's area (${Math.round(r.left)}..${Math.round(r.right)} of ${Math.round(a.left)}..${Math.round(a.right)})`);
      }
      const walk = (el, limit) => {
        for (const child of el.children) {
          if (!shown(child)) continue;
          const style = getComputedStyle(child);
          if (style.position === 'fixed') continue;
          const c = child.getBoundingClientRect();
          if (c.width > 0 && (c.left < limit.left - 1 || c.right > limit.right + 1)) {
            problems.push(`${describe(child)} (${Math.round(c.left)}..${Math.round(c.right)}) is wider than ${describe(box).split(' "')[0]} (${Math.round(limit.left)}..${Math.round(limit.right)})`);
            continue; // its own children would repeat it
          }
          const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(child.tagName);
          const svg = child instanceof SVGElement;
          if (!field && !svg && scrolls(style) && child.scrollWidth > child.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
            problems.push(`${describe(child)} holds content ${child.scrollWidth} px wide in ${child.clientWidth} px`);
          }
          if (svg || field) continue;
          walk(child, scrolls(style) ? child.getBoundingClientRect() : limit);
        }
      };
      walk(box, r);
    }
    return [...new Set(problems)];
  });
}

// Tile ids and compass codes in the text the page shows (players' own words, marked
// data-user-text, left out; so are keyboard hints, <kbd>). Returns the offending snippets.
export async function idsInText(page) {
  return page.evaluate(() => {
    // (hidden for the moment of reading: visibility keeps the layout, so nothing moves)
    const skipped = [...document.querySelectorAll('[data-user-text], kbd')].map((el) => [el, el.style.visibility]);
    for (const [el] of skipped) el.style.visibility = 'hidden';
    let text = document.body.innerText;
    for (const [el, was] of skipped) el.style.visibility = was;
    // The board's own words (SVG text, drawn on screen) too.
    for (const el of document.querySelectorAll('svg text')) {
      if (el.getClientRects().length && !el.closest('[data-user-text], .sprite')) text += `\n${el.textContent}`;
    }
    const patterns = [
      /\b(?:BCB|IC|TB|PD|AM)-[A-Z0-9]{1,2}\b/g, // an expansion's tile id
      /\b[Tt]iles?:? [A-X]\b/g, // a base tile id named as a tile
      /\[[A-X]\]/g,
      /\b(?:NNE|ENE|ESE|SSE|SSW|WSW|WNW|NNW|NE|NW|SE|SW|NS|EW)\b/g, // compass codes
      /(?:^|[\s(,:])[NESW](?=$|[\s),.:;])/gm, // a lone N, E, S or W
    ];
    const found = [];
    for (const re of patterns) {
      for (const m of text.matchAll(re)) {
        const at = m.index;
        found.push(`"${m[0].trim()}" in "…${text.slice(Math.max(0, at - 40), at + m[0].length + 20).replace(/\s+/g, ' ')}…"`);
      }
    }
    return [...new Set(found)];
  });
}

// The page's visible error notes: an action's error on the card, error toasts.
export async function errorNotes(page) {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid="action-error"], .toast.error')]
    .filter((el) => el.getClientRects().length).map((el) => el.textContent.trim()));
}

export { tid };
