// GameState: creation, queries, the dispatch of decisions by phase, the turn flow and the
// consistency check. Placement and bridges are in placement.cpp, scoring and castles in
// scoring.cpp, the bazaar in bazaar.cpp.
#include "core/game.h"

#include <algorithm>
#include <bit>

#include "core/random.h"

namespace carcassonne {

namespace {
std::string square_name(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}
}  // namespace

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::PlaceTile:
      return "place";
    case Phase::Follower:
      return "meeple";
    case Phase::CastleChoice:
      return "castle";
    case Phase::Claim:
      return "claim";
    case Phase::AuctionChoose:
      return "choose";
    case Phase::AuctionBid:
      return "bid";
    case Phase::AuctionDecide:
      return "buy-or-sell";
    case Phase::GameOver:
      return "over";
  }
  return "?";
}

std::string_view score_category_name(ScoreCategory category) {
  switch (category) {
    case ScoreCategory::Road:
      return "roads";
    case ScoreCategory::City:
      return "cities";
    case ScoreCategory::Cloister:
      return "cloisters";
    case ScoreCategory::Farm:
      return "farms";
    case ScoreCategory::Castle:
      return "castles";
    case ScoreCategory::Bazaar:
      return "bazaars";
  }
  return "?";
}

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

int bridges_per_player(const RuleSet& rules, int players) {
  if (!rules.has(Expansion::BridgesCastlesBazaars)) return 0;
  return players >= 5 ? 2 : 3;
}
int castles_per_player(const RuleSet& rules, int players) {
  return bridges_per_player(rules, players);  // the same table: 3 each, 2 with 5-6 players
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
  const auto bridges = static_cast<std::uint8_t>(bridges_per_player(config.rules, config.players));
  const auto castles = static_cast<std::uint8_t>(castles_per_player(config.rules, config.players));
  for (int p = 0; p < config.players; ++p) {
    state.supply_[index(static_cast<PlayerId>(p))] = kFollowersPerPlayer;
    state.bridges_[index(static_cast<PlayerId>(p))] = bridges;
    state.castle_tokens_[index(static_cast<PlayerId>(p))] = castles;
  }
  state.bazaar_taken_.fill(kNoTile);
  state.place_tile(0, 0, config.start_tile, 0);
  state.start_turn(0);
  return state;
}

// ---------------------------------------------------------------------------------------------
// Queries

NodeId GameState::node_of(int tile, int segment) const {
  const PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
  if (segment == kBridgeSegment) return placed.bridge_node;
  return static_cast<NodeId>(placed.first_node + segment);
}

std::uint8_t GameState::segment_at(int tile, Port port) const {
  const PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
  if (placed.has_bridge() && is_side_middle(port)) {
    const int side = static_cast<int>(port_side(port));
    // A north-south bridge covers the N and S middles, an east-west one the E and W middles.
    if ((side % 2 == 0) == (placed.bridge_axis() == BridgeAxis::NorthSouth)) return kBridgeSegment;
  }
  return rotated_tile(placed.type, placed.rotation).port_segment[port];
}

PortMask GameState::segment_ports(int tile, int segment) const {
  const PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
  if (segment == kBridgeSegment) {
    if (!placed.has_bridge()) return 0;
    return placed.bridge_axis() == BridgeAxis::NorthSouth
               ? static_cast<PortMask>(port_bit(side_middle(Side::North)) |
                                       port_bit(side_middle(Side::South)))
               : static_cast<PortMask>(port_bit(side_middle(Side::East)) |
                                       port_bit(side_middle(Side::West)));
  }
  return rotated_tile(placed.type, placed.rotation)
      .segment_ports[static_cast<std::size_t>(segment)];
}

