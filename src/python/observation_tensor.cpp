#include "python/observation_tensor.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include "view/mechanic_view.h"

namespace carcassonne::python {
namespace {

template <typename T>
T* as(void* buffer) {
  return static_cast<T*>(buffer);
}

// The window's north-west square: the window centred on the placed tiles' bounding box.
std::array<int, 2> window_origin(const GameState& state, int window) {
  const auto& placed = state.placed_tiles();
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  for (const PlacedTile& t : placed) {
    min_x = std::min<int>(min_x, t.x), max_x = std::max<int>(max_x, t.x);
    min_y = std::min<int>(min_y, t.y), max_y = std::max<int>(max_y, t.y);
  }
  // Floor division, so the window stays put however the sign of the bounds falls.
  const auto centre = [](int lo, int hi) {
    return (lo + hi) >= 0 ? (lo + hi) / 2 : -((1 - lo - hi) / 2);
  };
  return {centre(min_x, max_x) - window / 2, centre(min_y, max_y) - window / 2};
}

}  // namespace

std::vector<ArraySpec> observation_arrays(const ObservationLayout& layout) {
  const int w = layout.window, p = layout.players;
  return {
      {"board", 'B', {layout.board_planes(), w, w}, 0},
      {"board_slots", 'h', {w, w}, -1},
      {"origin", 'i', {2}, 0},
      {"tiles", 'h', {layout.slots, kTileColumns}, -1},
      {"figures", 'h', {kFigureRows, kFigureColumns}, -1},
      {"castles", 'h', {kCastleRows, kCastleColumns}, -1},
      {"scores", 'i', {p}, 0},
      {"projected_scores", 'i', {p}, 0},
      {"supply", 'h', {p, kSupplyColumns}, 0},
      {"info", 'i', {kInfoCount}, 0},
      {"tile_in_hand", 'B', {kTileTypeCount}, 0},
      {"remaining", 'B', {kTileTypeCount}, 0},
      {"offer", 'h', {2, kMaxPlayers}, -1},
  };
}

std::vector<std::string> board_plane_names(int players) {
  std::vector<std::string> names = {"occupied"};
  for (const char* side : {"n", "e", "s", "w"})
    for (const char* kind : {"field", "road", "city"})
      names.push_back(std::string("edge_") + side + "_" + kind);
  for (const char* name : {"cloister", "pennants", "inn", "cathedral", "trade_good", "princess",
                           "volcano", "dragon_symbol", "portal", "bazaar", "abbey", "bridge",
                           "castle", "dragon", "fairy", "open", "fits", "just_placed"})
    names.emplace_back(name);
  for (int p = 0; p < players; ++p)
    for (const FigureInfo& figure : kFigureTable)
      names.push_back("p" + std::to_string(p) + "_" + std::string(figure.name));
  return names;
}

namespace {

// The info array: the base game's columns here, each mechanic's from its view row.
constexpr view::ObservationColumn kBaseInfo[] = {
    {0, "viewer", [](const GameState&, PlayerId viewer) { return static_cast<int>(viewer); }},
    {1, "current_player",
     [](const GameState& state, PlayerId) {
       return state.over() ? -4 : static_cast<int>(state.current_player());
     }},
    {2, "turn_player",
     [](const GameState& state, PlayerId) { return static_cast<int>(state.turn_player()); }},
    {3, "phase", [](const GameState& state, PlayerId) { return static_cast<int>(state.phase()); }},
    {4, "tiles_left", [](const GameState& state, PlayerId) { return state.tiles_left_in_deck(); }},
    {5, "turn_number", [](const GameState& state, PlayerId) { return state.turn_number(); }},
    {6, "tiles_placed",
     [](const GameState& state, PlayerId) {
       return static_cast<int>(state.placed_tiles().size());
     }},
    {7, "turn_tile", [](const GameState& state, PlayerId) { return state.turn_tile(); }},
    {16, "tile_in_hand",
     [](const GameState& state, PlayerId) {
       return state.over() || state.tile_in_hand() == kNoTile
                  ? -1
                  : static_cast<int>(state.tile_in_hand());
     }},
};

// Calls `f(column)` for every column of the info array: the base game's and the mechanics'.
template <typename F>
void for_each_info_column(F&& f) {
  for (const view::ObservationColumn& column : kBaseInfo) f(column);
  view::for_each_info_column(f);
}

// The supply array: the figures (figures.h order) first, then the mechanics' columns.
template <typename F>
void for_each_supply_column(F&& f) {
  static constexpr auto kFigureColumns = [] {
    std::array<view::ObservationColumn, kFigureKindCount> columns{};
    for (int k = 0; k < kFigureKindCount; ++k)
      columns[static_cast<std::size_t>(k)] = {k, kFigureTable[k].name, nullptr};
    return columns;
  }();
  for (const view::ObservationColumn& column : kFigureColumns) f(column);
  view::for_each_supply_column(f);
}

// Names by index; every index below `count` named exactly once (checked by the Python tests'
// layout test and by the size asserted here).
template <typename ForEach>
std::vector<std::string> column_names(int count, ForEach for_each) {
  std::vector<std::string> names(static_cast<std::size_t>(count));
  int named = 0;
  for_each([&](const view::ObservationColumn& column) {
    names[static_cast<std::size_t>(column.index)] = std::string(column.name);
    ++named;
  });
  // A row that claims a column twice, or a column nobody claims, would shift what Python reads.
  if (named != count || std::find(names.begin(), names.end(), "") != names.end())
    throw std::logic_error("observation columns: an index is claimed twice or not at all");
  return names;
}

}  // namespace

std::vector<std::string> info_field_names() {
  return column_names(kInfoCount, [](auto f) { for_each_info_column(f); });
}

std::vector<std::string> supply_column_names() {
  return column_names(kSupplyColumns, [](auto f) { for_each_supply_column(f); });
}

std::vector<std::string> phase_names() {
  std::vector<std::string> names;
  for (int p = 0; p <= static_cast<int>(Phase::GameOver); ++p)
    names.emplace_back(phase_name(static_cast<Phase>(p)));
  return names;
}

void write_observation(const GameState& real, PlayerId viewer, const ObservationLayout& layout,
                       const std::vector<void*>& buffers) {
  // Everything below reads the viewer's observation, whose undrawn tiles are sorted: the deck
  // order cannot leak into an array.
  const Observation seen(real, viewer);
  const GameState& state = seen.state();
  const std::vector<ArraySpec> specs = observation_arrays(layout);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    std::memset(buffers[i], specs[i].padding < 0 ? 0xFF : 0,
                specs[i].elements() * specs[i].element_bytes());
  }
  const int w = layout.window, players = state.player_count();
  const std::size_t cells = static_cast<std::size_t>(w) * static_cast<std::size_t>(w);
  auto* board = as<std::uint8_t>(buffers[0]);
  auto* board_slots = as<std::int16_t>(buffers[1]);
  // Plain variables, not a structured binding: the lambdas below capture them (C++20 lets a lambda
  // capture a binding, clang 14 does not yet).
  const std::array<int, 2> origin = window_origin(state, w);
  const int origin_x = origin[0], origin_y = origin[1];
  as<std::int32_t>(buffers[2])[0] = origin_x;
  as<std::int32_t>(buffers[2])[1] = origin_y;
  // The cell of square (x, y) in the window, or -1 outside it.
  const auto cell = [&](int x, int y) -> std::ptrdiff_t {
    const int cx = x - origin_x, cy = y - origin_y;
    if (cx < 0 || cy < 0 || cx >= w || cy >= w) return -1;
    return static_cast<std::ptrdiff_t>(cy) * w + cx;
  };
  const auto plane = [&](int index, std::ptrdiff_t at) -> std::uint8_t& {
    return board[static_cast<std::size_t>(index) * cells + static_cast<std::size_t>(at)];
  };

