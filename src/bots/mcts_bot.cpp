#include "bots/mcts_bot.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "bots/evaluation.h"
#include "bots/greedy_bot.h"
#include "bots/value_model.h"

namespace carcassonne {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
// Beyond this many nodes a tree stops growing (rollouts go on from its leaves): bounds memory.
constexpr std::size_t kMaxNodes = 4'000'000;

// Rewards of every player: a logistic function of its standing. A finished game counts the
// final margin over the best opponent; an unfinished one its heuristic evaluation (projected
// final margin plus what is still in hand, as the greedy bot judges it).
std::array<double, kMaxPlayers> rewards(const GameState& state, bool learned, double scale) {
  const int n = state.player_count();
  // predicted_margins() gives the final margins themselves once the game is over.
  const std::array<double, kMaxPlayers> standing =
      learned || state.over() ? predicted_margins(state) : evaluate_all(state);
  std::array<double, kMaxPlayers> result{};
  for (int p = 0; p < n; ++p)
    result[static_cast<std::size_t>(p)] =
        1.0 / (1.0 + std::exp(-standing[static_cast<std::size_t>(p)] / scale));
  return result;
}

// The bids worth searching at the root of a bid decision: the least one may bid, and half and all
// of what the tile is worth to the bidder and to the opponent who would gain most from it (each
// at least the minimum, at most kMaxBid).
std::vector<int> worth_bids(const GameState& state) {
  const PlayerId me = state.current_player();
  const int minimum = state.highest_bid() + 1;
  double mine = tile_value(state, me, state.auction_tile());
  double theirs = 0.0;
  for (int p = 0; p < state.player_count(); ++p)
    if (p != me)
      theirs = std::max(theirs, tile_value(state, static_cast<PlayerId>(p), state.auction_tile()));
  std::vector<int> bids{minimum};
  for (const double worth : {mine / 2, mine, theirs / 2, theirs}) {
    const int bid = std::clamp(static_cast<int>(std::lround(worth)), minimum, kMaxBid);
    if (std::find(bids.begin(), bids.end(), bid) == bids.end()) bids.push_back(bid);
  }
  return bids;
}

// What a move revealed to everyone: the decision that follows, the tile drawn, how many tiles
// were set aside and the last of them, and a bazaar's revealed tiles. Packed exactly (no hash: a
// collision would let two worlds with different public facts share a node, whose moves are then
// illegal in one of them). Worlds with equal observations offer the same moves.
struct RevealedFacts {
  std::uint64_t decision = 0;  // phase, decider, tile in hand, discards
  std::uint64_t offer = 0;     // up to 6 revealed tiles, 8 bits each, and their count
  bool operator==(const RevealedFacts&) const = default;
};

RevealedFacts observe(const GameState& state) {
  RevealedFacts o;
  const auto& discarded = state.discarded_tiles();
  o.decision = static_cast<std::uint64_t>(state.phase()) |
               static_cast<std::uint64_t>(state.pending().player + 1) << 8 |
               static_cast<std::uint64_t>(state.tile_in_hand()) << 16 |
               static_cast<std::uint64_t>(discarded.size()) << 24 |
               static_cast<std::uint64_t>(discarded.empty() ? kNoTile : discarded.back()) << 48;
  const auto& offer = state.bazaar_offer();
  static_assert(kMaxPlayers <= 7, "the packed offer holds up to 7 tiles");
  o.offer = offer.size();
  for (std::size_t i = 0; i < offer.size(); ++i)
    o.offer |= static_cast<std::uint64_t>(offer[i]) << (8 * (i + 1));
  return o;
}

float prior_of(const GameState& state, const Move& move) {
  switch (move.kind) {
    case MoveKind::Place: {
      int neighbours = 0;
      for (int s = 0; s < kSideCount; ++s) {
        const Side side = static_cast<Side>(s);
        neighbours += state.board().occupied(move.x + side_dx(side), move.y + side_dy(side));
      }
      return static_cast<float>(neighbours);
    }
    case MoveKind::Large:
      return -0.5f;  // after the followers and skip (the same spots, kept for contested ones)
    case MoveKind::Builder:
      return 0.5f;  // before followers and skip: a builder only joins one's own open feature
    case MoveKind::Pig:
      return 0.25f;  // likewise, on one's own farm
    case MoveKind::PortalDeploy:
      return -0.25f;  // many remote spots: after the followers on the new tile and skip
    case MoveKind::Bridge:
      return -1.0f;
    case MoveKind::Barn:
      return -0.5f;  // a barn is kept for a rich farm: after the followers and skip
    case MoveKind::Draw:
      return 1000.0f;  // the abbey mostly waits for a hole worth it
    case MoveKind::Pass:
      // A wagon staying home or an abbey kept in the abbey round gain nothing: last there.
      return state.phase() == Phase::WagonMove || state.phase() == Phase::AbbeyRound ? -1.0f
                                                                                     : 1000.0f;
    case MoveKind::Bid:
      return static_cast<float>(kMaxBid - move.amount);
    default:
      return 0.0f;
  }
}

struct Edge {
  Move move;
  float prior = 0.0f;
  float bias = 0.0f;  // progressive bias in [0, 1] (root moves, MctsOptions::bias)
  std::uint32_t visits = 0;
  double reward = 0.0;  // summed for the player deciding at the parent
  std::uint32_t first_child = kNone;
};

struct Node {
  PlayerId decider = kNoPlayer;
  bool expanded = false;
  std::uint32_t visits = 0;
  std::uint32_t first_edge = 0;
  std::uint32_t edge_count = 0;
};

struct ChildLink {
  RevealedFacts key;
  std::uint32_t node = kNone;
  std::uint32_t next = kNone;
};

class SearchTree {
 public:
  SearchTree(const GameState& root, const MctsOptions& options, std::uint64_t seed)
      : root_(root), options_(options), rng_(seed), scratch_(std::make_unique<MoveList>()) {
    nodes_.push_back(Node{root.pending().player, false, 0, 0, 0});
  }

