#include "bots/outlook.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/figures.h"

namespace carcassonne {

namespace {

constexpr CompletionWeights kShippedWeights = {
#include "bots/completion_weights.inc"
};

// How many unseen tiles fit each frontier square (in some rotation), counted on first use and
// remembered: a position asks about a handful of squares, so a short list beats a table as long
// as the frontier (and, like everything here, needs no allocation: the search calls this at its
// leaves).
class FitCounts {
 public:
  explicit FitCounts(const GameState& state) : state_(state) {
    const std::array<std::uint8_t, kTileTypeCount> unseen = state.unseen_tile_counts();
    for (int t = 0; t < kTileTypeCount; ++t)
      if (unseen[static_cast<std::size_t>(t)] > 0) {
        types_[static_cast<std::size_t>(type_count_++)] = {static_cast<TileType>(t),
                                                           unseen[static_cast<std::size_t>(t)]};
        unseen_ += unseen[static_cast<std::size_t>(t)];
      }
  }
  int unseen() const { return unseen_; }
  int at(int frontier_index) {
    for (int i = 0; i < known_; ++i)
      if (squares_[static_cast<std::size_t>(i)] == frontier_index)
        return counts_[static_cast<std::size_t>(i)];
    const std::uint8_t required =
        state_.board().frontier()[static_cast<std::size_t>(frontier_index)].required;
    int count = 0;
    for (int i = 0; i < type_count_; ++i) {
      const auto& [type, copies] = types_[static_cast<std::size_t>(i)];
      if (fitting_rotations(type, required) != 0) count += copies;
    }
    if (known_ < static_cast<int>(squares_.size())) {
      squares_[static_cast<std::size_t>(known_)] = frontier_index;
      counts_[static_cast<std::size_t>(known_++)] = count;
    }
    return count;
  }

 private:
  const GameState& state_;
  std::array<std::pair<TileType, int>, kTileTypeCount> types_{};
  int type_count_ = 0;
  int unseen_ = 0;
  std::array<int, 128> squares_{}, counts_{};
  int known_ = 0;
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

namespace {

// How many tiles are still to come, in the two forms the facts use.
struct TilesToCome {
  explicit TilesToCome(const GameState& state)
      : left(state.over() ? 0 : state.tiles_left_in_deck()),
        per_player(static_cast<double>(left) / state.player_count()),
        log_left(std::log1p(static_cast<double>(left))) {}
  int left;
  double per_player;
  double log_left;
};

CompletionFacts completion_facts(const GameState& state, NodeId root, FitCounts& fits,
                                 const TilesToCome& to_come) {
  const FeatureNode& node = state.features().node(root);
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
  return {1.0,
          city,
          cloister,
          k,
          k * city,
          k * cloister,
          dead ? 1.0 : 0.0,
          scarcity,
          k / (1.0 + to_come.per_player),
          to_come.log_left};
}

// What the completion facts of several features share, worked out once, on first use.
class SharedFacts {
 public:
  explicit SharedFacts(const GameState& state) : state_(state) {}
  CompletionFacts of(NodeId root) {
    if (!fits_) {
      fits_.emplace(state_);
      to_come_.emplace(state_);
    }
    return completion_facts(state_, root, *fits_, *to_come_);
  }

 private:
  const GameState& state_;
  std::optional<FitCounts> fits_;
  std::optional<TilesToCome> to_come_;
};

// Each feature that followers or barns hold, once, with each player's followers and barns on it,
// in the order of the figures that first name them. A player has at most ten followers and one
// barn (figures.h), so six players fill at most 66 rows.
struct HeldFeatures {
  struct Row {
    NodeId root;
    NodeId member;  // where the first figure on it stands
    std::array<std::uint8_t, kMaxPlayers> figures;
    std::array<std::uint8_t, kMaxPlayers> barns;
  };
  std::array<Row, 96> rows{};
  int count = 0;

