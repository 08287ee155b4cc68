// The app in the players' languages (web/i18n.js, web/locales/*.js):
//  - every language has every key of English, with the same placeholders and every plural form
//    its language needs;
//  - the game log, rendered from the server's `say`, tells every entry of a game with all five
//    expansions in every language, naming no tile id and no square (a tile is its picture, a
//    square a link to the board); the English of an entry with neither is word for word the
//    server's own text;
//  - that game's log in the page: tile pictures, no ids, no "x,y", and pointing at an entry
//    outlines its tile on the board; its bot seats in Czech show the level's Czech name;
//  - that game's table in every language (log, banner, card, the board's titles and labels)
//    shows no square, no compass code ("NNE", "NW", "EW") and no tile id;
//  - every name in the server's catalogue (expansions, options and their values, levels, figures)
//    has its words in every language;
//  - a game played through in Czech and in Italian, in the browser, with screenshots: the page
//    follows the browser's language, and no English text shows anywhere on it (lobby, rules,
//    table, results), apart from names, nor a square, compass code or tile id at the table;
//  - the header's switch changes the language at once, and is remembered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../../web/locales/en.js';
import { LANGUAGES, setLanguage } from '../../../web/i18n.js';
import { sayText, sayParts } from '../../../web/narration.js';
import { newPage, serverUrl, screenshot, browserSuite } from '../lib/browser.js';
import { createGame, waitForVersion, clickVisible, tokenOf, decide } from '../lib/ui.js';
import { assertNoCodes, expansionTileIds } from '../lib/words.js';

const suite = browserSuite();
const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const forms = (value) => (typeof value === 'object' ? Object.values(value) : [value]);

test('every language has every key, its placeholders and its plural forms', () => {
  const keys = Object.keys(en);
  for (const { code, words } of LANGUAGES) {
    assert.deepEqual(Object.keys(words).sort(), [...keys].sort(), `${code}: the keys of English`);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const key of keys) {
      const english = new Set(forms(en[key]).flatMap(placeholders));
      for (const form of forms(words[key])) {
        for (const name of placeholders(form)) assert.ok(english.has(name), `${code} ${key}: {${name}} is not an English placeholder`);
      }
      if (typeof words[key] === 'object') {
        for (const category of categories) assert.ok(category in words[key], `${code} ${key}: plural form "${category}"`);
      } else if (typeof en[key] === 'string') {
        assert.deepEqual(placeholders(words[key]), placeholders(en[key]), `${code} ${key}: the placeholders of English`);
      }
    }
  }
});

// A game with all five expansions, played to its end by greedy bots (one for the tests below).
let fullGame = null;
async function allExpansionsGame() {
  if (fullGame) return fullGame;
  const { client } = suite;
  const created = await client.create({
    seed: 7, pace: 0, expansions: ['bcb', 'ic', 'tb', 'pd', 'am'],
    players: ['Ann', 'Bob', 'Cid'].map((name) => ({ name, seat: 'bot', bot: 'greedy' })),
  });
  const st = await client.waitForState(created.game, (s) => s.status === 'over', 120000);
  fullGame = { game: created.game, st };
  return fullGame;
}

