// Delayed bazaars: with "builder-bazaar": "builder-first", a bazaar tile placed in a builder's
// second part starts nothing at once; once the double turn and any bazaar round under way are
// over, each delayed bazaar starts in the order its tile was placed, as step 9 would for the
// player who placed it (its tiles taken, the too-few test, the auction opened on that player's
// left, the round); then play resumes left of the double turn's player (contract
// ../shared/spec/record-format-bigbox.md, "Order of play", the paragraph on "builder-first";
// checklist X-21; the CAR order of footnote 36 of the BCB page, "pending delayed bazaar").
//
// Every expected number and order is worked out by hand in the comment above each test.
// Three players: Ann (seat 0), Bob (1), Cid (2); expansions "bcb" and "tb"; the bazaar auctions
// (default). Maps: x grows east, y grows south; the start tile D lies at 0,0 r0 (city cap N, road
// W-E). Tiles: U r90 road W-E; B cloister, field all round; BCB-A bazaar alone in a field (fits
// any field edge); BCB-E r90 roads W and E ending at its bazaar; E r180 city cap S, field N, E, W.
// Nobody puts a follower on anything but Ann's road, so only that road and auction payments
// ever score (cloisters and cities complete, if at all, with nobody in them: 0).
//
// The common beginning: Ann's thief and builder on the road D-U-U, open at both ends.
//
//          x=-1     x=0      x=1        x=2        x=3
//  y=0              D ====== U ======== U ======== (Ann's tile of turn 7)
//                            Ann thief  Ann builder
//  y=1     B        B        B          B
//
// Ann U r90 1,0 thief E; Bob B 0,1; Cid B 1,1; Ann U r90 2,0 builder E; Bob B 2,1; Cid B -1,1.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario_util.h"