  void iterate() {
    GameState state = root_;
    state.resample_hidden_deck(rng_);
    path_.clear();
    std::uint32_t node = 0;
    while (!state.over()) {
      if (!nodes_[node].expanded) expand(node, state);
      const std::uint32_t edge = select(node);
      state.apply_unchecked(edges_[edge].move);
      path_.push_back({node, edge});
      if (state.over()) break;
      if (options_.tree_depth > 0 && path_.size() >= static_cast<std::size_t>(options_.tree_depth))
        break;
      const RevealedFacts key = observe(state);
      std::uint32_t child = find_child(edge, key);
      if (child == kNone) {
        if (nodes_.size() < kMaxNodes) add_child(edge, key, state.pending().player);
        break;  // a new leaf: evaluate it by a rollout
      }
      node = child;
    }
    roll_out(state);
    const std::array<double, kMaxPlayers> reward =
        rewards(state, options_.learned_value, *options_.reward_scale);
    for (const auto& [n, e] : path_) {
      ++nodes_[n].visits;
      ++edges_[e].visits;
      edges_[e].reward += reward[static_cast<std::size_t>(nodes_[n].decider)];
    }
  }

  // Plays on from a leaf: the turn under way and `rollout_turns` more (to the end when negative),
  // the turn under way greedily first with `greedy_finish`.
  void roll_out(GameState& state) {
    int turns = *options_.rollout_turns;
    if (options_.greedy_finish && !state.over()) {
      mcts_greedy_rollout(state, rng_, *scratch_, 0);
      if (turns == 0) return;  // the turn under way was all there was to play
      if (turns > 0) --turns;
    }
    if (options_.greedy_rollouts) {
      mcts_greedy_rollout(state, rng_, *scratch_, turns);
    } else {
      mcts_rollout(state, rng_, *scratch_, turns, options_.follow);
    }
  }

  // Root moves with their visit counts (in the root's move order).
  std::vector<std::pair<Move, std::uint32_t>> root_visits() const {
    std::vector<std::pair<Move, std::uint32_t>> result;
    if (!nodes_[0].expanded) return result;
    for (std::uint32_t i = 0; i < nodes_[0].edge_count; ++i) {
      const Edge& e = edges_[nodes_[0].first_edge + i];
      result.emplace_back(e.move, e.visits);
    }
    return result;
  }
  std::size_t node_count() const { return nodes_.size(); }