// The catalogue's tile ids as whole words ("BCB-A", "PD-N", "E"; a letter alone as a capital);
// `which` picks some.
async function tileIdPattern(which = () => true) {
  const catalogue = await suite.client.request({ type: 'catalogue' });
  const ids = catalogue.tiles.map((tile) => tile.id).filter(which).sort((a, b) => b.length - a.length);
  assert.ok(ids.length > 20, 'the catalogue lists the tiles');
  const escape = (id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}-])(${ids.map(escape).join('|')})(?![\\p{L}\\p{N}-])`, 'u');
}

const SQUARE = /-?\d+,-?\d+/;

test('every language tells every entry of the log, naming no tile id and no square', async () => {
  const { st } = await allExpansionsGame();
  // (In every language the expansions' ids; a base tile's letter is a word in some ("O" in Czech,
  // "A" in Italian): an entry's own tile, then.)
  const ids = await tileIdPattern((id) => id.includes('-'));
  const keysSeen = new Set();
  let tiles = 0;
  try {
    for (const entry of st.log) {
      assert.ok(entry.say && typeof entry.say.key === 'string', `entry ${entry.n} says something: ${entry.text}`);
      keysSeen.add(entry.say.key);
      const args = entry.say.args || {};
      setLanguage('en', false);
      // (The server's English names tiles and squares for clients that show text only; the page's
      // says the same without them.)
      if (!('tile' in args) && !('at' in args) && !('corner' in args)) assert.equal(sayText(entry.say), entry.text, `English of ${JSON.stringify(entry.say)}`);
      for (const { code } of LANGUAGES) {
        setLanguage(code, false);
        const text = sayText(entry.say, () => '');
        assert.doesNotMatch(text, /\{\w+\}|log\./, `${code}: ${JSON.stringify(entry.say)} → ${text}`);
        assert.doesNotMatch(text, ids, `${code}: no tile id in ${text}`);
        if (typeof args.tile === 'string') assert.doesNotMatch(` ${text} `, new RegExp(`[\\s(]${args.tile}[\\s),.:;]`), `${code}: not ${args.tile} in ${text}`);
        assert.doesNotMatch(text, SQUARE, `${code}: no square in ${text}`);
        const pictures = sayParts(entry.say).filter((part) => typeof part === 'object').map((part) => part.tile);
        if (typeof args.tile === 'string') assert.deepEqual(pictures, [args.tile], `${code}: ${entry.say.key} shows its tile as a picture`);
        tiles += pictures.length;
      }
    }
  } finally {
    setLanguage('en', false);
  }
  assert.ok(keysSeen.size >= 20, `a game with every expansion tells many kinds of things (${keysSeen.size})`);
  assert.ok(tiles > 0, 'tiles are named');
});

test('the log in the page shows tile pictures, no ids or squares, and points at the tiles', async () => {
  const { game, st } = await allExpansionsGame();
  const ids = await tileIdPattern();
  const page = await newPage(suite.browser, 'log-pictures', { locale: 'en-GB' });
  await page.goto(`${serverUrl()}/#watch=${game}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log-entry"]').length === n, st.log.length);
  const text = await page.innerText('[data-testid="game-log"]');
  const id = ids.exec(text);
  assert.equal(id, null, `the log shows no tile id (${id?.[0]} in "${text.slice(Math.max(0, (id?.index ?? 0) - 60), (id?.index ?? 0) + 60)}")`);
  assert.doesNotMatch(text, SQUARE, 'the log shows no "x,y"');
  const pictures = await page.locator('[data-testid="game-log"] [data-testid="log-tile"]').count();
  assert.ok(pictures >= st.log.filter((e) => typeof e.say?.args?.tile === 'string').length, `the tiles named are pictures (${pictures})`);
  const title = await page.textContent('[data-testid="game-log"] [data-testid="log-tile"] title');
  assert.match(title, /cit|road|field|cloister/, `a picture's title says what is on the tile: ${title}`);
  assert.doesNotMatch(title, ids);
  // Pointing at an entry about a tile outlines that tile on the board, and only while pointed at
  // (the results, shown at the end, closed first).
  await page.click('[data-testid="close-results"]');
  const entry = page.locator('[data-testid="log-entry"][data-x]:has([data-testid="log-tile"])').last();
  await entry.scrollIntoViewIfNeeded();
  await entry.hover();
  const [x, y] = [await entry.getAttribute('data-x'), await entry.getAttribute('data-y')];
  await page.waitForSelector(`[data-testid="highlighted-tile"][data-x="${x}"][data-y="${y}"]`, { state: 'attached' });
  assert.equal(await page.locator(`[data-testid="board-tile"][data-x="${x}"][data-y="${y}"]`).count(), 1, 'a tile is there');
  await screenshot(page, 'log-with-tile-pictures');
  await page.hover('[data-testid="player-0"]');
  await page.waitForSelector('[data-testid="highlighted-tile"]', { state: 'detached' });
  assert.deepEqual(page.problems, [], 'no errors in the page');
  await page.context().close();
});