  explicit HeldFeatures(const GameState& state) {
    const FeatureGraph& graph = state.features();
    for (const Follower& f : state.followers()) {
      const bool barn = f.kind == FigureKind::Barn;
      if (!barn && !figure_info(f.kind).follower) continue;
      const NodeId root = graph.find_const(f.node);
      const auto end = rows.begin() + count;
      auto known =
          std::find_if(rows.begin(), end, [root](const Row& row) { return row.root == root; });
      if (known == end) {
        if (count == static_cast<int>(rows.size())) continue;
        known = rows.begin() + count++;
        known->root = root;
        known->member = f.node;
      }
      ++(barn ? known->barns : known->figures)[static_cast<std::size_t>(f.player)];
    }
  }
};

// Calls visit(feature) for every open feature held by a follower, without allocating.
template <typename Visit>
void visit_open_features(const GameState& state, const HeldFeatures& held, SharedFacts& facts,
                         Visit&& visit) {
  const FeatureGraph& graph = state.features();
  for (int h = 0; h < held.count; ++h) {
    const HeldFeatures::Row& row = held.rows[static_cast<std::size_t>(h)];
    const FeatureNode& node = graph.node(row.root);
    if (node.kind == FeatureKind::Field || node.castle || node.scored ||
        state.feature_complete(row.root))
      continue;
    OpenFeature open;
    open.member = row.member;
    open.holders = state.majority(row.root);
    open.figures = row.figures;
    open.completion_gain = state.completed_value(row.root) - state.final_value(row.root);
    open.facts = facts.of(row.root);
    visit(open);
  }
}

// Calls visit(farm_city) for every pair of a field held by a follower or a barn and an open city
// it borders (a city bordered by two such fields, once for each), without allocating.
template <typename Visit>
void visit_farm_cities(const GameState& state, const HeldFeatures& held, SharedFacts& facts,
                       Visit&& visit) {
  const FeatureGraph& graph = state.features();
  for (int h = 0; h < held.count; ++h) {
    const HeldFeatures::Row& row = held.rows[static_cast<std::size_t>(h)];
    const NodeId farm = row.root;
    if (graph.node(farm).kind != FeatureKind::Field) continue;
    FarmCity pair;
    const std::uint8_t majority = state.majority(farm);
    for (int p = 0; p < kMaxPlayers; ++p) {
      const auto i = static_cast<std::size_t>(p);
      pair.points[i] = static_cast<std::uint8_t>(((majority >> p) & 1u ? 3 : 0) + 4 * row.barns[i]);
    }
    std::array<NodeId, 64> cities{};  // the distinct ones seen so far
    int city_count = 0;
    for_each_bordering_city(graph, state.placed_tiles(), farm, [&](NodeId city) {
      const auto end = cities.begin() + city_count;
      if (std::find(cities.begin(), end, city) != end ||
          city_count == static_cast<int>(cities.size()))
        return;
      cities[static_cast<std::size_t>(city_count++)] = city;
      const FeatureNode& city_node = graph.node(city);
      if (city_node.castle || city_node.scored || state.feature_complete(city)) return;
      pair.facts = facts.of(city);
      visit(pair);
    });
  }
}

void add_expectation(const OpenFeature& open, int players, const CompletionWeights& weights,
                     OutlookSums& sums) {
  const double chance = completion_chance(open.facts, weights);
  for (int p = 0; p < players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if ((open.holders >> p) & 1u) sums.gain[i] += chance * open.completion_gain;
    sums.returns[i] += chance * open.figures[i];
  }
}

void add_expectation(const FarmCity& pair, int players, const CompletionWeights& weights,
                     OutlookSums& sums) {
  const double chance = completion_chance(pair.facts, weights);
  for (int p = 0; p < players; ++p)
    sums.farm[static_cast<std::size_t>(p)] += chance * pair.points[static_cast<std::size_t>(p)];
}

}  // namespace

std::vector<OpenFeature> open_features(const GameState& state) {
  std::vector<OpenFeature> result;
  const HeldFeatures held(state);
  SharedFacts facts(state);
  visit_open_features(state, held, facts,
                      [&result](const OpenFeature& open) { result.push_back(open); });
  return result;
}

std::vector<FarmCity> farm_cities(const GameState& state) {
  std::vector<FarmCity> result;
  const HeldFeatures held(state);
  SharedFacts facts(state);
  visit_farm_cities(state, held, facts,
                    [&result](const FarmCity& pair) { result.push_back(pair); });
  return result;
}

OutlookSums expected_outlook(const GameState& state, const CompletionWeights& weights) {
  OutlookSums sums;
  const int players = state.player_count();
  const HeldFeatures held(state);
  SharedFacts facts(state);
  visit_open_features(state, held, facts, [&](const OpenFeature& open) {
    add_expectation(open, players, weights, sums);
  });
  visit_farm_cities(state, held, facts,
                    [&](const FarmCity& pair) { add_expectation(pair, players, weights, sums); });
  return sums;
}

OutlookSums expected_outlook(const std::vector<OpenFeature>& open,
                             const std::vector<FarmCity>& farms, int players,
                             const CompletionWeights& weights) {
  OutlookSums sums;
  for (const OpenFeature& feature : open) add_expectation(feature, players, weights, sums);
  for (const FarmCity& pair : farms) add_expectation(pair, players, weights, sums);
  return sums;
}

}  // namespace carcassonne