namespace carcassonne {
namespace {

using scenario::expect_points;
using scenario::make_record_with;
using scenario::pending_is;
using scenario::play;
using scenario::Points;
using scenario::tile;
using scenario::with;

using Strings = std::vector<std::string>;
using Options = std::vector<std::pair<std::string, std::string>>;

const Strings kThree = {"Ann", "Bob", "Cid"};
constexpr PlayerId kAnn = 0;
constexpr PlayerId kBob = 1;
constexpr PlayerId kCid = 2;

const Strings kPrefixDeck = {"U", "B", "B", "U", "B", "B"};
const Strings kPrefix = {"place 1,0 r90", "meeple E", "place 0,1 r0",  "skip",
                         "place 1,1 r0",  "skip",     "place 2,0 r90", "builder E",
                         "place 2,1 r0",  "skip",     "place -1,1 r0", "skip"};

const Options kBuilderFirst = {{"builder-bazaar", "builder-first"}};
const Options kBazaarFirst = {{"builder-bazaar", "bazaar-first"}};

// The first `n` actions of `actions`.
Strings first_n(const Strings& actions, std::size_t n) {
  return Strings(actions.begin(), actions.begin() + static_cast<long>(n));
}

Strings deck_with(const Strings& more) {
  return with(kPrefixDeck, more);
}

std::optional<GameState> play_bazaar(const Options& rules, const Strings& deck,
                                     const Strings& actions) {
  return play(make_record_with(kThree, deck, actions, {"bcb", "tb"}, rules));
}

::testing::AssertionResult part_is(const GameState& state, PlayerId player, PartKind kind) {
  if (state.turn_player() == player && state.turn_part() == kind)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "turn part of player " << static_cast<int>(state.turn_player()) << " kind "
         << static_cast<int>(state.turn_part()) << "; expected player " << static_cast<int>(player)
         << " kind " << static_cast<int>(kind);
}

// ============================================================================================
// (a) A second part's bazaar with no bazaar from the first part: it follows the double turn at
// once.
// ============================================================================================
//
// Ann U r90 3,0, skip: the tile extends her builder's road, a second part follows. In it she
// draws BCB-A and places it at 3,1 (skip): delayed. The double turn is over and no bazaar round is
// under way, so it starts at once, as Ann's: three tiles (B, B, B) taken face down (the deck holds
// 4 >= 3), the auction opened by Ann's left, Bob.
//   Bob chooses B, opens at 0; Cid bids 1; Ann passes; Bob sells: Cid pays Bob 1 (Bob +1,
//   Cid -1). Next auctioneer: the first player without a tile after Bob: Cid has one, so Ann.
//   Ann chooses B, opens at 0; Bob (the only other without a tile) passes: Ann takes it, 0 to the
//   bank. The last B goes to Bob free.
//   The round from Ann's left: Bob B 0,2, Cid B 1,2, Ann B 2,2 (each skip; the cloister 1,1
//   completes with nobody in it: 0).
// Then Bob's normal turn (play resumes left of Ann) with the last B. Points: Ann 0, Bob 1, Cid -1.
// Under "bazaar-first" the same actions are the same game: there the second part's bazaar starts
// at once anyway.
const Strings kDeckA = deck_with({"U", "BCB-A", "B", "B", "B", "B"});
const Strings kActionsA =
    with(kPrefix, {"place 3,0 r90", "skip", "place 3,1 r0", "skip", "choose B", "bid 0", "bid 1",
                   "pass", "sell", "choose B", "bid 0", "pass", "place 0,2 r0", "skip",
                   "place 1,2 r0", "skip", "place 2,2 r0", "skip"});

TEST(DelayedBazaar, SecondPartsBazaarWithoutAFirstPartBazaarFollowsAtOnce) {
  auto second = play_bazaar(kBuilderFirst, kDeckA, with(kPrefix, {"place 3,0 r90", "skip"}));
  ASSERT_TRUE(second);
  EXPECT_TRUE(pending_is(*second, kAnn, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*second, kAnn, PartKind::Second));
  EXPECT_EQ(second->tile_in_hand(), tile("BCB-A"));
  EXPECT_FALSE(second->bazaar_in_progress());

  auto auction = play_bazaar(kBuilderFirst, kDeckA, first_n(kActionsA, 16));
  ASSERT_TRUE(auction);
  EXPECT_TRUE(pending_is(*auction, kBob, Phase::AuctionChoose));
  EXPECT_EQ(auction->delayed_bazaars(), 0);  // it is under way, no longer waiting
  EXPECT_EQ(auction->bazaar_offer(), (std::vector<TileType>{tile("B"), tile("B"), tile("B")}));
  EXPECT_EQ(auction->tiles_left_in_deck(), 1);

  auto next = play_bazaar(kBuilderFirst, kDeckA, first_n(kActionsA, 21));
  ASSERT_TRUE(next);
  EXPECT_TRUE(pending_is(*next, kAnn, Phase::AuctionChoose));
  auto round = play_bazaar(kBuilderFirst, kDeckA, first_n(kActionsA, 24));
  ASSERT_TRUE(round);
  EXPECT_TRUE(pending_is(*round, kBob, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*round, kBob, PartKind::BazaarRound));

  for (const Options& rules : {kBuilderFirst, kBazaarFirst}) {
    SCOPED_TRACE(rules.front().second);
    auto state = play_bazaar(rules, kDeckA, kActionsA);
    ASSERT_TRUE(state);
    EXPECT_TRUE(pending_is(*state, kBob, Phase::PlaceTile));
    EXPECT_TRUE(part_is(*state, kBob, PartKind::Normal));
    EXPECT_FALSE(state->bazaar_in_progress());
    EXPECT_EQ(state->tile_in_hand(), tile("B"));
    expect_points(*state, kAnn, Points{});
    expect_points(*state, kBob, Points{.bazaar = 1});
    expect_points(*state, kCid, Points{.bazaar = -1});
    EXPECT_EQ(state->bank_receipts(), 0);
  }
}

// ============================================================================================
// (b) A second part's bazaar after a bazaar from the first part: it waits for that bazaar's round.
// ============================================================================================
//
// Ann BCB-E r90 3,0, skip: a bazaar (its W road extends her builder's road, which now ends at the
// bazaar; still open at D's west end) and a second part. Builder-first: the first bazaar's tiles
// (B, B, B) are taken face down, then the second part: Ann draws BCB-A, places it at 3,1, skip:
// delayed (the round of the first bazaar is still to come).
// First bazaar (Ann's), auction from Bob:
//   Bob chooses B, opens at 0; Cid and Ann pass: Bob takes it, 0 to the bank.
//   Next: after Bob, Cid. Cid chooses B, opens at 0; Ann bids 2; Cid buys: Cid pays Ann 2
//   (Ann +2, Cid -2). Ann gets the last B.
//   Round from Ann's left: Bob B 0,2, Cid B 1,2, Ann B 2,2 (skip each).
// Then the delayed bazaar (Ann's): E, E, E taken face down (4 >= 3 in the deck); auction again
// from Ann's left:
//   Bob chooses E, opens at 0; Cid bids 1; Ann passes; Bob buys: Bob pays Cid 1 (Bob -1, Cid +1).
//   Next: after Bob, Cid. Cid chooses E, opens at 0; Ann passes: Cid takes it, 0 to the bank.
//   Ann gets the last E.
//   Round from Ann's left: Bob E r180 0,3, Cid E r180 1,3, Ann E r180 2,3 (caps open south).
// Then Bob's normal turn with the last tile, B. Points: Ann +2, Bob -1, Cid -2 + 1 = -1.
const Strings kDeckB = deck_with({"BCB-E", "B", "B", "B", "BCB-A", "E", "E", "E", "B"});
const Strings kActionsB = with(
    kPrefix,
    {"place 3,0 r90",  "skip",     "place 3,1 r0",   "skip",  "choose B", "bid 0",          "pass",
     "pass",           "choose B", "bid 0",          "bid 2", "buy",      "place 0,2 r0",   "skip",
     "place 1,2 r0",   "skip",     "place 2,2 r0",   "skip",  "choose E", "bid 0",          "bid 1",
     "pass",           "buy",      "choose E",       "bid 0", "pass",     "place 0,3 r180", "skip",
     "place 1,3 r180", "skip",     "place 2,3 r180", "skip"});

TEST(DelayedBazaar, SecondPartsBazaarWaitsForTheFirstPartsBazaar) {
  auto second = play_bazaar(kBuilderFirst, kDeckB, with(kPrefix, {"place 3,0 r90", "skip"}));
  ASSERT_TRUE(second);
  EXPECT_TRUE(part_is(*second, kAnn, PartKind::Second));
  EXPECT_EQ(second->tile_in_hand(), tile("BCB-A"));
  EXPECT_EQ(second->tiles_face_down(), 3);

  // After the second part: the first bazaar's auction, from Bob; Ann's second bazaar waits.
  auto first_auction = play_bazaar(kBuilderFirst, kDeckB, first_n(kActionsB, 16));
  ASSERT_TRUE(first_auction);
  EXPECT_TRUE(pending_is(*first_auction, kBob, Phase::AuctionChoose));
  EXPECT_EQ(first_auction->delayed_bazaars(), 1);
  EXPECT_EQ(first_auction->bazaar_offer(),
            (std::vector<TileType>{tile("B"), tile("B"), tile("B")}));

  auto cid = play_bazaar(kBuilderFirst, kDeckB, first_n(kActionsB, 20));
  ASSERT_TRUE(cid);
  EXPECT_TRUE(pending_is(*cid, kCid, Phase::AuctionChoose));

  // The first round's last part (Ann's), then the delayed bazaar: from Bob again.
  auto last_of_round = play_bazaar(kBuilderFirst, kDeckB, first_n(kActionsB, 28));
  ASSERT_TRUE(last_of_round);
  EXPECT_TRUE(part_is(*last_of_round, kAnn, PartKind::BazaarRound));
  EXPECT_EQ(last_of_round->delayed_bazaars(), 1);
  auto delayed = play_bazaar(kBuilderFirst, kDeckB, first_n(kActionsB, 30));
  ASSERT_TRUE(delayed);
  EXPECT_TRUE(pending_is(*delayed, kBob, Phase::AuctionChoose));
  EXPECT_EQ(delayed->delayed_bazaars(), 0);
  EXPECT_EQ(delayed->bazaar_offer(), (std::vector<TileType>{tile("E"), tile("E"), tile("E")}));
  expect_points(*delayed, kAnn, Points{.bazaar = 2});
  expect_points(*delayed, kCid, Points{.bazaar = -2});

  auto cid_again = play_bazaar(kBuilderFirst, kDeckB, first_n(kActionsB, 35));
  ASSERT_TRUE(cid_again);
  EXPECT_TRUE(pending_is(*cid_again, kCid, Phase::AuctionChoose));
  auto round = play_bazaar(kBuilderFirst, kDeckB, first_n(kActionsB, 38));
  ASSERT_TRUE(round);
  EXPECT_TRUE(pending_is(*round, kBob, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*round, kBob, PartKind::BazaarRound));
  EXPECT_EQ(round->tile_in_hand(), tile("E"));

  auto state = play_bazaar(kBuilderFirst, kDeckB, kActionsB);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kBob, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kBob, PartKind::Normal));
  EXPECT_EQ(state->tile_in_hand(), tile("B"));
  EXPECT_FALSE(state->bazaar_in_progress());
  expect_points(*state, kAnn, Points{.bazaar = 2});
  expect_points(*state, kBob, Points{.bazaar = -1});
  expect_points(*state, kCid, Points{.bazaar = -1});
  EXPECT_EQ(state->bank_receipts(), 0);
}