std::uint8_t GameState::segment_named(int tile, Port port) const {
  if (port == kCloisterPort) {
    const PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
    const int cloister = rotated_tile(placed.type, placed.rotation).cloister_segment;
    return cloister >= 0 ? static_cast<std::uint8_t>(cloister) : kNoSegment;
  }
  if (port >= kPortCount) return kNoSegment;
  std::uint8_t segment = segment_at(tile, port);
  // A half-edge of a city side touches the city (the city fills the whole side).
  if (segment == kNoSegment && !is_side_middle(port)) {
    const std::uint8_t middle = segment_at(tile, side_middle(port_side(port)));
    if (middle != kNoSegment && middle != kBridgeSegment &&
        tile_spec(placed_[static_cast<std::size_t>(tile)].type).segments[middle].kind ==
            FeatureKind::City)
      segment = middle;
  }
  return segment;
}

Port GameState::canonical_location(int tile, int segment) const {
  const PortMask ports = segment_ports(tile, segment);
  if (ports == 0) return kCloisterPort;
  const PortMask middles = ports & side_middles_mask();
  const PortMask pick = middles != 0 ? middles : ports;
  return static_cast<Port>(std::countr_zero(static_cast<unsigned>(pick)));
}

EdgeKind GameState::shown_edge(int tile, Side side) const {
  return signature_edge(placed_[static_cast<std::size_t>(tile)].shown_edges, side);
}

int GameState::feature_tile_count(NodeId root) const {
  // Members on the same tile count once: a member is a duplicate if an earlier segment of its
  // tile (printed segments in order, then the bridge) belongs to the same feature. Tiles have few
  // segments, so this needs no scratch memory.
  int tiles = 0;
  NodeId member = root;
  do {
    const FeatureNode& node = features_.node(member);
    const PlacedTile& placed = placed_[node.placed_tile];
    const int earlier =
        node.segment == kBridgeSegment ? tile_spec(placed.type).segment_count : node.segment;
    bool duplicate = false;
    for (int s = 0; s < earlier && !duplicate; ++s)
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
  if (phase_ != Phase::Follower || bridge_required_ || turn_tile_ < 0 ||
      supply_[index(turn_player_)] == 0)
    return false;
  const PlacedTile& placed = placed_[static_cast<std::size_t>(turn_tile_)];
  if (segment == kBridgeSegment) {
    if (!placed.has_bridge()) return false;
  } else if (segment < 0 || segment >= tile_spec(placed.type).segment_count) {
    return false;
  }
  return features_.node(feature_of(turn_tile_, segment)).followers == 0;
}

// ---------------------------------------------------------------------------------------------
// Decisions, dispatched by phase

void GameState::legal_moves(MoveList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::PlaceTile: {
      const bool bridges =
          rules_.has(Expansion::BridgesCastlesBazaars) && bridges_[index(turn_player_)] > 0;
      bool plain = false;
      for (const FrontierSquare& square : board_.frontier()) {
        const unsigned fits = fitting_rotations(tile_in_hand_, square.required);
        const unsigned repairable =
            bridges ? bridge_candidate_rotations(tile_in_hand_, square.required) : 0u;
        plain = plain || fits != 0;
        if ((fits | repairable) == 0) continue;
        for (Rotation r = 0; r < kRotationCount; ++r)
          if (((fits >> r) & 1u) ||
              (((repairable >> r) & 1u) && placement_fits_with_bridge(square, r)))
            out.push(Move::place(square.x, square.y, r));
      }
      if (!plain && rules_.has(Expansion::BridgesCastlesBazaars))
        out.push(Move::simple(MoveKind::Discard));
      break;
    }
    case Phase::Follower: {
      if (!bridge_built_ && bridges_[index(turn_player_)] > 0 &&
          rules_.has(Expansion::BridgesCastlesBazaars)) {
        const PlacedTile& t = placed_[static_cast<std::size_t>(turn_tile_)];
        static constexpr int kDx[] = {0, 0, 1, 0, -1}, kDy[] = {0, -1, 0, 1, 0};
        for (int i = 0; i < 5; ++i)
          for (BridgeAxis axis : {BridgeAxis::NorthSouth, BridgeAxis::EastWest})
            if (bridge_allowed(t.x + kDx[i], t.y + kDy[i], axis))
              out.push(Move::bridge(t.x + kDx[i], t.y + kDy[i], axis));
      }
      if (bridge_required_) break;
      const int segments =
          tile_spec(placed_[static_cast<std::size_t>(turn_tile_)].type).segment_count;
      for (int s = 0; s < segments; ++s)
        if (can_deploy(s)) out.push(Move::meeple(s));
      if (can_deploy(kBridgeSegment)) out.push(Move::meeple(kBridgeSegment));
      out.push(Move::simple(MoveKind::Skip));
      break;
    }
    case Phase::CastleChoice:
      out.push(Move::simple(MoveKind::Castle));
      out.push(Move::simple(MoveKind::Score));
      break;
    case Phase::Claim: {
      std::vector<const Completion*> candidates;
      claim_candidates(castle_cursor_, candidates);
      for (const Completion* c : candidates) out.push(claim_move(*c));
      break;
    }
    case Phase::AuctionChoose:
    case Phase::AuctionBid:
    case Phase::AuctionDecide:
      bazaar_moves(out);
      break;
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
    case Phase::PlaceTile:
      return check_place(move);
    case Phase::Follower:
      return check_follower_phase(move);
    case Phase::CastleChoice:
      if (move == Move::simple(MoveKind::Castle) || move == Move::simple(MoveKind::Score))
        return std::nullopt;
      return wrong_phase("the owner of the completed small city to choose castle or score");
    case Phase::Claim: {
      if (move.kind != MoveKind::Claim)
        return wrong_phase("the castle's owner to claim one of the completed features");
      if (!claim_target(move))
        return Error{ErrorCode::IllegalMove,
                     "that location names no feature the castle may claim (see the legal moves)"};
      return std::nullopt;
    }
    case Phase::AuctionChoose:
    case Phase::AuctionBid:
    case Phase::AuctionDecide:
      return check_bazaar(move);
  }
  return Error{ErrorCode::IllegalMove, "unknown phase"};
}

