// Perft: pinned counts of the decision tree from fixed positions.
//
// Depths 1 and 2 from the start tile are counted by hand in the comments. Deeper counts are pinned
// as regression values and are cross-checked by a brute-force counter that proposes every move of
// every kind in a box around the board and counts those that check() accepts: move generation and
// the legality checker must agree at every node.
#include "core/perft.h"

#include <gtest/gtest.h>

#include <array>

#include "core/notation.h"
#include "record/record.h"

namespace carcassonne {
namespace {

GameState start_with_deck(std::vector<std::string> ids, int players = 2, bool bcb = false,
                          const std::string& start = "D", bool ic = false) {
  GameConfig config;
  config.players = players;
  if (bcb) config.rules.add(Expansion::BridgesCastlesBazaars);
  if (ic) config.rules.add(Expansion::InnsCathedrals);
  config.start_tile = *find_tile_type(start);
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  return *GameState::create(config);
}

// Every candidate move of every kind, filtered by check() alone.
std::uint64_t brute_force_perft(const GameState& state, int depth) {
  if (depth == 0 || state.over()) return 1;
  std::vector<Move> candidates;
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  for (const PlacedTile& t : state.placed_tiles()) {
    min_x = std::min<int>(min_x, t.x);
    max_x = std::max<int>(max_x, t.x);
    min_y = std::min<int>(min_y, t.y);
    max_y = std::max<int>(max_y, t.y);
  }
  for (int y = min_y - 2; y <= max_y + 2; ++y)
    for (int x = min_x - 2; x <= max_x + 2; ++x)
      for (Rotation r = 0; r < kRotationCount; ++r) candidates.push_back(Move::place(x, y, r));
  for (int y = min_y - 2; y <= max_y + 2; ++y)
    for (int x = min_x - 2; x <= max_x + 2; ++x) {
      candidates.push_back(Move::bridge(x, y, BridgeAxis::NorthSouth));
      candidates.push_back(Move::bridge(x, y, BridgeAxis::EastWest));
      for (Port port = 0; port <= kCloisterPort; ++port)
        candidates.push_back(Move::claim(x, y, port));
      // Princess & Dragon: a dragon step, the fairy (on the tile, or beside a follower), the
      // princess and portal deployments name a segment of any tile (the bridge's included).
      candidates.push_back(Move::dragon_step(x, y));
      candidates.push_back(Move::at(MoveKind::Fairy, x, y, 0));
      for (int s = 0; s <= kBridgeSegment; ++s) {
        candidates.push_back(Move::at(MoveKind::Fairy, x, y, s, 1));
        candidates.push_back(Move::at(MoveKind::Princess, x, y, s));
        for (int kind = 0; kind < kFigureKindCount; ++kind)
          candidates.push_back(Move::at(MoveKind::PortalDeploy, x, y, s, kind));
      }
    }
  for (int s = 0; s < 12; ++s) {
    candidates.push_back(Move::meeple(s));
    candidates.push_back(Move::large(s));
    candidates.push_back(Move::deploy(MoveKind::Builder, s));
    candidates.push_back(Move::deploy(MoveKind::Pig, s));
  }
  for (int t = 0; t < kTileTypeCount; ++t)
    candidates.push_back(Move::choose(static_cast<TileType>(t)));
  for (int amount = 0; amount <= kMaxBid + 1; ++amount) candidates.push_back(Move::bid(amount));
  for (MoveKind kind : {MoveKind::Skip, MoveKind::Discard, MoveKind::Castle, MoveKind::Score,
                        MoveKind::Pass, MoveKind::Buy, MoveKind::Sell})
    candidates.push_back(Move::simple(kind));
  std::uint64_t total = 0;
  for (const Move& move : candidates) {
    if (state.check(move).has_value()) continue;
    if (depth == 1) {
      ++total;
      continue;
    }
    GameState child = state;
    EXPECT_TRUE(child.apply(move).ok());
    total += brute_force_perft(child, depth - 1);
  }
  return total;
}

TEST(Perft, StartTileWithCityCapByHand) {
  // Start D at 0,0: city north, road west-east, field south. E is a city cap on its north edge.
  //   0,-1 needs a city on its south side: E r180 only                   -> 1
  //   1,0 and -1,0 need a road facing D: E has no road                   -> 0
  //   0,1 needs a field on its north side: E r90, r180, r270             -> 3
  // Depth 1 = 4. Each placement offers meeple on the cap, on the field, or skip: depth 2 = 12.
  const GameState state = start_with_deck({"E", "E"});
  EXPECT_EQ(perft(state, 1), 4u);
  EXPECT_EQ(perft(state, 2), 12u);
  EXPECT_EQ(brute_force_perft(state, 2), 12u);
}

TEST(Perft, StartTileWithStraightRoadByHand) {
  // U is a straight road north-south between two fields; it has no city, so 0,-1 is out.
  //   1,0 and -1,0 need a road facing D (r90, r270); 0,1 needs a field north (r90, r270) -> 6.
  // After each: meeple on the road, on either field, or skip (nothing is occupied) -> 4 each = 24.
  const GameState state = start_with_deck({"U", "U"});
  EXPECT_EQ(perft(state, 1), 6u);
  EXPECT_EQ(perft(state, 2), 24u);
  EXPECT_EQ(brute_force_perft(state, 2), 24u);
}

TEST(Perft, CloisterSymmetricTileByHand) {
  // B (cloister in a field) shows field on every side, so it fits only at 0,1 (D's south is field),
  // in all 4 rotations: depth 1 = 4; meeple on cloister, field, or skip: depth 2 = 12.
  const GameState state = start_with_deck({"B"});
  EXPECT_EQ(perft(state, 1), 4u);
  EXPECT_EQ(perft(state, 2), 12u);
  // The deck is used up after this turn: every line ends the game at depth 2.
  EXPECT_EQ(perft(state, 3), 12u);
}

TEST(Perft, OccupiedFeatureLimitsDeployment) {
  // U at 1,0 r90 extends D's road; a thief goes on it. The second U at 2,0 r90 continues the same
  // road, which is occupied, so its meeple options are the two fields (also joined to D's fields,
  // unoccupied) or skip: 3.
  GameState state = start_with_deck({"U", "U"});
  ASSERT_TRUE(state.apply(Move::place(1, 0, 1)).ok());
  ASSERT_TRUE(state.apply(Move::meeple(0)).ok());  // U's segment 0 is its road
  ASSERT_TRUE(state.apply(Move::place(2, 0, 1)).ok());
  EXPECT_EQ(perft(state, 1), 3u);
  EXPECT_EQ(brute_force_perft(state, 1), 3u);
}

TEST(Perft, BridgePlacementsByHand) {
  // Bridges, Castles and Bazaars; start D, tile U (straight road). The 6 plain placements as
  // above, plus U r0/r180 at 1,0 and at -1,0: its field side meets D's road, and a bridge on U
  // along E-W (both ends on U's fields, one continuing D's road, one facing an empty square)
  // repairs it. At 0,1 U's road would meet D's south field; a bridge on D would need D's north
  // side to be a field (it is a city). Depth 1 = 6 + 4 = 10; no discard (plain placements exist).
  // Depth 2: U r90/r270 at 1,0 or -1,0: one bridge (N-S on U: both ends face empty squares; D
  // takes none), road, two fields, skip = 5 each, 20 in all; at 0,1: no bridge (its north end
  // would face D's field), 3 features + skip = 4 each, 8; each bridge-only placement allows just
  // its repairing bridge: 4. Depth 2 = 20 + 8 + 4 = 32.
  const GameState state = start_with_deck({"U"}, 2, /*bcb=*/true);
  EXPECT_EQ(perft(state, 1), 10u);
  EXPECT_EQ(perft(state, 2), 32u);
  EXPECT_EQ(brute_force_perft(state, 2), 32u);
  EXPECT_EQ(brute_force_perft(state, 3), perft(state, 3));
}

TEST(Perft, TileThatFitsOnlyWithABridgeMayBeDiscarded) {
  // Start B (cloister, fields all round), tile X (roads on all four sides): every placement puts
  // a road against B's field, repaired only by a bridge on B pointing at X. 4 squares x 4
  // rotations = 16 placements, plus discard: 17. Each placement allows exactly its one bridge;
  // discarding draws the next X (same choice again) or, with one X, ends the game.
  const GameState one = start_with_deck({"X"}, 2, /*bcb=*/true, "B");
  EXPECT_EQ(perft(one, 1), 17u);
  EXPECT_EQ(perft(one, 2), 16u + 1u);
  const GameState two = start_with_deck({"X", "X"}, 2, /*bcb=*/true, "B");
  EXPECT_EQ(perft(two, 2), 16u + 17u);
  EXPECT_EQ(brute_force_perft(two, 2), 33u);
  // Without the expansion the tile has no placement at all and is discarded by the engine.
  const GameState base = start_with_deck({"X"}, 2, /*bcb=*/false, "B");
  EXPECT_TRUE(base.over());
  EXPECT_EQ(base.discarded_tiles().size(), 1u);
}

TEST(Perft, LargeFollowerByHand) {
  // Inns & Cathedrals: as StartTileWithStraightRoadByHand, 6 placements of U; after each, a
  // follower or the large follower on the road or either field, or skip: 3 + 3 + 1 = 7, 42.
  const GameState state = start_with_deck({"U", "U"}, 2, false, "D", /*ic=*/true);
  EXPECT_EQ(perft(state, 1), 6u);
  EXPECT_EQ(perft(state, 2), 42u);
  EXPECT_EQ(brute_force_perft(state, 2), 42u);
}

TEST(Perft, LargeFollowerOncePerPlayerAndNotOnAnOccupiedRoad) {
  // Player 0 puts the large follower on U's road at 1,0; player 1 continues the road at 2,0
  // (occupied): followers or the large follower on the two fields, or skip = 5; player 1 skips.
  // Player 0 continues it again at 3,0: a follower on either field or skip = 3 (no large left).
  GameState state = start_with_deck({"U", "U", "U"}, 2, false, "D", /*ic=*/true);
  ASSERT_TRUE(state.apply(Move::place(1, 0, 1)).ok());
  ASSERT_TRUE(state.apply(Move::large(0)).ok());  // U's segment 0 is its road
  ASSERT_TRUE(state.apply(Move::place(2, 0, 1)).ok());
  EXPECT_EQ(perft(state, 1), 5u);
  EXPECT_EQ(brute_force_perft(state, 1), 5u);
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  ASSERT_TRUE(state.apply(Move::place(3, 0, 1)).ok());
  EXPECT_EQ(perft(state, 1), 3u);
  EXPECT_EQ(brute_force_perft(state, 1), 3u);
  EXPECT_EQ(state.figures_in_supply(0, FigureKind::LargeFollower), 0);
}

// Traders & Builders on a straight road of U tiles east of the start tile D (U at r90 runs east-
// west, with a north and a south field; D's road and fields continue into it).
TEST(Perft, BuilderAndPigByHand) {
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::TradersBuilders);
  config.start_tile = *find_tile_type("D");
  for (int i = 0; i < 8; ++i) config.deck.push_back(*find_tile_type("U"));
  GameState state = *GameState::create(config);
  auto play = [&](const std::string& text) {
    auto move = parse_move(state, text);
    ASSERT_TRUE(move.ok()) << text;
    ASSERT_TRUE(state.apply(*move).ok()) << text;
  };
  play("place 1,0 r90");
  play("meeple E");  // player 0 holds the road
  play("place 2,0 r90");
  // Player 1: a follower on either field (2), no builder (no follower of his on the road), no
  // pig (no farmer), skip: 3.
  EXPECT_EQ(perft(state, 1), 3u);
  EXPECT_EQ(brute_force_perft(state, 1), 3u);
  play("meeple NNE");  // player 1 farms the north
  play("place 3,0 r90");
  // Player 0: a follower on the south field only (1), the builder on his road (1), no pig, skip.
  EXPECT_EQ(perft(state, 1), 3u);
  EXPECT_EQ(brute_force_perft(state, 1), 3u);
  play("meeple SSW");  // player 0 farms the south
  play("place 4,0 r90");
  // Player 1: nothing is free for a follower; no builder; the pig on the north field (his
  // farmer's), not on the south one; skip: 2.
  EXPECT_EQ(perft(state, 1), 2u);
  EXPECT_EQ(brute_force_perft(state, 1), 2u);
  play("pig NNE");
  play("place 5,0 r90");
  // Player 0: the builder on the road (1), the pig on the south field (1), skip: 3.
  EXPECT_EQ(perft(state, 1), 3u);
  EXPECT_EQ(brute_force_perft(state, 1), 3u);
  play("builder E");
  play("place 6,0 r90");
  play("skip");
  // Player 0 extends the road holding his builder: a second part, his own, with a new tile.
  play("place 7,0 r90");
  play("skip");
  EXPECT_EQ(state.turn_player(), 0);
  EXPECT_EQ(state.turn_part(), PartKind::Second);
  EXPECT_EQ(state.phase(), Phase::PlaceTile);
}

TEST(Perft, PinnedTradersBuildersWithEverythingBefore) {
  // Two players with bcb, ic and tb, from the start of a seeded game: pinned regression values,
  // confirmed by the brute-force counter to depth 3.
  Record record;
  record.players = {"a", "b"};
  record.rules.add(Expansion::BridgesCastlesBazaars);
  record.rules.add(Expansion::InnsCathedrals);
  record.rules.add(Expansion::TradersBuilders);
  record.seed = 7;
  const GameState state = *replay(record);
  std::array<std::uint64_t, 4> counts{};
  for (int depth = 1; depth <= 4; ++depth)
    counts[static_cast<std::size_t>(depth - 1)] = perft(state, depth);
  EXPECT_EQ(brute_force_perft(state, 3), counts[2]);
  EXPECT_EQ(counts, (std::array<std::uint64_t, 4>{4, 12, 108, 1092}));
}

TEST(Perft, PinnedBridgesCastlesBazaarsInnsCathedrals) {
  // Two players with bcb and ic, from the start of a seeded game: pinned regression values,
  // confirmed by the brute-force counter to depth 3.
  Record record;
  record.players = {"a", "b"};
  record.rules.add(Expansion::BridgesCastlesBazaars);
  record.rules.add(Expansion::InnsCathedrals);
  record.seed = 5;
  const GameState state = *replay(record);
  std::array<std::uint64_t, 4> counts{};
  for (int depth = 1; depth <= 4; ++depth)
    counts[static_cast<std::size_t>(depth - 1)] = perft(state, depth);
  EXPECT_EQ(brute_force_perft(state, 3), counts[2]);
  EXPECT_EQ(counts, (std::array<std::uint64_t, 4>{8, 34, 382, 2204}));
}

TEST(Perft, PinnedSeededPositions) {
  // Base game, 2 players, full deck shuffled from a seed; counts from the initial position.
  // Pinned regression values; the brute-force counter confirms them up to depth 4.
  struct Pinned {
    std::uint64_t seed;
    std::array<std::uint64_t, 6> counts;  // depths 1..6
  };
  static constexpr Pinned kPinned[] = {
      {1, {6, 30, 220, 800, 7336, 20866}},
      {2, {4, 12, 96, 452, 3152, 14808}},
      {3, {6, 24, 232, 846, 5798, 24676}},
  };
  for (const Pinned& pinned : kPinned) {
    Record record;
    record.players = {"a", "b"};
    record.seed = pinned.seed;
    const GameState state = *replay(record);
    for (int depth = 1; depth <= 6; ++depth)
      EXPECT_EQ(perft(state, depth), pinned.counts[static_cast<std::size_t>(depth - 1)])
          << "seed " << pinned.seed << " depth " << depth;
    EXPECT_EQ(brute_force_perft(state, 4), pinned.counts[3]) << "seed " << pinned.seed;
  }
}

TEST(Perft, PinnedMidGamePosition) {
  // Three players, 60 decisions into a seeded game (followers used up, fields and a cloister
  // occupied): a position loaded from its record.
  auto record = parse_record(R"({"players":["a","b","c"],"seed":11,"actions":[
      "place 0,1 r90","meeple NNW","place 0,-1 r90","meeple S","place -1,1 r0","meeple W",
      "place 0,2 r180","skip","place 1,-1 r270","skip","place 2,-1 r90","meeple N",
      "place 1,-2 r0","meeple ENE","place 3,-1 r0","skip","place 1,-3 r90","meeple ENE",
      "place 0,3 r0","meeple N","place 1,-4 r270","meeple N","place 2,-3 r270","meeple cloister",
      "place 1,2 r90","meeple NNE","place 3,0 r180","skip","place 1,-5 r90","skip",
      "place -1,0 r270","meeple NNE","place 4,0 r180","skip","place 0,-4 r270","skip",
      "place 5,0 r270","skip","place -1,-4 r270","meeple N","place 3,-2 r90","skip",
      "place 4,-1 r0","meeple NNE","place 1,-6 r0","skip","place 6,0 r180","meeple NNW",
      "place -1,-3 r180","meeple NNW","place 2,2 r180","skip","place -1,3 r90","meeple NNW",
      "place 4,1 r90","meeple N","place 1,-7 r270","meeple N","place 0,4 r270","meeple S"]})");
  ASSERT_TRUE(record.ok()) << record.error().message;
  auto state = replay(*record);
  ASSERT_TRUE(state.ok()) << state.error().message;
  static constexpr std::array<std::uint64_t, 5> kCounts = {37, 37, 848, 2260, 68600};
  for (int depth = 1; depth <= 5; ++depth)
    EXPECT_EQ(perft(*state, depth), kCounts[static_cast<std::size_t>(depth - 1)]) << depth;
  EXPECT_EQ(brute_force_perft(*state, 3), kCounts[2]);
  // Divide: the per-move counts add up to the total.
  std::uint64_t sum = 0;
  for (const auto& [move, count] : perft_divide(*state, 3)) sum += count;
  EXPECT_EQ(sum, kCounts[2]);
}

