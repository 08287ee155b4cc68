#include "bots/evaluation.h"

#include <algorithm>
#include <limits>
#include <memory>

namespace carcassonne {

namespace {

// Worth of things in hand, in points: a follower can still score, a bridge can still rescue a
// tile, and a castle with its follower usually collects a modest neighbouring feature.
constexpr double kFollowerInSupply = 1.0;
constexpr double kBridgeInSupply = 0.5;
constexpr double kWaitingCastle = 4.5;
// An unfinished city earns double once finished: credit part of that to its knights' owners.
constexpr double kOpenCityBonusPerTile = 0.5;

// True while `player` still has a decision in the turn being planned.
bool plan_continues(const GameState& state, PlayerId player, int turn) {
  if (state.over() || state.pending().player != player || state.turn_number() != turn) return false;
  const Phase phase = state.phase();
  return phase == Phase::PlaceTile || phase == Phase::Follower || phase == Phase::CastleChoice ||
         phase == Phase::Claim;
}

double search_plan(const GameState& state, PlayerId player, int turn, MoveList& scratch,
                   Move* best_first, bool top) {
  if (!plan_continues(state, player, turn)) return evaluate_for(state, player);
  state.legal_moves(scratch);
  // The list is reused by the recursion below: keep a copy of this level's moves.
  std::vector<Move> moves(scratch.begin(), scratch.end());
  double best = -std::numeric_limits<double>::infinity();
  for (const Move& move : moves) {
    GameState next = state;
    next.apply_unchecked(move);
    const double value = search_plan(next, player, turn, scratch, nullptr, false);
    if (value > best) {
      best = value;
      if (top && best_first != nullptr) *best_first = move;
    }
  }
  return best;
}

}  // namespace

std::array<double, kMaxPlayers> evaluate_all(const GameState& state) {
  const std::array<int, kMaxPlayers> projected = state.projected_final_scores();
  const int n = state.player_count();
  std::array<double, kMaxPlayers> value{};
  for (int p = 0; p < n; ++p) {
    double best_other = -std::numeric_limits<double>::infinity();
    for (int q = 0; q < n; ++q)
      if (q != p)
        best_other =
            std::max(best_other, static_cast<double>(projected[static_cast<std::size_t>(q)]));
    value[static_cast<std::size_t>(p)] = projected[static_cast<std::size_t>(p)] - best_other;
  }
  if (state.over()) return value;
  // What is still in hand (added in a fixed order, so that results do not depend on rounding).
  for (int p = 0; p < n; ++p) {
    const auto player = static_cast<PlayerId>(p);
    value[static_cast<std::size_t>(p)] += kFollowerInSupply * state.followers_in_supply(player) +
                                          kBridgeInSupply * state.bridges_in_supply(player);
  }
  for (const Castle& castle : state.castles())
    if (castle.occupied) value[static_cast<std::size_t>(castle.owner)] += kWaitingCastle;
  // Knights in unfinished cities: the city is worth more once closed.
  const FeatureGraph& graph = state.features();
  for (const Follower& f : state.followers()) {
    const NodeId root = graph.find_const(f.node);
    const FeatureNode& node = graph.node(root);
    if (node.kind == FeatureKind::City && !node.castle && node.open_edges > 0)
      value[static_cast<std::size_t>(f.player)] +=
          kOpenCityBonusPerTile * state.feature_tile_count(root) / (1.0 + node.open_edges);
  }
  return value;
}

double evaluate_for(const GameState& state, PlayerId player) {
  return evaluate_all(state)[static_cast<std::size_t>(player)];
}

TurnPlan best_turn_plan(const GameState& state, PlayerId player) {
  auto scratch = std::make_unique<MoveList>();
  TurnPlan plan;
  state.legal_moves(*scratch);
  plan.first_move = (*scratch)[0];
  plan.value = search_plan(state, player, state.turn_number(), *scratch, &plan.first_move, true);
  return plan;
}

double tile_value(const GameState& state, PlayerId player, TileType tile) {
  const std::optional<GameState> turn = state.hypothetical_turn(player, tile);
  if (!turn) return 0.0;
  const double before = evaluate_for(*turn, player);
  return std::max(0.0, best_turn_plan(*turn, player).value - before);
}

}  // namespace carcassonne
