// The view rows (view/mechanic_view.h): one row per mechanic, in the enum's order; a mechanic's
// fields appear in the server's public state and the replay summary exactly when it is in play;
// the observation's columns are each claimed by one row and keep their documented places.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/mechanics/mechanics.h"
#include "core/notation.h"
#include "core/random.h"
#include "python/observation_tensor.h"
#include "record/record.h"
#include "server/game_view.h"
#include "view/mechanic_view.h"
#include "view/telling.h"

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

// Every kind of move has one view (its structured form and what the log says of it), held where
// its notation is written: the base game's by the base view, a mechanic's by its row.
TEST(ViewRows, EveryKindOfMoveIsShownByWhoWritesIt) {
  constexpr int kBase = -1;
  std::map<int, std::vector<int>> shown_by, written_by;
  for (const view::ActionView& action : *view::kBaseView.actions)
    shown_by[static_cast<int>(action.kind)].push_back(kBase);
  for (const MoveWriter& writer : kBaseWriters)
    written_by[static_cast<int>(writer.kind)].push_back(kBase);
  for (int m = 0; m < kMechanicCount; ++m) {
    for (const view::ActionView& action :
         *view::kMechanicViews[static_cast<std::size_t>(m)]->actions)
      shown_by[static_cast<int>(action.kind)].push_back(m);
    for (const MoveWriter& writer : kMechanicTable[static_cast<std::size_t>(m)].writers)
      written_by[static_cast<int>(writer.kind)].push_back(m);
  }
  for (int kind = 0; kind < kMoveKindCount; ++kind) {
    EXPECT_EQ(shown_by[kind].size(), 1u) << "move kind " << kind;
    EXPECT_EQ(shown_by[kind], written_by[kind]) << "move kind " << kind;
  }
}

// Each text of the log has one owner, and its English names no argument twice over.
TEST(ViewRows, EveryTextOfTheLogHasOneOwner) {
  std::map<std::string, int> owners;
  for (const view::LogText& text : *view::kBaseView.words) ++owners[std::string(text.key)];
  for (const view::MechanicView* row : view::kMechanicViews)
    for (const view::LogText& text : *row->words) ++owners[std::string(text.key)];
  for (const auto& [key, count] : owners) EXPECT_EQ(count, 1) << key;
  EXPECT_EQ(view::english_templates().size(), owners.size());
}

// Random games with every expansion under both dragon timings and both bazaar orders: every
// entry's English is whole (no key or argument left in braces), every action and every scoring
// anybody won has its entry, the goods taken are told before the final scoring, and the last
// entry's scores are the final scores.
TEST(ViewRows, TheLogTellsEveryMoveInTheOrderThingsHappen) {
  int goods_entries = 0, games = 0;
  for (const char* timing : {"after-scoring", "before-scoring"})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      RuleSet rules = every_expansion();
      ASSERT_TRUE(set_rule_option(rules, "dragon", timing).ok());
      ASSERT_TRUE(
          set_rule_option(rules, "builder-bazaar", seed % 2 ? "bazaar-first" : "builder-first")
              .ok());
      const PlayedGame game = random_game(rules, 1 << 20, seed);
      ASSERT_TRUE(game.state.over());
      ++games;
      const std::vector<server::PlayerView> seats = {{"Ann", false, "", true},
                                                     {"Bob", false, "", true}};
      auto narrated = server::replay_narrated(game.record, game.record.actions.size(), seats);
      ASSERT_TRUE(narrated.ok()) << narrated.error().message;
      const std::vector<json>& log = narrated->log;
      // The scorings, as the core reports them.
      Record start = game.record;
      start.actions.clear();
      auto state = replay(start);
      ASSERT_TRUE(state.ok());
      std::vector<GameEvent> events;
      state->set_event_log(&events);
      for (const std::string& text : game.record.actions) {
        auto move = parse_move(*state, text);
        ASSERT_TRUE(move.ok()) << text;
        state->apply_unchecked(*move);
      }
      const auto won = [](const GameEvent& e) {
        return e.kind == GameEventKind::Scored && e.score.winners != 0;
      };
      const auto scorings = std::count_if(events.begin(), events.end(), won);
      const auto scoring_entries = std::count_if(
          log.begin(), log.end(), [](const json& entry) { return entry.value("score", false); });
      EXPECT_EQ(scoring_entries, scorings);
      std::size_t actions = 0;
      for (std::size_t i = 0; i < log.size(); ++i) {
        const std::string text = log[i]["text"];
        EXPECT_EQ(text.find_first_of("{}"), std::string::npos) << log[i].dump();
        if (log[i].contains("action")) ++actions;
        if (!log[i].value("goods", false)) continue;
        // Taken when their city completed during play: before any final scoring.
        ++goods_entries;
        for (std::size_t j = i; j-- > 0 && log[j]["n"] == log[i]["n"];)
          EXPECT_FALSE(log[j].value("final", false))
              << log[j].dump() << " before " << log[i].dump();
      }
      EXPECT_EQ(actions, game.record.actions.size());
      EXPECT_EQ(log.back()["scores"], json({game.state.score(0), game.state.score(1)}));
      EXPECT_TRUE(log.back().value("final", false));
    }
  EXPECT_EQ(games, 6);
  EXPECT_GE(goods_entries, 10);
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
