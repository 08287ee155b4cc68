// Bridges (Bridges, Castles and Bazaars).
//
// A placement that pits a road against a field is legal only if this turn's bridge will make every
// edge of the new tile match. Rather than a second copy of the bridge rules for that look-ahead,
// both the placement test and the bridge decision ask the same questions of a Hypothesis: the
// board as it is, plus perhaps the tile in hand on a square and perhaps one bridge.
#include "core/mechanics/bridges.h"

#include <bit>
#include <cassert>
#include <cstdlib>
#include <string>

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"

namespace carcassonne::bridges {

namespace {

bool axis_covers(BridgeAxis axis, Side side) {
  return (static_cast<int>(side) % 2 == 0) == (axis == BridgeAxis::NorthSouth);
}

std::string square_name(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}

struct Hypothesis {
  bool has_tile = false;
  int tile_x = 0, tile_y = 0;
  TileType type = kNoTile;
  Rotation rotation = 0;
  bool has_bridge = false;
  int bridge_x = 0, bridge_y = 0;
  BridgeAxis axis = BridgeAxis::NorthSouth;
};

// Whether placed tile `tile` (or -1) is an abbey (Abbey & Mayor): it takes no bridge, and each of
// its sides fits a bridge's end.
bool abbey_at(const GameData& d, int tile) {
  return tile >= 0 && tile_spec(d.placed[static_cast<std::size_t>(tile)].type).abbey;
}

// The edge kind shown on `side` of square (x, y) under the hypothesis; *occupied says whether a
// tile is there at all.
EdgeKind shown_edge_in(const GameData& d, const Hypothesis& h, int x, int y, Side side,
                       bool* occupied) {
  EdgeKind kind = EdgeKind::Field;
  if (h.has_tile && x == h.tile_x && y == h.tile_y) {
    *occupied = true;
    kind = signature_edge(rotated_tile(h.type, h.rotation).edge_signature, side);
  } else {
    const int tile = d.board.tile_at(x, y);
    *occupied = tile >= 0;
    if (tile < 0) return kind;
    kind = d.shown_edge(tile, side);
  }
  if (h.has_bridge && x == h.bridge_x && y == h.bridge_y && axis_covers(h.axis, side))
    kind = EdgeKind::Road;
  return kind;
}

// A bridge may stand on the tile at (x, y) along `axis`: the tile has no bridge yet, both ends lie
// on field sides of the tile, and each end continues a road (or bridge) or faces an empty square.
bool allowed_in(const GameData& d, const Hypothesis& h, int x, int y, BridgeAxis axis) {
  const bool hypothetical_tile = h.has_tile && x == h.tile_x && y == h.tile_y;
  const int tile = d.board.tile_at(x, y);
  if (!hypothetical_tile &&
      (tile < 0 || d.placed[static_cast<std::size_t>(tile)].has_bridge() || abbey_at(d, tile)))
    return false;
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West}) {
    bool occupied = false;
    if (shown_edge_in(d, h, x, y, end, &occupied) != EdgeKind::Field) return false;
    const EdgeKind facing =
        shown_edge_in(d, h, x + side_dx(end), y + side_dy(end), opposite(end), &occupied);
    // every side of an abbey fits a bridge's end (and closes it).
    if (occupied && facing != EdgeKind::Road &&
        !abbey_at(d, d.board.tile_at(x + side_dx(end), y + side_dy(end))))
      return false;
  }
  return true;
}

bool all_edges_match_in(const GameData& d, const Hypothesis& h, int x, int y) {
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    bool occupied = false, self = false;
    const EdgeKind facing =
        shown_edge_in(d, h, x + side_dx(side), y + side_dy(side), opposite(side), &occupied);
    if (occupied && facing != shown_edge_in(d, h, x, y, side, &self)) return false;
  }
  return true;
}

int supply_of_turn_player(const GameData& d) {
  return d.mechanics.bridges.supply[GameData::index(d.turn.player)];
}

}  // namespace

int per_player(int players) {
  return players >= 5 ? 2 : 3;
}

void setup(GameData& d) {
  for (int p = 0; p < d.player_count; ++p)
    d.mechanics.bridges.supply[static_cast<std::size_t>(p)] =
        static_cast<std::uint8_t>(per_player(d.player_count));
}