 private:
  void expand(std::uint32_t node, const GameState& state) {
    state.legal_moves(*scratch_);
    const auto first = static_cast<std::uint32_t>(edges_.size());
    // At the root, optionally, the greedy judgement of every move orders them and biases them.
    std::vector<double> values;
    // (Not in auctions: the judgement right after a bid does not count its price.)
    const bool auction = state.phase() == Phase::AuctionChoose ||
                         state.phase() == Phase::AuctionBid ||
                         state.phase() == Phase::AuctionDecide;
    if (node == 0 && (*options_.bias > 0.0 || options_.candidates > 0) && !auction)
      values = move_values(state);
    const double best = values.empty() ? 0.0 : *std::max_element(values.begin(), values.end());
    // The value a root move needs to be among the `candidates` best.
    double cut = -std::numeric_limits<double>::infinity();
    if (!values.empty() && options_.candidates > 0 &&
        values.size() > static_cast<std::size_t>(options_.candidates)) {
      std::vector<double> sorted = values;
      std::nth_element(sorted.begin(), sorted.begin() + (options_.candidates - 1), sorted.end(),
                       std::greater<>());
      cut = sorted[static_cast<std::size_t>(options_.candidates - 1)];
    }
    const std::vector<int> bids =
        node == 0 && options_.worth_bids && state.phase() == Phase::AuctionBid ? worth_bids(state)
                                                                               : std::vector<int>{};
    for (int i = 0; i < scratch_->size(); ++i) {
      const Move& move = (*scratch_)[i];
      const auto v = static_cast<std::size_t>(i);
      if (!bids.empty() && move.kind == MoveKind::Bid &&
          std::find(bids.begin(), bids.end(), move.amount) == bids.end())
        continue;                                        // not among the sensible bids
      if (!values.empty() && values[v] < cut) continue;  // not among the root's candidates
      if (values.empty()) {
        edges_.push_back(Edge{move, prior_of(state, move), 0.0f, 0, 0.0, kNone});
      } else {
        edges_.push_back(Edge{move, static_cast<float>(values[v]),
                              static_cast<float>(std::exp((values[v] - best) / 10.0)), 0, 0.0,
                              kNone});
      }
    }
    // Random order among equal priors, then the best priors first (for progressive widening).
    const auto begin = edges_.begin() + first;
    rng_.shuffle(begin, edges_.end());
    std::stable_sort(begin, edges_.end(),
                     [](const Edge& a, const Edge& b) { return a.prior > b.prior; });
    nodes_[node].first_edge = first;
    nodes_[node].edge_count = static_cast<std::uint32_t>(edges_.size()) - first;
    nodes_[node].expanded = true;
  }

  std::uint32_t select(std::uint32_t node) {
    const Node& n = nodes_[node];
    const double visits = static_cast<double>(n.visits) + 1.0;
    const bool bids = edges_[n.first_edge].move.kind == MoveKind::Bid ||
                      edges_[n.first_edge].move.kind == MoveKind::Pass;
    const auto widened = static_cast<std::uint32_t>(
        bids ? 1.0 + std::pow(visits, 0.25) : std::max(2.0, options_.widening * std::sqrt(visits)));
    const std::uint32_t considered = std::min(n.edge_count, widened);
    const double log_visits = std::log(static_cast<double>(n.visits) + 1.0);
    std::uint32_t best = n.first_edge;
    double best_score = -std::numeric_limits<double>::infinity();
    for (std::uint32_t i = 0; i < considered; ++i) {
      const Edge& e = edges_[n.first_edge + i];
      if (e.visits == 0) return n.first_edge + i;  // try every considered move once, in order
      const double score = e.reward / e.visits +
                           options_.exploration * std::sqrt(log_visits / e.visits) +
                           *options_.bias * e.bias / (e.visits + 1.0);
      if (score > best_score) {
        best_score = score;
        best = n.first_edge + i;
      }
    }
    return best;
  }

  std::uint32_t find_child(std::uint32_t edge, const RevealedFacts& key) const {
    for (std::uint32_t link = edges_[edge].first_child; link != kNone; link = links_[link].next)
      if (links_[link].key == key) return links_[link].node;
    return kNone;
  }

