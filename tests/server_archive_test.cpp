// Games leave the server's memory and come back: finished and idle games nobody watches are
// archived (they stay listed, replayable and playable), the game cap counts only games in
// memory, and a restarted server keeps finished games in the archive.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server/game_service.h"
#include "service_harness.h"
#include "state_merge.h"

namespace carcassonne::testing {
namespace {

using json = nlohmann::json;

server::ServiceOptions archive_options() {
  server::ServiceOptions options;
  options.sweep_ms = 0;  // the tests sweep themselves
  options.registry.finished_stay_s = 0;
  options.registry.idle_stay_s = 0;
  options.requests = {};
  options.games_created = {};
  return options;
}

json two_humans() {
  return {{"type", "create"},
          {"seed", 5},
          {"players", {{{"name", "Ann"}, {"seat", "human"}}, {{"name", "Bo"}, {"seat", "human"}}}}};
}

json two_bots() {
  return {{"type", "create"},
          {"seed", 6},
          {"pace", 0},
          {"players",
           {{{"name", "R1"}, {"seat", "bot"}, {"bot", "greedy"}},
            {{"name", "R2"}, {"seat", "bot"}, {"bot", "greedy"}}}}};
}

// The lobby entry of `game` (null when it is not listed).
json listed(ServiceHarness& harness, const std::shared_ptr<FakeConnection>& c,
            const std::string& game) {
  const json games = harness.request(c, {{"type", "list"}})["games"];
  for (const json& entry : games)
    if (entry["game"] == game) return entry;
  return json();
}

// Waits until the lobby lists `game` as over.
json wait_until_over(ServiceHarness& harness, const std::shared_ptr<FakeConnection>& c,
                     const std::string& game) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    json entry = listed(harness, c, game);
    if (entry.value("status", "") == "over") return entry;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return json();
}

TEST(Archive, FinishedGamesLeaveMemoryAndStayListedAndReplayable) {
  ServiceHarness harness;
  ASSERT_TRUE(harness.start(archive_options()));
  const auto c = harness.connect();
  const std::string game = harness.request(c, two_bots())["game"];
  const json over = wait_until_over(harness, c, game);
  ASSERT_FALSE(over.is_null()) << "the bots' game did not finish";
  const json record = harness.request(c, {{"type", "record"}, {"game", game}});
  ASSERT_EQ(record["type"], "record");

  EXPECT_EQ(harness.service().evict_idle_games(), 1u);
  EXPECT_EQ(harness.service().game_count(), 0u);
  // Listed from the archive exactly as it was listed from memory.
  EXPECT_EQ(listed(harness, c, game), over);
  EXPECT_EQ(harness.service().game_count(), 0u);  // listing does not load it
  // Its record comes back from the database, the same.
  json again = harness.request(c, {{"type", "record"}, {"game", game}});
  again.erase("id");
  json before = record;
  before.erase("id");
  EXPECT_EQ(again, before);
  EXPECT_EQ(harness.service().game_count(), 1u);
  EXPECT_EQ(listed(harness, c, game), over);  // once, not twice
  const json games = harness.request(c, {{"type", "list"}})["games"];
  EXPECT_EQ(games.size(), 1u);
}

TEST(Archive, WatchedGamesStayAndIdleOnesComeBackWhenJoinedAndPlayOn) {
  ServiceHarness harness;
  ASSERT_TRUE(harness.start(archive_options()));
  const auto host = harness.connect();
  const json created = harness.request(host, two_humans());
  const std::string game = created["game"];
  const std::string token0 = created["seats"][0]["token"];
  const std::string token1 = created["seats"][1]["token"];
  const auto ann = harness.connect("198.51.100.1");
  ASSERT_EQ(harness.request(ann, {{"type", "join"}, {"game", game}, {"token", token0}})["type"],
            "joined");
  // Watched: it stays, however idle.
  EXPECT_EQ(harness.service().evict_idle_games(), 0u);
  const json state = ann->wait_for([](const json& m) { return m["type"] == "state"; });
  ASSERT_TRUE(state["legal"].is_array());
  const std::size_t before_act = ann->count();
  const json ack = harness.request(ann, {{"type", "act"},
                                         {"game", game},
                                         {"seat", 0},
                                         {"action", state["legal"][0]},
                                         {"version", 0}});
  ASSERT_EQ(ack["type"], "ack") << ack.dump();
  const json pushed =
      ann->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 1; },
                    std::chrono::seconds(20), before_act);
  ASSERT_FALSE(pushed.is_null());
  // The game as Ann's page holds it: her whole state, and the update the move brought.
  const json held = merge_state(state, pushed);
  harness.disconnect(ann);
  const json entry = listed(harness, host, game);
  EXPECT_EQ(entry["status"], "open");  // Bo has not joined yet
  EXPECT_EQ(entry["version"], 1);
  // Nobody watches: it leaves, keeping its place in the lobby as it was.
  EXPECT_EQ(harness.service().evict_idle_games(), 1u);
  EXPECT_EQ(harness.service().game_count(), 0u);
  EXPECT_EQ(listed(harness, host, game), entry);
  // Joining loads it back where it was, with its log; the game goes on.
  const auto bo = harness.connect("198.51.100.2");
  ASSERT_EQ(harness.request(bo, {{"type", "join"}, {"game", game}, {"token", token1}})["type"],
            "joined");
  EXPECT_EQ(harness.service().game_count(), 1u);
  const json back = bo->wait_for([](const json& m) { return m["type"] == "state"; });
  EXPECT_EQ(back["version"], 1);
  // Everything the game shows is as it was (but who is online, and the clock).
  for (const char* key : {"log", "pending", "board", "followers", "deck", "turn", "tile"})
    EXPECT_EQ(back[key], held[key]) << key;
  // Ann comes back and makes her next decision (her follower, after her placement).
  const auto ann_again = harness.connect("198.51.100.1");
  ASSERT_EQ(
      harness.request(ann_again, {{"type", "join"}, {"game", game}, {"token", token0}})["type"],
      "joined");
  const json hers = ann_again->wait_for([](const json& m) { return m["type"] == "state"; });
  ASSERT_TRUE(hers.contains("legal") && hers["legal"].is_array() && !hers["legal"].empty())
      << hers.dump();
  const json next = harness.request(
      ann_again,
      {{"type", "act"}, {"game", game}, {"seat", 0}, {"action", hers["legal"][0]}, {"version", 1}});
  EXPECT_EQ(next["type"], "ack") << next.dump();
  EXPECT_EQ(listed(harness, host, game)["status"], "running");
}