test('the table of a game with every expansion shows no square, compass code or tile id in any language', async () => {
  const { game, st } = await allExpansionsGame();
  const ids = await expansionTileIds(suite.client);
  for (const { code } of LANGUAGES) {
    const page = await newPage(suite.browser, `codes-${code}`, { locale: code });
    await page.goto(`${serverUrl()}/#watch=${game}`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log-entry"]').length === n, st.log.length);
    await page.waitForSelector('[data-testid="board-tile"]');
    assert.equal(await page.getAttribute('html', 'lang'), code);
    await assertNoCodes(page, ids, `${code}, the end of a game with every expansion`);
    assert.deepEqual(page.problems, [], 'no errors in the page');
    await page.context().close();
  }
});

test('bot seats show the level\'s name in the language, not the bot\'s', async () => {
  const { game } = await allExpansionsGame();
  const cs = LANGUAGES.find((l) => l.code === 'cs').words;
  const page = await newPage(suite.browser, 'bots-cs', { locale: 'cs-CZ' });
  await page.goto(`${serverUrl()}/#watch=${game}`);
  await page.waitForSelector('[data-testid="player-0"] [data-testid="player-bot"]');
  const badges = await page.$$eval('[data-testid="player-bot"]', (els) => els.map((el) => el.textContent));
  assert.equal(badges.length, 3);
  // The seats' bot is "greedy": the intermediate level's own bot.
  for (const badge of badges) {
    assert.ok(badge.includes(cs['level.intermediate.title']), `the badge names the level in Czech: ${badge}`);
    assert.doesNotMatch(badge, /greedy/i);
  }
  await screenshot(page, 'bot-level-names-cs');
  // The lobby's list of games and its seat kinds say the same.
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector(`[data-testid="game-item"][data-game="${game}"] [data-testid="game-player-bot"]`);
  const listed = await page.$$eval(`[data-testid="game-item"][data-game="${game}"] [data-testid="game-player-bot"]`, (els) => els.map((el) => el.textContent));
  for (const bot of listed) assert.ok(bot.includes(cs['level.intermediate.title']), `the game list names the level in Czech: ${bot}`);
  const kinds = await page.$$eval('[data-testid="seat-kind-1"] option', (els) => els.map((el) => el.textContent));
  for (const name of ['bot.random', 'bot.greedy']) assert.ok(kinds.some((k) => k.includes(cs[name])), `the seat kinds name ${name} in Czech: ${kinds}`);
  assert.ok(!kinds.some((k) => /random|greedy/.test(k)), `no bot's English name: ${kinds}`);
  assert.deepEqual(page.problems, [], 'no errors in the page');
  await page.context().close();
});

test('every name in the catalogue has its words in every language', async () => {
  const catalogue = await suite.client.request({ type: 'catalogue' });
  const keys = [];
  for (const e of catalogue.expansions) keys.push(`expansion.${e.name}.title`, `expansion.${e.name}.summary`);
  for (const o of catalogue.options) {
    keys.push(`option.${o.name}.name`, `option.${o.name}.summary`);
    for (const v of o.values) keys.push(`option.${o.name}.${v.name}.name`, `option.${o.name}.${v.name}.summary`, `option.${o.name}.${v.name}.source`);
  }
  for (const l of catalogue.bot_levels) keys.push(`level.${l.name}.title`, `level.${l.name}.summary`);
  for (const f of catalogue.figures) keys.push(`figure.${f.name}`);
  for (const key of keys) assert.ok(key in en, `English names ${key}`);
  // The English words are the catalogue's own.
  for (const o of catalogue.options) {
    assert.equal(en[`option.${o.name}.summary`], o.summary, `summary of ${o.name}`);
    for (const v of o.values) {
      assert.equal(en[`option.${o.name}.${v.name}.summary`], v.summary, `summary of ${o.name}=${v.name}`);
      assert.equal(en[`option.${o.name}.${v.name}.source`], v.source, `source of ${o.name}=${v.name}`);
    }
  }
  for (const e of catalogue.expansions) assert.equal(en[`expansion.${e.name}.title`], e.title);
});

// The English texts that a page in `code` must not show: those that differ in `code`, with some
// letters besides their placeholders, as patterns (a placeholder matches anything). A text that
// is also a text of `code` (Italian players say "Bazaar" too) is not English there.
function englishPatterns(code) {
  const words = LANGUAGES.find((l) => l.code === code).words;
  const ours = new Set(Object.values(words).flatMap(forms));
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = [];
  for (const [key, value] of Object.entries(en)) {
    const theirs = new Set(forms(words[key]));
    for (const form of forms(value)) {
      if (theirs.has(form) || ours.has(form)) continue;
      const letters = form.replace(/\{\w+\}/g, '').replace(/[^A-Za-z]/g, '');
      if (letters.length < 3) continue;
      patterns.push({ key, form, re: new RegExp(`^${form.split(/\{\w+\}/).map(escape).join('.+')}$`) });
    }
  }
  return patterns;
}

// Every text the page holds: text nodes, titles, labels and placeholders (hidden ones too: they
// show when opened).
async function pageTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Players' names are theirs, not the page's (a bot seat may be named "Greedy").
      if (node.parentElement?.closest('script, style, #tile-sprite, [data-user-text]')) continue;
      const text = node.textContent.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
      for (const attr of ['title', 'aria-label', 'placeholder']) {
        const text = el.getAttribute(attr)?.trim();
        if (text) out.push(text);
      }
    }
    // Words the style sheet shows (an empty list's note).
    for (const el of document.body.querySelectorAll('*')) {
      for (const pseudo of ['::before', '::after']) {
        const content = getComputedStyle(el, pseudo).content;
        if (/^".*[A-Za-z]{3}.*"$/.test(content)) out.push(content.slice(1, -1));
      }
    }
    out.push(document.title);
    return out;
  });
}