  void add_child(std::uint32_t edge, const RevealedFacts& key, PlayerId decider) {
    const auto node = static_cast<std::uint32_t>(nodes_.size());
    nodes_.push_back(Node{decider, false, 0, 0, 0});
    links_.push_back(ChildLink{key, node, edges_[edge].first_child});
    edges_[edge].first_child = static_cast<std::uint32_t>(links_.size() - 1);
  }

  const GameState& root_;
  const MctsOptions& options_;
  Pcg32 rng_;
  std::unique_ptr<MoveList> scratch_;
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<ChildLink> links_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> path_;
};

// A uniformly random move of `moves` (not empty): one random number.
const Move& random_move(const MoveList& moves, Pcg32& rng) {
  return moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))];
}

// The rollout's choice of a builder or pig deployment on the tile just placed, from the legal
// moves (filled into `scratch`); nullopt for none (then the usual follower choice follows).
std::optional<Move> special_deployment(const GameState& state, Pcg32& rng, MoveList& scratch) {
  const PlayerId player = state.turn_player();
  // (Without its mechanic a figure is never in supply.)
  const bool builder = state.figures_in_supply(player, FigureKind::Builder) > 0;
  const bool pig = state.figures_in_supply(player, FigureKind::Pig) > 0;
  if (!builder && !pig) return std::nullopt;
  state.legal_moves(scratch);
  std::array<Move, kMaxPrintedSegments + 1> options{};
  for (const MoveKind kind : {MoveKind::Builder, MoveKind::Pig}) {
    std::size_t count = 0;
    for (const Move& move : scratch) {
      if (move.kind != kind || count >= options.size()) continue;
      if (kind == MoveKind::Pig &&
          !((state.majority(state.feature_of(state.turn_tile(), move.segment)) >> player) & 1u))
        continue;
      options[count++] = move;
    }
    if (count > 0 && rng.below(2) == 0)
      return options[rng.below(static_cast<std::uint32_t>(count))];
  }
  return std::nullopt;
}

// Princess & Dragon: the rollout's figure action among those its mechanics bring (the princess, the
// fairy, a portal deployment), from the legal moves (filled into `scratch`): one of them at random
// a quarter of the time there are any, and always when the princess compels (nothing else, skip
// included, is legal then); nullopt for none. (No random number is drawn, and no moves listed,
// without these mechanics: other games roll out as before.)
bool mechanic_figure_action(MoveKind kind) {
  return kind == MoveKind::Fairy || kind == MoveKind::Princess || kind == MoveKind::PortalDeploy ||
         kind == MoveKind::Mayor || kind == MoveKind::Wagon || kind == MoveKind::Barn;
}
// The mechanics that bring those actions.
constexpr MechanicMask kFigureActionMechanics =
    mechanic_bit(Mechanic::Fairy) | mechanic_bit(Mechanic::Portal) |
    mechanic_bit(Mechanic::Princess) | mechanic_bit(Mechanic::Mayor) |
    mechanic_bit(Mechanic::Wagon) | mechanic_bit(Mechanic::Barn);

std::optional<Move> figure_mechanic_action(const GameState& state, Pcg32& rng, MoveList& scratch) {
  if ((state.rules().mechanics & kFigureActionMechanics) == 0) return std::nullopt;
  state.legal_moves(scratch);
  const Move skip = Move::simple(MoveKind::Skip);
  bool skip_legal = false;
  int count = 0;
  for (const Move& move : scratch) {
    skip_legal = skip_legal || move == skip;
    count += mechanic_figure_action(move.kind);
  }
  if (!skip_legal)  // compelled: every legal move is the princess's
    return random_move(scratch, rng);
  if (count == 0 || rng.below(4) != 0) return std::nullopt;
  int chosen = static_cast<int>(rng.below(static_cast<std::uint32_t>(count)));
  for (const Move& move : scratch)
    if (mechanic_figure_action(move.kind) && chosen-- == 0) return move;
  return std::nullopt;
}

}  // namespace