  const auto& placed = state.placed_tiles();
  auto* tiles = as<std::int16_t>(buffers[3]);
  for (std::size_t slot = 0; slot < placed.size() && slot < static_cast<std::size_t>(layout.slots);
       ++slot) {
    const PlacedTile& t = placed[slot];
    std::int16_t* row = tiles + slot * kTileColumns;
    row[0] = t.x, row[1] = t.y, row[2] = t.type, row[3] = t.rotation, row[4] = t.bridge;
    const std::ptrdiff_t at = cell(t.x, t.y);
    if (at < 0) continue;
    board_slots[at] = static_cast<std::int16_t>(slot);
    plane(kPlaneOccupied, at) = 1;
    const int tile = static_cast<int>(slot);
    for (int side = 0; side < kSideCount; ++side) {
      const EdgeKind kind = state.shown_edge(tile, static_cast<Side>(side));
      plane(kPlaneEdges + side * 3 + static_cast<int>(kind) - 1, at) = 1;
    }
    const TileSpec& spec = tile_spec(t.type);
    for (int s = 0; s < spec.segment_count; ++s) {
      const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
      if (segment.kind == FeatureKind::Cloister) plane(kPlaneCloister, at) = 1;
      plane(kPlanePennants, at) =
          static_cast<std::uint8_t>(plane(kPlanePennants, at) + segment.pennants);
      if (segment.inn) plane(kPlaneInn, at) = 1;
      if (segment.cathedral) plane(kPlaneCathedral, at) = 1;
      if (segment.good != TradeGood::None)
        plane(kPlaneTradeGood, at) = static_cast<std::uint8_t>(segment.good);
      if (segment.princess) plane(kPlanePrincess, at) = 1;
    }
    plane(kPlaneVolcano, at) = spec.volcano;
    plane(kPlaneDragonSymbol, at) = spec.dragon;
    plane(kPlanePortal, at) = spec.portal;
    plane(kPlaneBazaar, at) = spec.bazaar;
    plane(kPlaneAbbey, at) = spec.abbey;
    plane(kPlaneBridge, at) = t.bridge;
  }
  for (const FrontierSquare& square : state.board().frontier())
    if (const std::ptrdiff_t at = cell(square.x, square.y); at >= 0) plane(kPlaneOpen, at) = 1;
  if (state.phase() == Phase::PlaceTile && !state.over()) {
    MoveList moves;
    state.legal_moves(moves);
    for (const Move& m : moves)
      if (const std::ptrdiff_t at = m.kind == MoveKind::Place ? cell(m.x, m.y) : -1; at >= 0)
        plane(kPlaneFits, at) =
            static_cast<std::uint8_t>(plane(kPlaneFits, at) | (1u << m.rotation));
  }
  const auto mark_slot = [&](int plane_index, int slot) {
    if (slot < 0 || slot >= static_cast<int>(placed.size())) return;
    const PlacedTile& t = placed[static_cast<std::size_t>(slot)];
    if (const std::ptrdiff_t at = cell(t.x, t.y); at >= 0) plane(plane_index, at) = 1;
  };
  mark_slot(kPlaneDragon, state.dragon_tile());
  mark_slot(kPlaneFairy, state.fairy_tile());
  mark_slot(kPlaneJustPlaced, state.turn_tile());

