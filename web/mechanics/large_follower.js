// The large follower (Inns & Cathedrals): drawn larger on the board and in the players panel, and
// marked with a white disc on its chest so that it tells apart from a follower at any zoom; on
// the figure step, when the large follower may go somewhere, the player picks which figure the
// spots on the tile deploy (the follower or the large follower: separate legal actions; the card
// draws the choice for every kind of figure, turn.js).

import { registerMechanic } from './registry.js';
import { figureName } from '../names.js';
import { meepleShape } from '../board.js';
import { s } from '../dom.js';

function largeShape(colour, options = {}) {
  const g = meepleShape(colour, options);
  g.append(s('circle', { cx: 0, cy: 0.2, r: 2.4, fill: '#fff', stroke: 'rgba(20,20,20,0.85)', 'stroke-width': 0.8 }));
  return g;
}

registerMechanic({
  name: 'large follower',
  handles: [],

  figureStyle(figure) {
    // `lies`: drawn lying on a field, as a follower is.
    return figure === 'large' ? { scale: 1.4, lies: true, shape: largeShape, get label() { return figureName('large'); } } : null;
  },
});