int mcts_rollout(GameState& state, Pcg32& rng, MoveList& scratch, int turns, double follow) {
  const auto skip_below = static_cast<std::uint32_t>(std::lround((1.0 - follow) * 1024.0));
  int applied = 0;
  const int last_turn = turns < 0 ? std::numeric_limits<int>::max() : state.turn_number() + turns;
  const Move pass = Move::simple(MoveKind::Pass);
  const Move skip = Move::simple(MoveKind::Skip);
  for (; !state.over(); ++applied) {
    if (state.turn_number() > last_turn) break;
    switch (state.phase()) {
      case Phase::AuctionBid:
        // Outbidding in a rollout is noise: pass, or open at the minimum when one must bid.
        state.apply_unchecked(state.check(pass) ? Move::bid(state.highest_bid() + 1) : pass);
        continue;
      case Phase::AbbeyChoice:
      case Phase::AbbeyRound:
      case Phase::WagonMove: {
        // Abbey & Mayor: draw, keeping the abbey, seven times in eight; in the abbey round play
        // it; a wagon rolls on wherever it can. (The last legal move is `draw` or `pass`.)
        state.legal_moves(scratch);
        const auto others = static_cast<std::uint32_t>(scratch.size() - 1);
        const bool keep = others == 0 || (state.phase() == Phase::AbbeyChoice && rng.below(8) != 0);
        state.apply_unchecked(keep ? scratch[static_cast<int>(others)]
                                   : scratch[static_cast<int>(rng.below(others))]);
        continue;
      }
      case Phase::Follower: {
        if (state.bridge_required()) break;
        if (const std::optional<Move> action = figure_mechanic_action(state, rng, scratch)) {
          state.apply_unchecked(*action);
          continue;
        }
        if (rng.below(1024) < skip_below) {
          state.apply_unchecked(skip);
          continue;
        }
        // A follower on a random free feature of the new tile (no optional bridges); with Inns &
        // Cathedrals, the large follower instead a quarter of the time it is in supply (always
        // when no follower is left).
        const PlacedTile& tile = state.placed_tiles()[static_cast<std::size_t>(state.turn_tile())];
        // Traders & Builders: the builder on one of its owner's open roads or cities half the
        // time it can go there; else the pig on a farm where its owner has the majority half the
        // time. (No random number is drawn when neither can go: other games roll out as before.)
        if (const std::optional<Move> special = special_deployment(state, rng, scratch)) {
          state.apply_unchecked(*special);
          continue;
        }
        const bool large =
            state.figures_in_supply(state.turn_player(), FigureKind::LargeFollower) > 0 &&
            (state.followers_in_supply(state.turn_player()) == 0 || rng.below(4) == 0);
        const FigureKind kind = large ? FigureKind::LargeFollower : FigureKind::Follower;
        std::array<int, kMaxPrintedSegments + 1> options{};
        int count = 0;
        for (int s = 0; s < tile_spec(tile.type).segment_count; ++s)
          if (state.can_deploy(s, kind)) options[static_cast<std::size_t>(count++)] = s;
        if (state.can_deploy(kBridgeSegment, kind))
          options[static_cast<std::size_t>(count++)] = kBridgeSegment;
        if (count == 0) {
          state.apply_unchecked(skip);
          continue;
        }
        const int segment = options[rng.below(static_cast<std::uint32_t>(count))];
        state.apply_unchecked(large ? Move::large(segment) : Move::meeple(segment));
        continue;
      }
      default:
        break;
    }
    state.legal_moves(scratch);
    state.apply_unchecked(random_move(scratch, rng));
  }
  return applied;
}

MctsOptions tuned_for_rules(MctsOptions options, const RuleSet& rules) {
  // Any of the four later expansions (the families from Inns & Cathedrals on, mixed included).
  const bool figures_and_dragons = value_family(rules) >= kInnsCathedralsFamily;
  // With the learned evaluation, Princess & Dragon (alone or with BCB) takes rollouts again: on
  // the tuning decks they won 0.890 against greedy where none won 0.800 (the same 100 games);
  // with Abbey & Mayor they did worse (docs/BOTS.md). Why is a hypothesis, not yet tested on its
  // own: the dragon's journeys in the rollouts may price a risk to followers the evaluation does
  // not see.
  const bool learned_dragon = options.learned_value && value_family(rules) == kPrincessDragonFamily;
  if (!options.rollout_turns)
    options.rollout_turns = !figures_and_dragons || learned_dragon ? 8 : 0;
  // With the learned evaluation, a light root bias in base and BCB: 0.945 against greedy where
  // none won 0.920 on the same 100 tuning games (docs/BOTS.md).
  if (!options.bias) options.bias = figures_and_dragons ? 5.0 : (options.learned_value ? 1.0 : 0.0);
  if (!options.reward_scale) options.reward_scale = figures_and_dragons ? 30.0 : 10.0;
  if (options.playouts > 0 && options.mixed_playouts > 0 && value_family(rules) == kMixedFamily)
    options.playouts = options.mixed_playouts;
  return options;
}