  auto* figures = as<std::int16_t>(buffers[4]);
  int figure_row = 0;
  for (const Follower& f : state.followers()) {
    if (const std::ptrdiff_t at = cell(placed[static_cast<std::size_t>(f.tile)].x,
                                       placed[static_cast<std::size_t>(f.tile)].y);
        at >= 0)
      ++plane(kTilePlaneCount + f.player * kFigureKindCount + static_cast<int>(f.kind), at);
    if (figure_row == kFigureRows) continue;
    std::int16_t* row = figures + static_cast<std::size_t>(figure_row++) * kFigureColumns;
    row[0] = f.player, row[1] = static_cast<std::int16_t>(f.kind), row[2] = f.tile;
    row[3] = f.segment, row[4] = f.with_fairy, row[5] = static_cast<std::int16_t>(f.corner);
  }

  auto* castles = as<std::int16_t>(buffers[5]);
  int castle_row = 0;
  for (const Castle& c : state.castles()) {
    for (int k = 0; k < 2; ++k)
      if (const std::ptrdiff_t at = cell(c.x[k], c.y[k]); at >= 0) plane(kPlaneCastle, at) = 1;
    if (castle_row == kCastleRows) continue;
    std::int16_t* row = castles + static_cast<std::size_t>(castle_row++) * kCastleColumns;
    row[0] = c.owner, row[1] = c.x[0], row[2] = c.y[0], row[3] = c.x[1], row[4] = c.y[1];
    row[5] = c.occupied;
  }

  const auto projected = state.projected_final_scores();
  auto* supply = as<std::int16_t>(buffers[8]);
  for (int p = 0; p < players; ++p) {
    const auto player = static_cast<PlayerId>(p);
    as<std::int32_t>(buffers[6])[p] = state.score(player);
    as<std::int32_t>(buffers[7])[p] = projected[static_cast<std::size_t>(p)];
    std::int16_t* row = supply + static_cast<std::size_t>(p) * kSupplyColumns;
    for (int k = 0; k < kFigureKindCount; ++k)
      row[k] =
          static_cast<std::int16_t>(state.figures_in_supply(player, static_cast<FigureKind>(k)));
    view::for_each_supply_column([&](const view::ObservationColumn& column) {
      row[column.index] = static_cast<std::int16_t>(column.value(state, player));
    });
  }

  auto* info = as<std::int32_t>(buffers[9]);
  for_each_info_column([&](const view::ObservationColumn& column) {
    info[column.index] = column.value(state, viewer);
  });
  const TileType in_hand = state.over() ? kNoTile : state.tile_in_hand();
  if (in_hand != kNoTile) as<std::uint8_t>(buffers[10])[in_hand] = 1;
  auto* remaining = as<std::uint8_t>(buffers[11]);
  // The unseen tiles (the pile and any face-down bazaar tiles: which are which is hidden).
  const auto undrawn = state.unseen_tile_counts();
  std::copy(undrawn.begin(), undrawn.end(), remaining);
  for (TileType t : state.set_aside_tiles()) ++remaining[t];

  auto* offer = as<std::int16_t>(buffers[12]);
  const auto& shown = state.bazaar_offer();
  for (std::size_t i = 0; i < shown.size() && i < static_cast<std::size_t>(kMaxPlayers); ++i)
    offer[i] = shown[i];
  if (state.has(Mechanic::Bazaar))
    for (int p = 0; p < players; ++p) {
      const TileType taken = state.bazaar_tile_of(static_cast<PlayerId>(p));
      offer[kMaxPlayers + p] = taken == kNoTile ? -1 : taken;
    }
}

}  // namespace carcassonne::python