TEST(Perft, PinnedBridgesCastlesBazaarsAuction) {
  // Three players with Bridges, Castles and Bazaars, 49 decisions into a seeded random game:
  // bridges built (one repairing a placement), a first bazaar played out, and a second bazaar's
  // auction about to choose among 3 revealed tiles. Depth 2 = for each choice, the opening bids
  // 0..100; pinned deeper, cross-checked by brute force.
  auto record = parse_record(R"({"players":["a","b","c"],"expansions":["bcb"],"seed":21,"actions":[
      "place 1,0 r0","meeple N","place 1,1 r180","bridge 1,1 NS","meeple N","place 2,0 r0",
      "meeple NNW","place 3,0 r0","meeple N","place 1,-1 r270","skip","place 3,-1 r270",
      "meeple ESE","place 3,-2 r180","skip","choose B","bid 5","bid 92","bid 95","sell",
      "choose U","bid 48","bid 74","buy","place 3,-3 r270","bridge 3,-2 EW","meeple N",
      "place 1,2 r0","skip","place 4,-2 r0","bridge 4,-2 EW","meeple E","place 3,-4 r180","skip",
      "place 2,2 r180","skip","place 1,-2 r180","meeple NNW","place 0,-2 r0","meeple NNW",
      "place 3,-5 r0","meeple N","place 0,-3 r0","bridge 0,-2 NS","skip","place 2,-3 r270",
      "skip","place 4,-1 r90","skip"]})");
  ASSERT_TRUE(record.ok()) << record.error().message;
  auto state = replay(*record);
  ASSERT_TRUE(state.ok()) << state.error().message;
  ASSERT_EQ(state->phase(), Phase::AuctionChoose);
  EXPECT_EQ(perft(*state, 1), 3u);
  EXPECT_EQ(perft(*state, 2), 3u * 101u);
  EXPECT_EQ(perft(*state, 3), 15453u);
  EXPECT_EQ(brute_force_perft(*state, 2), 303u);
}