int mcts_greedy_rollout(GameState& state, Pcg32& rng, MoveList& scratch, int turns) {
  int applied = 0;
  const int last_turn = turns < 0 ? std::numeric_limits<int>::max() : state.turn_number() + turns;
  for (; !state.over() && state.turn_number() <= last_turn; ++applied) {
    if (state.phase() == Phase::DragonMove) {
      // The greedy bot's look-ahead over the journey is too slow for a rollout.
      state.legal_moves(scratch);
      state.apply_unchecked(random_move(scratch, rng));
      continue;
    }
    state.apply_unchecked(greedy_move(state));
  }
  return applied;
}

Move MctsBot::choose_move(const Observation& seen) {
  const GameState& state = seen.state();
  const auto started = std::chrono::steady_clock::now();
  ++decisions_;
  stats_ = MctsStats{};
  {
    auto moves = std::make_unique<MoveList>();
    state.legal_moves(*moves);
    if (moves->size() == 1) return (*moves)[0];  // nothing to think about
  }
  const int threads = std::max(1, options_.threads);
  const MctsOptions tuned = tuned_for_rules(options_, state.rules());
  std::vector<std::unique_ptr<SearchTree>> trees;
  for (int t = 0; t < threads; ++t) {
    // Each decision and thread has its own stream, fixed by the bot's seed.
    const std::uint64_t seed = options_.seed * 0x9e3779b97f4a7c15ULL + decisions_ * 1000003ULL +
                               static_cast<std::uint64_t>(t);
    trees.push_back(std::make_unique<SearchTree>(state, tuned, seed));
  }
  std::vector<std::uint64_t> playouts(static_cast<std::size_t>(threads), 0);
  const auto deadline = started + std::chrono::duration<double, std::milli>(options_.milliseconds);
  auto search = [&](int t) {
    SearchTree& tree = *trees[static_cast<std::size_t>(t)];
    std::uint64_t& done = playouts[static_cast<std::size_t>(t)];
    if (tuned.playouts > 0) {
      const std::uint64_t share =
          tuned.playouts / static_cast<std::uint64_t>(threads) +
          (static_cast<std::uint64_t>(t) < tuned.playouts % static_cast<std::uint64_t>(threads));
      for (; done < share; ++done) tree.iterate();
      return;
    }
    do {
      for (int i = 0; i < 16; ++i, ++done) tree.iterate();
    } while (std::chrono::steady_clock::now() < deadline);
  };
  if (threads == 1) {
    search(0);
  } else {
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back(search, t);
    for (std::thread& worker : workers) worker.join();
  }

  // Add up the root visits of all trees; play the most visited move (first in order on ties).
  std::vector<std::pair<Move, std::uint64_t>> totals;
  for (const auto& tree : trees) {
    for (const auto& [move, visits] : tree->root_visits()) {
      // (A named copy for the lambda: clang before 16 cannot capture a structured binding.)
      const Move& root_move = move;
      auto found = std::find_if(totals.begin(), totals.end(),
                                [&](const auto& entry) { return entry.first == root_move; });
      if (found == totals.end()) {
        totals.emplace_back(move, visits);
      } else {
        found->second += visits;
      }
    }
    stats_.nodes += tree->node_count();
  }
  for (std::uint64_t p : playouts) stats_.playouts += p;
  stats_.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto best =
      std::max_element(totals.begin(), totals.end(),
                       [](const auto& a, const auto& b) { return a.second < b.second; });
  return best->first;
}

}  // namespace carcassonne
