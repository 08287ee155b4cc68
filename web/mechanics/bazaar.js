// The bazaar (Bridges, Castles and Bazaars): the bazaar panel (the revealed tiles, the auction,
// who got which tile; in the no-auction variant who took which), its decisions (choose, bid,
// pass, buy, sell), the tile each player bought, and the bazaar's points in the results.

import { h, s, clear } from '../dom.js';
import { seatColour } from '../tiles.js';
import { groupLegal, decisionWords } from '../notation.js';
import { registerMechanic } from './registry.js';

function stallIcon(size = 18) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: 'icon', 'aria-hidden': 'true' },
    s('rect', { x: 4, y: 11, width: 16, height: 9, fill: '#a8794a', stroke: '#5e3d1d', 'stroke-width': 1.2 }),
    s('path', { d: 'M2,11 L4,4 H20 L22,11 Z', fill: '#d2452f', stroke: '#7b2316', 'stroke-width': 1.2 }),
    s('path', { d: 'M8,4 L7,11 M12,4 V11 M16,4 L17,11', stroke: '#fff6e6', 'stroke-width': 1.6 }));
}

// --- bazaar ------------------------------------------------------------------------------------

function renderBazaar(container, state, art, act, busy) {
  clear(container);
  const bazaar = state?.bazaar;
  if (!bazaar || !art) {
    container.hidden = true;
    return;
  }
  container.hidden = false;
  const players = state.players || [];
  const nameOf = (seat) => (seat === null || seat === undefined ? '—' : players[seat]?.name ?? `seat ${seat + 1}`);
  const mine = (state.you || []).includes(state.pending?.seat) && Array.isArray(state.legal);
  const g = mine ? groupLegal(state.legal, state.actions) : {};
  // In the no-auction variant there are no bids: players take tiles in turn (the state's
  // `auction_tile` is then the tile just taken, not one on auction).
  const noAuction = state.rules?.bazaar === 'no-auction';

  container.append(h('div', { class: 'card-title' }, stallIcon(), 'Bazaar', noAuction ? h('span', { class: 'muted' }, '· no auctions') : null));
  if (state.pending) {
    container.append(h('div', { class: 'hint', 'data-testid': 'bazaar-status' },
      `${nameOf(state.pending.seat)} to ${decisionWords(state)}.`));
  }

  // The revealed tiles nobody has got yet (the server takes a tile out of `offer` when someone
  // gets it; who got which is listed below). Identical tiles are one choice (`choose TILE`), so
  // every copy of a tile the player may choose is a button for it. While an auction runs, one
  // copy of its tile is marked.
  const offer = h('div', { class: 'bazaar-offer', 'data-testid': 'bazaar-offer' });
  const chooseActions = new Map((g.choose || []).map((c) => [c.tile, c.action]));
  let auctionShown = false;
  for (const tile of bazaar.offer || []) {
    const auctioned = !noAuction && bazaar.auction_tile === tile && !auctionShown;
    if (auctioned) auctionShown = true;
    const item = h('div', { class: `offer-item${auctioned ? ' auctioned' : ''}` },
      art.mini(tile, { size: 56, title: tile }),
      h('div', { class: 'offer-label' }, auctioned ? 'on auction' : tile));
    if (chooseActions.has(tile)) {
      const action = chooseActions.get(tile);
      offer.append(h('button', { class: 'offer-button', 'data-testid': 'bazaar-choose', 'data-action': action, disabled: busy, onClick: () => act(action), title: noAuction ? `take ${tile}` : `put ${tile} up for auction` }, item));
    } else {
      offer.append(item);
    }
  }
  if (offer.childElementCount) container.append(offer);

  if (bazaar.auction_tile && !noAuction) {
    container.append(h('div', { class: 'bazaar-auction', 'data-testid': 'bazaar-highest' },
      'Highest bid: ',
      bazaar.highest_bid === null || bazaar.highest_bid === undefined
        ? h('b', {}, 'none yet')
        : h('b', {}, `${bazaar.highest_bid} by ${nameOf(bazaar.highest_bidder)}`)));
  }
  if (bazaar.bank) container.append(h('div', { class: 'muted' }, `Paid to the bank: ${bazaar.bank}`));

  const controls = h('div', { class: 'bazaar-controls' });
  if (g.bid) {
    const amounts = g.bid.map((b) => b.amount).sort((a, b) => a - b);
    const byAmount = new Map(g.bid.map((b) => [b.amount, b.action]));
    const input = h('input', { type: 'number', min: amounts[0], max: amounts[amounts.length - 1], step: 1, value: amounts[0], 'data-testid': 'bazaar-bid-amount', 'aria-label': 'bid in points' });
    const bidButton = h('button', { class: 'primary', 'data-testid': 'bazaar-bid', disabled: busy }, `Bid ${amounts[0]}`);
    const sync = () => {
      const action = byAmount.get(Number(input.value));
      bidButton.disabled = busy || !action;
      bidButton.textContent = action ? `Bid ${input.value}` : 'Bid';
      bidButton.dataset.action = action || '';
    };
    input.addEventListener('input', sync);
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && byAmount.has(Number(input.value))) act(byAmount.get(Number(input.value))); });
    bidButton.addEventListener('click', () => {
      const action = byAmount.get(Number(input.value));
      if (action) act(action);
    });
    sync();
    controls.append(h('label', { class: 'bid-label' }, `Your bid (${amounts[0]}–${amounts[amounts.length - 1]})`, input), bidButton);
  }
  // (Pass is also the wagon's and the abbey round's answer: only a bid's pass is the bazaar's.)
  if (g.pass && state.pending?.phase === 'bid') controls.append(h('button', { 'data-testid': 'bazaar-pass', 'data-action': 'pass', disabled: busy, onClick: () => act('pass') }, 'Pass'));
  if (g.buy || g.sell) {
    const bid = bazaar.highest_bid;
    const bidder = nameOf(bazaar.highest_bidder);
    if (g.buy) controls.append(h('button', { class: 'primary', 'data-testid': 'bazaar-buy', 'data-action': 'buy', disabled: busy, onClick: () => act('buy') }, `Buy it (pay ${bid} to ${bidder})`));
    if (g.sell) controls.append(h('button', { 'data-testid': 'bazaar-sell', 'data-action': 'sell', disabled: busy, onClick: () => act('sell') }, `Sell it (${bidder} pays you ${bid})`));
  }
  if (g.choose) container.append(h('div', { class: 'hint' }, noAuction ? 'Click a tile to take it and play it.' : 'Click a tile to put it up for auction.'));
  const who = noAuction ? picksList(bazaar, state, art, nameOf) : gotList(bazaar, art, nameOf);
  if (who) container.append(who);
  if (controls.childElementCount) container.append(controls);
}

