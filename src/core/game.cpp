#include "core/game.h"

#include <algorithm>
#include <bit>

#include "core/random.h"

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

std::string square_name(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}

}  // namespace

std::vector<TileType> shuffled_deck(const RuleSet& rules, TileType start_tile, std::uint64_t seed) {
  std::vector<TileType> deck;
  bool start_removed = false;
  for (int t = 0; t < kTileTypeCount; ++t) {
    const TileSpec& spec = kTileCatalogue[static_cast<std::size_t>(t)];
    if (!rules.has(spec.expansion)) continue;
    for (int copy = 0; copy < spec.count; ++copy) {
      if (t == start_tile && !start_removed) {
        start_removed = true;  // the start tile is one of the box's copies
        continue;
      }
      deck.push_back(static_cast<TileType>(t));
    }
  }
  Pcg32 rng(seed);
  rng.shuffle(deck.begin(), deck.end());
  return deck;
}

Result<GameState> GameState::create(const GameConfig& config) {
  if (config.players < kMinPlayers || config.players > kMaxPlayers)
    return Error{ErrorCode::BadPlayerCount,
                 "a game needs 2 to 6 players, not " + std::to_string(config.players)};
  if (config.start_tile >= kTileTypeCount)
    return Error{ErrorCode::UnknownTile, "unknown start tile"};
  if (config.deck.size() > static_cast<std::size_t>(kMaxDeckSize))
    return Error{ErrorCode::OutOfRange,
                 "a deck may hold at most " + std::to_string(kMaxDeckSize) + " tiles"};
  for (TileType t : config.deck)
    if (t >= kTileTypeCount) return Error{ErrorCode::UnknownTile, "unknown tile in deck"};

  GameState state;
  state.rules_ = config.rules;
  state.player_count_ = config.players;
  state.deck_ = config.deck;
  state.placed_.reserve(config.deck.size() + 1);
  state.features_.reserve((config.deck.size() + 1) * 6);
  state.followers_.reserve(static_cast<std::size_t>(config.players * kFollowersPerPlayer));
  for (int p = 0; p < config.players; ++p)
    state.supply_[static_cast<std::size_t>(p)] = kFollowersPerPlayer;
  state.place_tile(0, 0, config.start_tile, 0);
  state.current_player_ = 0;
  state.begin_turn();
  return state;
}

// ---------------------------------------------------------------------------------------------
// Queries

std::uint8_t GameState::segment_at(int tile, Port port) const {
  const PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
  return rotated_tile(placed.type, placed.rotation).port_segment[port];
}

NodeId GameState::feature_of(int tile, int segment) const {
  return features_.find_const(
      static_cast<NodeId>(placed_[static_cast<std::size_t>(tile)].first_node + segment));
}

int GameState::feature_tile_count(NodeId root) const {
  // Members on the same tile count once: a member is a duplicate if an earlier segment of its
  // tile belongs to the same feature. Tiles have few segments, so this needs no scratch memory.
  int tiles = 0;
  NodeId member = root;
  do {
    const FeatureNode& node = features_.node(member);
    const PlacedTile& placed = placed_[node.placed_tile];
    bool duplicate = false;
    for (int s = 0; s < node.segment && !duplicate; ++s)
      duplicate = features_.find_const(static_cast<NodeId>(placed.first_node + s)) == root;
    if (!duplicate) ++tiles;
    member = node.next_member;
  } while (member != root);
  return tiles;
}

bool GameState::feature_complete(NodeId root) const {
  const FeatureNode& node = features_.node(root);
  switch (node.kind) {
    case FeatureKind::Road:
    case FeatureKind::City:
      return node.open_edges == 0;
    case FeatureKind::Cloister: {
      const PlacedTile& placed = placed_[node.placed_tile];
      return board_.occupied_neighbours8(placed.x, placed.y) == 8;
    }
    case FeatureKind::Field:
      return false;
  }
  return false;
}

bool GameState::can_deploy(int segment) const {
  if (turn_tile_ < 0 || supply_[static_cast<std::size_t>(current_player_)] == 0) return false;
  const PlacedTile& placed = placed_[static_cast<std::size_t>(turn_tile_)];
  if (segment < 0 || segment >= tile_spec(placed.type).segment_count) return false;
  return features_.node(feature_of(turn_tile_, segment)).followers == 0;
}