void begin_part(GameData& d) {
  BridgesState& b = d.mechanics.bridges;
  b.built = b.required = false;
  b.tile = -1;
}

bool fits_with_bridge(const GameData& d, TileType type, const FrontierSquare& square,
                      Rotation rotation) {
  if (supply_of_turn_player(d) == 0) return false;
  if ((bridge_candidate_rotations(type, square.required) >> rotation & 1u) == 0)
    return false;  // either it fits without a bridge, or a city is mismatched
  // Which bridge could repair it follows from the mismatched sides alone: a field of the new
  // tile against a road needs a bridge on the new tile along that side's axis; a road of the new
  // tile against a field needs one on that neighbour, pointing at the new tile. Any other bridge
  // leaves a mismatch, so only this one candidate is put to the shared rules below.
  const std::uint8_t signature = rotated_tile(type, rotation).edge_signature;
  int field_against_road = 0, road_against_field = 0, road_side = -1;
  for (int side = 0; side < kSideCount; ++side) {
    const int need = (square.required >> (2 * side)) & 3, have = (signature >> (2 * side)) & 3;
    if (need == 0 || need == have) continue;
    if (have == static_cast<int>(EdgeKind::Field)) {
      field_against_road |= 1 << side;
    } else {
      ++road_against_field;
      road_side = side;
    }
  }
  Hypothesis with_bridge;
  with_bridge.has_tile = true;
  with_bridge.tile_x = square.x;
  with_bridge.tile_y = square.y;
  with_bridge.type = type;
  with_bridge.rotation = rotation;
  if (field_against_road != 0 && road_against_field == 0) {
    constexpr int kNorthSouth = 0b0101, kEastWest = 0b1010;
    if ((field_against_road & ~kNorthSouth) == 0) {
      with_bridge.axis = BridgeAxis::NorthSouth;
    } else if ((field_against_road & ~kEastWest) == 0) {
      with_bridge.axis = BridgeAxis::EastWest;
    } else {
      return false;
    }
    with_bridge.bridge_x = square.x;
    with_bridge.bridge_y = square.y;
    // Quick rejection (the full test follows): both ends on fields of the new tile, each facing
    // an empty square or a road.
    const int first = with_bridge.axis == BridgeAxis::NorthSouth ? 0 : 1;
    for (int side : {first, first + 2}) {
      const int need = (square.required >> (2 * side)) & 3, have = (signature >> (2 * side)) & 3;
      if (have != static_cast<int>(EdgeKind::Field) ||
          (need != 0 && need != static_cast<int>(EdgeKind::Road)))
        return false;
    }
  } else if (field_against_road == 0 && road_against_field == 1) {
    const Side side = static_cast<Side>(road_side);
    with_bridge.axis = road_side % 2 == 0 ? BridgeAxis::NorthSouth : BridgeAxis::EastWest;
    with_bridge.bridge_x = square.x + side_dx(side);
    with_bridge.bridge_y = square.y + side_dy(side);
    // Quick rejection (the full test follows): the neighbour has no bridge yet and its far side,
    // where the bridge's other end lies, is a field.
    const PlacedTile& neighbour = d.placed[static_cast<std::size_t>(
        d.board.tile_at(with_bridge.bridge_x, with_bridge.bridge_y))];
    if (neighbour.has_bridge() || signature_edge(neighbour.shown_edges, side) != EdgeKind::Field)
      return false;
  } else {
    return false;
  }
  Hypothesis without_bridge = with_bridge;
  without_bridge.has_bridge = false;
  with_bridge.has_bridge = true;
  return allowed_in(d, without_bridge, with_bridge.bridge_x, with_bridge.bridge_y,
                    with_bridge.axis) &&
         all_edges_match_in(d, with_bridge, square.x, square.y);
}

bool can_build(const GameData& d) {
  return supply_of_turn_player(d) > 0;
}

