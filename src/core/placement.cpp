// Placement and bridges.
//
// A plain placement is decided by the fit table (tiles.h). Bridges, Castles and Bazaars adds
// placements where a road meets a field: legal only if this turn's bridge will make every edge of
// the new tile match. Rather than a second copy of the bridge rules for that look-ahead, both the
// placement test and the bridge decision ask the same questions of a Hypothesis: the board as it
// is, plus perhaps the tile in hand on a square and perhaps one bridge.
#include <string>

#include "core/game.h"

namespace carcassonne {

namespace {

bool axis_covers(BridgeAxis axis, Side side) {
  return (static_cast<int>(side) % 2 == 0) == (axis == BridgeAxis::NorthSouth);
}

std::string square_name(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}

}  // namespace

struct GameState::Hypothesis {
  bool has_tile = false;
  int tile_x = 0, tile_y = 0;
  TileType type = kNoTile;
  Rotation rotation = 0;
  bool has_bridge = false;
  int bridge_x = 0, bridge_y = 0;
  BridgeAxis axis = BridgeAxis::NorthSouth;
};

// The edge kind shown on `side` of square (x, y) under the hypothesis; *occupied says whether a
// tile is there at all.
EdgeKind GameState::shown_edge_in(const Hypothesis& h, int x, int y, Side side,
                                  bool* occupied) const {
  EdgeKind kind = EdgeKind::Field;
  if (h.has_tile && x == h.tile_x && y == h.tile_y) {
    *occupied = true;
    kind = signature_edge(rotated_tile(h.type, h.rotation).edge_signature, side);
  } else {
    const int tile = board_.tile_at(x, y);
    *occupied = tile >= 0;
    if (tile < 0) return kind;
    kind = shown_edge(tile, side);
  }
  if (h.has_bridge && x == h.bridge_x && y == h.bridge_y && axis_covers(h.axis, side))
    kind = EdgeKind::Road;
  return kind;
}

// A bridge may stand on the tile at (x, y) along `axis`: the tile has no bridge yet, both ends lie
// on field sides of the tile, and each end continues a road (or bridge) or faces an empty square.
bool GameState::bridge_allowed_in(const Hypothesis& h, int x, int y, BridgeAxis axis) const {
  const bool hypothetical_tile = h.has_tile && x == h.tile_x && y == h.tile_y;
  const int tile = board_.tile_at(x, y);
  if (!hypothetical_tile && (tile < 0 || placed_[static_cast<std::size_t>(tile)].has_bridge()))
    return false;
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West}) {
    bool occupied = false;
    if (shown_edge_in(h, x, y, end, &occupied) != EdgeKind::Field) return false;
    const EdgeKind facing =
        shown_edge_in(h, x + side_dx(end), y + side_dy(end), opposite(end), &occupied);
    if (occupied && facing != EdgeKind::Road) return false;
  }
  return true;
}

bool GameState::all_edges_match_in(const Hypothesis& h, int x, int y) const {
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    bool occupied = false, self = false;
    const EdgeKind facing =
        shown_edge_in(h, x + side_dx(side), y + side_dy(side), opposite(side), &occupied);
    if (occupied && facing != shown_edge_in(h, x, y, side, &self)) return false;
  }
  return true;
}

bool GameState::fits_with_bridge(TileType type, const FrontierSquare& square,
                                 Rotation rotation) const {
  if (!rules_.has(Expansion::BridgesCastlesBazaars) || bridges_[index(turn_player_)] == 0)
    return false;
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
    const PlacedTile& neighbour = placed_[static_cast<std::size_t>(
        board_.tile_at(with_bridge.bridge_x, with_bridge.bridge_y))];
    if (neighbour.has_bridge() || signature_edge(neighbour.shown_edges, side) != EdgeKind::Field)
      return false;
  } else {
    return false;
  }
  Hypothesis without_bridge = with_bridge;
  without_bridge.has_bridge = false;
  with_bridge.has_bridge = true;
  return bridge_allowed_in(without_bridge, with_bridge.bridge_x, with_bridge.bridge_y,
                           with_bridge.axis) &&
         all_edges_match_in(with_bridge, square.x, square.y);
}

bool GameState::has_any_placement(TileType type) const {
  if (has_plain_placement(type)) return true;
  if (!rules_.has(Expansion::BridgesCastlesBazaars) || bridges_[index(turn_player_)] == 0)
    return false;
  for (const FrontierSquare& square : board_.frontier())
    for (Rotation r = 0; r < kRotationCount; ++r)
      if (fits_with_bridge(type, square, r)) return true;
  return false;
}

