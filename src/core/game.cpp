// GameState: creation, the public entry points (legal moves, check, apply), observations and the
// consistency check. The turn flow is turn_flow.cpp; the base game's steps are placement.cpp,
// figure_step.cpp and scoring.cpp; each mechanic is in mechanics/.
#include "core/game.h"

#include <algorithm>
#include <bit>
#include <memory>

#include "core/mechanics/castles.h"
#include "core/mechanics/mechanics.h"
#include "core/random.h"
#include "core/turn_flow.h"

namespace carcassonne {

namespace {
std::string square_name(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}
}  // namespace

std::string_view phase_name(Phase phase) {
  return decision_row(phase).name;
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
    case ScoreCategory::Goods:
      return "goods";
    case ScoreCategory::Fairy:
      return "fairy";
  }
  return "?";
}

bool score_category_applies(const RuleSet& rules, ScoreCategory category) {
  for (const MechanicHooks& m : kMechanicTable)
    if (m.score_category == category) return rules.has(m.mechanic);
  return true;  // the base game's
}

std::vector<TileType> shuffled_deck(const RuleSet& rules, TileType start_tile, std::uint64_t seed) {
  std::vector<TileType> deck;
  bool start_removed = false;
  for (int t = 0; t < kTileTypeCount; ++t) {
    const TileSpec& spec = kTileCatalogue[static_cast<std::size_t>(t)];
    // Abbeys are held in hand, never shuffled into the draw pile.
    if (!rules.has(spec.expansion) || spec.abbey) continue;
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

int Outcome::winner_count() const {
  return std::popcount(static_cast<unsigned>(winners));
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
  if (config.scripted_draws.size() > static_cast<std::size_t>(2 * kMaxDeckSize))
    return Error{ErrorCode::OutOfRange, "too many scripted draws"};
  for (TileType t : config.scripted_draws)
    if (t >= kTileTypeCount && t != kNoTile)
      return Error{ErrorCode::UnknownTile, "unknown tile in the scripted draws"};

  GameState state;
  GameData& d = state.d_;
  d.rules = config.rules;
  d.player_count = config.players;
  d.deck.tiles = config.deck;
  d.deck.seeded = config.seed.has_value();
  d.deck.seed = config.seed.value_or(0);
  d.deck.script = config.scripted_draws;
  d.placed.reserve(config.deck.size() + 1);
  d.features.reserve((config.deck.size() + 1) * 6);
  d.followers.reserve(static_cast<std::size_t>(config.players * (kFollowersPerPlayer + 1)));
  d.players.per_player[static_cast<std::size_t>(FigureKind::Follower)] = kFollowersPerPlayer;
  for_each_mechanic(d, [&](const MechanicHooks& m) {
    if (m.setup != nullptr) m.setup(d);
  });
  for (int p = 0; p < config.players; ++p)
    d.players.figures[index(static_cast<PlayerId>(p))] = d.players.per_player;
  d.place_tile(0, 0, config.start_tile, 0);
  run_flow(d, start_part(d, 0, PartKind::Normal, kNoTile));
  return state;
}

// ---------------------------------------------------------------------------------------------
// Decisions: one generator per phase (turn_flow.h); check asks it, so the two cannot disagree.

void GameState::legal_moves(MoveList& out) const {
  out.clear();
  decision_row(phase()).moves(d_, out);
}

std::optional<Error> GameState::check(const Move& move) const {
  if (over()) return Error{ErrorCode::GameOver, "the game is over"};
  const DecisionRow& row = decision_row(phase());
  auto moves = std::make_unique<MoveList>();
  row.moves(d_, *moves);
  if (moves->contains(move)) return std::nullopt;
  if (auto why = row.explain(d_, move)) return why;
  return Error{ErrorCode::IllegalMove, "that action is not legal now (see the legal moves)"};
}

std::optional<Error> GameState::check_as(PlayerId actor, const Move& move) const {
  if (!over() && actor != current_player())
    return Error{ErrorCode::NotYourTurn, "it is player " + std::to_string(current_player()) +
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
  run_flow(d_, decision_row(phase()).apply(d_, move));
}

int GameState::claiming_castle() const {
  return castles::claiming_castle(d_);
}

std::optional<Move> GameState::canonical_claim(int x, int y, Port port) const {
  return castles::canonical_claim(d_, x, y, port);
}

bool GameState::can_deploy(int segment, FigureKind kind) const {
  if (!figure_info(kind).follower)  // a builder or pig: its mechanic's own test, through check
    return phase() == Phase::Follower && !check(Move::deploy(figure_info(kind).deploy, segment));
  return !figure_blocked(d_) && carcassonne::can_deploy(d_, kind, segment);
}

// ---------------------------------------------------------------------------------------------
// Observations and analysis

Outcome GameState::outcome() const {
  Outcome outcome;
  outcome.over = over();
  outcome.scores = d_.players.scores;
  outcome.best = d_.players.scores[0];
  for (int p = 1; p < player_count(); ++p)
    outcome.best = std::max(outcome.best, score(static_cast<PlayerId>(p)));
  for (int p = 0; p < player_count(); ++p)
    if (score(static_cast<PlayerId>(p)) == outcome.best)
      outcome.winners = static_cast<std::uint8_t>(outcome.winners | (1u << p));
  return outcome;
}

Observation GameState::observation(PlayerId player) const {
  return Observation(*this, player);
}

std::array<std::uint8_t, kTileTypeCount> GameState::undrawn_tile_counts() const {
  std::array<std::uint8_t, kTileTypeCount> counts{};
  for (std::size_t i = static_cast<std::size_t>(d_.deck.next); i < d_.deck.tiles.size(); ++i)
    ++counts[d_.deck.tiles[i]];
  return counts;
}

TileType GameState::tile_taken(int take) const {
  const DeckState& deck = d_.deck;
  if (take < 0 || take >= deck.next) return kNoTile;
  for (std::int16_t at : deck.face_down_at)
    if (at == take) return kNoTile;
  return deck.tiles[static_cast<std::size_t>(take)];
}

std::array<std::uint8_t, kTileTypeCount> GameState::unseen_tile_counts() const {
  std::array<std::uint8_t, kTileTypeCount> counts = undrawn_tile_counts();
  for (TileType t : d_.deck.face_down) ++counts[t];
  return counts;
}

std::vector<TileType> GameState::public_record_deck() const {
  const DeckState& deck = d_.deck;
  // The unseen tiles in canonical order: what stands in for the face-down takes, then the pile.
  std::array<std::uint8_t, kTileTypeCount> unseen = unseen_tile_counts();
  const auto take_unseen = [&](int take) {
    // A stand-in the replay takes as it was taken then: never one a mechanic would have set
    // aside at that take (a face-down take never is one); failing that, any.
    for (int pass = 0; pass < 2; ++pass)
      for (int t = 0; t < kTileTypeCount; ++t)
        if (unseen[static_cast<std::size_t>(t)] > 0 &&
            (pass == 1 || !mechanics_set_aside_at(d_, static_cast<TileType>(t), take))) {
          --unseen[static_cast<std::size_t>(t)];
          return static_cast<TileType>(t);
        }
    return kNoTile;  // unreachable: every face-down take is among the unseen tiles
  };
  std::vector<TileType> out;
  out.reserve(deck.tiles.size());
  std::size_t face_down = 0;
  for (int take = 0; take < deck.next; ++take) {
    const TileType tile = deck.tiles[static_cast<std::size_t>(take)];
    if (face_down < deck.face_down_at.size() && deck.face_down_at[face_down] == take) {
      ++face_down;
      out.push_back(take_unseen(take));
      continue;
    }
    // Set aside then and no longer (they came back with the first volcano): left out, so the
    // replay, which puts returned tiles after its last (it has no seed), takes them where this
    // game took them again, if it has. Before that volcano they changed nothing but the set-aside
    // pile; after it the two piles hold the same tiles.
    if (mechanics_set_aside_at(d_, tile, take) && !mechanics_set_aside(d_, tile)) continue;
    out.push_back(tile);
  }
  for (int t = 0; t < kTileTypeCount; ++t)
    out.insert(out.end(), unseen[static_cast<std::size_t>(t)], static_cast<TileType>(t));
  return out;
}

std::vector<int> GameState::dragon_journey() const {
  const DragonState& s = d_.mechanics.dragon;
  if (!s.journey) return {};
  return std::vector<int>(s.visited.begin(), s.visited.begin() + s.steps + 1);
}

void GameState::resample_hidden_deck(Pcg32& rng) {
  DeckState& deck = d_.deck;
  if (deck.face_down.empty()) {
    rng.shuffle(deck.tiles.begin() + deck.next, deck.tiles.end());
    return;
  }
  // Tiles set aside face down are as unknown as the deck: deal them again from the same pool.
  const std::size_t n = deck.face_down.size();
  deck.tiles.insert(deck.tiles.begin() + deck.next, deck.face_down.begin(), deck.face_down.end());
  rng.shuffle(deck.tiles.begin() + deck.next, deck.tiles.end());
  std::copy_n(deck.tiles.begin() + deck.next, n, deck.face_down.begin());
  deck.tiles.erase(deck.tiles.begin() + deck.next,
                   deck.tiles.begin() + deck.next + static_cast<std::ptrdiff_t>(n));
  deck.record_face_down_takes();
}

std::array<int, kMaxPlayers> GameState::projected_final_scores() const {
  GameState copy = *this;
  copy.d_.log_sink = {};  // the real game's log must not hear about this
  if (!copy.over()) finish_game(copy.d_);
  return copy.d_.players.scores;
}

std::optional<GameState> GameState::hypothetical_turn(PlayerId player, TileType tile) const {
  if (over() || player < 0 || player >= player_count() || tile >= kTileTypeCount)
    return std::nullopt;
  GameState copy = *this;
  GameData& d = copy.d_;
  d.log_sink = {};
  d.mechanics.bazaar.stage = BazaarStage::None;
  d.mechanics.bazaar.delayed.clear();
  d.mechanics.bazaar.resume = kNoPlayer;
  d.mechanics.builder = {};
  d.mechanics.dragon.journey = false;
  d.turn.player = d.flow.decider = player;
  d.turn.part = PartKind::Normal;
  d.turn.tile = -1;
  d.turn.given = kNoTile;
  d.turn.figure_done = false;
  d.turn.tile_closed = false;
  for_each_mechanic(d, [&](const MechanicHooks& m) {
    if (m.begin_part != nullptr) m.begin_part(d);
  });
  if (!d.has_any_placement(tile)) return std::nullopt;
  d.turn.in_hand = tile;
  d.turn.tile_drawn = false;
  d.flow.phase = Phase::PlaceTile;
  d.flow.step = static_cast<std::uint8_t>(TurnStep::PlaceTile);
  d.flow.step_entered = true;
  return copy;
}

Observation::Observation(const GameState& state, PlayerId viewer) : state_(state), viewer_(viewer) {
  DeckState& deck = state_.d_.deck;
  // The undrawn tiles and those set aside face down, as one sorted pool dealt out again: the
  // viewer knows their multiset, not which is where.
  const std::size_t n = deck.face_down.size();
  deck.tiles.insert(deck.tiles.begin() + deck.next, deck.face_down.begin(), deck.face_down.end());
  std::sort(deck.tiles.begin() + deck.next, deck.tiles.end());
  std::copy_n(deck.tiles.begin() + deck.next, n, deck.face_down.begin());
  deck.tiles.erase(deck.tiles.begin() + deck.next,
                   deck.tiles.begin() + deck.next + static_cast<std::ptrdiff_t>(n));
  deck.record_face_down_takes();
  // The seed would give the order away; whether tiles coming back are shuffled in (seeded) or go
  // last is a rule of the set-up, and stays. Future draws are not scripted for the viewer.
  deck.seed = 0;
  deck.script.clear();
  deck.script_next = 0;
  state_.d_.log_sink = {};
}

GameState Observation::sample_world(Pcg32& rng) const {
  GameState world = state_;
  world.resample_hidden_deck(rng);
  return world;
}

// ---------------------------------------------------------------------------------------------
// Consistency

std::string GameState::check_invariants() const {
  // Figures are conserved, kind by kind.
  std::array<std::array<int, kFigureKindCount>, kMaxPlayers> on_board{};
  for (const Follower& f : d_.followers) {
    if (f.player < 0 || f.player >= player_count()) return "follower of an unknown player";
    if (f.node >= d_.features.size() || d_.features.node(f.node).placed_tile != f.tile ||
        d_.features.node(f.node).segment != f.segment)
      return "a figure's tile and segment are not those of its node";
    ++on_board[index(f.player)][static_cast<std::size_t>(f.kind)];
  }
  for (int p = 0; p < player_count(); ++p)
    for (int k = 0; k < kFigureKindCount; ++k) {
      const auto i = index(static_cast<PlayerId>(p));
      const auto kind = static_cast<std::size_t>(k);
      if (on_board[i][kind] + d_.players.figures[i][kind] != d_.players.per_player[kind])
        return "figures (" + std::string(kFigureTable[k].name) + ") of player " +
               std::to_string(p) + " are not conserved";
    }
  // Scores are the sum of their categories.
  for (int p = 0; p < player_count(); ++p) {
    int sum = 0;
    for (int c : d_.players.breakdown[index(static_cast<PlayerId>(p))]) sum += c;
    if (sum != score(static_cast<PlayerId>(p))) return "score breakdown does not add up";
  }
  // Each mechanic's own invariants.
  std::string broken;
  for_each_mechanic(d_, [&](const MechanicHooks& m) {
    if (broken.empty() && m.invariants != nullptr) broken = m.invariants(d_);
  });
  if (!broken.empty()) return broken;
  // Root data equals a recomputation from the members.
  const FeatureGraph& features = d_.features;
  const int n = features.size();
  std::vector<int> members(static_cast<std::size_t>(n)), open(static_cast<std::size_t>(n)),
      pennants(static_cast<std::size_t>(n)), followers(static_cast<std::size_t>(n));
  for (int id = 0; id < n; ++id) {
    const FeatureNode& node = features.node(static_cast<NodeId>(id));
    const NodeId root = features.find_const(static_cast<NodeId>(id));
    if (features.node(root).kind != node.kind) return "feature mixes kinds";
    ++members[root];
    const PlacedTile& placed = d_.placed[node.placed_tile];
    if (node.segment != kBridgeSegment)
      pennants[root] += tile_spec(placed.type).segments[node.segment].pennants;
    const PortMask ports = d_.segment_ports(node.placed_tile, node.segment);
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      if (!(ports & port_bit(side_middle(side)))) continue;
      const int other = d_.board.tile_at(placed.x + side_dx(side), placed.y + side_dy(side));
      // An abbey closes what faces it (Abbey & Mayor).
      const bool abbey =
          other >= 0 && tile_spec(d_.placed[static_cast<std::size_t>(other)].type).abbey;
      if (other < 0 ||
          (!abbey && d_.segment_at(other, facing_port(side_middle(side))) == kNoSegment))
        ++open[root];
    }
  }
  for (const Follower& f : d_.followers)
    if (figure_info(f.kind).follower) ++followers[features.find_const(f.node)];
  for (int id = 0; id < n; ++id) {
    const FeatureNode& node = features.node(static_cast<NodeId>(id));
    if (node.parent != id) continue;
    if (node.member_count != members[static_cast<std::size_t>(id)]) return "member count differs";
    if (node.open_edges != open[static_cast<std::size_t>(id)]) return "open edge count differs";
    if (node.pennants != pennants[static_cast<std::size_t>(id)]) return "pennant count differs";
    if (node.followers != followers[static_cast<std::size_t>(id)]) return "follower count differs";
    int walked = 0;
    NodeId member = static_cast<NodeId>(id);
    do {
      if (features.find_const(member) != id) return "member list leaves its feature";
      member = features.node(member).next_member;
    } while (++walked <= n && member != id);
    if (walked != node.member_count) return "member list has the wrong length";
  }
  // Placed tiles match their neighbours (but for a placement awaiting its bridge); the frontier
  // is exactly the empty squares beside tiles, with the edges they show.
  for (std::size_t i = 0; i < d_.placed.size(); ++i) {
    const PlacedTile& t = d_.placed[i];
    const int tile = static_cast<int>(i);
    if (d_.board.tile_at(t.x, t.y) != tile) return "board and tile list disagree";
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const std::uint8_t segment = d_.segment_at(tile, side_middle(side));
      const EdgeKind expected =
          segment == kBridgeSegment
              ? EdgeKind::Road
              : signature_edge(rotated_tile(t.type, t.rotation).edge_signature, side);
      if (signature_edge(t.shown_edges, side) != expected) return "cached edges differ";
    }
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const int nx = t.x + side_dx(side), ny = t.y + side_dy(side);
      const int other = d_.board.tile_at(nx, ny);
      if (other >= 0) {
        const bool awaiting_bridge =
            bridge_required() && (tile == turn_tile() || other == turn_tile());
        const bool abbey = tile_spec(t.type).abbey ||
                           tile_spec(d_.placed[static_cast<std::size_t>(other)].type).abbey;
        if (!awaiting_bridge && !abbey &&
            d_.shown_edge(tile, side) != d_.shown_edge(other, opposite(side)))
          return "edges of neighbouring tiles do not match at " + square_name(t.x, t.y);
      } else {
        const int f = d_.board.frontier_index(nx, ny);
        if (f < 0) return "empty square beside a tile is missing from the frontier";
        const FrontierSquare& sq = d_.board.frontier()[static_cast<std::size_t>(f)];
        const int shift = 2 * static_cast<int>(opposite(side));
        if (static_cast<EdgeKind>((sq.required >> shift) & 3) != d_.shown_edge(tile, side))
          return "frontier requirement differs at " + square_name(nx, ny);
      }
    }
  }
  for (const FrontierSquare& sq : d_.board.frontier()) {
    if (d_.board.occupied(sq.x, sq.y)) return "frontier square is occupied";
    int neighbours = 0;
    int earliest = -1;
    for (int s = 0; s < kSideCount; ++s) {
      const Side side = static_cast<Side>(s);
      const int tile = d_.board.tile_at(sq.x + side_dx(side), sq.y + side_dy(side));
      const bool has = tile >= 0;
      neighbours += has;
      if (has != (((sq.required >> (2 * s)) & 3) != 0)) return "frontier demand without neighbour";
      if (has && (earliest < 0 || tile < earliest)) earliest = tile;
      // The square's name: the earliest placed neighbour, and that tile's side facing it.
      if (has && tile == sq.first_tile && sq.first_side != opposite(side))
        return "frontier square named through the wrong side at " + square_name(sq.x, sq.y);
    }
    if (neighbours == 0) return "frontier square without neighbour";
    if (earliest != sq.first_tile)
      return "frontier square not named by its earliest neighbour at " + square_name(sq.x, sq.y);
  }
  // The pending decision is possible.
  if (phase() == Phase::PlaceTile &&
      (tile_in_hand() == kNoTile || !d_.has_any_placement(tile_in_hand())))
    return "tile in hand cannot be placed";
  if (phase() == Phase::Follower && turn_tile() < 0) return "follower phase without a placed tile";
  if (!over()) {
    auto moves = std::make_unique<MoveList>();
    legal_moves(*moves);
    if (moves->empty()) return "no legal move in phase " + std::string(phase_name(phase()));
  }
  return {};
}

bool GameState::figure_in_game(FigureKind kind) const {
  return kind == FigureKind::Follower ||
         figure_action_owner(d_, figure_info(kind).deploy) != nullptr;
}

}  // namespace carcassonne