namespace {
// The look-ahead of placement, fast: which bridge could repair a placement follows from the
// mismatched sides alone (see fits_with_bridge), so most of the question is one lookup per tile
// type and demand byte, and what is left depends on the board beside the square, not on the tile.
// fits_with_bridge states the rules; debug builds check that both always agree.

constexpr int kEdgeRoad = static_cast<int>(EdgeKind::Road);
constexpr int kEdgeField = static_cast<int>(EdgeKind::Field);

// A bridge on the new tile itself repairs it: every mismatched side is a field of the tile against
// a road, all on one axis, and both ends of that axis are fields of the tile facing a road or an
// empty square (never an abbey: an abbey fills a hole, so no empty square lies beside it).
constexpr bool repaired_on_tile(std::uint8_t signature, std::uint8_t required) {
  for (int axis = 0; axis < 2; ++axis) {  // 0: north-south, 1: east-west
    bool possible = true, repaired = false;
    for (int side = 0; side < kSideCount && possible; ++side) {
      const int need = (required >> (2 * side)) & 3, have = (signature >> (2 * side)) & 3;
      if (side % 2 == axis) {
        possible = have == kEdgeField && (need == 0 || need == kEdgeRoad);
        repaired = repaired || need == kEdgeRoad;
      } else {
        possible = need == 0 || need == have;
      }
    }
    if (possible && repaired) return true;
  }
  return false;
}
inline constexpr RotationMaskTable kRepairedOnTile =
    detail::build_rotation_mask_table(repaired_on_tile);

// The side of the only mismatch, a road of the tile against a field, or -1: then a bridge on that
// neighbour, pointing at the new tile, may repair it.
constexpr int lone_road_against_field(std::uint8_t signature, std::uint8_t required) {
  int lone = -1;
  for (int side = 0; side < kSideCount; ++side) {
    const int need = (required >> (2 * side)) & 3, have = (signature >> (2 * side)) & 3;
    if (need == 0 || need == have) continue;
    if (lone >= 0 || need != kEdgeField || have != kEdgeRoad) return -1;
    lone = side;
  }
  return lone;
}
inline constexpr RotationMaskTable kRepairedOnNeighbour =
    detail::build_rotation_mask_table([](std::uint8_t signature, std::uint8_t required) {
      return lone_road_against_field(signature, required) >= 0;
    });
constexpr RotationMaskTable fit_or_repair() {
  // The plain fits are detail::kFitTable's, built again: that table, defined in tiles.cpp, is no
  // constant expression here.
  constexpr RotationMaskTable kFits =
      detail::build_rotation_mask_table(detail::signature_satisfies);
  RotationMaskTable table{};
  for (int t = 0; t < kTileTypeCount; ++t)
    for (int r = 0; r < 256; ++r) {
      const int repair = kRepairedOnTile[t][r] | kRepairedOnNeighbour[t][r];
      table[t][r] = static_cast<std::uint8_t>(kFits[t][r] | (repair << 4));
    }
  return table;
}

// The neighbour of `square` on `side` may take a bridge pointing at the square: it has none, is no
// abbey, its far end is a field, and beyond that end lies an empty square, a road or an abbey.
bool neighbour_takes_bridge(const GameData& d, const FrontierSquare& square, Side side) {
  const int nx = square.x + side_dx(side), ny = square.y + side_dy(side);
  const int neighbour = d.board.tile_at(nx, ny);
  if (neighbour < 0 || d.placed[static_cast<std::size_t>(neighbour)].has_bridge() ||
      abbey_at(d, neighbour) || d.shown_edge(neighbour, side) != EdgeKind::Field)
    return false;
  const int beyond = d.board.tile_at(nx + side_dx(side), ny + side_dy(side));
  return beyond < 0 || d.shown_edge(beyond, opposite(side)) == EdgeKind::Road ||
         abbey_at(d, beyond);
}
}  // namespace

constexpr RotationMaskTable kFitOrRepair = fit_or_repair();

unsigned repairable_rotations(const GameData& d, TileType type, const FrontierSquare& square) {
  if (supply_of_turn_player(d) == 0) return 0;
  unsigned repairable = kRepairedOnTile[type][square.required];
  for (unsigned by_neighbour = kRepairedOnNeighbour[type][square.required]; by_neighbour != 0;
       by_neighbour &= by_neighbour - 1) {
    const auto rotation = static_cast<Rotation>(std::countr_zero(by_neighbour));
    const int side =
        lone_road_against_field(rotated_tile(type, rotation).edge_signature, square.required);
    if (neighbour_takes_bridge(d, square, static_cast<Side>(side))) repairable |= 1u << rotation;
  }
#ifndef NDEBUG
  for (Rotation r = 0; r < kRotationCount; ++r)
    assert(((repairable >> r) & 1u) == (fits_with_bridge(d, type, square, r) ? 1u : 0u));
#endif
  return repairable;
}