bool GameState::bridge_allowed(int x, int y, BridgeAxis axis) const {
  if (phase_ != Phase::Follower || bridge_built_ || turn_tile_ < 0 ||
      !rules_.has(Expansion::BridgesCastlesBazaars) || bridges_[index(turn_player_)] == 0)
    return false;
  const PlacedTile& turn = placed_[static_cast<std::size_t>(turn_tile_)];
  const int distance = std::abs(x - turn.x) + std::abs(y - turn.y);
  if (distance > 1) return false;  // on the tile just placed or one sharing a side with it
  const Hypothesis as_is;
  if (!bridge_allowed_in(as_is, x, y, axis)) return false;
  if (!bridge_required_) return true;
  Hypothesis with_bridge;
  with_bridge.has_bridge = true;
  with_bridge.bridge_x = x;
  with_bridge.bridge_y = y;
  with_bridge.axis = axis;
  return all_edges_match_in(with_bridge, turn.x, turn.y);
}

void GameState::build_bridge(int x, int y, BridgeAxis axis) {
  const int tile = board_.tile_at(x, y);
  PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
  placed.bridge = static_cast<std::uint8_t>(1 + static_cast<int>(axis));
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West}) {
    const int shift = 2 * static_cast<int>(end);
    placed.shown_edges = static_cast<std::uint8_t>((placed.shown_edges & ~(3 << shift)) |
                                                   (static_cast<int>(EdgeKind::Road) << shift));
  }
  placed.bridge_node = features_.add(FeatureKind::Road, static_cast<std::uint16_t>(tile),
                                     kBridgeSegment, /*open_edges=*/2, /*pennants=*/0);
  for (Side end : {axis == BridgeAxis::NorthSouth ? Side::North : Side::East,
                   axis == BridgeAxis::NorthSouth ? Side::South : Side::West}) {
    board_.set_edge(x, y, end, EdgeKind::Road);  // an empty square there must now take a road
    const int neighbour = board_.tile_at(x + side_dx(end), y + side_dy(end));
    if (neighbour < 0) continue;
    const std::uint8_t theirs = segment_at(neighbour, facing_port(side_middle(end)));
    assert(theirs != kNoSegment);
    const NodeId root = features_.unite(placed.bridge_node, node_of(neighbour, theirs));
    features_.node(root).open_edges -= 2;
  }
  --bridges_[index(turn_player_)];
  bridge_built_ = true;
  bridge_required_ = false;
  bridge_tile_ = tile;
}

std::optional<Error> GameState::check_place(const Move& move) const {
  if (move.kind == MoveKind::Discard) {
    if (!(move == Move::simple(MoveKind::Discard)))
      return Error{ErrorCode::BadNotation, "malformed discard"};
    if (!rules_.has(Expansion::BridgesCastlesBazaars))
      return Error{ErrorCode::WrongPhase,
                   "discard exists only with Bridges, Castles and Bazaars; place the tile"};
    if (has_plain_placement(tile_in_hand_))
      return Error{ErrorCode::IllegalMove,
                   "a tile may be discarded only when it has no placement without a bridge"};
    return std::nullopt;
  }
  if (move.kind != MoveKind::Place)
    return Error{ErrorCode::WrongPhase, "the game is waiting for the tile in hand to be placed"};
  if (!(Move::place(move.x, move.y, move.rotation) == move))
    return Error{ErrorCode::BadNotation, "malformed place move"};
  if (move.rotation >= kRotationCount)
    return Error{ErrorCode::OutOfRange, "rotation must be r0, r90, r180 or r270"};
  const std::string where = square_name(move.x, move.y);
  if (board_.occupied(move.x, move.y))
    return Error{ErrorCode::IllegalMove, "square " + where + " already holds a tile"};
  const int index = board_.frontier_index(move.x, move.y);
  if (index < 0)
    return Error{ErrorCode::IllegalMove, "square " + where + " shares no side with a placed tile"};
  const FrontierSquare& square = board_.frontier()[static_cast<std::size_t>(index)];
  if (placement_fits(square, move.rotation) || placement_fits_with_bridge(square, move.rotation))
    return std::nullopt;
  const std::uint8_t signature = rotated_tile(tile_in_hand_, move.rotation).edge_signature;
  constexpr std::array<std::string_view, 4> kSideNames = {"north", "east", "south", "west"};
  constexpr std::array<std::string_view, 4> kKinds = {"?", "field", "road", "city"};
  const std::string placed = "tile " + std::string(tile_spec(tile_in_hand_).id) + " at " + where +
                             " r" + std::to_string(90 * move.rotation);
  for (int s = 0; s < kSideCount; ++s) {
    const int shift = 2 * s;
    const int need = (square.required >> shift) & 3, have = (signature >> shift) & 3;
    if (need == 0 || need == have) continue;
    std::string why = placed + ": its " + std::string(kKinds[static_cast<std::size_t>(have)]) +
                      " on the " + std::string(kSideNames[static_cast<std::size_t>(s)]) +
                      " side meets a " + std::string(kKinds[static_cast<std::size_t>(need)]);
    if (rules_.has(Expansion::BridgesCastlesBazaars) && need != 3 && have != 3)
      why += bridges_[this->index(turn_player_)] == 0 ? " and no bridge is left to repair it"
                                                      : " and no bridge can repair it";
    return Error{ErrorCode::IllegalMove, why};
  }
  return Error{ErrorCode::IllegalMove, placed + " does not fit"};
}