// ============================================================================================
// (c) A second part inside a bazaar round: its bazaar starts after the round, as its player's.
// ============================================================================================
//
// Ann B 3,1, skip (nothing extended). Bob BCB-A 0,2, skip: Bob's bazaar (U, B, B), auction from
// Cid:
//   Cid chooses B, opens at 0; Ann and Bob pass: Cid takes it, 0 to the bank.
//   Next: after Cid, Ann. Ann chooses U, opens at 0; Bob passes: Ann takes it, 0 to the bank.
//   Bob gets the last B.
//   Round from Bob's left: Cid B 1,2 (skip); Ann U r90 3,0 (skip): it extends her builder's road,
//   so her second part follows at once: she draws BCB-A, places it at 2,2, skip: delayed (a
//   bazaar round is under way). Then Bob B -1,2 (skip). The round is over.
// Then the delayed bazaar, as Ann's: E, E, E face down (4 in the deck), auction from Ann's left,
// Bob (not from Bob's left, the round's host):
//   Bob chooses E, opens at 0; Cid bids 3; Ann passes; Bob sells: Cid pays Bob 3 (Bob +3,
//   Cid -3). Next: after Bob, Cid has a tile: Ann. Ann chooses E, opens at 0; Bob passes: Ann
//   takes it. Bob gets the last E.
//   Round from Ann's left: Bob E r180 0,3, Cid E r180 1,3, Ann E r180 2,3.
// Then play resumes left of Bob, whose turn began it all: Cid's normal turn with the last B.
// Points: Ann 0, Bob +3, Cid -3.
// Under "bazaar-first" Ann's bazaar inside the round is ignored (X-20, W320): after the round,
// Cid's normal turn draws the next tile, E, and no bazaar is due.
const Strings kDeckC = deck_with({"B", "BCB-A", "U", "B", "B", "BCB-A", "E", "E", "E", "B"});
const Strings kRoundC =
    with(kPrefix, {"place 3,1 r0", "skip", "place 0,2 r0", "skip", "choose B", "bid 0", "pass",
                   "pass", "choose U", "bid 0", "pass", "place 1,2 r0", "skip", "place 3,0 r90",
                   "skip", "place 2,2 r0", "skip", "place -1,2 r0", "skip"});