bool has_placement_with_bridge(const GameData& d, TileType type) {
  if (supply_of_turn_player(d) == 0) return false;
  for (const FrontierSquare& square : d.board.frontier())
    if ((kFitOrRepair[type][square.required] >> 4) != 0 &&
        repairable_rotations(d, type, square) != 0)
      return true;
  return false;
}

void placement_extra(const GameData& /*d*/, bool plain, MoveList& out) {
  if (!plain) out.push(Move::simple(MoveKind::Discard));
}

std::optional<Error> explain_discard(const GameData& d, const Move& move) {
  if (!(move == Move::simple(MoveKind::Discard)))
    return Error{ErrorCode::BadNotation, "malformed discard"};
  if (!d.has(Mechanic::Bridges))
    return Error{ErrorCode::WrongPhase,
                 "discard exists only with Bridges, Castles and Bazaars; place the tile"};
  return Error{ErrorCode::IllegalMove,
               "a tile may be discarded only when it has no placement without a bridge"};
}

std::string placement_note(const GameData& d) {
  return supply_of_turn_player(d) == 0 ? " and no bridge is left to repair it"
                                       : " and no bridge can repair it";
}

void on_placed(GameData& d, bool fits_plainly) {
  d.mechanics.bridges.required = !fits_plainly;
}

bool allowed(const GameData& d, int x, int y, BridgeAxis axis) {
  const BridgesState& b = d.mechanics.bridges;
  if (d.flow.phase != Phase::Follower || b.built || d.turn.tile < 0 ||
      supply_of_turn_player(d) == 0)
    return false;
  const PlacedTile& turn = d.placed[static_cast<std::size_t>(d.turn.tile)];
  const int distance = std::abs(x - turn.x) + std::abs(y - turn.y);
  if (distance > 1) return false;  // on the tile just placed or one sharing a side with it
  // Quick rejection, asked ten times at every figure step (allowed_in decides): a tile there with
  // fields at both ends of the axis.
  const int tile = d.board.tile_at(x, y);
  if (tile < 0) return false;
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West})
    if (d.shown_edge(tile, end) != EdgeKind::Field) return false;
  const Hypothesis as_is;
  if (!allowed_in(d, as_is, x, y, axis)) return false;
  if (!b.required) return true;
  Hypothesis with_bridge;
  with_bridge.has_bridge = true;
  with_bridge.bridge_x = x;
  with_bridge.bridge_y = y;
  with_bridge.axis = axis;
  return all_edges_match_in(d, with_bridge, turn.x, turn.y);
}

bool figure_prelude(const GameData& d, MoveList& out) {
  if (!d.mechanics.bridges.built && supply_of_turn_player(d) > 0) {
    const PlacedTile& t = d.placed[static_cast<std::size_t>(d.turn.tile)];
    static constexpr int kDx[] = {0, 0, 1, 0, -1}, kDy[] = {0, -1, 0, 1, 0};
    for (int i = 0; i < 5; ++i)
      for (BridgeAxis axis : {BridgeAxis::NorthSouth, BridgeAxis::EastWest})
        if (allowed(d, t.x + kDx[i], t.y + kDy[i], axis))
          out.push(Move::bridge(t.x + kDx[i], t.y + kDy[i], axis));
  }
  return d.mechanics.bridges.required;
}

