// Scoring: features completed during a turn, castles (Bridges, Castles and Bazaars), and the
// final scoring at the end of the game.
//
// A turn's scoring may pause for decisions of players other than the active one, so it is a small
// resumable procedure over plain fields of the state (the state stays copyable):
//   1. collect the features this turn completed (roads and cities of the new tile and of this
//      turn's bridge, cloisters around the new tile), each with its completed value;
//   2. each completed small city whose owner has a castle token: CastleChoice (castle or score);
//   3. score the remaining completed features; followers return;
//   4. castle rounds: every castle built in an earlier turn that still holds its follower scores
//      the value of a completion (a feature, or another castle that scored) with a part in its
//      fief; with several candidates its owner claims one. A castle that scores is itself a
//      completion of the next round, so castles trigger each other in chains.
#include <algorithm>
#include <bit>

#include "core/game.h"

namespace carcassonne {

namespace {

constexpr ScoreCategory category_of(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::Road:
      return ScoreCategory::Road;
    case FeatureKind::City:
      return ScoreCategory::City;
    case FeatureKind::Cloister:
      return ScoreCategory::Cloister;
    case FeatureKind::Field:
      return ScoreCategory::Farm;
  }
  return ScoreCategory::Road;
}

}  // namespace

void GameState::score_turn() {
  completed_.clear();
  small_cities_.clear();
  small_city_cursor_ = 0;
  features_scored_ = false;
  const PlacedTile placed = placed_[static_cast<std::size_t>(turn_tile_)];
  auto consider = [&](NodeId node) {
    const NodeId root = features_.find(node);
    const FeatureNode& data = features_.node(root);
    if (data.open_edges != 0 || data.scored) return;
    for (const Completion& c : completed_)
      if (c.root == root) return;
    completed_.push_back(Completion{root, feature_value(root, false, nullptr), -1});
  };
  const TileSpec& spec = tile_spec(placed.type);
  for (int s = 0; s < spec.segment_count; ++s) {
    const FeatureKind kind = spec.segments[static_cast<std::size_t>(s)].kind;
    if (kind == FeatureKind::Road || kind == FeatureKind::City)
      consider(static_cast<NodeId>(placed.first_node + s));
  }
  if (bridge_tile_ >= 0) consider(placed_[static_cast<std::size_t>(bridge_tile_)].bridge_node);
  // A cloister completes when the last of its eight neighbours arrives: look around the new tile.
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int tile = board_.tile_at(placed.x + dx, placed.y + dy);
      if (tile < 0) continue;
      const PlacedTile& other = placed_[static_cast<std::size_t>(tile)];
      const int cloister = rotated_tile(other.type, other.rotation).cloister_segment;
      if (cloister < 0) continue;
      const auto node = static_cast<NodeId>(other.first_node + cloister);
      if (features_.node(node).scored || board_.occupied_neighbours8(other.x, other.y) != 8)
        continue;
      completed_.push_back(Completion{node, feature_value(node, false, nullptr), -1});
    }
  if (rules_.has(Expansion::BridgesCastlesBazaars)) {
    for (const Completion& c : completed_) {
      if (!is_small_city(c.root)) continue;
      const std::uint8_t owner = majority(c.root);
      if (std::popcount(static_cast<unsigned>(owner)) != 1) continue;  // unoccupied: nobody owns it
      if (castle_tokens_[static_cast<std::size_t>(std::countr_zero(owner))] > 0)
        small_cities_.push_back(c.root);
    }
  }
  continue_scoring();
}

