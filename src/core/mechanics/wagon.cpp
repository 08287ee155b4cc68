// The wagon (Abbey & Mayor). See wagon.h for the rules.
#include "core/mechanics/wagon.h"

#include <algorithm>

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::wagon {

namespace {

bool is_abbey(const GameData& d, int tile) {
  return tile >= 0 && tile_spec(d.placed[static_cast<std::size_t>(tile)].type).abbey;
}

// Whether the wagon of `w` may roll onto the feature `root`.
bool open_destination(const GameData& d, const PendingWagon& w, NodeId root) {
  const FeatureNode& node = d.features.node(root);
  return root != w.feature && feature_open_to(FigureKind::Wagon, node) && !node.scored &&
         !node.castle && !d.feature_complete(root);
}

// The features touching the feature `scored` (option "connected"), each root once.
int touching_features(const GameData& d, NodeId scored, std::array<NodeId, 64>& out) {
  int n = 0;
  auto add = [&](NodeId node) {
    const NodeId root = d.features.find_const(node);
    if (root == scored || std::find(out.begin(), out.begin() + n, root) != out.begin() + n) return;
    if (n < static_cast<int>(out.size())) out[static_cast<std::size_t>(n++)] = root;
  };
  NodeId member = scored;
  do {
    const FeatureNode& m = d.features.node(member);
    member = m.next_member;
    const int tile = m.placed_tile;
    const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
    const TileSpec& spec = tile_spec(p.type);
    // A bridge touches nothing printed on its tile; its ends may face an abbey (below).
    if (m.segment != kBridgeSegment) {
      const std::uint16_t touches = spec.segments[m.segment].touches;
      for (int k = 0; k < spec.segment_count; ++k)
        if (touches >> k & 1u) add(static_cast<NodeId>(p.first_node + k));
    }
    // An abbey touches the roads and cities it closes, a road ending in a bridge end facing it
    // included (AM-31, Y-16; JCloisterZone's "Wagon can move to abbey with bridge").
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const int neighbour = d.board.tile_at(p.x + side_dx(side), p.y + side_dy(side));
      if (neighbour < 0) continue;
      if (spec.abbey) {
        const std::uint8_t theirs = d.segment_at(neighbour, facing_port(side_middle(side)));
        if (theirs != kNoSegment) add(d.node_of(neighbour, theirs));
      } else if (is_abbey(d, neighbour) &&
                 (d.segment_ports(tile, m.segment) & port_bit(side_middle(side))) != 0) {
        const PlacedTile& abbey = d.placed[static_cast<std::size_t>(neighbour)];
        add(static_cast<NodeId>(abbey.first_node));  // the abbey's only segment: its cloister
      }
    }
  } while (member != scored);
  return n;
}

// Calls f(tile, segment) for every segment of placed tile `tile` (its bridge too).
template <typename F>
void for_each_segment(const GameData& d, int tile, F&& f) {
  const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
  const int segments = tile_spec(p.type).segment_count;
  for (int s = 0; s < segments; ++s) f(tile, s);
  if (p.has_bridge()) f(tile, static_cast<int>(kBridgeSegment));
}

// Calls f(tile, segment) for every place the wagon of `w` may roll to.
template <typename F>
void for_each_destination(const GameData& d, const PendingWagon& w, F&& f) {
  const int dragon = d.mechanics.dragon.tile;
  auto offer = [&](int tile, int segment) {
    if (tile != dragon && open_destination(d, w, d.feature_of(tile, segment))) f(tile, segment);
  };
  if (w.castle >= 0) {
    const Castle& castle = d.mechanics.castles.castles[static_cast<std::size_t>(w.castle)];
    for (int y = castle.min_y; y <= castle.max_y; ++y)
      for (int x = castle.min_x; x <= castle.max_x; ++x)
        if (const int tile = d.board.tile_at(x, y); tile >= 0) for_each_segment(d, tile, offer);
    return;
  }
  if (d.rules.wagon() == WagonRule::Nearby) {
    const PlacedTile& from = d.placed[static_cast<std::size_t>(w.tile)];
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (const int tile = d.board.tile_at(from.x + dx, from.y + dy); tile >= 0)
          for_each_segment(d, tile, offer);
    return;
  }
  std::array<NodeId, 64> roots{};
  const int n = touching_features(d, w.feature, roots);
  for (int i = 0; i < n; ++i) {
    const NodeId root = roots[static_cast<std::size_t>(i)];
    if (!open_destination(d, w, root)) continue;
    NodeId member = root;
    do {
      const FeatureNode& m = d.features.node(member);
      if (m.placed_tile != dragon) f(static_cast<int>(m.placed_tile), static_cast<int>(m.segment));
      member = m.next_member;
    } while (member != root);
  }
}

bool has_destination(const GameData& d, const PendingWagon& w) {
  bool any = false;
  for_each_destination(d, w, [&](int, int) { any = true; });
  return any;
}

Move move_to(const GameData& d, int tile, int segment) {
  const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
  return Move::at(MoveKind::WagonMove, p.x, p.y, segment);
}

}  // namespace

void setup(GameData& d) {
  d.players.per_player[static_cast<std::size_t>(FigureKind::Wagon)] = 1;
}