bool GameState::has_any_placement(TileType type) const {
  for (const FrontierSquare& square : board_.frontier())
    if (fitting_rotations(type, square.required) != 0) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Legality: the generator and the checker share fits() and can_deploy().

void GameState::legal_moves(MoveList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::PlaceTile:
      for (const FrontierSquare& square : board_.frontier()) {
        const unsigned rotations = fitting_rotations(tile_in_hand_, square.required);
        for (Rotation r = 0; r < kRotationCount; ++r)
          if ((rotations >> r) & 1u) out.push(Move::place(square.x, square.y, r));
      }
      break;
    case Phase::Follower: {
      const int segments =
          tile_spec(placed_[static_cast<std::size_t>(turn_tile_)].type).segment_count;
      for (int s = 0; s < segments; ++s)
        if (can_deploy(s)) out.push(Move::meeple(s));
      out.push(Move::simple(MoveKind::Skip));
      break;
    }
    case Phase::GameOver:
      break;
  }
}

std::optional<Error> GameState::check(const Move& move) const {
  auto wrong_phase = [&](std::string_view expected) {
    return Error{ErrorCode::WrongPhase, "the game is waiting for " + std::string(expected)};
  };
  switch (phase_) {
    case Phase::GameOver:
      return Error{ErrorCode::GameOver, "the game is over"};
    case Phase::PlaceTile: {
      if (move.kind != MoveKind::Place) return wrong_phase("the tile in hand to be placed");
      const Move canonical = Move::place(move.x, move.y, move.rotation);
      if (!(canonical == move)) return Error{ErrorCode::BadNotation, "malformed place move"};
      if (move.rotation >= kRotationCount)
        return Error{ErrorCode::OutOfRange, "rotation must be r0, r90, r180 or r270"};
      const std::string where = square_name(move.x, move.y);
      if (board_.occupied(move.x, move.y))
        return Error{ErrorCode::IllegalMove, "square " + where + " already holds a tile"};
      const int index = board_.frontier_index(move.x, move.y);
      if (index < 0)
        return Error{ErrorCode::IllegalMove,
                     "square " + where + " shares no side with a placed tile"};
      const FrontierSquare& square = board_.frontier()[static_cast<std::size_t>(index)];
      if (!fits(tile_in_hand_, square, move.rotation)) {
        const std::uint8_t signature = rotated_tile(tile_in_hand_, move.rotation).edge_signature;
        constexpr std::array<std::string_view, 4> kSideNames = {"north", "east", "south", "west"};
        for (int s = 0; s < kSideCount; ++s) {
          const int shift = 2 * s;
          if (((square.required >> shift) & 3) && ((signature ^ square.required) >> shift & 3)) {
            constexpr std::array<std::string_view, 4> kKinds = {"?", "field", "road", "city"};
            return Error{ErrorCode::IllegalMove,
                         "tile " + std::string(tile_spec(tile_in_hand_).id) + " at " + where +
                             " r" + std::to_string(90 * move.rotation) + ": its " +
                             std::string(kKinds[(signature >> shift) & 3]) + " on the " +
                             std::string(kSideNames[static_cast<std::size_t>(s)]) +
                             " side meets a " +
                             std::string(kKinds[(square.required >> shift) & 3])};
          }
        }
        return Error{ErrorCode::IllegalMove, "tile does not fit at " + where};
      }
      return std::nullopt;
    }
    case Phase::Follower: {
      if (move.kind == MoveKind::Skip)
        return move == Move::simple(MoveKind::Skip)
                   ? std::nullopt
                   : std::optional<Error>(Error{ErrorCode::BadNotation, "malformed skip"});
      if (move.kind != MoveKind::Meeple) return wrong_phase("a follower to be deployed or skip");
      if (!(Move::meeple(move.segment) == move))
        return Error{ErrorCode::BadNotation, "malformed meeple move"};
      const PlacedTile& placed = placed_[static_cast<std::size_t>(turn_tile_)];
      if (move.segment >= tile_spec(placed.type).segment_count)
        return Error{ErrorCode::OutOfRange, "no such feature on the tile just placed"};
      if (supply_[static_cast<std::size_t>(current_player_)] == 0)
        return Error{ErrorCode::IllegalMove, "no follower left in supply"};
      if (!can_deploy(move.segment)) {
        const FeatureKind kind = tile_spec(placed.type).segments[move.segment].kind;
        return Error{ErrorCode::IllegalMove,
                     "the " + std::string(feature_kind_name(kind)) + " already has a follower"};
      }
      return std::nullopt;
    }
  }
  return Error{ErrorCode::IllegalMove, "unknown phase"};
}