void GameState::continue_scoring() {
  if (small_city_cursor_ < static_cast<int>(small_cities_.size())) {
    phase_ = Phase::CastleChoice;
    const NodeId city = small_cities_[static_cast<std::size_t>(small_city_cursor_)];
    decider_ = static_cast<PlayerId>(std::countr_zero(static_cast<unsigned>(majority(city))));
    return;
  }
  if (!features_scored_) {
    for (const Completion& c : completed_) score_feature(c.root, false);
    features_scored_ = true;
    round_begin_ = 0;
    round_end_ = completed_.size();
    castle_cursor_ = 0;
  }
  std::vector<const Completion*> candidates;
  while (round_begin_ < round_end_) {
    for (; castle_cursor_ < static_cast<int>(castles_.size()); ++castle_cursor_) {
      claim_candidates(castle_cursor_, candidates);
      if (candidates.empty()) continue;
      if (candidates.size() == 1) {
        score_castle(castle_cursor_, *candidates.front());
        continue;
      }
      phase_ = Phase::Claim;
      decider_ = castles_[static_cast<std::size_t>(castle_cursor_)].owner;
      return;
    }
    round_begin_ = round_end_;
    round_end_ = completed_.size();
    castle_cursor_ = 0;
  }
  decider_ = turn_player_;
  end_turn();
}

// ---------------------------------------------------------------------------------------------
// Castles

bool GameState::is_small_city(NodeId root) const {
  const FeatureNode& node = features_.node(root);
  if (node.kind != FeatureKind::City || node.member_count != 2 || node.castle) return false;
  NodeId member = root;
  do {
    const FeatureNode& m = features_.node(member);
    const PlacedTile& placed = placed_[m.placed_tile];
    if (!tile_spec(placed.type).segments[m.segment].castle_base) return false;
    member = m.next_member;
  } while (member != root);
  return true;
}

void GameState::build_castle(NodeId city) {
  const NodeId root = features_.find(city);
  const auto owner = static_cast<PlayerId>(std::countr_zero(static_cast<unsigned>(majority(root))));
  Castle castle;
  castle.city = root;
  castle.owner = owner;
  castle.built_turn = turn_number_;
  const FeatureNode& first = features_.node(root);
  const FeatureNode& second = features_.node(first.next_member);
  for (int i = 0; i < 2; ++i) {
    const PlacedTile& t = placed_[(i == 0 ? first : second).placed_tile];
    castle.x[i] = t.x;
    castle.y[i] = t.y;
  }
  // The fief: the two squares and the two squares on each side of them, along the shared edge.
  castle.min_x = std::min(castle.x[0], castle.x[1]);
  castle.max_x = std::max(castle.x[0], castle.x[1]);
  castle.min_y = std::min(castle.y[0], castle.y[1]);
  castle.max_y = std::max(castle.y[0], castle.y[1]);
  if (castle.x[0] == castle.x[1]) {
    --castle.min_x;
    ++castle.max_x;
  } else {
    --castle.min_y;
    ++castle.max_y;
  }
  castles_.push_back(castle);
  --castle_tokens_[index(owner)];
  FeatureNode& data = features_.node(root);
  data.castle = true;
  data.scored = true;  // never scored as a city; its follower stays in the castle
  completed_.erase(std::find_if(completed_.begin(), completed_.end(),
                                [root](const Completion& c) { return c.root == root; }));
}

bool GameState::touches_fief(const Castle& castle, const Completion& completion) const {
  if (completion.castle >= 0) {
    const Castle& other = castles_[static_cast<std::size_t>(completion.castle)];
    return castle.in_fief(other.x[0], other.y[0]) || castle.in_fief(other.x[1], other.y[1]);
  }
  // Any part of the feature; a cloister's only part is its own tile.
  NodeId member = completion.root;
  do {
    const FeatureNode& node = features_.node(member);
    const PlacedTile& placed = placed_[node.placed_tile];
    if (castle.in_fief(placed.x, placed.y)) return true;
    member = node.next_member;
  } while (member != completion.root);
  return false;
}

// Completions of the current round that castle `castle` may score: it must have been built in an
// earlier turn and still hold its follower.
void GameState::claim_candidates(int castle, std::vector<const Completion*>& out) const {
  out.clear();
  const Castle& c = castles_[static_cast<std::size_t>(castle)];
  if (!c.occupied || c.built_turn >= turn_number_) return;
  for (std::size_t i = round_begin_; i < round_end_; ++i)
    if (completed_[i].castle != castle && touches_fief(c, completed_[i]))
      out.push_back(&completed_[i]);
}

