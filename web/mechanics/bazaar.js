// The bazaar (Bridges, Castles and Bazaars): the bazaar panel (the revealed tiles, the auction,
// who got which tile; in the no-auction variant who took which), its decisions (choose, bid,
// pass, buy, sell), the tile each player bought, and the bazaar's points in the results.

import { h, s, clear } from '../dom.js';
import { seatColour } from '../tiles.js';
import { groupLegal, decisionWords } from '../notation.js';
import { registerMechanic } from './registry.js';
import { t } from '../i18n.js';
import { tileTitle } from '../names.js';

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
  const nameOf = (seat) => (seat === null || seat === undefined ? '—' : players[seat]?.name ?? t('board.seatN', { n: seat + 1 }));
  const mine = (state.you || []).includes(state.pending?.seat) && Array.isArray(state.legal);
  const g = mine ? groupLegal(state.legal, state.actions) : {};
  // A bazaar without an auction (the no-auction variant, or "up-to-score" bids with every score
  // at 0): players take tiles in turn (the state's `auction_tile` is then the tile just taken,
  // not one on auction). The state says which (`bazaar.auction`).
  const noAuction = state.bazaar?.auction === false;

  container.append(h('div', { class: 'card-title' }, stallIcon(), t('mech.bazaar.title'), noAuction ? h('span', { class: 'muted' }, t('mech.bazaar.noAuctions')) : null));
  if (state.pending) {
    container.append(h('div', { class: 'hint', 'data-testid': 'bazaar-status' },
      t('mech.bazaar.status', { name: nameOf(state.pending.seat), decision: decisionWords(state) })));
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
    // The tile's picture, its words as the title (no id: players know tiles by their pictures).
    const words = tileTitle(tile, art);
    const item = h('div', { class: `offer-item${auctioned ? ' auctioned' : ''}` },
      art.mini(tile, { size: 56, title: words }),
      auctioned ? h('div', { class: 'offer-label' }, t('mech.bazaar.onAuction')) : null);
    if (chooseActions.has(tile)) {
      const action = chooseActions.get(tile);
      offer.append(h('button', { class: 'offer-button', 'data-testid': 'bazaar-choose', 'data-action': action, disabled: busy, onClick: () => act(action), title: t(noAuction ? 'mech.bazaar.take' : 'mech.bazaar.auction', { tile: words }) }, item));
    } else {
      offer.append(item);
    }
  }
  if (offer.childElementCount) container.append(offer);

  if (bazaar.auction_tile && !noAuction) {
    // (The bid, in bold, stands where the sentence puts it.)
    const [before, after] = t('mech.bazaar.highest', { bid: '\u0000' }).split('\u0000');
    container.append(h('div', { class: 'bazaar-auction', 'data-testid': 'bazaar-highest' },
      before || null,
      bazaar.highest_bid === null || bazaar.highest_bid === undefined
        ? h('b', {}, t('mech.bazaar.noneYet'))
        : h('b', {}, t('mech.bazaar.bidBy', { amount: t('log.points', { count: bazaar.highest_bid }), name: nameOf(bazaar.highest_bidder) })),
      after || null));
  }
  if (bazaar.bank) container.append(h('div', { class: 'muted' }, t('mech.bazaar.bank', { amount: t('log.points', { count: bazaar.bank }) })));

  const controls = h('div', { class: 'bazaar-controls' });
  if (g.bid) {
    const amounts = g.bid.map((b) => b.amount).sort((a, b) => a - b);
    const byAmount = new Map(g.bid.map((b) => [b.amount, b.action]));
    const input = h('input', { type: 'number', min: amounts[0], max: amounts[amounts.length - 1], step: 1, value: amounts[0], 'data-testid': 'bazaar-bid-amount', 'aria-label': t('mech.bazaar.bidAria') });
    const bidButton = h('button', { class: 'primary', 'data-testid': 'bazaar-bid', disabled: busy }, t('mech.bazaar.bidAmount', { amount: amounts[0] }));
    const sync = () => {
      const action = byAmount.get(Number(input.value));
      bidButton.disabled = busy || !action;
      bidButton.textContent = action ? t('mech.bazaar.bidAmount', { amount: Number(input.value) }) : t('mech.bazaar.bid');
      bidButton.dataset.action = action || '';
    };
    input.addEventListener('input', sync);
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && byAmount.has(Number(input.value))) act(byAmount.get(Number(input.value))); });
    bidButton.addEventListener('click', () => {
      const action = byAmount.get(Number(input.value));
      if (action) act(action);
    });
    sync();
    controls.append(h('label', { class: 'bid-label' }, t('mech.bazaar.yourBid', { min: amounts[0], max: amounts[amounts.length - 1] }), input), bidButton);
  }
  // (Pass is also the wagon's and the abbey round's answer: only a bid's pass is the bazaar's.)
  if (g.pass && state.pending?.phase === 'bid') controls.append(h('button', { 'data-testid': 'bazaar-pass', 'data-action': 'pass', disabled: busy, onClick: () => act('pass') }, t('mech.bazaar.pass')));
  if (g.buy || g.sell) {
    const bid = bazaar.highest_bid;
    const bidder = nameOf(bazaar.highest_bidder);
    if (g.buy) controls.append(h('button', { class: 'primary', 'data-testid': 'bazaar-buy', 'data-action': 'buy', disabled: busy, onClick: () => act('buy') }, t('mech.bazaar.buy', { amount: t('log.points', { count: bid }), name: bidder })));
    if (g.sell) controls.append(h('button', { 'data-testid': 'bazaar-sell', 'data-action': 'sell', disabled: busy, onClick: () => act('sell') }, t('mech.bazaar.sell', { amount: t('log.points', { count: bid }), name: bidder })));
  }
  if (g.choose) container.append(h('div', { class: 'hint' }, t(noAuction ? 'mech.bazaar.chooseToTake' : 'mech.bazaar.chooseToAuction')));
  const who = noAuction ? picksList(bazaar, state, art, nameOf) : gotList(bazaar, art, nameOf);
  if (who) container.append(who);
  if (controls.childElementCount) container.append(controls);
}

