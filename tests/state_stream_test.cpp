// The state a watcher follows by updates is the state: for every combination of expansions,
// random games in which a client that took the whole state at the start, and others that took it
// at random moments (always right after an update, as the server does), merge every later update
// (merge_state, as the web app's mergeState) and hold, after each update, exactly the whole
// public state. Updates carry only what changed: the board from its first changed entry, and
// nothing when nothing changed.
#include "server/state_stream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "record/record.h"
#include "rule_variants.h"
#include "server/game_view.h"
#include "state_merge.h"

namespace carcassonne::testing {
namespace {

using json = nlohmann::json;

// The message a whole state or an update is sent in (its shared fields only).
json message(bool full, const std::string& fields) {
  return json::parse("{\"full\":" + std::string(full ? "true" : "false") + fields + "}");
}

// A held state without the message's own bookkeeping, to compare with the whole state.
json shown(json held) {
  held.erase("full");
  held.erase("log");
  held.erase("board_from");
  return held;
}

// Every combination of expansions with its default options, and each option's other values with
// all the expansions (the fields a state has depend on the mechanics in play). The sanitizer
// build (CARCASSONNE_FUZZ_SCALE below 1) follows a share of them, spread over the list.
std::vector<RuleVariant> variants_to_follow() {
  std::vector<RuleVariant> chosen;
  std::size_t most = 0;
  for (const RuleVariant& variant : every_rule_variant())
    most = std::max(most, variant.expansions.size());
  for (const RuleVariant& variant : every_rule_variant())
    if (!variant.option || variant.expansions.size() == most) chosen.push_back(variant);
  const char* scale_text = std::getenv("CARCASSONNE_FUZZ_SCALE");
  const double scale = scale_text != nullptr ? std::atof(scale_text) : 1.0;
  if (scale >= 1.0 || scale <= 0.0) return chosen;
  const auto stride = static_cast<std::size_t>(1.0 / scale);
  std::vector<RuleVariant> spread;
  for (std::size_t i = 0; i < chosen.size(); i += stride) spread.push_back(chosen[i]);
  spread.push_back(chosen.back());  // every expansion with an option
  return spread;
}

TEST(StateStream, UpdatesMergedInOrderGiveTheWholeStateForEveryRuleSet) {
  const std::vector<RuleVariant> variants = variants_to_follow();
  std::mt19937_64 random(7);
  int updates = 0;
  std::size_t update_bytes = 0, whole_bytes = 0;
  for (std::size_t v = 0; v < variants.size(); ++v) {
    Record record;
    record.players = {"Ann", "Bob", "Cid"};
    record.rules = variants[v].rules;
    record.seed = 100 + v;
    std::vector<server::PlayerView> views;
    for (const std::string& name : record.players) views.push_back({name, false, "", true});
    auto game = server::replay_narrated(record, 0, views);
    ASSERT_TRUE(game.ok()) << game.error().message;
    GameState& state = game->state;

    server::StateStream stream;
    const auto fields = [&] { return server::public_state_json(state, views, false); };
    const json whole_now = server::public_state_json(state, views);
    // The first update has everything (a client holding nothing takes it as a whole state).
    const json everything = message(false, stream.update(state, fields()));
    EXPECT_EQ(everything["board_from"], 0);
    EXPECT_EQ(shown(merge_state(json::object({{"board", json::array()}, {"log", json::array()}}),
                                everything)),
              whole_now);
    const json first = message(true, stream.whole());
    EXPECT_EQ(shown(first), whole_now);
    // The first watcher, and two that joined later (a newer joiner takes one's place).
    std::vector<json> watchers = {first, first, first};
    std::vector<PlacedTile> board_before = state.placed_tiles();
    MoveList moves;
    for (int step = 0; !state.over() && step < 400; ++step) {
      state.legal_moves(moves);
      ASSERT_FALSE(moves.empty());
      const Move move = moves[random() % moves.size()];
      ASSERT_TRUE(state.apply(move).ok());
      // Now and then someone's seat goes offline, which changes nothing but "players".
      if (random() % 17 == 0) views[random() % views.size()].online ^= true;
      const std::string text = stream.update(state, fields());
      const json update = message(false, text);
      const json whole = server::public_state_json(state, views);
      for (json& held : watchers) {
        held = merge_state(held, update);
        ASSERT_EQ(shown(held), whole) << "rule set " << v << ", step " << step;
      }
      // Only what changed: the board from its first changed entry (a new tile, or a bridge on
      // an older one), and the same update again would be empty.
      const auto& placed = state.placed_tiles();
      std::size_t changed = 0;
      while (changed < board_before.size() && changed < placed.size() &&
             placed[changed] == board_before[changed])
        ++changed;
      if (changed == placed.size() && placed.size() == board_before.size()) {
        EXPECT_FALSE(update.contains("board")) << update.dump();
      } else {
        ASSERT_TRUE(update.contains("board") && update.contains("board_from")) << update.dump();
        EXPECT_EQ(update.at("board_from").get<std::size_t>(), changed);
        EXPECT_EQ(update.at("board").size(), placed.size() - changed);
      }
      board_before.assign(placed.begin(), placed.end());
      EXPECT_TRUE(stream.update(state, fields()).empty());
      // Now and then a watcher joins: it takes the whole state (the stream does not move).
      if (random() % 9 == 0) watchers[1 + random() % 2] = message(true, stream.whole());
      ++updates;
      update_bytes += text.size();
      whole_bytes += stream.whole().size();
    }
  }
  // Updates are a small part of what whole states would have been.
  EXPECT_GT(updates, 500);
  EXPECT_LT(update_bytes * 4, whole_bytes)
      << update_bytes << " bytes of updates, " << whole_bytes << " of whole states";
}

TEST(StateStream, AFieldThatDisappearsIsSentAsNull) {
  Record record;
  record.players = {"Ann", "Bob"};
  std::vector<server::PlayerView> views = {{"Ann", false, "", true}, {"Bob", false, "", true}};
  auto game = server::replay_narrated(record, 0, views);
  ASSERT_TRUE(game.ok());
  server::StateStream stream;
  json fields = {{"a", 1}, {"b", {{"c", 2}}}};
  EXPECT_EQ(message(false, stream.update(game->state, fields))["a"], 1);
  fields.erase("a");
  fields["b"]["c"] = 3;
  const json update = message(false, stream.update(game->state, fields));
  EXPECT_TRUE(update.contains("a") && update["a"].is_null()) << update.dump();
  EXPECT_EQ(update["b"], json({{"c", 3}}));
  EXPECT_FALSE(update.contains("board"));  // unchanged since the first update
}

}  // namespace
}  // namespace carcassonne::testing
