// The barn (Abbey & Mayor). See barn.h for the rules.
#include "core/mechanics/barn.h"

#include <array>

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::barn {

namespace {

// The two half-edges of a tile at its corner c (NW: WNW and NNW, NE: NNE and ENE, ...).
constexpr std::array<Port, 2> corner_ports(int c) {
  return {static_cast<Port>((3 * c + 11) % kPortCount), static_cast<Port>(3 * c)};
}

// The corner whose horizontal and vertical directions are (sx, sy), each -1 or 1.
constexpr int corner_of(int sx, int sy) {
  return sy < 0 ? (sx < 0 ? 0 : 1) : (sx < 0 ? 3 : 2);
}

// The field segment of `tile` that holds both half-edges at its corner c, or kNoSegment.
std::uint8_t corner_field(const GameData& d, int tile, int c) {
  const auto ports = corner_ports(c);
  const std::uint8_t a = d.segment_at(tile, ports[0]);
  if (a == kNoSegment || a == kBridgeSegment || a != d.segment_at(tile, ports[1]) ||
      d.segment_kind(tile, a) != FeatureKind::Field)
    return kNoSegment;
  return a;
}

// Why corner c of the tile just placed takes no barn, or nullopt; `farm` receives the segment of
// the tile just placed whose farm the barn would hold. (A literal, not a string: the figure step
// asks this four times per generation.)
const char* corner_refusal(const GameData& d, int c, std::uint8_t* farm) {
  const PlacedTile& p = d.placed[static_cast<std::size_t>(d.turn.tile)];
  const int sx = (c == 1 || c == 2) ? 1 : -1;
  const int sy = (c >= 2) ? 1 : -1;
  // The four tiles around the corner point: this one, its neighbours across the two sides that
  // meet there, and the diagonal one; each sees the point as its own corner.
  const std::array<std::array<int, 2>, 4> offsets = {{{0, 0}, {sx, 0}, {0, sy}, {sx, sy}}};
  // The squares first: most corners of a new tile are open, and that test is the cheap one.
  for (const auto& [dx, dy] : offsets)
    if (!d.board.occupied(p.x + dx, p.y + dy))
      return "a barn stands where four tiles meet, and a tile is missing there";
  for (const auto& [dx, dy] : offsets) {
    const int tile = d.board.tile_at(p.x + dx, p.y + dy);
    const int seen = corner_of(dx == 0 ? sx : -sx, dy == 0 ? sy : -sy);
    const std::uint8_t field = corner_field(d, tile, seen);
    if (field == kNoSegment)
      return "a barn needs one field of each of the four tiles at its corner";
    if (dx == 0 && dy == 0) *farm = field;
  }
  if (d.features.node(d.feature_of(d.turn.tile, *farm)).barn) return "that farm already has a barn";
  return nullptr;
}

bool barn_turn(const GameData& d) {
  return d.flow.phase == Phase::Follower && d.turn.tile >= 0 && !d.turn.tile_closed &&
         d.figures_of(d.turn.player, FigureKind::Barn) > 0;
}

}  // namespace

void setup(GameData& d) {
  d.players.per_player[static_cast<std::size_t>(FigureKind::Barn)] = 1;
}

void figure_moves(const GameData& d, MoveList& out) {
  if (!barn_turn(d)) return;
  // Most corners of a new tile are open: the three squares around each corner are looked up
  // once here, and corner_refusal decides only where all three hold tiles.
  const PlacedTile& p = d.placed[static_cast<std::size_t>(d.turn.tile)];
  auto at = [&](int dx, int dy) { return d.board.occupied(p.x + dx, p.y + dy); };
  const bool north = at(0, -1), east = at(1, 0), south = at(0, 1), west = at(-1, 0);
  const std::array<bool, kCornerCount> closed = {
      north && west && at(-1, -1), north && east && at(1, -1), south && east && at(1, 1),
      south && west && at(-1, 1)};
  for (int c = 0; c < kCornerCount; ++c) {
    std::uint8_t farm = kNoSegment;
    if (closed[static_cast<std::size_t>(c)] && corner_refusal(d, c, &farm) == nullptr)
      out.push(Move::deploy(MoveKind::Barn, c));
  }
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::deploy(MoveKind::Barn, move.segment) == move) || move.segment >= kCornerCount)
    return Error{ErrorCode::BadNotation, "malformed barn move"};
  if (d.turn.tile_closed)
    return Error{ErrorCode::IllegalMove,
                 "no figure may be deployed on a volcano: the dragon has landed on it"};
  if (d.figures_of(d.turn.player, FigureKind::Barn) == 0)
    return Error{ErrorCode::IllegalMove, "no barn left in supply"};
  std::uint8_t farm = kNoSegment;
  if (const char* why = corner_refusal(d, move.segment, &farm))
    return Error{ErrorCode::IllegalMove, why};
  return std::nullopt;
}