const Strings kActionsC =
    with(kRoundC, {"choose E", "bid 0", "bid 3", "pass", "sell", "choose E", "bid 0", "pass",
                   "place 0,3 r180", "skip", "place 1,3 r180", "skip", "place 2,3 r180", "skip"});

TEST(DelayedBazaar, SecondPartInsideABazaarRoundStartsItsBazaarAfterTheRound) {
  // Ann's second part inside Bob's round: her bazaar is noted, Bob still plays his tile.
  auto inside = play_bazaar(kBuilderFirst, kDeckC, first_n(kRoundC, 29));
  ASSERT_TRUE(inside);
  EXPECT_TRUE(pending_is(*inside, kBob, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*inside, kBob, PartKind::BazaarRound));
  EXPECT_EQ(inside->delayed_bazaars(), 1);

  auto delayed = play_bazaar(kBuilderFirst, kDeckC, kRoundC);
  ASSERT_TRUE(delayed);
  EXPECT_TRUE(pending_is(*delayed, kBob, Phase::AuctionChoose));
  EXPECT_EQ(delayed->delayed_bazaars(), 0);
  EXPECT_EQ(delayed->turn_player(), kAnn);  // the bazaar is Ann's
  EXPECT_EQ(delayed->bazaar_offer(), (std::vector<TileType>{tile("E"), tile("E"), tile("E")}));

  auto ann = play_bazaar(kBuilderFirst, kDeckC, first_n(kActionsC, 36));
  ASSERT_TRUE(ann);
  EXPECT_TRUE(pending_is(*ann, kAnn, Phase::AuctionChoose));
  auto round = play_bazaar(kBuilderFirst, kDeckC, first_n(kActionsC, 39));
  ASSERT_TRUE(round);
  EXPECT_TRUE(pending_is(*round, kBob, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*round, kBob, PartKind::BazaarRound));

  auto state = play_bazaar(kBuilderFirst, kDeckC, kActionsC);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, kCid, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*state, kCid, PartKind::Normal));
  EXPECT_EQ(state->tile_in_hand(), tile("B"));
  EXPECT_FALSE(state->bazaar_in_progress());
  expect_points(*state, kAnn, Points{});
  expect_points(*state, kBob, Points{.bazaar = 3});
  expect_points(*state, kCid, Points{.bazaar = -3});

  auto ignored = play_bazaar(kBazaarFirst, kDeckC, kRoundC);
  ASSERT_TRUE(ignored);
  EXPECT_TRUE(pending_is(*ignored, kCid, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*ignored, kCid, PartKind::Normal));
  EXPECT_EQ(ignored->tile_in_hand(), tile("E"));
  EXPECT_EQ(ignored->delayed_bazaars(), 0);
}