// English words that none of our other languages uses: a text holding one is English that never
// went through the locale files.
const ENGLISH_WORDS = /\b(the|your|you|with|from|this|that|and|have|is|of|for|not|yet)\b/i;

async function assertNoEnglish(page, code, where) {
  const patterns = englishPatterns(code);
  const leaks = [];
  for (const text of await pageTexts(page)) {
    const hit = patterns.find((p) => p.re.test(text));
    if (hit) leaks.push(`"${text}" (${hit.key}: "${hit.form}")`);
    else if (ENGLISH_WORDS.test(text)) leaks.push(`"${text}" (English words)`);
  }
  assert.deepEqual(leaks, [], `${code}, ${where}: English on the page`);
}

// A short game in the browser's language `code` (its locale `locale`): Ana against the greedy
// bot, Bridges, Castles and Bazaars in, on a fixed deck with a bazaar; every decision made by
// clicking, the page checked for English at each stage.
async function playThrough(code, locale) {
  const { browser, client } = suite;
  const page = await newPage(browser, code, { locale });
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector('[data-testid="connection-status"][data-status="open"]');
  assert.equal(await page.getAttribute('html', 'lang'), code, 'the page takes the browser\'s language');
  assert.equal(await page.inputValue('[data-testid="language"]'), code, 'the switch shows it');
  await page.waitForSelector('[data-testid="expansion-choice"]');
  await assertNoEnglish(page, code, 'lobby');
  await page.click('[data-testid="rules-help"]');
  await page.waitForSelector('[data-testid="help-dialog"]:not([hidden])');
  await assertNoEnglish(page, code, 'rules');
  await screenshot(page, `lang-${code}-rules`);
  await page.click('[data-testid="close-help"]');

  const deck = ['E', 'BCB-A', 'U', 'V', 'K', 'J'];
  const { game, links } = await createGame(page, {
    seats: [{ name: 'Ana', kind: 'human' }, { name: 'Robot', kind: 'greedy' }], deck, pace: 0,
  });
  await assertNoEnglish(page, code, 'created game');
  await client.holdSeat(game, tokenOf(links[0]));
  await page.goto(links[0]);
  let st = await client.waitForState(game, (s) => s.version === 0 || s.legal);
  const ids = await expansionTileIds(client);
  let shots = 0;
  while (st.status !== 'over') {
    st = await client.waitForState(game, (s) => s.status === 'over' || (s.pending?.seat === 0 && s.legal), 30000);
    if (st.status === 'over') break;
    await waitForVersion(page, st.version);
    await assertNoEnglish(page, code, `table at version ${st.version}`);
    await assertNoCodes(page, ids, `${code}, table at version ${st.version}`);
    if (shots++ < 2) await screenshot(page, `lang-${code}-table-${st.version}`);
    const version = st.version;
    if (st.pending.phase === 'place') {
      const square = page.locator('[data-testid="board-position"]').first();
      const x = await square.getAttribute('data-x');
      const y = await square.getAttribute('data-y');
      await clickVisible(page, `[data-testid="board-position"][data-x="${x}"][data-y="${y}"]`);
      await page.waitForSelector('[data-testid="preview-tile"]');
      await page.click('[data-testid="confirm-place"]');
    } else {
      // Skip what may be skipped, open a bazaar's bidding at its least, pass or sell otherwise.
      const pick = ['skip', 'score', 'pass', 'sell'].find((a) => st.legal.includes(a)) ||
        st.legal.find((a) => a.startsWith('bid ')) || st.legal[0];
      await decide(page, pick);
    }
    st = await client.waitForState(game, (s) => s.version > version, 30000);
  }
  await page.waitForSelector('[data-testid="results-dialog"]:not([hidden])');
  await assertNoEnglish(page, code, 'results');
  await screenshot(page, `lang-${code}-results`);
  // The log is in the language too: its last entry is the game's end, in words of `code`.
  const last = (await page.locator('[data-testid="log-entry"]').last().textContent()).trim();
  assert.notEqual(last, st.log[st.log.length - 1].text, `${code}: the log's last entry is not the English`);
  assert.deepEqual(page.problems, [], 'no errors in the page');
  await page.context().close();
}