std::optional<Error> GameState::check_follower_phase(const Move& move) const {
  if (move.kind == MoveKind::Bridge) {
    if (!(Move::bridge(move.x, move.y, static_cast<BridgeAxis>(move.aux)) == move) || move.aux > 1)
      return Error{ErrorCode::BadNotation, "malformed bridge move"};
    if (!rules_.has(Expansion::BridgesCastlesBazaars))
      return Error{ErrorCode::WrongPhase, "bridges exist only with Bridges, Castles and Bazaars"};
    if (bridge_built_) return Error{ErrorCode::IllegalMove, "only one bridge may be built a turn"};
    if (bridges_[index(turn_player_)] == 0)
      return Error{ErrorCode::IllegalMove, "no bridge left in supply"};
    if (bridge_allowed(move.x, move.y, static_cast<BridgeAxis>(move.aux))) return std::nullopt;
    const std::string where = square_name(move.x, move.y);
    const PlacedTile& turn = placed_[static_cast<std::size_t>(turn_tile_)];
    if (std::abs(move.x - turn.x) + std::abs(move.y - turn.y) > 1)
      return Error{ErrorCode::IllegalMove,
                   "a bridge goes on the tile just placed or on a tile sharing a side with it"};
    const int tile = board_.tile_at(move.x, move.y);
    if (tile < 0) return Error{ErrorCode::IllegalMove, "no tile at " + where};
    if (placed_[static_cast<std::size_t>(tile)].has_bridge())
      return Error{ErrorCode::IllegalMove, "the tile at " + where + " already has a bridge"};
    if (bridge_allowed_in(Hypothesis{}, move.x, move.y, static_cast<BridgeAxis>(move.aux)))
      return Error{
          ErrorCode::IllegalMove,
          "this bridge does not repair the road that meets a field on the tile just placed"};
    return Error{ErrorCode::IllegalMove,
                 "both ends of a bridge must lie on fields of the tile, each continuing a road or "
                 "facing an empty square"};
  }
  if (move.kind != MoveKind::Meeple && move.kind != MoveKind::Skip)
    return Error{ErrorCode::WrongPhase,
                 bridge_required_ ? "the game is waiting for the bridge this placement needs"
                 : rules_.has(Expansion::BridgesCastlesBazaars)
                     ? "the game is waiting for a bridge, a follower or skip"
                     : "the game is waiting for a follower to be deployed or skip"};
  if (bridge_required_)
    return Error{ErrorCode::IllegalMove,
                 "the tile was placed with a road against a field: a bridge that makes every edge "
                 "match must be built now"};
  if (move.kind == MoveKind::Skip) {
    if (move == Move::simple(MoveKind::Skip)) return std::nullopt;
    return Error{ErrorCode::BadNotation, "malformed skip"};
  }
  if (!(Move::meeple(move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed meeple move"};
  const PlacedTile& placed = placed_[static_cast<std::size_t>(turn_tile_)];
  const bool bridge = move.segment == kBridgeSegment && placed.has_bridge();
  if (!bridge && move.segment >= tile_spec(placed.type).segment_count)
    return Error{ErrorCode::OutOfRange, "no such feature on the tile just placed"};
  if (supply_[index(turn_player_)] == 0)
    return Error{ErrorCode::IllegalMove, "no follower left in supply"};
  if (!can_deploy(move.segment)) {
    const FeatureKind kind =
        bridge ? FeatureKind::Road : tile_spec(placed.type).segments[move.segment].kind;
    return Error{ErrorCode::IllegalMove,
                 "the " + std::string(feature_kind_name(kind)) + " already has a follower"};
  }
  return std::nullopt;
}

}  // namespace carcassonne