// Princess & Dragon by hand. PD-R (a magic portal; roads E, S and W end at a junction) at 1,0 r0
// continues D's road east: its 6 segments are free (the three roads, the north field joined to
// D's strip, the south-east and south-west fields), and the portal opens D's 4 (cap, road, both
// fields: all unfinished, none occupied), the skip: 11. No fairy: nobody has a follower.
TEST(Perft, PortalAndVolcanoByHand) {
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::PrincessDragon);
  config.start_tile = *find_tile_type("D");
  config.deck = {*find_tile_type("PD-R"), *find_tile_type("PD-2"), *find_tile_type("U")};
  GameState state = *GameState::create(config);
  auto play = [&](const std::string& text) {
    auto move = parse_move(state, text);
    ASSERT_TRUE(move.ok()) << text;
    ASSERT_TRUE(state.apply(*move).ok()) << text;
  };
  play("place 1,0 r0");
  EXPECT_EQ(perft(state, 1), 11u);
  EXPECT_EQ(brute_force_perft(state, 1), 11u);
  play("meeple 0,0 N");  // through the portal onto D's city
  // Bob's volcano PD-2 below D: the dragon lands on it, no figure may go there, and Bob has no
  // follower for the fairy: only the skip.
  play("place 0,1 r0");
  EXPECT_EQ(state.dragon_tile(), 2);
  EXPECT_EQ(perft(state, 1), 1u);
  EXPECT_EQ(brute_force_perft(state, 1), 1u);
}

