// The large follower (Inns & Cathedrals): drawn larger on the board and in the players panel; on
// the figure step, when the large follower may go somewhere, the player picks which figure the
// spots on the tile deploy (the follower or the large follower: separate legal actions; the card
// draws the choice for every kind of figure, turn.js).

import { registerMechanic } from './registry.js';
import { figureName } from '../names.js';

registerMechanic({
  name: 'large follower',
  handles: [],

  figureStyle(figure) {
    return figure === 'large' ? { scale: 1.4, get label() { return figureName('large'); } } : null;
  },
});
