// The registry of the web app's mechanic modules (one module per mechanic of the engine:
// bridges, castles, bazaar, large follower, inn, cathedral, builder, pig, trade goods, dragon,
// fairy, magic portal, princess).
//
// Promise: the app core (app.js, board.js, turn.js, panels.js) knows no expansion; it asks the
// modules of the mechanics in play (the state's `mechanics`, names from the server's catalogue)
// for what they add. A module is a plain object with a `name` (or `names`) and any of these
// hooks, each optional:
//
//   tileArt(layout, g, helpers)          draw on a tile's picture (every tile of the catalogue)
//   layers: [{slot, name, render(g, state, board)}]
//                                        board layers: slot 'below' (under the last-placed mark)
//                                        or 'above' (over it, under the figures)
//   options(g, deco, board)              draw the module's clickable options (from decorate())
//   decorate(turn, deco)                 add board decorations for the pending decision
//   card(turn, body, ui)                 add the module's prompts to the "your move" card
//   figureStyle(figure)                  {scale, label} for a kind of figure ("large"); may add
//                                        shape(colour, {scale}) (an SVG element drawn instead of
//                                        the follower), icon(colour, size) (the players panel's
//                                        icon) and offset [dx, dy] (from the feature's spot)
//   bannerNote(state, {art})             an element added to the turn banner, or null
//   stats(player, state, ui)             elements for a player's row in the players panel
//   panel(state, ui)                     {id, element} side cards (the bazaar); null for none
//   resultCategories                     [[key, label]] columns of the results table
//   decisionWords(state)                 words for the pending decision, or null
//   hints(turn)                          [name] of the one-line hints (locale `hint.<name>`)
//                                        that teach what the player's decision meets now (a
//                                        volcano in hand, a bazaar, a barn to place); hints.js
//                                        shows each until the player dismisses it
//   handles: [verbs]                     verbs whose prompts the module draws in card()
//
// Every module registers itself on import; app.js imports them all once. A module's words are
// looked up (i18n.js) when asked for, so that they follow the language: `label`s and
// `resultCategories` are getters.

import { figureName } from '../names.js';

const modules = [];

export function registerMechanic(module) {
  modules.push(module);
}

const namesOf = (m) => m.names || [m.name];

// Every registered module (for the tile pictures, drawn once for the whole catalogue).
export function allMechanics() {
  return modules;
}

// The modules of the mechanics in play in `state` (its `mechanics` list).
export function mechanicsOf(state) {
  const inPlay = new Set(state?.mechanics || []);
  return modules.filter((m) => namesOf(m).some((name) => inPlay.has(name)));
}

// The hints the modules in play give for the decision `turn` (a TurnController) holds now.
export function hintsOf(turn) {
  return mechanicsOf(turn.state).flatMap((m) => m.hints?.(turn) || []);
}

// The verbs some module in play draws prompts for.
export function handledVerbs(state) {
  const verbs = new Set();
  for (const m of mechanicsOf(state)) for (const v of m.handles || []) verbs.add(v);
  return verbs;
}

// How a kind of figure is drawn: the base game's follower unless a module says otherwise.
export function figureStyle(figure) {
  for (const m of modules) {
    const style = m.figureStyle?.(figure);
    if (style) return style;
  }
  return { scale: 1, get label() { return figureName('meeple'); } };
}