std::optional<Error> GameState::check_as(PlayerId actor, const Move& move) const {
  if (!over() && actor != decider_)
    return Error{ErrorCode::NotYourTurn, "it is player " + std::to_string(decider_) +
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
    case MoveKind::Place: {
      const int square = board_.frontier_index(move.x, move.y);
      bridge_required_ =
          !placement_fits(board_.frontier()[static_cast<std::size_t>(square)], move.rotation);
      place_tile(move.x, move.y, tile_in_hand_, move.rotation);
      tile_in_hand_ = kNoTile;
      phase_ = Phase::Follower;
      break;
    }
    case MoveKind::Discard:
      discarded_.push_back(tile_in_hand_);
      tile_in_hand_ = kNoTile;
      // In a bazaar round nobody draws: giving up the purchased tile ends that player's turn.
      if (bazaar_stage_ == BazaarStage::Round) {
        continue_bazaar_round();
      } else {
        draw_tile();
      }
      break;
    case MoveKind::Bridge:
      build_bridge(move.x, move.y, static_cast<BridgeAxis>(move.aux));
      break;
    case MoveKind::Meeple:
      deploy(move.segment);
      score_turn();
      break;
    case MoveKind::Skip:
      score_turn();
      break;
    case MoveKind::Castle:
      build_castle(small_cities_[static_cast<std::size_t>(small_city_cursor_++)]);
      continue_scoring();
      break;
    case MoveKind::Score:
      ++small_city_cursor_;
      continue_scoring();
      break;
    case MoveKind::Claim: {
      const int target = *claim_target(move);
      score_castle(castle_cursor_++, completed_[static_cast<std::size_t>(target)]);
      continue_scoring();
      break;
    }
    case MoveKind::Choose:
    case MoveKind::Bid:
    case MoveKind::Pass:
    case MoveKind::Buy:
    case MoveKind::Sell:
      apply_bazaar(move);
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Turn flow

void GameState::start_turn(PlayerId player) {
  turn_player_ = decider_ = player;
  turn_tile_ = -1;
  bridge_built_ = bridge_required_ = false;
  bridge_tile_ = -1;
  ++turn_number_;
  draw_tile();
}

void GameState::draw_tile() {
  while (next_draw_ < static_cast<int>(deck_.size())) {
    const TileType drawn = deck_[static_cast<std::size_t>(next_draw_++)];
    if (has_any_placement(drawn)) {
      tile_in_hand_ = drawn;
      tile_was_drawn_ = true;
      phase_ = Phase::PlaceTile;
      return;
    }
    discarded_.push_back(drawn);  // no legal placement: out of the game, draw again
  }
  finish_game();
}

bool GameState::has_plain_placement(TileType type) const {
  for (const FrontierSquare& square : board_.frontier())
    if (fitting_rotations(type, square.required) != 0) return true;
  return false;
}

void GameState::place_tile(int x, int y, TileType type, Rotation rotation) {
  const int index = static_cast<int>(placed_.size());
  const auto first = static_cast<NodeId>(features_.size());
  PlacedTile placed;
  placed.x = static_cast<std::int16_t>(x);
  placed.y = static_cast<std::int16_t>(y);
  placed.type = type;
  placed.rotation = rotation;
  placed.first_node = first;
  const TileSpec& spec = tile_spec(type);
  const RotatedTile& rotated = rotated_tile(type, rotation);
  placed.shown_edges = rotated.edge_signature;
  placed_.push_back(placed);
  for (int s = 0; s < spec.segment_count; ++s) {
    const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
    const int open = std::popcount(static_cast<unsigned>(
        rotated.segment_ports[static_cast<std::size_t>(s)] & side_middles_mask()));
    features_.add(segment.kind, static_cast<std::uint16_t>(index), static_cast<std::uint8_t>(s),
                  open, segment.pennants);
  }
  board_.place(x, y, index, rotated.edge_signature);
  for (int s = 0; s < kSideCount; ++s) unite_across(index, static_cast<Side>(s));
  turn_tile_ = index;
}

// Joins the segments of `tile` on `side` with those of its neighbour there (if any): the middle
// for roads and cities (closing two open ends), the two halves for fields.
void GameState::unite_across(int tile, Side side) {
  const PlacedTile& placed = placed_[static_cast<std::size_t>(tile)];
  const int neighbour = board_.tile_at(placed.x + side_dx(side), placed.y + side_dy(side));
  if (neighbour < 0) return;
  const Port middle = side_middle(side);
  for (Port port : {static_cast<Port>(middle - 1), middle, static_cast<Port>(middle + 1)}) {
    const std::uint8_t mine = segment_at(tile, port);
    const std::uint8_t theirs = segment_at(neighbour, facing_port(port));
    // A road may meet a field until this turn's bridge arrives: then nothing joins here yet.
    if (mine == kNoSegment || theirs == kNoSegment) continue;
    const NodeId root = features_.unite(node_of(tile, mine), node_of(neighbour, theirs));
    if (port == middle) features_.node(root).open_edges -= 2;  // both ends of the crossing
  }
}

void GameState::deploy(int segment) {
  const NodeId node = node_of(turn_tile_, segment);
  followers_.push_back(Follower{turn_player_, node});
  --supply_[index(turn_player_)];
  ++features_.root_data(node).followers;
}

// After the turn's scoring: a bazaar if one is due, the next purchased tile, or the next player.
void GameState::end_turn() {
  if (bazaar_stage_ == BazaarStage::Round) {
    continue_bazaar_round();
    return;
  }
  const bool bazaar_placed = tile_was_drawn_ && turn_tile_ >= 0 &&
                             tile_spec(placed_[static_cast<std::size_t>(turn_tile_)].type).bazaar;
  if (bazaar_placed && rules_.has(Expansion::BridgesCastlesBazaars) &&
      tiles_left_in_deck() >= player_count_) {
    start_bazaar();
    return;
  }
  next_turn();
}

void GameState::next_turn() {
  start_turn(static_cast<PlayerId>((turn_player_ + 1) % player_count_));
}

// ---------------------------------------------------------------------------------------------
// Analysis

void GameState::resample_hidden_deck(Pcg32& rng) {
  rng.shuffle(deck_.begin() + next_draw_, deck_.end());
}

std::array<int, kMaxPlayers> GameState::projected_final_scores() const {
  GameState copy = *this;
  copy.score_log_ = nullptr;  // the real game's log must not hear about this
  if (!copy.over()) copy.finish_game();
  return copy.scores_;
}

std::optional<GameState> GameState::hypothetical_turn(PlayerId player, TileType tile) const {
  if (over() || player < 0 || player >= player_count_ || tile >= kTileTypeCount)
    return std::nullopt;
  GameState copy = *this;
  copy.score_log_ = nullptr;
  copy.bazaar_stage_ = BazaarStage::None;
  copy.turn_player_ = copy.decider_ = player;
  copy.turn_tile_ = -1;
  copy.bridge_built_ = copy.bridge_required_ = false;
  copy.bridge_tile_ = -1;
  if (!copy.has_any_placement(tile)) return std::nullopt;
  copy.tile_in_hand_ = tile;
  copy.tile_was_drawn_ = false;
  copy.phase_ = Phase::PlaceTile;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Consistency

std::string GameState::check_invariants() const {
  // Followers, bridges and castle tokens are conserved.
  std::array<int, kMaxPlayers> on_board{}, castles_on_board{};
  for (const Follower& f : followers_) {
    if (f.player < 0 || f.player >= player_count_) return "follower of an unknown player";
    ++on_board[index(f.player)];
  }
  for (const Castle& c : castles_) ++castles_on_board[index(c.owner)];
  int bridges_placed = 0;
  for (const PlacedTile& t : placed_) bridges_placed += t.has_bridge();
  int bridges_total = 0;
  for (int p = 0; p < player_count_; ++p) {
    const auto i = index(static_cast<PlayerId>(p));
    if (on_board[i] + supply_[i] != kFollowersPerPlayer)
      return "followers of player " + std::to_string(p) + " are not conserved";
    if (castles_on_board[i] + castle_tokens_[i] != castles_per_player(rules_, player_count_))
      return "castle tokens of player " + std::to_string(p) + " are not conserved";
    bridges_total += bridges_[i];
  }
  if (bridges_total + bridges_placed != player_count_ * bridges_per_player(rules_, player_count_))
    return "bridges are not conserved";
  // Scores are the sum of their categories; bazaar payments and the bank add up to zero.
  int bazaar_total = 0;
  for (int p = 0; p < player_count_; ++p) {
    int sum = 0;
    for (int c : score_breakdown_[index(static_cast<PlayerId>(p))]) sum += c;
    if (sum != scores_[index(static_cast<PlayerId>(p))]) return "score breakdown does not add up";
    bazaar_total += score_in(static_cast<PlayerId>(p), ScoreCategory::Bazaar);
  }
  if (bazaar_total + bank_ != 0) return "bazaar payments do not sum to zero";
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
    if (node.segment != kBridgeSegment)
      pennants[root] += tile_spec(placed.type).segments[node.segment].pennants;
    const PortMask ports = segment_ports(node.placed_tile, node.segment);
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      if (!(ports & port_bit(side_middle(side)))) continue;
      const int other = board_.tile_at(placed.x + side_dx(side), placed.y + side_dy(side));
      if (other < 0 || segment_at(other, facing_port(side_middle(side))) == kNoSegment)
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
  // Placed tiles match their neighbours (but for a placement awaiting its bridge); the frontier
  // is exactly the empty squares beside tiles, with the edges they show.
  for (std::size_t i = 0; i < placed_.size(); ++i) {
    const PlacedTile& t = placed_[i];
    if (board_.tile_at(t.x, t.y) != static_cast<int>(i)) return "board and tile list disagree";
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const std::uint8_t segment = segment_at(static_cast<int>(i), side_middle(side));
      const EdgeKind expected =
          segment == kBridgeSegment
              ? EdgeKind::Road
              : signature_edge(rotated_tile(t.type, t.rotation).edge_signature, side);
      if (signature_edge(t.shown_edges, side) != expected) return "cached edges differ";
    }
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const int nx = t.x + side_dx(side), ny = t.y + side_dy(side);
      const int other = board_.tile_at(nx, ny);
      if (other >= 0) {
        const bool awaiting_bridge =
            bridge_required_ && (static_cast<int>(i) == turn_tile_ || other == turn_tile_);
        if (!awaiting_bridge &&
            shown_edge(static_cast<int>(i), side) != shown_edge(other, opposite(side)))
          return "edges of neighbouring tiles do not match at " + square_name(t.x, t.y);
      } else {
        const int f = board_.frontier_index(nx, ny);
        if (f < 0) return "empty square beside a tile is missing from the frontier";
        const FrontierSquare& sq = board_.frontier()[static_cast<std::size_t>(f)];
        const int shift = 2 * static_cast<int>(opposite(side));
        if (static_cast<EdgeKind>((sq.required >> shift) & 3) !=
            shown_edge(static_cast<int>(i), side))
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
  // Castles stand on completed two-segment cities marked as castles.
  for (const Castle& c : castles_) {
    const NodeId root = features_.find_const(c.city);
    if (!features_.node(root).castle || features_.node(root).open_edges != 0)
      return "castle on something that is not a completed castle city";
    if ((features_.node(root).followers == 1) != c.occupied) return "castle occupancy differs";
  }
  // The pending decision is possible.
  if (phase_ == Phase::PlaceTile && (tile_in_hand_ == kNoTile || !has_any_placement(tile_in_hand_)))
    return "tile in hand cannot be placed";
  if (phase_ == Phase::Follower && turn_tile_ < 0) return "follower phase without a placed tile";
  if (!over()) {
    MoveList moves;
    legal_moves(moves);
    if (moves.empty()) return "no legal move in phase " + std::string(phase_name(phase_));
  }
  return {};
}

bool GameState::operator==(const GameState& other) const {
  if (!(rules_ == other.rules_ && player_count_ == other.player_count_ && phase_ == other.phase_ &&
        turn_player_ == other.turn_player_ && decider_ == other.decider_ &&
        tile_in_hand_ == other.tile_in_hand_ && turn_tile_ == other.turn_tile_ &&
        turn_number_ == other.turn_number_ && bridge_built_ == other.bridge_built_ &&
        bridge_required_ == other.bridge_required_ && deck_ == other.deck_ &&
        next_draw_ == other.next_draw_ && discarded_ == other.discarded_ &&
        placed_ == other.placed_ && board_ == other.board_ && followers_ == other.followers_ &&
        supply_ == other.supply_ && bridges_ == other.bridges_ &&
        castle_tokens_ == other.castle_tokens_ && scores_ == other.scores_ &&
        score_breakdown_ == other.score_breakdown_ && bank_ == other.bank_ &&
        castles_ == other.castles_ && bazaar_stage_ == other.bazaar_stage_ &&
        bazaar_offer_ == other.bazaar_offer_ && bazaar_taken_ == other.bazaar_taken_ &&
        auctioneer_ == other.auctioneer_ && auction_tile_ == other.auction_tile_ &&
        highest_bid_ == other.highest_bid_ && highest_bidder_ == other.highest_bidder_ &&
        bidder_ == other.bidder_ && bazaar_host_ == other.bazaar_host_ &&
        round_player_ == other.round_player_ && bazaar_turns_left_ == other.bazaar_turns_left_ &&
        tile_was_drawn_ == other.tile_was_drawn_ && bridge_tile_ == other.bridge_tile_ &&
        completed_ == other.completed_ && small_cities_ == other.small_cities_ &&
        small_city_cursor_ == other.small_city_cursor_ && castle_cursor_ == other.castle_cursor_ &&
        features_.size() == other.features_.size()))
    return false;
  // Features: same partition, same data at the roots (parent pointers may differ by compression).
  for (int id = 0; id < features_.size(); ++id) {
    const NodeId a = features_.find_const(static_cast<NodeId>(id));
    const NodeId b = other.features_.find_const(static_cast<NodeId>(id));
    if (a != b) return false;
    const FeatureNode& x = features_.node(a);
    const FeatureNode& y = other.features_.node(b);
    if (x.kind != y.kind || x.member_count != y.member_count || x.open_edges != y.open_edges ||
        x.pennants != y.pennants || x.followers != y.followers || x.scored != y.scored ||
        x.castle != y.castle)
      return false;
  }
  return true;
}

}  // namespace carcassonne