// Who got which tile (the bazaar round plays them in turn), or nothing before anyone has one.
function gotList(bazaar, art, nameOf) {
  const got = (bazaar.taken || []).map((tile, seat) => [seat, tile]).filter(([, tile]) => tile);
  if (got.length) {
    const list = h('div', { class: 'bazaar-taken', 'data-testid': 'bazaar-taken' }, h('span', { class: 'muted' }, 'Got: '));
    for (const [seat, tile] of got) {
      list.append(h('span', { class: 'taken-item', title: `${nameOf(seat)}: ${tile}` },
        h('span', { class: 'swatch', style: { background: seatColour(seat) } }), nameOf(seat), ' ', art.mini(tile, { size: 22 })));
    }
    return list;
  }
  return null;
}

// The no-auction variant: every player in seat order, with the tile they took, or whether they
// choose now.
function picksList(bazaar, state, art, nameOf) {
  const list = h('ul', { class: 'bazaar-picks', 'data-testid': 'bazaar-picks' });
  for (const { seat } of state.players || []) {
    const tile = bazaar.taken?.[seat];
    const choosing = !tile && state.pending?.phase === 'choose' && state.pending.seat === seat;
    list.append(h('li', { class: `pick${choosing ? ' choosing' : ''}`, 'data-testid': 'bazaar-pick', 'data-seat': seat, 'data-tile': tile || '' },
      h('span', { class: 'swatch', style: { background: seatColour(seat) } }),
      h('span', { class: 'name' }, nameOf(seat)),
      tile ? [h('span', {}, ` took ${tile}`), art.mini(tile, { size: 22, title: `${nameOf(seat)} took ${tile}` })]
        : h('span', { class: 'muted' }, choosing ? ' chooses now' : ' no tile yet')));
  }
  return list;
}

registerMechanic({
  name: 'bazaar',
  handles: ['choose', 'bid', 'pass', 'buy', 'sell'],
  resultCategories: [['bazaar', 'Bazaar']],

  // The side card: shown while a bazaar runs.
  panelAttrs: { class: 'card bazaar-card', 'data-testid': 'bazaar-panel' },
  panel(container, state, ui) {
    renderBazaar(container, state, ui.art, ui.act, ui.busy);
  },

  card(turn, body) {
    const g = turn.groups;
    const phase = turn.state?.pending?.phase;
    if (['choose', 'bid', 'buy-or-sell', 'decide'].includes(phase) && (g.choose || g.bid || g.pass || g.buy || g.sell)) body.append(h('div', { class: 'hint' }, 'Bazaar: use the bazaar panel below.'));
  },

  stats(player, state, ui) {
    if (!player.bazaar_tile || !ui.art) return [];
    return [h('span', { class: 'stat', title: `bought in the bazaar: ${player.bazaar_tile}` }, ui.art.mini(player.bazaar_tile, { size: 18 }))];
  },
});
