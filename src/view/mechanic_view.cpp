#include "view/mechanic_view.h"

#include <bit>

#include "core/notation.h"

namespace carcassonne::view {

using json = nlohmann::json;

// std::to_array sizes the list by its rows: with a row missing it is not an array of
// kMechanicCount and does not convert.
constexpr std::array<const MechanicView*, kMechanicCount> kMechanicViews =
    std::to_array<const MechanicView*>({
        &kBridgesView,
        &kCastlesView,
        &kBazaarView,
        &kLargeFollowerView,
        &kInnView,
        &kCathedralView,
        &kBuilderView,
        &kPigView,
        &kTradeGoodsView,
        &kDragonView,
        &kFairyView,
        &kPortalView,
        &kPrincessView,
        &kAbbeyView,
        &kMayorView,
        &kWagonView,
        &kBarnView,
    });

namespace {

// Calls the part `part` of the row of every mechanic in play that has it, in table order.
template <auto MechanicView::*part, typename... Args>
void walk_rows_in_play(const GameState& state, Args&... args) {
  for (MechanicMask m = state.rules().mechanics; m != 0; m &= m - 1) {
    const MechanicView& row = *kMechanicViews[static_cast<std::size_t>(std::countr_zero(m))];
    if (const auto write = *(row.*part)) write(state, args...);
  }
}

}  // namespace

void add_public_player_fields(const GameState& state, PlayerId player, json& entry) {
  walk_rows_in_play<&MechanicView::public_player>(state, player, entry);
}

void add_public_game_fields(const GameState& state, json& out) {
  walk_rows_in_play<&MechanicView::public_game>(state, out);
}

void add_summary_player_fields(const GameState& state, PlayerId player, json& entry) {
  walk_rows_in_play<&MechanicView::summary_player>(state, player, entry);
}

void add_summary_game_fields(const GameState& state, json& out) {
  walk_rows_in_play<&MechanicView::summary_game>(state, out);
}

void add_summary_pending_fields(const GameState& state, json& pending) {
  walk_rows_in_play<&MechanicView::summary_pending>(state, pending);
}

json tile_id(TileType type) {
  return type == kNoTile ? json(nullptr) : json(std::string(tile_spec(type).id));
}

json seat_or_null(PlayerId player) {
  return player == kNoPlayer ? json(nullptr) : json(player);
}

json seats_json(std::uint8_t seats, int player_count) {
  json out = json::array();
  for (int p = 0; p < player_count; ++p)
    if (seats >> p & 1u) out.push_back(p);
  return out;
}

json square_of_tile(const GameState& state, int tile) {
  if (tile < 0 || tile >= static_cast<int>(state.placed_tiles().size())) return nullptr;
  const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
  return {{"x", placed.x}, {"y", placed.y}};
}

json square_text(const GameState& state, int tile) {
  if (tile < 0 || tile >= static_cast<int>(state.placed_tiles().size())) return nullptr;
  const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
  return std::to_string(placed.x) + "," + std::to_string(placed.y);
}

std::string_view trade_good_name(TradeGood good) {
  constexpr std::array<std::string_view, 4> kNames = {"goods", "wine", "grain", "cloth"};
  return kNames[static_cast<std::size_t>(good)];
}

std::string_view segment_kind_name(const PlacedTile& tile, int segment) {
  if (segment == kBridgeSegment) return "bridge";
  return feature_kind_name(tile_spec(tile.type).segments[static_cast<std::size_t>(segment)].kind);
}

std::string_view feature_kind_at(const GameState& state, int x, int y, int segment) {
  const int tile = state.board().tile_at(x, y);
  if (tile < 0) return "feature";
  return segment_kind_name(state.placed_tiles()[static_cast<std::size_t>(tile)], segment);
}

void add_segment_place(const GameState& state, int tile, int segment, json& out) {
  const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
  out["location"] = std::string(location_name(state.canonical_location(tile, segment)));
  out["feature"] = std::string(segment_kind_name(placed, segment));
}

NodePlace place_of_node(const GameState& state, NodeId node) {
  if (node >= static_cast<NodeId>(state.features().size())) return {};
  const FeatureNode& where = state.features().node(node);
  return {where.placed_tile, where.segment};
}

}  // namespace carcassonne::view
