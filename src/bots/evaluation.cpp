#include "bots/evaluation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>

namespace carcassonne {

namespace {

// Worth of things in hand, in points: a follower can still score, a bridge can still rescue a
// tile, and a castle with its follower usually collects a modest neighbouring feature.
constexpr double kFollowerInSupply = 1.0;
// The large follower (Inns & Cathedrals) scores like a follower and also wins contested
// majorities (it counts 2): worth a little more, so that a plain follower goes first when both
// would do the same.
constexpr double kLargeFollowerInSupply = 1.5;
constexpr double kBridgeInSupply = 0.5;
constexpr double kWaitingCastle = 4.5;
// An unfinished city earns double once finished: credit part of that to its knights' owners.
constexpr double kOpenCityBonusPerTile = 0.5;

// Inns and cathedrals (Inns & Cathedrals): an open road with an inn or city with a cathedral
// scores nothing at the end of the game, so the projected final score counts 0 for it, yet once
// completed it scores double (road) or triple (city). Its holders expect
//   completed_value * p,  p = kInnCathedralEdgeChance^open_edges * time,
//   time = min(1, own tiles still to draw / (kInnCathedralTilesPerEdge * open_edges)),
// where "own tiles still to draw" is tiles_left / players: p falls with every open edge and as
// the deck runs out (0 with an empty deck, like the final value).
constexpr double kInnCathedralEdgeChance = 0.8;
constexpr double kInnCathedralTilesPerEdge = 2.0;

double completion_chance(const GameState& state, int open_edges) {
  if (open_edges <= 0) return 1.0;
  const double own_tiles =
      static_cast<double>(state.tiles_left_in_deck()) / static_cast<double>(state.player_count());
  const double time = std::min(1.0, own_tiles / (kInnCathedralTilesPerEdge * open_edges));
  return std::pow(kInnCathedralEdgeChance, open_edges) * time;
}

// The expected worth of the open inn roads and cathedral cities each player holds (has the
// majority of, ties included: every tied player scores in full), beyond their final value (0).
// All 0 unless the Inn or Cathedral mechanic is in play (the inns printed on Bridges, Castles and
// Bazaars tiles count only then), so the base game and BCB evaluate exactly as before.
std::array<double, kMaxPlayers> open_inn_cathedral_worth(const GameState& state) {
  std::array<double, kMaxPlayers> worth{};
  if (!state.has(Mechanic::Inn) && !state.has(Mechanic::Cathedral)) return worth;
  const FeatureGraph& graph = state.features();
  // Roots already counted (a feature may hold several figures); no allocation: this runs at
  // every leaf of the search.
  std::array<NodeId, kMaxPlayers * 8> seen{};
  std::size_t seen_count = 0;
  for (const Follower& f : state.followers()) {
    const NodeId root = graph.find_const(f.node);
    const FeatureNode& node = graph.node(root);
    if ((node.kind != FeatureKind::Road && node.kind != FeatureKind::City) || node.castle ||
        node.open_edges <= 0)
      continue;
    const auto seen_end = seen.begin() + static_cast<std::ptrdiff_t>(seen_count);
    if (std::find(seen.begin(), seen_end, root) != seen_end) continue;
    if (seen_count < seen.size()) seen[seen_count++] = root;
    // An open road or city is worth at least 1 at the end unless an inn or cathedral zeroes it.
    if (state.final_value(root) != 0) continue;
    const double expected = state.completed_value(root) * completion_chance(state, node.open_edges);
    const std::uint8_t holders = state.majority(root);
    for (int p = 0; p < state.player_count(); ++p)
      if ((holders >> p) & 1u) worth[static_cast<std::size_t>(p)] += expected;
  }
  return worth;
}

// Traders & Builders. A turn is worth about this much to the player who plays it (points gained
// on the best opponent, in the evaluation's units): what a builder's second part is worth.
constexpr double kTurnValue = 3.0;
// A builder in supply may still earn second parts; one on an open road or city of its owner
// earns one whenever the owner extends it: kTurnValue times a chance that grows with the open
// edges (min(1, kBuilderChancePerEdge * open_edges)) and falls as the owner's tiles run out
// (min(1, own tiles still to draw / kBuilderTiles)).
constexpr double kBuilderInSupply = 0.5;
constexpr double kBuilderChancePerEdge = 0.35;
constexpr double kBuilderTiles = 4.0;
// A pig in supply may still join a farm; one in a farm its owner holds gets 1 more per city the
// farm supplies at the end: the completed ones are in the projected scores, each open city
// bordering the farm counts kPigOpenCity times the share of the game still to come.
constexpr double kPigInSupply = 0.5;
constexpr double kPigOpenCity = 0.5;

// Own tiles still to draw: tiles left / players.
double own_tiles_left(const GameState& state) {
  return static_cast<double>(state.tiles_left_in_deck()) /
         static_cast<double>(state.player_count());
}

// The Traders & Builders figures on the board and in supply, and a second part about to be
// played, for every player. All 0 unless the Builder or Pig mechanic is in play.
std::array<double, kMaxPlayers> traders_builders_worth(const GameState& state) {
  std::array<double, kMaxPlayers> worth{};
  const bool builder = state.has(Mechanic::Builder);
  const bool pig = state.has(Mechanic::Pig);
  if (!builder && !pig) return worth;
  const int n = state.player_count();
  const double own_tiles = own_tiles_left(state);
  for (int p = 0; p < n; ++p) {
    const auto player = static_cast<PlayerId>(p);
    if (builder)
      worth[static_cast<std::size_t>(p)] +=
          kBuilderInSupply * state.figures_in_supply(player, FigureKind::Builder);
    if (pig)
      worth[static_cast<std::size_t>(p)] +=
          kPigInSupply * state.figures_in_supply(player, FigureKind::Pig);
  }
  // A second part earned and not yet played (its tile not yet placed).
  if (builder && state.turn_part() == PartKind::Second && state.turn_tile() < 0)
    worth[static_cast<std::size_t>(state.turn_player())] += kTurnValue;
  const FeatureGraph& graph = state.features();
  const double time = std::min(1.0, own_tiles / kBuilderTiles);
  for (const Follower& f : state.followers()) {
    if (f.kind == FigureKind::Builder) {
      const FeatureNode& node = graph.node(graph.find_const(f.node));
      if (node.open_edges > 0 && !node.scored)
        worth[static_cast<std::size_t>(f.player)] +=
            kTurnValue * std::min(1.0, kBuilderChancePerEdge * node.open_edges) * time;
    } else if (f.kind == FigureKind::Pig) {
      const NodeId farm = graph.find_const(f.node);
      if (!((state.majority(farm) >> f.player) & 1u)) continue;
      // Open cities bordering the farm (few: a small array, no allocation).
      std::array<NodeId, 32> cities{};
      std::size_t count = 0;
      NodeId member = farm;
      do {
        const FeatureNode& node = graph.node(member);
        const PlacedTile& placed = state.placed_tiles()[node.placed_tile];
        if (node.segment < kMaxPrintedSegments) {
          const std::uint16_t bordered =
              tile_spec(placed.type).segments[node.segment].bordered_cities;
          for (int k = 0; k < kMaxPrintedSegments; ++k) {
            if (!((bordered >> k) & 1u)) continue;
            const NodeId city = graph.find_const(static_cast<NodeId>(placed.first_node + k));
            if (state.feature_complete(city)) continue;
            const auto end = cities.begin() + static_cast<std::ptrdiff_t>(count);
            if (std::find(cities.begin(), end, city) == end && count < cities.size())
              cities[count++] = city;
          }
        }
        member = node.next_member;
      } while (member != farm);
      const double game_left = std::min(
          1.0,
          static_cast<double>(state.tiles_left_in_deck()) /
              std::max(1.0, static_cast<double>(state.tiles_left_in_deck() +
                                                static_cast<int>(state.placed_tiles().size()))));
      worth[static_cast<std::size_t>(f.player)] +=
          kPigOpenCity * static_cast<double>(count) * game_left;
    }
  }
  return worth;
}

// Abbey & Mayor. The mayor, the wagon and the barn score through the projected final scores (the
// mayor's strength is its city's pennants, a barn's farm pays its owner 4 per city at the end);
// here is what they are worth in hand. The mayor is a follower that needs pennants; the wagon is a
// follower that rolls on after its feature scores, so one standing on an open feature is worth a
// little more (a second deployment for free). The barn is kept for a farm where its end value
// beats this: the farmers' immediate scoring (3 per city) goes to them, so a barn on an opponent's
// farm gains 4 per city on him. The abbey in hand will fill a hole at the latest in the abbey
// round: worth kAbbeyInHand while tiles remain (nothing once the deck is used up, so that the
// abbey round compares playing it with passing by the points alone).
constexpr double kMayorInSupply = 0.75;
constexpr double kWagonInSupply = 1.25;
constexpr double kWagonOnOpenFeature = 0.75;
constexpr double kBarnInSupply = 3.0;
constexpr double kAbbeyInHand = 3.0;

// The Abbey & Mayor figures in supply, wagons on open features and abbeys in hand, for every
// player. All 0 unless one of these mechanics is in play.
std::array<double, kMaxPlayers> abbey_mayor_worth(const GameState& state) {
  std::array<double, kMaxPlayers> worth{};
  const bool abbey = state.has(Mechanic::Abbey);
  const bool wagon = state.has(Mechanic::Wagon);
  if (!abbey && !state.has(Mechanic::Mayor) && !wagon && !state.has(Mechanic::Barn)) return worth;
  for (int p = 0; p < state.player_count(); ++p) {
    const auto player = static_cast<PlayerId>(p);
    double& w = worth[static_cast<std::size_t>(p)];
    w += kMayorInSupply * state.figures_in_supply(player, FigureKind::Mayor) +
         kWagonInSupply * state.figures_in_supply(player, FigureKind::Wagon) +
         kBarnInSupply * state.figures_in_supply(player, FigureKind::Barn);
    if (abbey && state.abbey_held(player) && state.tiles_left_in_deck() > 0) w += kAbbeyInHand;
  }
  if (!wagon) return worth;
  const FeatureGraph& graph = state.features();
  for (const Follower& f : state.followers()) {
    if (f.kind != FigureKind::Wagon) continue;
    const FeatureNode& node = graph.node(graph.find_const(f.node));
    if (!node.scored && !state.feature_complete(graph.find_const(f.node)))
      worth[static_cast<std::size_t>(f.player)] += kWagonOnOpenFeature;
  }
  return worth;
}

// Princess & Dragon. The fairy's 3 points per scoring are in the projected final scores; its
// point per turn is left out: counting it (even for a single turn) made the bot spend figure
// actions on the fairy instead of followers and lose points against the random bot (arena, 100
// games). Its worth here is the protection: the dragon never enters its tile.
//
// The dragon threatens the figures near it while dragon tiles are still to be drawn: a figure at
// distance k (in tiles, at most a journey's length) stands to lose what its feature would give
// its owner (the final value when the owner holds the majority; kDragonFigureStake for a builder,
// a pig or a follower without the majority) times kDragonThreat * kDragonReach^(k - 1) times the
// chance that a journey comes soon (dragon tiles among the next kDragonTiles tiles drawn). A
// figure on the fairy's tile or in a castle is safe.
constexpr double kDragonThreat = 0.5;
constexpr double kDragonReach = 0.5;
constexpr double kDragonFigureStake = 1.0;
constexpr double kDragonTiles = 4.0;
constexpr int kDragonRange = 6;  // a journey's steps

// What a figure stands to lose to the dragon: what its feature would give its owner (the final
// value when the owner holds the majority), at least kDragonFigureStake.
double dragon_stake(const GameState& state, const Follower& f) {
  const NodeId root = state.features().find_const(f.node);
  if (figure_info(f.kind).follower && ((state.majority(root) >> f.player) & 1u))
    return std::max(kDragonFigureStake, static_cast<double>(state.final_value(root)));
  return kDragonFigureStake;
}

// What the dragon threatens, for every player (a negative worth): 0 unless the dragon is in play
// and on the board (so other games evaluate exactly as before).
std::array<double, kMaxPlayers> dragon_threat(const GameState& state) {
  std::array<double, kMaxPlayers> worth{};
  const bool dragon = state.has(Mechanic::Dragon) && state.dragon_tile() >= 0;
  const FeatureGraph& graph = state.features();
  const int fairy_tile = state.fairy_tile();
  if (!dragon || state.tiles_left_in_deck() == 0) return worth;
  const std::array<std::uint8_t, kTileTypeCount> undrawn = state.undrawn_tile_counts();
  int dragon_tiles = 0;
  for (int t = 0; t < kTileTypeCount; ++t)
    if (tile_spec(static_cast<TileType>(t)).dragon)
      dragon_tiles += undrawn[static_cast<std::size_t>(t)];
  if (dragon_tiles == 0) return worth;
  const double soon = std::min(1.0, kDragonTiles * dragon_tiles / state.tiles_left_in_deck());
  const PlacedTile& lair = state.placed_tiles()[static_cast<std::size_t>(state.dragon_tile())];
  for (const Follower& f : state.followers()) {
    const FeatureNode& node = graph.node(f.node);
    if (node.placed_tile == fairy_tile) continue;
    const PlacedTile& at = state.placed_tiles()[node.placed_tile];
    const int distance = std::abs(at.x - lair.x) + std::abs(at.y - lair.y);
    if (distance < 1 || distance > kDragonRange) continue;
    const NodeId root = graph.find_const(f.node);
    if (graph.node(root).castle || graph.node(root).scored) continue;
    const double stake = dragon_stake(state, f);
    worth[static_cast<std::size_t>(f.player)] -=
        kDragonThreat * soon * std::pow(kDragonReach, distance - 1) * stake;
  }
  return worth;
}

// What entering `tile` is worth to the dragon's mover, by the figures it eats: the stake of each
// opponent's figure (twice for the leader among them), less the stake of each of its own.
double dragon_step_value(const GameState& state, int tile, PlayerId mover) {
  PlayerId leader = kNoPlayer;
  for (int p = 0; p < state.player_count(); ++p)
    if (p != mover &&
        (leader == kNoPlayer || state.score(static_cast<PlayerId>(p)) > state.score(leader)))
      leader = static_cast<PlayerId>(p);
  const FeatureGraph& graph = state.features();
  double value = 0.0;
  for (const Follower& f : state.followers()) {
    if (graph.node(f.node).placed_tile != tile || graph.node(graph.find_const(f.node)).castle)
      continue;
    const double stake = dragon_stake(state, f);
    value += f.player == mover ? -2.0 * stake : f.player == leader ? 2.0 * stake : stake;
  }
  return value;
}

// The rest of a dragon's journey, each mover taking the step that eats most for it
// (dragon_step_value: one step ahead, cheap): what the greedy plan expects after placing a dragon
// tile.
void resolve_journey(GameState& state, MoveList& scratch) {
  while (!state.over() && state.phase() == Phase::DragonMove) {
    state.legal_moves(scratch);
    const PlayerId mover = state.current_player();
    Move best = scratch[0];
    double best_value = -std::numeric_limits<double>::infinity();
    for (const Move& move : scratch) {
      const double value = dragon_step_value(state, state.board().tile_at(move.x, move.y), mover);
      if (value > best_value) {
        best_value = value;
        best = move;
      }
    }
    state.apply_unchecked(best);
  }
}

// Max-n over the rest of the journey: every mover takes the step that leaves it best off by
// evaluate_all() at the journey's end; the values reached, and the first step.
std::array<double, kMaxPlayers> journey_values(const GameState& state, MoveList& scratch,
                                               Move* best_first) {
  if (state.over() || state.phase() != Phase::DragonMove) return evaluate_all(state);
  state.legal_moves(scratch);
  const std::vector<Move> moves(scratch.begin(), scratch.end());
  const auto mover = static_cast<std::size_t>(state.current_player());
  std::array<double, kMaxPlayers> best{};
  double best_own = -std::numeric_limits<double>::infinity();
  for (const Move& move : moves) {
    GameState next = state;
    next.apply_unchecked(move);
    const std::array<double, kMaxPlayers> value = journey_values(next, scratch, nullptr);
    if (value[mover] > best_own) {
      best_own = value[mover];
      best = value;
      if (best_first != nullptr) *best_first = move;
    }
  }
  return best;
}

// True while `player` still has a decision in the turn being planned.
bool plan_continues(const GameState& state, PlayerId player, int turn) {
  if (state.over() || state.pending().player != player || state.turn_number() != turn) return false;
  const Phase phase = state.phase();
  return phase == Phase::PlaceTile || phase == Phase::Follower || phase == Phase::CastleChoice ||
         phase == Phase::Claim || phase == Phase::WagonMove;
}

double search_plan(const GameState& state, PlayerId player, int turn, MoveList& scratch,
                   Move* best_first, bool top) {
  if (!plan_continues(state, player, turn)) {
    // A dragon tile just placed: its journey belongs to the turn's worth.
    if (state.phase() == Phase::DragonMove && state.turn_number() == turn) {
      GameState after = state;
      resolve_journey(after, scratch);
      return evaluate_for(after, player);
    }
    return evaluate_for(state, player);
  }
  state.legal_moves(scratch);
  // The list is reused by the recursion below: keep a copy of this level's moves.
  std::vector<Move> moves(scratch.begin(), scratch.end());
  // Magic portal: deployments of the same figure onto one feature differ only in the tile (its
  // distance from the dragon, the fairy's tile); the first of each is searched, which keeps a
  // portal turn's search about as wide as any other.
  std::vector<std::pair<NodeId, std::uint8_t>> portal_targets;
  double best = -std::numeric_limits<double>::infinity();
  for (const Move& move : moves) {
    if (move.kind == MoveKind::PortalDeploy) {
      const std::pair<NodeId, std::uint8_t> target = {
          state.feature_of(state.board().tile_at(move.x, move.y), move.segment), move.aux};
      if (std::find(portal_targets.begin(), portal_targets.end(), target) != portal_targets.end())
        continue;
      portal_targets.push_back(target);
    }
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

std::array<double, kMaxPlayers> margins_over_best_other(
    const std::array<double, kMaxPlayers>& values, int players) {
  std::array<double, kMaxPlayers> margin{};
  for (int p = 0; p < players; ++p) {
    double best_other = -std::numeric_limits<double>::infinity();
    for (int q = 0; q < players; ++q)
      if (q != p) best_other = std::max(best_other, values[static_cast<std::size_t>(q)]);
    margin[static_cast<std::size_t>(p)] = values[static_cast<std::size_t>(p)] - best_other;
  }
  return margin;
}

std::array<double, kMaxPlayers> evaluate_all(const GameState& state) {
  return evaluate_all(state, state.projected_final_scores());
}

std::array<double, kMaxPlayers> evaluate_all(const GameState& state,
                                             const std::array<int, kMaxPlayers>& final_scores) {
  const int n = state.player_count();
  // Projected final scores, but with each open inn road or cathedral city worth its expected
  // value to its holders instead of 0: it enters the margin, so an opponent's likely inn counts
  // against a player as much as its own counts for it.
  std::array<double, kMaxPlayers> projected{};
  for (int p = 0; p < n; ++p)
    projected[static_cast<std::size_t>(p)] = final_scores[static_cast<std::size_t>(p)];
  if (!state.over()) {
    const std::array<double, kMaxPlayers> worth = open_inn_cathedral_worth(state);
    for (int p = 0; p < n; ++p)
      projected[static_cast<std::size_t>(p)] += worth[static_cast<std::size_t>(p)];
  }
  std::array<double, kMaxPlayers> value = margins_over_best_other(projected, n);
  if (state.over()) return value;
  // What is still in hand (added in a fixed order, so that results do not depend on rounding).
  for (int p = 0; p < n; ++p) {
    const auto player = static_cast<PlayerId>(p);
    value[static_cast<std::size_t>(p)] += kFollowerInSupply * state.followers_in_supply(player) +
                                          kBridgeInSupply * state.bridges_in_supply(player);
    // 0 without Inns & Cathedrals: adds nothing then.
    value[static_cast<std::size_t>(p)] +=
        kLargeFollowerInSupply * state.figures_in_supply(player, FigureKind::LargeFollower);
  }
  // Builders, pigs and second parts (Traders & Builders; nothing otherwise).
  const std::array<double, kMaxPlayers> tb = traders_builders_worth(state);
  for (int p = 0; p < n; ++p) value[static_cast<std::size_t>(p)] += tb[static_cast<std::size_t>(p)];
  // Mayors, wagons, barns and abbeys (Abbey & Mayor; nothing otherwise).
  const std::array<double, kMaxPlayers> am = abbey_mayor_worth(state);
  for (int p = 0; p < n; ++p) value[static_cast<std::size_t>(p)] += am[static_cast<std::size_t>(p)];
  // The dragon's threat (Princess & Dragon; nothing otherwise).
  const std::array<double, kMaxPlayers> pd = dragon_threat(state);
  for (int p = 0; p < n; ++p) value[static_cast<std::size_t>(p)] += pd[static_cast<std::size_t>(p)];
  for (const Castle& castle : state.castles())
    if (castle.occupied) value[static_cast<std::size_t>(castle.owner)] += kWaitingCastle;
  // Knights in unfinished cities: the city is worth more once closed.
  const FeatureGraph& graph = state.features();
  for (const Follower& f : state.followers()) {
    const NodeId root = graph.find_const(f.node);
    const FeatureNode& node = graph.node(root);
    // (A cathedral city's worth is counted above, from its completed value.)
    if (node.kind == FeatureKind::City && !node.castle && node.open_edges > 0 &&
        !(state.has(Mechanic::Cathedral) && state.final_value(root) == 0))
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

std::vector<double> move_values(const GameState& state) {
  auto scratch = std::make_unique<MoveList>();
  state.legal_moves(*scratch);
  const std::vector<Move> moves(scratch->begin(), scratch->end());
  const PlayerId me = state.current_player();
  std::vector<double> values;
  values.reserve(moves.size());
  for (const Move& move : moves) {
    GameState next = state;
    next.apply_unchecked(move);
    values.push_back(search_plan(next, me, state.turn_number(), *scratch, nullptr, false));
  }
  return values;
}

Move best_dragon_step(const GameState& state) {
  auto scratch = std::make_unique<MoveList>();
  state.legal_moves(*scratch);
  Move best = (*scratch)[0];
  journey_values(state, *scratch, &best);
  return best;
}

Move best_abbey_move(const GameState& state) {
  auto scratch = std::make_unique<MoveList>();
  state.legal_moves(*scratch);
  const std::vector<Move> moves(scratch->begin(), scratch->end());
  const PlayerId me = state.current_player();
  // The alternative: draw (the evaluation now, the abbey still in hand) or pass in the abbey
  // round (the evaluation once the round goes on without it).
  Move best = Move::simple(state.phase() == Phase::AbbeyRound ? MoveKind::Pass : MoveKind::Draw);
  double best_value = evaluate_for(state, me);
  if (state.phase() == Phase::AbbeyRound) {
    GameState after = state;
    after.apply_unchecked(best);
    best_value = evaluate_for(after, me);
  }
  for (const Move& move : moves) {
    if (move.kind != MoveKind::Abbey) continue;
    GameState next = state;
    next.apply_unchecked(move);
    // Then the figure decisions on the abbey (and what they complete), as any turn.
    const double value = search_plan(next, me, next.turn_number(), *scratch, nullptr, false);
    if (value > best_value) {
      best_value = value;
      best = move;
    }
  }
  return best;
}

double tile_value(const GameState& state, PlayerId player, TileType tile) {
  const std::optional<GameState> turn = state.hypothetical_turn(player, tile);
  if (!turn) return 0.0;
  const double before = evaluate_for(*turn, player);
  return std::max(0.0, best_turn_plan(*turn, player).value - before);
}

}  // namespace carcassonne
