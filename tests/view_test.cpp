// The view rows (view/mechanic_view.h): one row per mechanic, in the enum's order; a mechanic's
// fields appear in the server's public state and the replay summary exactly when it is in play;
// the observation's columns are each claimed by one row and keep their documented places.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/mechanics/mechanics.h"
#include "core/random.h"
#include "python/observation_tensor.h"
#include "record/record.h"
#include "server/game_view.h"
#include "view/mechanic_view.h"

namespace carcassonne::testing {
namespace {

using json = nlohmann::json;

TEST(ViewRows, OneRowPerMechanicInTheEnumsOrder) {
  for (int m = 0; m < kMechanicCount; ++m)
    EXPECT_EQ(static_cast<int>(view::kMechanicViews[static_cast<std::size_t>(m)]->mechanic), m)
        << "row " << m;
}

// A game of `rules` (two players), played at random for `actions` actions or until `stop` holds,
// and its record.
struct PlayedGame {
  Record record;
  GameState state;
};
template <typename Stop>
PlayedGame random_game(const RuleSet& rules, int actions, std::uint64_t seed, Stop stop) {
  Record record;
  record.players = {"Ann", "Bob"};
  record.rules = rules;
  record.seed = seed;
  auto state = replay(record);
  EXPECT_TRUE(state) << state.error().message;
  Pcg32 rng(seed, 7);
  MoveList moves;
  for (int i = 0; i < actions && !state->over() && !stop(*state); ++i) {
    state->legal_moves(moves);
    record_and_apply(record, *state,
                     moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
  }
  return {std::move(record), std::move(*state)};
}
PlayedGame random_game(const RuleSet& rules, int actions, std::uint64_t seed) {
  return random_game(rules, actions, seed, [](const GameState&) { return false; });
}

std::set<std::string> keys_of(const json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.insert(key);
  return keys;
}

RuleSet every_expansion() {
  RuleSet rules;
  for (Expansion e : {Expansion::BridgesCastlesBazaars, Expansion::InnsCathedrals,
                      Expansion::TradersBuilders, Expansion::PrincessDragon, Expansion::AbbeyMayor})
    rules.add(e);
  return rules;
}

// Each row's public and summary parts, asked directly of a game with every expansion, name the
// keys they own; the whole views of that game show every one of them, and the views of a base
// game none (the base game's own keys are not any row's).
TEST(ViewRows, AMechanicsFieldsAppearExactlyWhenItIsInPlay) {
  const PlayedGame all = random_game(every_expansion(), 60, 11);
  const PlayedGame base = random_game(RuleSet{}, 60, 11);
  const std::vector<server::PlayerView> seats = {{"Ann", false, "", true},
                                                 {"Bob", false, "", true}};
  const json all_public = server::public_state_json(all.state, seats);
  const json base_public = server::public_state_json(base.state, seats);
  const json all_summary = json::parse(state_summary_json(all.state, all.record));
  const json base_summary = json::parse(state_summary_json(base.state, base.record));

  int keys_checked = 0;
  const auto check = [&](const std::set<std::string>& keys, const json& with, const json& without,
                         const std::string& where) {
    for (const std::string& key : keys) {
      EXPECT_TRUE(with.contains(key)) << where << ": " << key;
      EXPECT_FALSE(without.contains(key)) << where << ": " << key;
      ++keys_checked;
    }
  };
  for (const view::MechanicView* row : view::kMechanicViews) {
    const std::string name(kMechanicTable[static_cast<std::size_t>(row->mechanic)].name);
    json player = json::object(), game = json::object();
    if (*row->public_player) (*row->public_player)(all.state, 0, player);
    if (*row->public_game) (*row->public_game)(all.state, game);
    check(keys_of(player), all_public["players"][0], base_public["players"][0],
          name + " public player");
    check(keys_of(game), all_public, base_public, name + " public state");
    player = json::object(), game = json::object();
    if (*row->summary_player) (*row->summary_player)(all.state, 0, player);
    if (*row->summary_game) (*row->summary_game)(all.state, game);
    check(keys_of(player), all_summary["players"][0], base_summary["players"][0],
          name + " summary player");
    check(keys_of(game), all_summary, base_summary, name + " summary");
  }
  // bridges, castles, bazaar_tile, goods, abbey; bridge_required, castles, claim_castle, bazaar,
  // dragon, dragon_journey, set_aside, fairy, rolling_wagon; bridges, castles, abbey; goods,
  // dragon, fairy.
  EXPECT_EQ(keys_checked, 20);
}

// The pending decision's fields of a mechanic: the bazaar's offer while a bazaar runs.
TEST(ViewRows, TheSummaryShowsABazaarUnderWay) {
  RuleSet rules;
  rules.add(Expansion::BridgesCastlesBazaars);
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    const PlayedGame game = random_game(
        rules, 1 << 20, seed, [](const GameState& state) { return state.bazaar_in_progress(); });
    if (game.state.over()) continue;
    const json summary = json::parse(state_summary_json(game.state, game.record));
    ASSERT_TRUE(summary["pending"].contains("bazaar_offer")) << summary.dump();
    EXPECT_EQ(summary["pending"]["bazaar_offer"].size(), game.state.bazaar_offer().size());
    const json state =
        server::public_state_json(game.state, {{"Ann", false, "", true}, {"Bob", false, "", true}});
    EXPECT_EQ(state["bazaar"]["offer"], summary["pending"]["bazaar_offer"]);
    return;
  }
  FAIL() << "no bazaar in 200 random games";
}

// Python's arrays: every column claimed once, in the places docs/PYTHON.md gives.
TEST(ViewRows, ObservationColumnsKeepTheirDocumentedPlaces) {
  EXPECT_EQ(python::supply_column_names(),
            (std::vector<std::string>{"meeple", "large", "builder", "pig", "mayor", "wagon", "barn",
                                      "bridges", "castles", "abbey", "wine", "grain", "cloth"}));
  EXPECT_EQ(
      python::info_field_names(),
      (std::vector<std::string>{
          "viewer", "current_player", "turn_player", "phase", "tiles_left", "turn_number",
          "tiles_placed", "turn_tile", "dragon_tile", "fairy_tile", "highest_bid", "highest_bidder",
          "auction_tile", "bridge_required", "bazaar_round", "bank", "tile_in_hand", "set_aside"}));
}

}  // namespace
}  // namespace carcassonne::testing