test('a game played through in Czech, with no English on the page', async () => {
  await playThrough('cs', 'cs-CZ');
});

test('a game played through in Italian, with no English on the page', async () => {
  await playThrough('it', 'it-IT');
});

test('the header\'s switch changes the language at once and is remembered', async () => {
  const page = await newPage(suite.browser, 'switch', { locale: 'en-GB' });
  await page.goto(`${serverUrl()}/`);
  await page.waitForSelector('[data-testid="expansion-choice"]');
  assert.equal(await page.textContent('[data-testid="create-game"]'), en['lobby.create']);
  const de = LANGUAGES.find((l) => l.code === 'de').words;
  await page.selectOption('[data-testid="language"]', 'de');
  await page.waitForFunction((text) => document.querySelector('[data-testid="create-game"]')?.textContent === text, de['lobby.create']);
  assert.equal(await page.getAttribute('html', 'lang'), 'de');
  await assertNoEnglish(page, 'de', 'lobby after switching');
  await page.reload();
  await page.waitForSelector('[data-testid="expansion-choice"]');
  assert.equal(await page.textContent('[data-testid="create-game"]'), de['lobby.create'], 'remembered after a reload');
  for (const code of ['ro', 'cs', 'it']) {
    await page.selectOption('[data-testid="language"]', code);
    await assertNoEnglish(page, code, 'lobby');
  }
  await screenshot(page, 'lang-switch');
  assert.deepEqual(page.problems, [], 'no errors in the page');
  await page.context().close();
});