void figure_moves(const GameData& d, MoveList& out) {
  push_follower_deployments(d, FigureKind::Wagon, out);
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (!(Move::deploy(MoveKind::Wagon, move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed wagon move"};
  return explain_deploy(d, FigureKind::Wagon, move.segment);
}

void apply(GameData& d, const Move& move) {
  d.deploy(d.turn.player, FigureKind::Wagon, d.node_of(d.turn.tile, move.segment));
  d.turn.figure_done = true;
}

void feature_scored(GameData& d, NodeId root) {
  if (d.flow.phase == Phase::GameOver) return;  // the final scoring: nothing rolls on
  WagonState& s = d.mechanics.wagon;
  const NodeId scored = d.features.find(root);
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Wagon || d.features.find_const(f.node) != scored) continue;
    PendingWagon w;
    w.player = f.player;
    w.tile = static_cast<std::int16_t>(d.features.node(f.node).placed_tile);
    w.feature = scored;
    if (d.features.node(scored).castle) {
      const auto& castles = d.mechanics.castles.castles;
      for (std::size_t i = 0; i < castles.size(); ++i)
        if (d.features.find_const(castles[i].city) == scored)
          w.castle = static_cast<std::int16_t>(i);
    }
    if (s.count < s.pending.size()) s.pending[s.count++] = w;
  }
}

StepResult roll_step(GameData& d, bool /*entering*/) {
  WagonState& s = d.mechanics.wagon;
  while (s.count > 0) {
    // AM-28: in seat order from the player of this turn part.
    const auto order = [&](const PendingWagon& w) {
      return (w.player - d.turn.player + d.player_count) % d.player_count;
    };
    std::uint8_t next = 0;
    for (std::uint8_t i = 1; i < s.count; ++i)
      if (order(s.pending[i]) < order(s.pending[next])) next = i;
    if (has_destination(d, s.pending[next])) {
      s.current = next;
      d.flow.phase = Phase::WagonMove;
      d.flow.decider = s.pending[next].player;
      return StepResult::Wait;
    }
    s.pending[next] = s.pending[--s.count];  // nowhere to go: it stays home
  }
  return StepResult::Done;
}

void moves(const GameData& d, MoveList& out) {
  const WagonState& s = d.mechanics.wagon;
  if (d.flow.phase != Phase::WagonMove || s.current >= s.count) return;
  for_each_destination(d, s.pending[s.current],
                       [&](int tile, int segment) { out.push(move_to(d, tile, segment)); });
  out.push(Move::simple(MoveKind::Pass));
}

std::optional<Error> explain_move(const GameData& d, const Move& move) {
  if (move.kind == MoveKind::Pass) {
    if (move == Move::simple(MoveKind::Pass)) return std::nullopt;
    return Error{ErrorCode::BadNotation, "malformed pass"};
  }
  if (move.kind != MoveKind::WagonMove)
    return Error{ErrorCode::WrongPhase,
                 "the game is waiting for the wagon to move on (move X,Y LOC) or stay home (pass)"};
  const PendingWagon& w = d.mechanics.wagon.pending[d.mechanics.wagon.current];
  const int tile = d.board.tile_at(move.x, move.y);
  if (tile < 0) return Error{ErrorCode::IllegalMove, "no tile there"};
  const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
  if (move.segment >= tile_spec(p.type).segment_count &&
      !(move.segment == kBridgeSegment && p.has_bridge()))
    return Error{ErrorCode::OutOfRange, "no such feature on that tile"};
  if (tile == d.mechanics.dragon.tile)
    return Error{ErrorCode::IllegalMove, "the wagon may not roll onto the dragon's tile"};
  const NodeId root = d.feature_of(tile, move.segment);
  const FeatureNode& node = d.features.node(root);
  if (root == w.feature) return Error{ErrorCode::IllegalMove, "that feature has just scored"};
  if (!stands_on_kind(FigureKind::Wagon, node.kind))
    return Error{ErrorCode::IllegalMove, "the wagon never goes onto a field"};
  if (node.castle) return Error{ErrorCode::IllegalMove, "the wagon never rolls into a castle"};
  if (node.followers != 0)
    return Error{ErrorCode::IllegalMove,
                 "the " + std::string(feature_kind_name(node.kind)) + " already has a follower"};
  if (node.scored || d.feature_complete(root))
    return Error{ErrorCode::IllegalMove,
                 "the " + std::string(feature_kind_name(node.kind)) + " is complete"};
  if (w.castle >= 0)
    return Error{ErrorCode::IllegalMove,
                 "from a castle the wagon rolls only to a tile of the castle's fief"};
  return Error{ErrorCode::IllegalMove,
               d.rules.wagon() == WagonRule::Nearby
                   ? "the wagon rolls only to its own tile or one of the eight around it"
                   : "the wagon rolls only onto a feature touching the one that scored"};
}

StepResult apply_move(GameData& d, const Move& move) {
  WagonState& s = d.mechanics.wagon;
  const PlayerId player = s.pending[s.current].player;
  if (move.kind == MoveKind::WagonMove) {
    const int tile = d.board.tile_at(move.x, move.y);
    d.deploy(player, FigureKind::Wagon, d.node_of(tile, move.segment));
  }
  s.pending[s.current] = s.pending[--s.count];
  s.current = 0;
  return StepResult::Again;
}

std::string invariants(const GameData& d) {
  for (const Follower& f : d.followers) {
    if (f.kind != FigureKind::Wagon) continue;
    if (d.features.node(d.features.find_const(f.node)).kind == FeatureKind::Field)
      return "a wagon stands on a field";
  }
  return {};
}

Result<Move> read_move(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 2, "move X,Y LOCATION")) return *e;
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  const auto segment = notation::segment_on(in, *square, in.args[1]);
  if (!segment) return segment.error();
  return Move::at(MoveKind::WagonMove, square->first, square->second, *segment);
}

std::string write_move(const GameState& state, const Move& move) {
  return "move " + notation::square_and_location(state, move);
}
}  // namespace carcassonne::wagon
