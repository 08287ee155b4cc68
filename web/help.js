// A short rules reference for the expansions of a game (all of them in the lobby), in a dialog.
// Reminders for players who know the game, not the rulebook: the engine decides what is legal.

import { h, clear } from './dom.js';

const SECTIONS = [
  {
    name: 'base', title: 'Base game',
    points: [
      'Draw a tile and place it so that every side matches its neighbours (city to city, road to road, field to field).',
      'Then you may put one follower on a feature of that tile, if no follower is anywhere on that feature yet.',
      'A completed road scores 1 per tile; a completed city 2 per tile and 2 per pennant; a cloister 9 when surrounded. The majority of followers scores; a tie scores for all tied. Followers of a scored feature go home.',
      'At the end, unfinished roads, cities (1 per tile and pennant) and cloisters (1 per tile) score; each farm gives its majority 3 per completed city it touches.',
    ],
  },
  {
    name: 'bcb', title: 'Bridges, Castles and Bazaars',
    points: [
      'Bridges: at most one per turn, from a small supply, on the tile just placed or next to it, carrying a road over a field; some placements fit only with a bridge.',
      'Castles: when a city of two halves completes with your follower, you may turn it into a castle instead of scoring it; the castle scores the next feature completed in its fief.',
      'Bazaars: a bazaar tile starts an auction, one revealed tile per player; bid points, and the auctioneer buys or sells.',
    ],
  },
  {
    name: 'ic', title: 'Inns & Cathedrals',
    points: [
      'The large follower counts as two followers.',
      'A road with an inn scores 2 per tile when complete, nothing if unfinished at the end.',
      'A city with a cathedral scores 3 per tile and pennant when complete, nothing if unfinished at the end.',
    ],
  },
  {
    name: 'tb', title: 'Traders & Builders',
    points: [
      'Whoever completes a city takes its goods (wine, grain, cloth); at the end each majority of a good scores 10.',
      'The builder joins your road or city; extending it later gives you a second tile in the same turn.',
      'The pig joins your farm and adds 1 per city when that farm scores.',
    ],
  },
  {
    name: 'pd', title: 'Princess & Dragon',
    points: [
      'A volcano brings the dragon; a dragon tile makes it fly six steps, eating the figures on its way (not onto the fairy\'s tile, never twice on a tile).',
      'The fairy protects the figures on its tile, gives 1 point at the start of your turn and 3 when its feature scores.',
      'A princess tile lets you send a knight of that city home instead of deploying; a magic portal lets you deploy on any unfinished, unoccupied feature of the board.',
    ],
  },
  {
    name: 'am', title: 'Abbey & Mayor',
    points: [
      'Abbey: instead of drawing, play your abbey into a hole closed on all four sides; it closes every feature it touches. Unplayed abbeys get a last chance after the last tile.',
      'Mayor: a follower for cities whose strength is the number of pennants in its city.',
      'Wagon: after its feature scores, it may roll on to an unfinished, unoccupied feature connected to it.',
      'Barn: on a corner where four fields meet; its farm scores at once for the farmers, and at the end for the barn: 4 per city.',
    ],
  },
];

export function showRulesHelp(state, catalogue) {
  const inPlay = new Set(['base', ...(state?.expansions || [])]);
  const all = !state; // in the lobby: every expansion
  const titles = new Map((catalogue?.expansions || []).map((e) => [e.name, e.title]));
  let dialog = document.getElementById('help-dialog');
  if (!dialog) {
    dialog = h('div', { class: 'dialog-backdrop', id: 'help-dialog', 'data-testid': 'help-dialog' });
    dialog.addEventListener('click', (e) => { if (e.target === dialog) dialog.hidden = true; });
    document.body.append(dialog);
  }
  clear(dialog);
  dialog.hidden = false;
  const body = h('div', { class: 'dialog help', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'help-title' },
    h('div', { class: 'dialog-head' }, h('h2', { id: 'help-title' }, all ? 'Rules at a glance' : 'Rules of this game'),
      h('button', { class: 'icon-button', 'data-testid': 'close-help', 'aria-label': 'close', onClick: () => { dialog.hidden = true; } }, '✕')));
  for (const section of SECTIONS) {
    if (!all && !inPlay.has(section.name)) continue;
    body.append(h('section', { class: 'help-section', 'data-testid': `help-${section.name}` },
      h('h3', {}, titles.get(section.name) || section.title),
      h('ul', {}, ...section.points.map((p) => h('li', {}, p)))));
  }
  dialog.append(body);
}
