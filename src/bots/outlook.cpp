#include "bots/outlook.h"

#include <algorithm>
#include <cmath>

#include "core/figures.h"

namespace carcassonne {

namespace {

constexpr CompletionWeights kShippedWeights = {
#include "bots/completion_weights.inc"
};

// How many unseen tiles fit each frontier square (in some rotation), filled in on first use: a
// feature's squares are a few of the frontier, and most positions ask about a handful.
class FitCounts {
 public:
  explicit FitCounts(const GameState& state)
      : state_(state), counts_(state.board().frontier().size(), -1) {
    const std::array<std::uint8_t, kTileTypeCount> unseen = state.unseen_tile_counts();
    for (int t = 0; t < kTileTypeCount; ++t)
      if (unseen[static_cast<std::size_t>(t)] > 0) {
        types_.push_back({static_cast<TileType>(t), unseen[static_cast<std::size_t>(t)]});
        unseen_ += unseen[static_cast<std::size_t>(t)];
      }
  }
  int unseen() const { return unseen_; }
  int at(int frontier_index) {
    int& count = counts_[static_cast<std::size_t>(frontier_index)];
    if (count < 0) {
      const std::uint8_t required =
          state_.board().frontier()[static_cast<std::size_t>(frontier_index)].required;
      count = 0;
      for (const auto& [type, copies] : types_)
        if (fitting_rotations(type, required) != 0) count += copies;
    }
    return count;
  }

 private:
  const GameState& state_;
  std::vector<int> counts_;
  std::vector<std::pair<TileType, int>> types_;
  int unseen_ = 0;
};

// The empty squares a feature still needs filled, as frontier indices (-1 for a cloister's empty
// neighbour not yet on the frontier), each once.
int needed_squares(const GameState& state, NodeId root, std::array<int, 64>& squares) {
  const FeatureGraph& graph = state.features();
  const FeatureNode& top = graph.node(root);
  const Board& board = state.board();
  int count = 0;
  if (top.kind == FeatureKind::Cloister) {
    const PlacedTile& tile = state.placed_tiles()[top.placed_tile];
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if ((dx != 0 || dy != 0) && !board.occupied(tile.x + dx, tile.y + dy))
          squares[static_cast<std::size_t>(count++)] =
              board.frontier_index(tile.x + dx, tile.y + dy);
    return count;
  }
  NodeId member = root;
  do {
    const FeatureNode& node = graph.node(member);
    const PlacedTile& tile = state.placed_tiles()[node.placed_tile];
    const PortMask ports = state.segment_ports(node.placed_tile, node.segment);
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      if (!(ports & port_bit(side_middle(side)))) continue;
      const int square = board.frontier_index(tile.x + side_dx(side), tile.y + side_dy(side));
      if (square < 0) continue;
      const auto end = squares.begin() + count;
      if (std::find(squares.begin(), end, square) == end &&
          count < static_cast<int>(squares.size()))
        squares[static_cast<std::size_t>(count++)] = square;
    }
    member = node.next_member;
  } while (member != root);
  return count;
}

}  // namespace

const CompletionWeights& shipped_completion_weights() {
  return kShippedWeights;
}

double completion_chance(const CompletionFacts& facts, const CompletionWeights& weights) {
  double z = 0.0;
  for (int k = 0; k < kCompletionFactCount; ++k)
    z += facts[static_cast<std::size_t>(k)] * weights[static_cast<std::size_t>(k)];
  return 1.0 / (1.0 + std::exp(-z));
}

std::vector<OpenFeature> open_features(const GameState& state) {
  std::vector<OpenFeature> result;
  const FeatureGraph& graph = state.features();
  FitCounts fits(state);
  const int left = state.over() ? 0 : state.tiles_left_in_deck();
  const double per_player = static_cast<double>(left) / state.player_count();
  std::vector<NodeId> roots;
  for (const Follower& f : state.followers()) {
    if (!figure_info(f.kind).follower) continue;
    const NodeId root = graph.find_const(f.node);
    const FeatureNode& node = graph.node(root);
    if (node.kind == FeatureKind::Field || node.castle || node.scored ||
        state.feature_complete(root))
      continue;
    const auto known = std::find(roots.begin(), roots.end(), root);
    if (known != roots.end()) {
      ++result[static_cast<std::size_t>(known - roots.begin())]
            .figures[static_cast<std::size_t>(f.player)];
      continue;
    }
    roots.push_back(root);
    OpenFeature open;
    open.member = f.node;
    open.holders = state.majority(root);
    open.figures[static_cast<std::size_t>(f.player)] = 1;
    open.completion_gain = state.completed_value(root) - state.final_value(root);
    std::array<int, 64> squares{};
    const int needed = needed_squares(state, root, squares);
    bool dead = false;
    double scarcity = 0.0;
    for (int i = 0; i < needed; ++i) {
      const int square = squares[static_cast<std::size_t>(i)];
      if (square < 0) continue;  // a cloister's neighbour not yet reachable
      const int fit = fits.at(square);
      dead = dead || fit == 0;
      scarcity -= std::log((fit + 0.5) / (fits.unseen() + 0.5));
    }
    const double city = node.kind == FeatureKind::City ? 1.0 : 0.0;
    const double cloister = node.kind == FeatureKind::Cloister ? 1.0 : 0.0;
    const double k = needed;
    open.facts = {1.0,
                  city,
                  cloister,
                  k,
                  k * city,
                  k * cloister,
                  dead ? 1.0 : 0.0,
                  scarcity,
                  k / (1.0 + per_player),
                  std::log1p(static_cast<double>(left))};
    result.push_back(open);
  }
  return result;
}

}  // namespace carcassonne