// Who got which tile (the bazaar round plays them in turn), or nothing before anyone has one.
function gotList(bazaar, art, nameOf) {
  const got = (bazaar.taken || []).map((tile, seat) => [seat, tile]).filter(([, tile]) => tile);
  if (got.length) {
    const list = h('div', { class: 'bazaar-taken', 'data-testid': 'bazaar-taken' }, h('span', { class: 'muted' }, `${t('mech.bazaar.got')} `));
    for (const [seat, tile] of got) {
      list.append(h('span', { class: 'taken-item', title: t('mech.bazaar.gotTitle', { name: nameOf(seat), tile: tileTitle(tile, art) }) },
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
    // The name (its own element) where the sentence puts it.
    const key = tile ? 'mech.bazaar.took' : choosing ? 'mech.bazaar.choosesNow' : 'mech.bazaar.noTileYet';
    // (and the tile's picture where it puts the tile)
    const [before, between, after] = t(key, { name: '\u0000', tile: '\u0001' }).split(/[\u0000\u0001]/);
    list.append(h('li', { class: `pick${choosing ? ' choosing' : ''}`, 'data-testid': 'bazaar-pick', 'data-seat': seat, 'data-tile': tile || '' },
      h('span', { class: 'swatch', style: { background: seatColour(seat) } }),
      before ? h('span', tile ? {} : { class: 'muted' }, before) : null,
      h('span', { class: 'name' }, nameOf(seat)),
      tile ? [h('span', {}, between), art.mini(tile, { size: 22, title: t('mech.bazaar.took', { name: nameOf(seat), tile: tileTitle(tile, art) }) }), after ? h('span', {}, after) : null]
        : h('span', { class: 'muted' }, between)));
  }
  return list;
}

registerMechanic({
  name: 'bazaar',
  handles: ['choose', 'bid', 'pass', 'buy', 'sell'],
  get resultCategories() { return [['bazaar', t('mech.bazaar.result')]]; },

  // The side card: shown while a bazaar runs.
  panelAttrs: { class: 'card bazaar-card', 'data-testid': 'bazaar-panel' },
  panel(container, state, ui) {
    renderBazaar(container, state, ui.art, ui.act, ui.busy);
  },

  card(turn, body) {
    const g = turn.groups;
    const phase = turn.state?.pending?.phase;
    if (['choose', 'bid', 'buy-or-sell', 'decide'].includes(phase) && (g.choose || g.bid || g.pass || g.buy || g.sell)) body.append(h('div', { class: 'hint' }, t('mech.bazaar.usePanel')));
  },

  // A bazaar's first decision for the player (choosing, bidding, buying or selling).
  hints(turn) {
    return turn.state?.bazaar && ['choose', 'bid', 'buy-or-sell', 'decide'].includes(turn.state.pending?.phase) ? ['bazaar'] : [];
  },

  stats(player, state, ui) {
    if (!player.bazaar_tile || !ui.art) return [];
    return [h('span', { class: 'stat', title: t('mech.bazaar.bought', { tile: tileTitle(player.bazaar_tile, ui.art) }) }, ui.art.mini(player.bazaar_tile, { size: 18 }))];
  },
});
