// What a player reads at the table names no internal code: no square ("6,3"), no compass code of
// the server's spots, corners and bridge axes ("NNE", "NW", "EW", a lone "N" after a number or in
// brackets) and no tile id of an expansion ("BCB-A", "PD-N"). Players see words and pictures.

import assert from 'node:assert/strict';

export const SQUARE = /-?\d+,-?\d+/;
export const COMPASS = /(?<!\p{L})(NNE|ENE|ESE|SSE|SSW|WSW|WNW|NNW|NE|NW|SE|SW|NS|EW)(?!\p{L})|\(\s*[NESW]\s*\)|\d\s+[NESW](?!\p{L})/u;

// The catalogue's expansion tile ids (those with a dash: a base tile's id is a single letter,
// which is a word in some languages) as whole words.
export async function expansionTileIds(client) {
  const catalogue = await client.request({ type: 'catalogue' });
  const ids = catalogue.tiles.map((tile) => tile.id).filter((id) => id.includes('-')).sort((a, b) => b.length - a.length);
  const escape = (id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}-])(${ids.map(escape).join('|')})(?![\\p{L}\\p{N}-])`, 'u');
}

// The table's texts: the game log, the action card, the turn banner, the bazaar panel and the
// board (its pictures' titles and its controls' labels), players' own names left out.
export async function tableTexts(page) {
  return page.evaluate(() => {
    const out = [];
    const roots = document.querySelectorAll('[data-testid="game-log"], [data-testid="action-card"], [data-testid="turn-banner"], [data-testid="bazaar-panel"], [data-testid="board"]');
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('[data-user-text]')) continue;
        const text = node.textContent.trim();
        if (text) out.push(text);
      }
      for (const el of [root, ...root.querySelectorAll('[title], [aria-label]')]) {
        for (const attr of ['title', 'aria-label']) {
          const text = el.getAttribute(attr)?.trim();
          if (text) out.push(text);
        }
      }
    }
    return out;
  });
}

// Fails with every text of the table that shows a square, a compass code or a tile id (`ids`,
// from expansionTileIds).
export async function assertNoCodes(page, ids, where) {
  const leaks = (await tableTexts(page)).filter((text) => SQUARE.test(text) || COMPASS.test(text) || ids.test(text));
  assert.deepEqual(leaks, [], `${where}: squares, compass codes or tile ids on the table`);
}