TEST(Perft, PinnedPrincessDragonWithEverythingBefore) {
  // Two players with bcb, ic, tb and pd, from the start of a seeded game: pinned regression
  // values, confirmed by the brute-force counter to depth 3.
  Record record;
  record.players = {"a", "b"};
  record.rules.add(Expansion::BridgesCastlesBazaars);
  record.rules.add(Expansion::InnsCathedrals);
  record.rules.add(Expansion::TradersBuilders);
  record.rules.add(Expansion::PrincessDragon);
  record.seed = 3;
  const GameState state = *replay(record);
  std::array<std::uint64_t, 4> counts{};
  for (int depth = 1; depth <= 4; ++depth)
    counts[static_cast<std::size_t>(depth - 1)] = perft(state, depth);
  EXPECT_EQ(brute_force_perft(state, 3), counts[2]);
  EXPECT_EQ(counts, (std::array<std::uint64_t, 4>{4, 20, 150, 3354}));
}

// Abbey & Mayor by hand: a game of the expansion with a fixed deck and the actions applied.
GameState am_position(const std::vector<std::string>& ids,
                      const std::vector<std::string>& actions) {
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::AbbeyMayor);
  config.start_tile = *find_tile_type("D");
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  GameState state = *GameState::create(config);
  for (const std::string& text : actions) {
    auto move = parse_move(state, text);
    EXPECT_TRUE(move.ok()) << text;
    if (!move.ok()) break;
    auto applied = state.apply(*move);
    EXPECT_TRUE(applied.ok()) << text << ": " << (applied.ok() ? "" : applied.error().message);
    if (!applied.ok()) break;
  }
  return state;
}