// ============================================================================================
// (d) Too few tiles when the delayed bazaar would start: it starts nothing.
// ============================================================================================
//
// As (a), but the deck holds only B, B after Ann's BCB-A: when the delayed bazaar would start,
// 2 < 3 players: nothing happens, and Bob's normal turn follows with a B. Bob B 0,2, Cid B 1,2
// (skip each): the deck is used up, the game ends. Final scoring: Ann's thief on the open road D,
// U(1,0), U(2,0), U(3,0): 4 tiles, 4 points (the builder scores nothing); nobody else has a
// figure on the board. Ann 4, Bob 0, Cid 0.
TEST(DelayedBazaar, TooFewTilesLeftForTheDelayedBazaar) {
  const Strings deck = deck_with({"U", "BCB-A", "B", "B"});
  const Strings actions = with(kPrefix, {"place 3,0 r90", "skip", "place 3,1 r0", "skip"});
  auto after = play_bazaar(kBuilderFirst, deck, actions);
  ASSERT_TRUE(after);
  EXPECT_TRUE(pending_is(*after, kBob, Phase::PlaceTile));
  EXPECT_TRUE(part_is(*after, kBob, PartKind::Normal));
  EXPECT_FALSE(after->bazaar_in_progress());
  EXPECT_EQ(after->delayed_bazaars(), 0);
  EXPECT_EQ(after->tile_in_hand(), tile("B"));
  EXPECT_EQ(after->tiles_face_down(), 0);

  auto over = play_bazaar(kBuilderFirst, deck,
                          with(actions, {"place 0,2 r0", "skip", "place 1,2 r0", "skip"}));
  ASSERT_TRUE(over);
  EXPECT_TRUE(over->over());
  expect_points(*over, kAnn, Points{.road = 4});
  expect_points(*over, kBob, Points{});
  expect_points(*over, kCid, Points{});
}

}  // namespace
}  // namespace carcassonne