void apply(GameData& d, const Move& move) {
  std::uint8_t farm = kNoSegment;
  [[maybe_unused]] const char* refused = corner_refusal(d, move.segment, &farm);
  assert(refused == nullptr);
  const NodeId node = d.node_of(d.turn.tile, farm);
  d.deploy(d.turn.player, FigureKind::Barn, node);
  d.followers.back().corner = static_cast<Corner>(move.segment);
  d.features.root_data(node).barn = true;
  d.mechanics.barn.placed_node = node;
  d.turn.figure_done = true;
}

StepResult score_barn_farms(GameData& d, bool /*entering*/) {
  BarnState& s = d.mechanics.barn;
  std::array<NodeId, kMaxPlayers> farms{};
  int n = 0;
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Barn) continue;
    const NodeId farm = d.features.find_const(f.node);
    if (d.features.node(farm).followers == 0) continue;  // no farmer to score
    bool seen = false;
    for (int i = 0; i < n; ++i) seen = seen || farms[static_cast<std::size_t>(i)] == farm;
    if (!seen && n < kMaxPlayers) farms[static_cast<std::size_t>(n++)] = farm;
  }
  const NodeId fresh =
      s.placed_node >= 0 ? d.features.find(static_cast<NodeId>(s.placed_node)) : NodeId{0};
  for (int i = 0; i < n; ++i) {
    const NodeId farm = farms[static_cast<std::size_t>(i)];
    // A barn placed this part: the farm scores as at the end (AM-15); joined: 1 and 2 (AM-20).
    const bool placed_now = s.placed_node >= 0 && farm == fresh;
    score_farm(d, farm, placed_now ? 3 : 1, placed_now ? 4 : 2, false);
    d.return_followers(farm, ReturnCause::BarnScored);  // farmers and pigs; the barn stays (AM-16)
  }
  s.placed_node = -1;
  return StepResult::Done;
}

void farm_scored(GameData& d, NodeId farm, const ScoreEvent& scored) {
  if (!scored.final_scoring) return;  // during play the barn's owner scores nothing (AM-15)
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Barn || d.features.find_const(f.node) != farm) continue;
    // AM-21, AM-23: 4 per completed city, 5 per castle, for every barn in full.
    ScoreEvent event = scored;
    event.points = 4 * scored.cities + 5 * scored.castles;
    event.winners = static_cast<std::uint8_t>(1u << f.player);
    event.pig = false;
    event.barn = true;
    d.add_points(event.winners, event.points, ScoreCategory::Farm);
    d.log(event);
  }
}

std::string invariants(const GameData& d) {
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Barn) continue;
    const FeatureNode& farm = d.features.node(d.features.find_const(f.node));
    if (farm.kind != FeatureKind::Field) return "a barn stands off the fields";
    if (!farm.barn) return "a farm holds a barn but is not marked with one";
  }
  if (d.flow.phase == Phase::GameOver) return {};  // the final scoring took the barns home
  for (int id = 0; id < d.features.size(); ++id) {
    const auto node = static_cast<NodeId>(id);
    if (d.features.find_const(node) != node || !d.features.node(node).barn) continue;
    bool found = false;
    for (const Follower& f : d.followers)
      found = found || (f.kind == FigureKind::Barn && d.features.find_const(f.node) == node);
    if (!found) return "a farm is marked with a barn but holds none";
  }
  return {};
}

Result<Move> read_barn(const VerbInput& in) {
  const std::size_t args = in.args.size();
  if (args != 1 && args != 2)
    return notation::bad(in.text, "expected \"barn CORNER\" (NW NE SE SW)");
  int corner = -1;
  for (int c = 0; c < kCornerCount; ++c)
    if (in.args[args - 1] == kCornerNames[static_cast<std::size_t>(c)]) corner = c;
  if (corner < 0) return notation::bad(in.text, "a barn stands on a corner: NW, NE, SE or SW");
  const int tile = in.state.turn_tile();
  if (tile < 0 || in.state.phase() != Phase::Follower)
    return Error{ErrorCode::WrongPhase,
                 quote_text(in.text) + ": the game is not waiting for a figure now"};
  if (args == 2) {
    const auto square = notation::square_arg(in, 0);
    if (!square) return square.error();
    const PlacedTile& placed = in.state.placed_tiles()[static_cast<std::size_t>(tile)];
    if (square->first != placed.x || square->second != placed.y)
      return Error{ErrorCode::IllegalMove,
                   quote_text(in.text) + ": a barn goes only on a corner of the tile just placed"};
  }
  return Move::deploy(MoveKind::Barn, corner);
}

std::string write_barn(const GameState&, const Move& move) {
  return "barn " + std::string(move.segment < kCornerCount ? kCornerNames[move.segment] : "?");
}
}  // namespace carcassonne::barn