void GameState::score_castle(int castle, Completion completion) {
  Castle& c = castles_[static_cast<std::size_t>(castle)];
  const int value = completion.value;
  add_points(static_cast<std::uint8_t>(1u << c.owner), value, ScoreCategory::Castle);
  ScoreEvent event;
  event.category = ScoreCategory::Castle;
  event.points = value;
  event.winners = static_cast<std::uint8_t>(1u << c.owner);
  event.x = c.x[0];
  event.y = c.y[0];
  log(event);
  return_followers(features_.find(c.city));
  c.occupied = false;
  completed_.push_back(
      Completion{features_.find(c.city), value, static_cast<std::int16_t>(castle)});
}

Move GameState::claim_move(const Completion& completion) const {
  // Canonical name: the member on the earliest placed tile, at its canonical location.
  NodeId best = completion.root;
  NodeId member = completion.root;
  do {
    const FeatureNode& a = features_.node(member);
    const FeatureNode& b = features_.node(best);
    if (a.placed_tile < b.placed_tile || (a.placed_tile == b.placed_tile && a.segment < b.segment))
      best = member;
    member = a.next_member;
  } while (member != completion.root);
  const FeatureNode& node = features_.node(best);
  const PlacedTile& placed = placed_[node.placed_tile];
  return Move::claim(placed.x, placed.y, canonical_location(node.placed_tile, node.segment));
}

std::optional<int> GameState::claim_target(const Move& move) const {
  if (phase_ != Phase::Claim || move.kind != MoveKind::Claim) return std::nullopt;
  std::vector<const Completion*> candidates;
  claim_candidates(castle_cursor_, candidates);
  for (const Completion* c : candidates)
    if (claim_move(*c) == move) return static_cast<int>(c - completed_.data());
  return std::nullopt;
}

