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
};

}  // namespace carcassonne::view