std::optional<Error> GameState::check_as(PlayerId actor, const Move& move) const {
  if (!over() && actor != current_player_)
    return Error{ErrorCode::NotYourTurn, "it is player " + std::to_string(current_player_) +
                                             "'s decision, not player " + std::to_string(actor) +
                                             "'s"};
  return check(move);
}

Result<bool> GameState::apply_as(PlayerId actor, const Move& move) {
  if (auto error = check_as(actor, move)) return *error;
  apply_unchecked(move);
  return true;
}

Result<bool> GameState::apply(const Move& move) {
  if (auto error = check(move)) return *error;
  apply_unchecked(move);
  return true;
}

void GameState::apply_unchecked(const Move& move) {
  assert(!check(move).has_value());
  switch (move.kind) {
    case MoveKind::Place:
      place_tile(move.x, move.y, tile_in_hand_, move.rotation);
      tile_in_hand_ = kNoTile;
      phase_ = Phase::Follower;
      break;
    case MoveKind::Meeple:
      deploy(move.segment);
      finish_turn();
      break;
    case MoveKind::Skip:
      finish_turn();
      break;
    default:
      assert(false && "move kind not used by this rule set");
  }
}

// ---------------------------------------------------------------------------------------------
// Turn flow

void GameState::begin_turn() {
  turn_tile_ = -1;
  while (next_draw_ < static_cast<int>(deck_.size())) {
    const TileType drawn = deck_[static_cast<std::size_t>(next_draw_++)];
    if (has_any_placement(drawn)) {
      tile_in_hand_ = drawn;
      phase_ = Phase::PlaceTile;
      return;
    }
    discarded_.push_back(drawn);  // no legal placement: out of the game, draw again
  }
  finish_game();
}

void GameState::place_tile(int x, int y, TileType type, Rotation rotation) {
  const int index = static_cast<int>(placed_.size());
  const auto first = static_cast<NodeId>(features_.size());
  placed_.push_back(PlacedTile{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y), type,
                               rotation, first});
  const TileSpec& spec = tile_spec(type);
  const RotatedTile& rotated = rotated_tile(type, rotation);
  for (int s = 0; s < spec.segment_count; ++s) {
    const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
    const int open = std::popcount(static_cast<unsigned>(
        rotated.segment_ports[static_cast<std::size_t>(s)] & side_middles_mask()));
    features_.add(segment.kind, static_cast<std::uint16_t>(index), static_cast<std::uint8_t>(s),
                  open, segment.pennants);
  }
  board_.place(x, y, index, rotated.edge_signature);
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    const int neighbour = board_.tile_at(x + side_dx(side), y + side_dy(side));
    if (neighbour < 0) continue;
    const Port middle = side_middle(side);
    for (Port port : {static_cast<Port>(middle - 1), middle, static_cast<Port>(middle + 1)}) {
      const std::uint8_t mine = segment_at(index, port);
      const std::uint8_t theirs = segment_at(neighbour, facing_port(port));
      if (mine == kNoSegment || theirs == kNoSegment) continue;
      const NodeId root = features_.unite(
          static_cast<NodeId>(first + mine),
          static_cast<NodeId>(placed_[static_cast<std::size_t>(neighbour)].first_node + theirs));
      if (port == middle) features_.node(root).open_edges -= 2;  // both ends of the crossing
    }
  }
  turn_tile_ = index;
}

void GameState::deploy(int segment) {
  const auto node =
      static_cast<NodeId>(placed_[static_cast<std::size_t>(turn_tile_)].first_node + segment);
  followers_.push_back(Follower{current_player_, node});
  --supply_[static_cast<std::size_t>(current_player_)];
  ++features_.root_data(node).followers;
}

void GameState::finish_turn() {
  score_completed_features();
  current_player_ = static_cast<PlayerId>((current_player_ + 1) % player_count_);
  begin_turn();
}

// ---------------------------------------------------------------------------------------------
// Scoring