// The hole 0,1 below D: U r90 at -1,0 and 1,0 (D's road), B at -1,1, 1,1, 1,2 and 0,2. Red's
// turn opens with the abbey decision: "abbey 0,1" (the only square with four neighbours) or
// "draw": 2. Depth 2: after the abbey its figure step (follower or wagon on the cloister, skip:
// 3); after "draw" the B in hand fits, in each of 4 rotations, wherever no city or road meets
// it: -1,-1 and 1,-1 (above the U's north fields; 0,-1 faces D's city, -2,0 and 2,0 the road
// ends), -2,1, 2,1, 0,1 (the hole), -1,2, 2,2, 0,3, 1,3: 9 squares, 36. Total 3 + 36 = 39.
// In the abbey round (the deck ends with the hole's last tile): "abbey 0,1" or "pass": 2.
TEST(Perft, AbbeyDecisionByHand) {
  const std::vector<std::string> hole = {"place -1,0 r90", "skip", "place 1,0 r90", "skip",
                                         "place -1,1 r0",  "skip", "place 1,1 r0",  "skip",
                                         "place 1,2 r0",   "skip", "place 0,2 r0",  "skip"};
  const GameState decision = am_position({"U", "U", "B", "B", "B", "B", "B", "B"}, hole);
  EXPECT_EQ(perft(decision, 1), 2u);
  EXPECT_EQ(perft(decision, 2), 39u);
  const GameState round = am_position({"U", "U", "B", "B", "B", "B"}, hole);
  EXPECT_FALSE(round.over());
  EXPECT_EQ(perft(round, 1), 2u);
}

