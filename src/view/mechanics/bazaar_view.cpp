// The bazaar (Bridges, Castles and Bazaars): the tile each player bought, and a bazaar under way:
// its offer, the auction's tile and highest bid, what each player took and the bank.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

void player_bazaar_tile(const GameState& state, PlayerId player, json& entry) {
  entry["bazaar_tile"] = tile_id(state.bazaar_tile_of(player));
}

json offer_json(const GameState& state) {
  json offer = json::array();
  for (TileType t : state.bazaar_offer()) offer.push_back(tile_id(t));
  return offer;
}

void bazaar_under_way(const GameState& state, json& out) {
  out["bazaar"] = nullptr;
  if (!state.bazaar_in_progress()) return;
  json taken = json::array();
  for (int p = 0; p < state.player_count(); ++p)
    taken.push_back(tile_id(state.bazaar_tile_of(static_cast<PlayerId>(p))));
  const bool bid_made = state.highest_bidder() != kNoPlayer;
  out["bazaar"] = {{"offer", offer_json(state)},
                   {"auction", state.bazaar_auctions()},
                   {"auction_tile", tile_id(state.auction_tile())},
                   {"highest_bid", bid_made ? json(state.highest_bid()) : json(nullptr)},
                   {"highest_bidder", seat_or_null(state.highest_bidder())},
                   {"taken", std::move(taken)},
                   {"bank", state.bank_receipts()}};
}

void pending_bazaar(const GameState& state, json& pending) {
  if (!state.bazaar_in_progress()) return;
  pending["bazaar_offer"] = offer_json(state);
  if (state.auction_tile() != kNoTile) pending["auction_tile"] = tile_id(state.auction_tile());
  if (state.highest_bidder() != kNoPlayer) {
    pending["highest_bid"] = state.highest_bid();
    pending["highest_bidder"] = state.highest_bidder();
  }
}

constexpr ObservationColumn kInfo[] = {
    {10, "highest_bid", [](const GameState& state, PlayerId) { return state.highest_bid(); }},
    {11, "highest_bidder",
     [](const GameState& state, PlayerId) { return static_cast<int>(state.highest_bidder()); }},
    {12, "auction_tile",
     [](const GameState& state, PlayerId) {
       return state.auction_tile() == kNoTile ? -1 : static_cast<int>(state.auction_tile());
     }},
    {14, "bazaar_round",
     [](const GameState& state, PlayerId) { return state.in_bazaar_round() ? 1 : 0; }},
    {15, "bank", [](const GameState& state, PlayerId) { return state.bank_receipts(); }},
};

void choose_structure(const GameState&, const Move& move, json& out) {
  out["tile"] = std::string(tile_spec(move.aux).id);
}

void bid_structure(const GameState&, const Move& move, json& out) {
  out["amount"] = move.amount;
}

// A chosen tile is auctioned, or taken at once (no auction).
json choose_say(const Telling& t) {
  json args = t.actor_args();
  args["tile"] = std::string(tile_spec(t.move.aux).id);
  return say(t.before.bazaar_auctions ? "auction" : "take", args);
}

json bid_say(const Telling& t) {
  json args = t.actor_args();
  args["points"] = points_arg(t.move.amount);
  return say("bid", args);
}

// The auctioneer buys the tile (paying the highest bidder) or sells it to them.
json deal_say(const Telling& t) {
  json args = t.actor_args();
  args["tile"] = t.before.auction_tile == kNoTile
                     ? text_arg("theTile")
                     : json(std::string(tile_spec(t.before.auction_tile).id));
  args["other"] = t.before.highest_bidder == kNoPlayer ? text_arg("theBank")
                                                       : json(t.name(t.before.highest_bidder));
  args["points"] = points_arg(t.before.highest_bid);
  return say(t.move.kind == MoveKind::Buy ? "buy" : "sell", args);
}

constexpr ActionView kActions[] = {
    {MoveKind::Choose, &choose_structure, &choose_say},
    {MoveKind::Bid, &bid_structure, &bid_say},
    {MoveKind::Buy, nullptr, &deal_say},
    {MoveKind::Sell, nullptr, &deal_say},
};

// A payment: negative points are paid.
json payment_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  if (event.category != ScoreCategory::Bazaar) return nullptr;
  const json who = names_arg(event.winners, t.names);
  if (event.points < 0)
    return say("score.paid", {{"who", who}, {"points", points_arg(-event.points)}});
  return say("score.received", {{"who", who}, {"points", points_arg(event.points)}});
}

// Builder-first: a bazaar placed in a second part waits for the bazaar under way (one that
// started at once, within this move, with none under way, is not announced: the auction is).
json delayed_say(const Telling& t, std::size_t index) {
  if (t.after.delayed_bazaars() == 0) return nullptr;
  return say("bazaarDelayed", {{"who", t.name(t.events[index].player)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &payment_say},
    {GameEventKind::BazaarDelayed, &delayed_say},
};

constexpr LogText kWords[] = {
    {"theTile", "the tile"},
    {"theBank", "the bank"},
    {"score.paid", "{who} paid {points}"},
    {"score.received", "{who} received {points}"},
    {"take", "{who} took {tile} from the bazaar"},
    {"auction", "{who} put {tile} up for auction"},
    {"bid", "{who} bid {points}"},
    {"buy", "{who} bought {tile}, paying {other} {points}"},
    {"sell", "{who} sold {tile} to {other} for {points}"},
    {"bazaarDelayed",
     "{who}'s bazaar is delayed until the double turn and its bazaar round are over"},
};

}  // namespace

const MechanicView kBazaarView{
    .mechanic = Mechanic::Bazaar,
    .public_player = &player_bazaar_tile,
    .public_game = &bazaar_under_way,
    .summary_player = nullptr,
    .summary_game = nullptr,
    .summary_pending = &pending_bazaar,
    .supply_columns = kNoColumns,
    .info_columns = Columns{kInfo},
    .actions = Actions{kActions},
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