std::optional<Error> figure_blocked(const GameData& d) {
  if (!d.mechanics.bridges.required) return std::nullopt;
  return Error{ErrorCode::IllegalMove,
               "the tile was placed with a road against a field: a bridge that makes every edge "
               "match must be built now"};
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::bridge(move.x, move.y, static_cast<BridgeAxis>(move.aux)) == move) || move.aux > 1)
    return Error{ErrorCode::BadNotation, "malformed bridge move"};
  if (d.mechanics.bridges.built)
    return Error{ErrorCode::IllegalMove, "only one bridge may be built a turn"};
  if (supply_of_turn_player(d) == 0)
    return Error{ErrorCode::IllegalMove, "no bridge left in supply"};
  if (allowed(d, move.x, move.y, static_cast<BridgeAxis>(move.aux))) return std::nullopt;
  const std::string where = square_name(move.x, move.y);
  const PlacedTile& turn = d.placed[static_cast<std::size_t>(d.turn.tile)];
  if (std::abs(move.x - turn.x) + std::abs(move.y - turn.y) > 1)
    return Error{ErrorCode::IllegalMove,
                 "a bridge goes on the tile just placed or on a tile sharing a side with it"};
  const int tile = d.board.tile_at(move.x, move.y);
  if (tile < 0) return Error{ErrorCode::IllegalMove, "no tile at " + where};
  if (d.placed[static_cast<std::size_t>(tile)].has_bridge())
    return Error{ErrorCode::IllegalMove, "the tile at " + where + " already has a bridge"};
  if (allowed_in(d, Hypothesis{}, move.x, move.y, static_cast<BridgeAxis>(move.aux)))
    return Error{ErrorCode::IllegalMove,
                 "this bridge does not repair the road that meets a field on the tile just placed"};
  return Error{ErrorCode::IllegalMove,
               "both ends of a bridge must lie on fields of the tile, each continuing a road or "
               "facing an empty square"};
}

void apply(GameData& d, const Move& move) {
  const int x = move.x, y = move.y;
  const auto axis = static_cast<BridgeAxis>(move.aux);
  const int tile = d.board.tile_at(x, y);
  PlacedTile& placed = d.placed[static_cast<std::size_t>(tile)];
  placed.bridge = static_cast<std::uint8_t>(1 + static_cast<int>(axis));
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West}) {
    const int shift = 2 * static_cast<int>(end);
    placed.shown_edges = static_cast<std::uint8_t>((placed.shown_edges & ~(3 << shift)) |
                                                   (static_cast<int>(EdgeKind::Road) << shift));
  }
  placed.bridge_node = d.features.add(FeatureKind::Road, static_cast<std::uint16_t>(tile),
                                      kBridgeSegment, /*open_edges=*/2, /*pennants=*/0);
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West}) {
    d.board.set_edge(x, y, end, EdgeKind::Road);  // an empty square there must now take a road
    const int neighbour = d.board.tile_at(x + side_dx(end), y + side_dy(end));
    if (neighbour < 0) continue;
    if (abbey_at(d, neighbour)) {  // the abbey closes this end of the bridge
      --d.features.root_data(d.placed[static_cast<std::size_t>(tile)].bridge_node).open_edges;
      continue;
    }
    const std::uint8_t theirs = d.segment_at(neighbour, facing_port(side_middle(end)));
    assert(theirs != kNoSegment);
    const NodeId root = d.features.unite(d.placed[static_cast<std::size_t>(tile)].bridge_node,
                                         d.node_of(neighbour, theirs));
    d.features.node(root).open_edges -= 2;
  }
  BridgesState& b = d.mechanics.bridges;
  --b.supply[GameData::index(d.turn.player)];
  b.built = true;
  b.required = false;
  b.tile = tile;
}

int part_nodes(const GameData& d, NodeId* out) {
  if (d.mechanics.bridges.tile < 0) return 0;
  out[0] = d.placed[static_cast<std::size_t>(d.mechanics.bridges.tile)].bridge_node;
  return 1;
}

std::string invariants(const GameData& d) {
  int placed = 0, in_supply = 0;
  for (const PlacedTile& t : d.placed) placed += t.has_bridge();
  for (int p = 0; p < d.player_count; ++p)
    in_supply += d.mechanics.bridges.supply[static_cast<std::size_t>(p)];
  if (placed + in_supply != d.player_count * per_player(d.player_count))
    return "bridges are not conserved";
  return {};
}

Result<Move> read_bridge(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 2, "bridge X,Y NS|EW")) return *e;
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  if (in.args[1] == "NS")
    return Move::bridge(square->first, square->second, BridgeAxis::NorthSouth);
  if (in.args[1] == "EW") return Move::bridge(square->first, square->second, BridgeAxis::EastWest);
  return notation::bad(in.text, "a bridge runs NS or EW");
}

std::string write_bridge(const GameState&, const Move& move) {
  return "bridge " + notation::square_text(move) +
         (move.aux == static_cast<int>(BridgeAxis::NorthSouth) ? " NS" : " EW");
}
}  // namespace carcassonne::bridges