// Figure steps with the mayor, the wagon and the barn, counted by hand.
// E r180 at 0,-1 closes D's city: follower, mayor or wagon on the city, follower on E's field,
// skip: 5 (no barn: no corner of 0,-1 has four tiles; no wagon or mayor on a field).
// scenario_am_test's EX-AM3 before the barn: U r90 at 1,0 with Red's farmers on both of its
// fields: follower or wagon on the road, "barn SW", skip: 4. A wagon's move: see below.
TEST(Perft, MayorWagonBarnFigureStepByHand) {
  const GameState city = am_position({"E", "U"}, {"place 0,-1 r180"});
  EXPECT_EQ(perft(city, 1), 5u);
  const GameState barn =
      am_position({"E", "E", "E", "E", "U", "U", "A"},
                  {"place 0,1 r180", "meeple NNW", "place 0,2 r0", "skip", "place 1,1 r90", "skip",
                   "place 2,1 r270", "skip", "place -1,0 r90", "meeple NNW", "place 1,0 r90"});
  EXPECT_EQ(perft(barn, 1), 4u);
  // scenario_am_test's EX-AM6: Blue's wagon, its road just scored, may roll to the cloister at
  // 2,0 or the junction's S road at -1,0, or pass: 3; the deck is empty, so each ends the game.
  const GameState wagon = am_position(
      {"W", "U", "A"},
      {"place -1,0 r0", "meeple W", "place 1,0 r90", "wagon E", "place 2,0 r90", "skip"});
  EXPECT_EQ(perft(wagon, 1), 3u);
  EXPECT_EQ(perft(wagon, 2), 3u);
}

}  // namespace
}  // namespace carcassonne
