// The large follower (Inns & Cathedrals): drawn larger on the board and in the players panel; on
// the figure step, when the large follower may go somewhere, the player picks which figure the
// spots on the tile deploy (the follower or the large follower: separate legal actions).

import { h } from '../dom.js';
import { registerMechanic } from './registry.js';

const FIGURE_CHOICES = [['meeple', 'Follower'], ['large', 'Large follower']];

registerMechanic({
  name: 'large follower',
  handles: [],

  figureStyle(figure) {
    return figure === 'large' ? { scale: 1.4, label: 'large follower' } : null;
  },

  card(turn, body) {
    const g = turn.groups;
    if (!g.large?.length) return;
    const choice = turn.figureChoice();
    const row = h('div', { class: 'row figure-choice', role: 'radiogroup', 'aria-label': 'figure to deploy', 'data-testid': 'figure-choice' },
      h('span', { class: 'muted' }, 'Deploy:'));
    for (const [figure, label] of FIGURE_CHOICES) {
      if (!g[figure]?.length) continue;
      row.append(h('button', {
        type: 'button', class: `small${choice === figure ? ' primary' : ''}`, role: 'radio', 'aria-checked': choice === figure ? 'true' : 'false',
        'data-testid': `figure-choice-${figure}`, 'data-figure': figure, disabled: turn.busy,
        onClick: () => turn.chooseFigure(figure),
      }, label));
    }
    body.append(row);
  },
});