TEST(Archive, TheGameCapCountsOnlyGamesInMemory) {
  ServiceHarness harness;
  server::ServiceOptions options = archive_options();
  options.registry.max_games = 2;
  ASSERT_TRUE(harness.start(options));
  const auto c = harness.connect();
  const json first = harness.request(c, two_humans());
  const json second = harness.request(c, two_humans());
  ASSERT_EQ(second["type"], "created");
  EXPECT_EQ(harness.request(c, two_humans())["code"], "busy");
  EXPECT_EQ(harness.service().evict_idle_games(), 2u);
  const json third = harness.request(c, two_humans());
  ASSERT_EQ(third["type"], "created");
  // Loading an archived game back counts too: one fits, the next is refused as busy.
  EXPECT_EQ(harness.request(c, {{"type", "record"}, {"game", first["game"]}})["type"], "record");
  EXPECT_EQ(harness.request(c, {{"type", "record"}, {"game", second["game"]}})["code"], "busy");
  EXPECT_EQ(harness.request(c, {{"type", "record"}, {"game", "nosuchgm"}})["code"], "unknown_game");
  EXPECT_EQ(harness.request(c, {{"type", "list"}})["games"].size(), 3u);
}

TEST(Archive, ARestartedServerKeepsFinishedGamesInTheArchive) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("carcassonne-archive-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
       "-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "games.sqlite").string();
  std::string finished, running;
  json finished_entry;
  {
    ServiceHarness harness;
    server::ServiceOptions options = archive_options();
    options.registry.finished_stay_s = 3600;  // nothing leaves memory before the restart
    options.registry.idle_stay_s = 3600;
    ASSERT_TRUE(harness.start(options, db));
    const auto c = harness.connect();
    finished = harness.request(c, two_bots())["game"];
    running = harness.request(c, two_humans())["game"];
    finished_entry = wait_until_over(harness, c, finished);
    ASSERT_FALSE(finished_entry.is_null());
    harness.stop();
  }
  {
    ServiceHarness harness;
    ASSERT_TRUE(harness.start(archive_options(), db));
    auto restored = harness.service().restore();
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    EXPECT_EQ(*restored, 1);  // the running game; the finished one went to the archive
    EXPECT_EQ(harness.service().game_count(), 1u);
    const auto c = harness.connect();
    EXPECT_EQ(listed(harness, c, finished), finished_entry);
    EXPECT_EQ(listed(harness, c, running)["status"], "open");
    harness.stop();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace carcassonne::testing