std::optional<Move> GameState::canonical_claim(int x, int y, Port port) const {
  if (phase_ != Phase::Claim) return std::nullopt;
  const int tile = board_.tile_at(x, y);
  if (tile < 0) return std::nullopt;
  const std::uint8_t segment = segment_named(tile, port);
  if (segment == kNoSegment) return std::nullopt;
  const NodeId root = feature_of(tile, segment);
  std::vector<const Completion*> candidates;
  claim_candidates(castle_cursor_, candidates);
  for (const Completion* c : candidates)
    if (c->root == root) return claim_move(*c);
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// Features

std::uint8_t GameState::majority(NodeId root) const {
  std::array<int, kMaxPlayers> count{};
  for (const Follower& f : followers_)
    if (features_.find_const(f.node) == root) ++count[index(f.player)];
  const int best = *std::max_element(count.begin(), count.end());
  std::uint8_t winners = 0;
  if (best == 0) return 0;
  for (int p = 0; p < player_count_; ++p)
    if (count[static_cast<std::size_t>(p)] == best)
      winners = static_cast<std::uint8_t>(winners | (1u << p));
  return winners;
}

int GameState::feature_value(NodeId root, bool final_scoring, int* tiles_out) const {
  const FeatureNode& node = features_.node(root);
  int tiles = 0, value = 0;
  switch (node.kind) {
    case FeatureKind::Road:
      tiles = feature_tile_count(root);
      value = tiles;
      break;
    case FeatureKind::City:
      tiles = feature_tile_count(root);
      value = final_scoring ? tiles + node.pennants : 2 * (tiles + node.pennants);
      break;
    case FeatureKind::Cloister: {
      const PlacedTile& placed = placed_[node.placed_tile];
      tiles = 1 + board_.occupied_neighbours8(placed.x, placed.y);
      value = tiles;
      break;
    }
    case FeatureKind::Field:
      break;
  }
  if (tiles_out != nullptr) *tiles_out = tiles;
  return value;
}

void GameState::add_points(std::uint8_t winners, int points, ScoreCategory category) {
  for (int p = 0; p < player_count_; ++p) {
    if (!(winners >> p & 1u)) continue;
    scores_[static_cast<std::size_t>(p)] += points;
    score_breakdown_[static_cast<std::size_t>(p)][static_cast<std::size_t>(category)] += points;
  }
}

void GameState::return_followers(NodeId root) {
  for (std::size_t i = followers_.size(); i-- > 0;) {
    if (features_.find(followers_[i].node) != root) continue;
    ++supply_[index(followers_[i].player)];
    --features_.node(root).followers;
    followers_[i] = followers_.back();
    followers_.pop_back();
  }
}

void GameState::score_feature(NodeId root, bool final_scoring) {
  FeatureNode& node = features_.node(root);
  if (!final_scoring) node.scored = true;
  if (node.followers == 0) return;  // nobody scores an unoccupied feature
  const std::uint8_t winners = majority(root);
  ScoreEvent event;
  event.category = category_of(node.kind);
  event.final_scoring = final_scoring;
  event.points = feature_value(root, final_scoring, &event.tiles);
  event.pennants = node.kind == FeatureKind::City ? node.pennants : 0;
  event.winners = winners;
  const PlacedTile& where = placed_[node.placed_tile];
  event.x = where.x;
  event.y = where.y;
  add_points(winners, event.points, event.category);
  log(event);
  return_followers(root);
}

// ---------------------------------------------------------------------------------------------
// The end of the game

void GameState::finish_game() {
  phase_ = Phase::GameOver;
  tile_in_hand_ = kNoTile;
  turn_tile_ = -1;
  decider_ = kNoPlayer;
  // Followers still in castles leave for nothing.
  for (Castle& castle : castles_) {
    if (!castle.occupied) continue;
    return_followers(features_.find(castle.city));
    castle.occupied = false;
  }
  // Incomplete roads, cities and cloisters with followers; each scoring removes its followers.
  for (std::size_t i = 0; i < followers_.size();) {
    const NodeId root = features_.find(followers_[i].node);
    if (features_.node(root).kind == FeatureKind::Field) {
      ++i;
      continue;
    }
    score_feature(root, true);
    i = 0;
  }
  score_farms();
}

void GameState::score_farms() {
  std::vector<NodeId> cities;  // final scoring only: allocation is fine here
  while (!followers_.empty()) {
    const NodeId farm = features_.find(followers_.front().node);
    assert(features_.node(farm).kind == FeatureKind::Field);
    cities.clear();
    NodeId member = farm;
    do {
      const FeatureNode& node = features_.node(member);
      const PlacedTile& placed = placed_[node.placed_tile];
      const std::uint16_t bordered = tile_spec(placed.type).segments[node.segment].bordered_cities;
      for (int k = 0; k < kMaxPrintedSegments; ++k) {
        if (!(bordered >> k & 1u)) continue;
        const NodeId city = features_.find(static_cast<NodeId>(placed.first_node + k));
        if (feature_complete(city) && std::find(cities.begin(), cities.end(), city) == cities.end())
          cities.push_back(city);
      }
      member = node.next_member;
    } while (member != farm);
    ScoreEvent event;
    event.category = ScoreCategory::Farm;
    event.final_scoring = true;
    for (NodeId city : cities) (features_.node(city).castle ? event.castles : event.cities) += 1;
    event.points = 3 * event.cities + 4 * event.castles;  // a castle supplies 4, a city 3
    event.winners = majority(farm);
    const PlacedTile& where = placed_[features_.node(farm).placed_tile];
    event.x = where.x;
    event.y = where.y;
    add_points(event.winners, event.points, ScoreCategory::Farm);
    log(event);
    return_followers(farm);
  }
}

}  // namespace carcassonne