void GameState::score_completed_features() {
  const PlacedTile placed = placed_[static_cast<std::size_t>(turn_tile_)];
  const TileSpec& spec = tile_spec(placed.type);
  std::array<NodeId, kMaxPrintedSegments> done{};
  int done_count = 0;
  for (int s = 0; s < spec.segment_count; ++s) {
    const FeatureKind kind = spec.segments[static_cast<std::size_t>(s)].kind;
    if (kind != FeatureKind::Road && kind != FeatureKind::City) continue;
    const NodeId root = features_.find(static_cast<NodeId>(placed.first_node + s));
    const FeatureNode& node = features_.node(root);
    if (node.open_edges != 0 || node.scored) continue;
    if (std::find(done.begin(), done.begin() + done_count, root) != done.begin() + done_count)
      continue;
    done[static_cast<std::size_t>(done_count++)] = root;
  }
  for (int i = 0; i < done_count; ++i) score_feature(done[static_cast<std::size_t>(i)], false);

  // A cloister completes when the last of its eight neighbours arrives: look around the new tile.
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int tile = board_.tile_at(placed.x + dx, placed.y + dy);
      if (tile < 0) continue;
      const PlacedTile& other = placed_[static_cast<std::size_t>(tile)];
      const int cloister = rotated_tile(other.type, other.rotation).cloister_segment;
      if (cloister < 0) continue;
      const auto node = static_cast<NodeId>(other.first_node + cloister);
      if (features_.node(node).scored) continue;
      if (board_.occupied_neighbours8(other.x, other.y) == 8) score_feature(node, false);
    }
}

std::uint8_t GameState::majority(NodeId root) const {
  std::array<int, kMaxPlayers> count{};
  for (const Follower& f : followers_)
    if (features_.find_const(f.node) == root) ++count[static_cast<std::size_t>(f.player)];
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
    ++supply_[static_cast<std::size_t>(followers_[i].player)];
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

void GameState::finish_game() {
  phase_ = Phase::GameOver;
  tile_in_hand_ = kNoTile;
  turn_tile_ = -1;
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
    event.cities = static_cast<int>(cities.size());
    event.points = 3 * event.cities;
    event.winners = majority(farm);
    const PlacedTile& where = placed_[features_.node(farm).placed_tile];
    event.x = where.x;
    event.y = where.y;
    add_points(event.winners, event.points, ScoreCategory::Farm);
    log(event);
    return_followers(farm);
  }
}

// ---------------------------------------------------------------------------------------------
// Consistency

