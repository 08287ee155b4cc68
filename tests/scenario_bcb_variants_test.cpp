// Scenarios of the publisher variants of Bridges, Castles and Bazaars (rule options "bids",
// "next-auctioneer", "castle-cities"), built by hand from the first-edition pages' footnotes
// (../shared/rules/bcb-first-edition-wiki-*.txt) and the contract (record-format.md, "Publisher
// variants"). Points are worked out in the comments; the default of each option is checked on the
// same position, so that each test shows what the variant changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scenario_util.h"

namespace carcassonne {
namespace {

using scenario::expect_points;
using scenario::legal_options;
using scenario::make_record_with;
using scenario::mentions;
using scenario::pending_is;
using scenario::play;
using scenario::Points;
using scenario::replay_error;
using scenario::tile;
using scenario::with;

using Strings = std::vector<std::string>;
using Options = std::vector<std::pair<std::string, std::string>>;

const Strings kTwo = {"Red", "Blue"};
constexpr PlayerId kRed = 0;
constexpr PlayerId kBlue = 1;

std::optional<GameState> play_with(const Options& rules, const Strings& players,
                                   const Strings& deck, const Strings& actions) {
  return play(make_record_with(players, deck, actions, {"bcb"}, rules));
}

Error error_with(const Options& rules, const Strings& players, const Strings& deck,
                 const Strings& actions) {
  return replay_error(make_record_with(players, deck, actions, {"bcb"}, rules));
}

// "bid LOW" ... "bid HIGH", sorted as legal_options() sorts them (as text).
Strings bids_from(int low, int high) {
  Strings out;
  for (int amount = low; amount <= high; ++amount) out.push_back("bid " + std::to_string(amount));
  std::sort(out.begin(), out.end());
  return out;
}

const Options kUpToScore = {{"bids", "up-to-score"}};

// Red closes D's city with E and scores it rather than building a castle: 2 tiles x 2 = 4 points.
// Blue places U (no points). Red places the bazaar BCB-A; V and B are revealed; Blue, left of
// Red, is the first auctioneer.
//
//        x=0      x=1
//  y=-1  E r180
//  y=0   D r0  == U r90
//  y=1   BCB-A
const Strings kDeck = {"E", "U", "BCB-A", "V", "B", "W"};
const Strings kToTheBazaar = {"place 0,-1 r180", "meeple S", "score", "place 1,0 r90", "skip",
                              "place 0,1 r0",    "skip"};

// ZMG: "a player may not bid more points than he has" (cs footnote, 5/2014). Blue, with 0
// points, may only open at 0; Red, with 4, may bid 1 to 4 or pass. Unlimited (the default), both
// may bid up to the engine's bound of 100.
TEST(BcbVariantBids, NobodyBidsMoreThanTheyHave) {
  const Strings chosen = with(kToTheBazaar, {"choose V"});
  auto opening = play_with(kUpToScore, kTwo, kDeck, chosen);
  ASSERT_TRUE(opening);
  expect_points(*opening, kRed, Points{.city = 4});
  EXPECT_TRUE(pending_is(*opening, kBlue, Phase::AuctionBid));
  EXPECT_EQ(legal_options(*opening), (Strings{"bid 0"}));
  EXPECT_TRUE(mentions(error_with(kUpToScore, kTwo, kDeck, with(chosen, {"bid 1"})).message,
                       "up-to-score"));

  auto answer = play_with(kUpToScore, kTwo, kDeck, with(chosen, {"bid 0"}));
  ASSERT_TRUE(answer);
  EXPECT_TRUE(pending_is(*answer, kRed, Phase::AuctionBid));
  EXPECT_EQ(legal_options(*answer), with(bids_from(1, 4), {"pass"}));
  EXPECT_TRUE(mentions(
      error_with(kUpToScore, kTwo, kDeck, with(chosen, {"bid 0", "bid 5"})).message, "(4)"));

  auto unlimited = play_with({}, kTwo, kDeck, chosen);
  ASSERT_TRUE(unlimited);
  EXPECT_EQ(legal_options(*unlimited), bids_from(0, 100));
}

// The auctioneer "buys" by paying the highest bid: under up-to-score not for more than they have
// (ZMG scores never go below 0). Blue (0 points) opens at 0, Red bids 3: Blue may only sell, and
// Red pays Blue 3. Red: city 4, bazaar -3 = 1. Blue: bazaar +3 = 3. Red has V, Blue gets B. By
// default Blue could buy (and go to -3).
TEST(BcbVariantBids, TheAuctioneerBuysOnlyForWhatTheyHave) {
  const Strings bid = with(kToTheBazaar, {"choose V", "bid 0", "bid 3"});
  auto decide = play_with(kUpToScore, kTwo, kDeck, bid);
  ASSERT_TRUE(decide);
  EXPECT_TRUE(pending_is(*decide, kBlue, Phase::AuctionDecide));
  EXPECT_EQ(legal_options(*decide), (Strings{"sell"}));
  EXPECT_TRUE(
      mentions(error_with(kUpToScore, kTwo, kDeck, with(bid, {"buy"})).message, "up-to-score"));

  auto sold = play_with(kUpToScore, kTwo, kDeck, with(bid, {"sell"}));
  ASSERT_TRUE(sold);
  expect_points(*sold, kRed, Points{.city = 4, .bazaar = -3});
  expect_points(*sold, kBlue, Points{.bazaar = 3});
  EXPECT_EQ(sold->bazaar_tile_of(kRed), tile("V"));
  EXPECT_EQ(sold->bazaar_tile_of(kBlue), tile("B"));

  auto unlimited = play_with({}, kTwo, kDeck, bid);
  ASSERT_TRUE(unlimited);
  EXPECT_EQ(legal_options(*unlimited), (Strings{"buy", "sell"}));
}

// ZMG: "the variant rule should be used if a bazaar tile is drawn and all players have 0 points"
// (cs/it footnote, 5/2014). Red places the bazaar on the first turn, every score 0: Blue (left of
// Red) takes V for free and plays it at once, then Red takes the last, U. Nobody pays. A later
// bazaar with points on the board is auctioned again (the previous test).
TEST(BcbVariantBids, WithEveryScoreAtZeroTheBazaarIsSharedOutWithoutAnAuction) {
  const Strings deck = {"BCB-A", "U", "V", "B"};
  const Strings placed = {"place 0,1 r0", "skip"};
  auto choose = play_with(kUpToScore, kTwo, deck, placed);
  ASSERT_TRUE(choose);
  EXPECT_TRUE(pending_is(*choose, kBlue, Phase::AuctionChoose));
  EXPECT_FALSE(choose->bazaar_auctions());

  auto taken = play_with(kUpToScore, kTwo, deck, with(placed, {"choose V"}));
  ASSERT_TRUE(taken);
  EXPECT_TRUE(pending_is(*taken, kBlue, Phase::PlaceTile));
  EXPECT_EQ(taken->tile_in_hand(), tile("V"));

  auto last =
      play_with(kUpToScore, kTwo, deck, with(placed, {"choose V", "place -1,0 r180", "skip"}));
  ASSERT_TRUE(last);
  EXPECT_TRUE(pending_is(*last, kRed, Phase::PlaceTile));
  EXPECT_EQ(last->tile_in_hand(), tile("U"));
  EXPECT_EQ(last->bazaar_tile_of(kRed), tile("U"));
  expect_points(*last, kRed, Points{});
  expect_points(*last, kBlue, Points{});
  EXPECT_EQ(last->bank_receipts(), 0);

  // Unlimited bids: the same bazaar is auctioned (Blue chooses, then opens the bidding).
  auto auctioned = play_with({}, kTwo, deck, with(placed, {"choose V"}));
  ASSERT_TRUE(auctioned);
  EXPECT_TRUE(auctioned->bazaar_auctions());
  EXPECT_TRUE(pending_is(*auctioned, kBlue, Phase::AuctionBid));
}

// The four-player bazaar of the base tests (NextAuctioneerIsNextClockwiseFromThePreviousOne): Ann
// (0) places BCB-A; U, V, B, E are revealed. Bob (1) chooses U, bids 1; Cid passes; Dan bids 2;
// Ann passes; Bob sells to Dan: Dan -2, Bob +2. Who chooses next?
const Strings kFour = {"Ann", "Bob", "Cid", "Dan"};
const Strings kFourDeck = {"BCB-A", "U", "V", "B", "E"};
const Strings kBobSells = {"place 0,1 r0", "skip",  "choose U", "bid 1",
                           "pass",         "bid 2", "pass",     "sell"};

// New edition (default): the first player without a tile clockwise after the previous auctioneer,
// Bob: Cid.
TEST(BcbVariantNextAuctioneer, AfterTheAuctioneerByDefault) {
  auto state = play_with({}, kFour, kFourDeck, kBobSells);
  ASSERT_TRUE(state);
  EXPECT_TRUE(pending_is(*state, 2, Phase::AuctionChoose));
}

// RGG Big Box: "it could be the same player if he did not buy the tile he chose" (cs footnote).
// Bob sold, so he chooses again: V, opening at 0; Cid and Ann pass (Dan has a tile): Bob takes V,
// 0 to the bank. Bob now has a tile: the next is Cid, who takes B for 0. E goes to Ann. The round
// starts left of Ann: Bob plays V first. Points: Bob +2, Dan -2, the others 0.
TEST(BcbVariantNextAuctioneer, FromTheAuctioneerOneWhoSoldChoosesAgain) {
  const Options rgg = {{"next-auctioneer", "from-auctioneer"}};
  auto again = play_with(rgg, kFour, kFourDeck, kBobSells);
  ASSERT_TRUE(again);
  EXPECT_TRUE(pending_is(*again, 1, Phase::AuctionChoose));

  const Strings second = with(kBobSells, {"choose V", "bid 0", "pass", "pass"});
  auto next = play_with(rgg, kFour, kFourDeck, second);
  ASSERT_TRUE(next);
  EXPECT_TRUE(pending_is(*next, 2, Phase::AuctionChoose));
  EXPECT_EQ(next->bazaar_tile_of(1), tile("V"));

  auto round = play_with(rgg, kFour, kFourDeck, with(second, {"choose B", "bid 0", "pass"}));
  ASSERT_TRUE(round);
  EXPECT_TRUE(pending_is(*round, 1, Phase::PlaceTile));
  EXPECT_EQ(round->tile_in_hand(), tile("V"));
  EXPECT_EQ(round->bazaar_tile_of(0), tile("E"));
  EXPECT_EQ(round->bazaar_tile_of(2), tile("B"));
  EXPECT_EQ(round->bazaar_tile_of(3), tile("U"));
  expect_points(*round, 0, Points{});
  expect_points(*round, 1, Points{.bazaar = 2});
  expect_points(*round, 2, Points{});
  expect_points(*round, 3, Points{.bazaar = -2});

  // Had Bob bought U himself, he would hold a tile: Cid would choose, as by default.
  const Strings bought = {"place 0,1 r0", "skip",  "choose U", "bid 1",
                          "pass",         "bid 2", "pass",     "buy"};
  auto after_buying = play_with(rgg, kFour, kFourDeck, bought);
  ASSERT_TRUE(after_buying);
  EXPECT_TRUE(pending_is(*after_buying, 2, Phase::AuctionChoose));
}

// ZMG: "the next player clockwise from the previous buyer" (footnote 26). Dan bought U from Bob:
// Ann, after Dan, chooses V and opens at 0; Bob bids 1, Cid passes; Ann sells: Bob pays Ann 1.
// The buyer is Bob: after him Cid chooses B, opens at 0, Ann passes: 0 to the bank. E goes to
// Ann. Points: Ann +1, Bob +2 -1 = +1, Cid 0, Dan -2.
TEST(BcbVariantNextAuctioneer, AfterTheBuyer) {
  const Options zmg = {{"next-auctioneer", "after-buyer"}};
  auto ann = play_with(zmg, kFour, kFourDeck, kBobSells);
  ASSERT_TRUE(ann);
  EXPECT_TRUE(pending_is(*ann, 0, Phase::AuctionChoose));

  const Strings second = with(kBobSells, {"choose V", "bid 0", "bid 1", "pass", "sell"});
  auto cid = play_with(zmg, kFour, kFourDeck, second);
  ASSERT_TRUE(cid);
  EXPECT_TRUE(pending_is(*cid, 2, Phase::AuctionChoose));
  EXPECT_EQ(cid->bazaar_tile_of(1), tile("V"));

  auto round = play_with(zmg, kFour, kFourDeck, with(second, {"choose B", "bid 0", "pass"}));
  ASSERT_TRUE(round);
  EXPECT_TRUE(pending_is(*round, 1, Phase::PlaceTile));
  EXPECT_EQ(round->bazaar_tile_of(0), tile("E"));
  EXPECT_EQ(round->bazaar_tile_of(2), tile("B"));
  expect_points(*round, 0, Points{.bazaar = 1});
  expect_points(*round, 1, Points{.bazaar = 1});
  expect_points(*round, 2, Points{});
  expect_points(*round, 3, Points{.bazaar = -2});
}

// ZMG: "a small city consisting of 'two city end segments' would qualify for castle placement,
// which would allow use of the triangular city segment" (cs footnote, 5/2014). Red closes D's
// city with the pointed city of BCB-I and a knight: under "two-caps" he may build a castle; by
// default (semicircles only) the city simply scores 4 (WitchHatCityDoesNotQualify).
//
//        x=0
//  y=-1  BCB-I r270 (its city on the south edge)
//  y=0   D r0
TEST(BcbVariantCastleCities, TwoCapsLetsAPointedCityBecomeACastle) {
  const Options zmg = {{"castle-cities", "two-caps"}};
  const Strings closed = {"place 0,-1 r270", "meeple S"};
  auto decide = play_with(zmg, kTwo, {"BCB-I", "U"}, closed);
  ASSERT_TRUE(decide);
  EXPECT_TRUE(pending_is(*decide, kRed, Phase::CastleChoice));
  EXPECT_EQ(legal_options(*decide), (Strings{"castle", "score"}));

  auto castle = play_with(zmg, kTwo, {"BCB-I", "U"}, with(closed, {"castle"}));
  ASSERT_TRUE(castle);
  EXPECT_EQ(castle->castles().size(), 1u);
  EXPECT_EQ(castle->castles_in_supply(kRed), 2);
  expect_points(*castle, kRed, Points{});

  auto semicircles = play_with({}, kTwo, {"BCB-I", "U"}, closed);
  ASSERT_TRUE(semicircles);
  EXPECT_TRUE(semicircles->castles().empty());
  expect_points(*semicircles, kRed, Points{.city = 4});
}

// Two semicircular caps (D's and E's) qualify under either reading.
TEST(BcbVariantCastleCities, TwoSemicirclesQualifyUnderBoth) {
  for (const Options& rules : {Options{}, Options{{"castle-cities", "two-caps"}}}) {
    auto decide = play_with(rules, kTwo, kDeck, {"place 0,-1 r180", "meeple S"});
    ASSERT_TRUE(decide);
    EXPECT_TRUE(pending_is(*decide, kRed, Phase::CastleChoice));
  }
}

// The options belong to Bridges, Castles and Bazaars: without it only their defaults are accepted.
TEST(BcbVariantOptions, NeedTheExpansion) {
  for (const auto& [name, value] : Options{{"bids", "up-to-score"},
                                           {"next-auctioneer", "after-buyer"},
                                           {"castle-cities", "two-caps"}}) {
    RuleSet rules;
    EXPECT_FALSE(set_rule_option(rules, name, value).ok()) << name;
    rules.add(Expansion::BridgesCastlesBazaars);
    EXPECT_TRUE(set_rule_option(rules, name, value).ok()) << name;
  }
}

}  // namespace
}  // namespace carcassonne