std::string GameState::check_invariants() const {
  // Followers are conserved.
  std::array<int, kMaxPlayers> on_board{};
  for (const Follower& f : followers_) {
    if (f.player < 0 || f.player >= player_count_) return "follower of an unknown player";
    ++on_board[static_cast<std::size_t>(f.player)];
  }
  for (int p = 0; p < player_count_; ++p)
    if (on_board[static_cast<std::size_t>(p)] + supply_[static_cast<std::size_t>(p)] !=
        kFollowersPerPlayer)
      return "followers of player " + std::to_string(p) + " are not conserved";
  // Scores are the sum of their categories.
  for (int p = 0; p < player_count_; ++p) {
    int sum = 0;
    for (int c : score_breakdown_[static_cast<std::size_t>(p)]) sum += c;
    if (sum != scores_[static_cast<std::size_t>(p)]) return "score breakdown does not add up";
  }
  // Root data equals a recomputation from the members.
  const int n = features_.size();
  std::vector<int> members(static_cast<std::size_t>(n)), open(static_cast<std::size_t>(n)),
      pennants(static_cast<std::size_t>(n)), followers(static_cast<std::size_t>(n));
  for (int id = 0; id < n; ++id) {
    const FeatureNode& node = features_.node(static_cast<NodeId>(id));
    const NodeId root = features_.find_const(static_cast<NodeId>(id));
    if (features_.node(root).kind != node.kind) return "feature mixes kinds";
    ++members[root];
    const PlacedTile& placed = placed_[node.placed_tile];
    const TileSpec& spec = tile_spec(placed.type);
    pennants[root] += spec.segments[node.segment].pennants;
    const PortMask ports = rotated_tile(placed.type, placed.rotation).segment_ports[node.segment];
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      if ((ports & port_bit(side_middle(side))) &&
          !board_.occupied(placed.x + side_dx(side), placed.y + side_dy(side)))
        ++open[root];
    }
  }
  for (const Follower& f : followers_) ++followers[features_.find_const(f.node)];
  for (int id = 0; id < n; ++id) {
    const FeatureNode& node = features_.node(static_cast<NodeId>(id));
    if (node.parent != id) continue;
    if (node.member_count != members[static_cast<std::size_t>(id)]) return "member count differs";
    if (node.open_edges != open[static_cast<std::size_t>(id)]) return "open edge count differs";
    if (node.pennants != pennants[static_cast<std::size_t>(id)]) return "pennant count differs";
    if (node.followers != followers[static_cast<std::size_t>(id)]) return "follower count differs";
    int walked = 0;
    NodeId member = static_cast<NodeId>(id);
    do {
      if (features_.find_const(member) != id) return "member list leaves its feature";
      member = features_.node(member).next_member;
    } while (++walked <= n && member != id);
    if (walked != node.member_count) return "member list has the wrong length";
  }
  // Placed tiles match their neighbours; the frontier is exactly the empty squares beside tiles.
  for (std::size_t i = 0; i < placed_.size(); ++i) {
    const PlacedTile& t = placed_[i];
    if (board_.tile_at(t.x, t.y) != static_cast<int>(i)) return "board and tile list disagree";
    const std::uint8_t signature = rotated_tile(t.type, t.rotation).edge_signature;
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const int nx = t.x + side_dx(side), ny = t.y + side_dy(side);
      const int other = board_.tile_at(nx, ny);
      if (other >= 0) {
        const PlacedTile& o = placed_[static_cast<std::size_t>(other)];
        if (signature_edge(signature, side) !=
            signature_edge(rotated_tile(o.type, o.rotation).edge_signature, opposite(side)))
          return "edges of neighbouring tiles do not match at " + square_name(t.x, t.y);
      } else {
        const int f = board_.frontier_index(nx, ny);
        if (f < 0) return "empty square beside a tile is missing from the frontier";
        const FrontierSquare& sq = board_.frontier()[static_cast<std::size_t>(f)];
        const int shift = 2 * static_cast<int>(opposite(side));
        if (static_cast<EdgeKind>((sq.required >> shift) & 3) != signature_edge(signature, side))
          return "frontier requirement differs at " + square_name(nx, ny);
      }
    }
  }
  for (const FrontierSquare& sq : board_.frontier()) {
    if (board_.occupied(sq.x, sq.y)) return "frontier square is occupied";
    int neighbours = 0;
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const bool has = board_.occupied(sq.x + side_dx(side), sq.y + side_dy(side));
      neighbours += has;
      if (has != (((sq.required >> (2 * s)) & 3) != 0)) return "frontier demand without neighbour";
    }
    if (neighbours == 0) return "frontier square without neighbour";
  }
  // The pending decision is possible.
  if (phase_ == Phase::PlaceTile && (tile_in_hand_ == kNoTile || !has_any_placement(tile_in_hand_)))
    return "tile in hand cannot be placed";
  if (phase_ == Phase::Follower && turn_tile_ < 0) return "follower phase without a placed tile";
  return {};
}

bool GameState::operator==(const GameState& other) const {
  if (!(rules_ == other.rules_ && player_count_ == other.player_count_ && phase_ == other.phase_ &&
        current_player_ == other.current_player_ && tile_in_hand_ == other.tile_in_hand_ &&
        turn_tile_ == other.turn_tile_ && deck_ == other.deck_ && next_draw_ == other.next_draw_ &&
        discarded_ == other.discarded_ && placed_ == other.placed_ && board_ == other.board_ &&
        followers_ == other.followers_ && supply_ == other.supply_ && scores_ == other.scores_ &&
        score_breakdown_ == other.score_breakdown_ && features_.size() == other.features_.size()))
    return false;
  // Features: same partition, same data at the roots (parent pointers may differ by compression).
  for (int id = 0; id < features_.size(); ++id) {
    const NodeId a = features_.find_const(static_cast<NodeId>(id));
    const NodeId b = other.features_.find_const(static_cast<NodeId>(id));
    if (a != b) return false;
    const FeatureNode& x = features_.node(a);
    const FeatureNode& y = other.features_.node(b);
    if (x.kind != y.kind || x.member_count != y.member_count || x.open_edges != y.open_edges ||
        x.pennants != y.pennants || x.followers != y.followers || x.scored != y.scored)
      return false;
  }
  return true;
}

}  // namespace carcassonne
