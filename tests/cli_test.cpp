// End-to-end tests of the `carcassonne` program: the replay contract of
// ../shared/spec/record-format.md ("Replay"), selfplay records that replay to their printed scores,
// and the bench's JSON output. The built binary runs as a child process, as a user would run it.
//
// Promise: each test runs the real executable (CARCASSONNE_CLI_PATH) with its output captured in
// files under a private temporary directory, and together they finish in well under ten seconds.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using namespace carcassonne::testing;

// A fresh directory per test, and the program to run in it.
class CliTest : public CliFixture {
 protected:
  RunResult replay_text(const std::string& record) {
    write_file(path("record.json"), record);
    return run("replay " + quoted(path("record.json").string()));
  }
};

// The contract for a bad record: non-zero status, one line on stderr containing `phrase`, and
// nothing on stdout.
void expect_one_error_line(const RunResult& result, const std::string& phrase) {
  EXPECT_NE(result.status, 0);
  EXPECT_LT(result.status, 128) << "killed by a signal";
  EXPECT_EQ(result.out, "");
  const auto lines = lines_of(result.err);
  ASSERT_EQ(lines.size(), 1u) << result.err;
  EXPECT_EQ(result.err.back(), '\n');
  EXPECT_NE(lines[0].find(phrase), std::string::npos) << lines[0];
}

// D (start, 0,0) has its city cap on the north edge; E is a lone city cap. E turned r180 at 0,-1
// puts its cap on the south edge, against D's: a two-tile city completed by the placement.
constexpr const char* kCityRecord = R"({
  "players": ["Ann", "Bob"],
  "deck": ["E"],
  "actions": ["place 0,-1 r180", "meeple S"]
})";

TEST_F(CliTest, ReplayCompletedCityScoresFourForItsKnight) {
  // Completed city: 2 points per tile, no pennants = 4 for Ann; the deck is then used up.
  const RunResult result = replay_text(kCityRecord);
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  ASSERT_EQ(lines_of(result.out).size(), 1u);
  const json summary = json::parse(result.out);
  EXPECT_EQ(summary["over"], true);
  EXPECT_EQ(summary["scores"], json::array({4, 0}));
  EXPECT_FALSE(summary.contains("pending"));
  EXPECT_EQ(summary["players"][0]["breakdown"]["cities"], 4);
  EXPECT_EQ(summary["players"][0]["followers"], 7);  // the knight came home when the city scored
}

TEST_F(CliTest, ReplayReportsTradeGoodsPerPlayer) {
  // TB-G r270 at 0,-1: its grain city's south side closes on D's cap, its west side stays open
  // (Ann's knight). Bob's E r90 at -1,-1 closes it: 3 tiles, 6 points for Ann; Bob completed it
  // and takes its grain; at the end Bob alone holds grain: 10.
  const RunResult result = replay_text(R"({
    "players": ["Ann", "Bob"], "expansions": ["tb"], "deck": ["TB-G", "E"],
    "actions": ["place 0,-1 r270", "meeple W", "place -1,-1 r90", "skip"]
  })");
  ASSERT_EQ(result.status, 0) << result.err;
  const json summary = json::parse(result.out);
  EXPECT_EQ(summary["scores"], json::array({6, 10}));
  EXPECT_EQ(summary["goods"], json::parse("[[0,0,0],[0,1,0]]"));  // [wine, grain, cloth]
  EXPECT_EQ(summary["players"][1]["breakdown"]["goods"], 10);
  EXPECT_EQ(summary["players"][0]["builder"], 1);
  EXPECT_EQ(summary["players"][0]["pig"], 1);
  // The same tile without the expansion is refused.
  expect_one_error_line(replay_text(R"({"players": ["Ann", "Bob"], "deck": ["TB-G"]})"),
                        "Traders & Builders");
}

TEST_F(CliTest, ReplayReportsTheDragonAndTheFairy) {
  // PD-H (a dragon tile) is drawn first, before any volcano: set aside, and Ann draws PD-2, a
  // volcano, at 0,1 below D; the dragon lands there and PD-H goes back after the last tile (V).
  // Bob's U at 1,0 continues D's road east (his follower); Ann's V at 2,0 turns it south. Bob
  // places PD-H at -1,0 (the road runs on west) and puts the fairy on 1,0 by his follower. The
  // journey: Bob 0,1 -> 0,0; Ann may not enter the fairy's 1,0, so -> -1,0; then a dead end.
  // The deck is empty: Bob's road PD-H, D, U, V is unfinished: 4, and 3 by the fairy (his
  // follower of that road stands on her tile).
  const RunResult result = replay_text(R"({
    "players": ["Ann", "Bob"], "expansions": ["pd"], "deck": ["PD-H", "PD-2", "U", "V"],
    "actions": ["place 0,1 r0", "skip", "place 1,0 r90", "meeple E", "place 2,0 r0", "skip",
                "place -1,0 r90", "fairy 1,0", "dragon 0,0", "dragon -1,0"]
  })");
  ASSERT_EQ(result.status, 0) << result.err;
  const json summary = json::parse(result.out);
  EXPECT_EQ(summary["over"], true);
  EXPECT_EQ(summary["scores"], json::array({0, 7}));
  EXPECT_EQ(summary["players"][1]["breakdown"]["roads"], 4);
  EXPECT_EQ(summary["players"][1]["breakdown"]["fairy"], 3);
  EXPECT_EQ(summary["dragon"], "-1,0");
  EXPECT_EQ(summary["fairy"], "1,0");
  // Before any Princess & Dragon tile is placed both are off the board: null.
  const RunResult start = replay_text(
      R"({"players": ["Ann", "Bob"], "expansions": ["pd"], "deck": ["U"], "actions": []})");
  ASSERT_EQ(start.status, 0) << start.err;
  EXPECT_TRUE(json::parse(start.out)["dragon"].is_null());
  EXPECT_TRUE(json::parse(start.out)["fairy"].is_null());
  // The same tiles without the expansion are refused.
  expect_one_error_line(replay_text(R"({"players": ["Ann", "Bob"], "deck": ["PD-H"]})"),
                        "Princess & Dragon");
}

TEST_F(CliTest, ReplayFarmerScoresThreePerCompletedCityAtTheEnd) {
  // E r180's field touches the north and the east/west halves; it borders E's own city, which
  // the placement completes (unoccupied: nobody scores it). Final scoring: the farmer's field
  // supplies one completed city = 3 points.
  const RunResult result = replay_text(R"({
    "players": ["Ann", "Bob"], "deck": ["E"], "actions": ["place 0,-1 r180", "meeple NNE"]
  })");
  ASSERT_EQ(result.status, 0) << result.err;
  const json summary = json::parse(result.out);
  EXPECT_EQ(summary["over"], true);
  EXPECT_EQ(summary["scores"], json::array({3, 0}));
  EXPECT_EQ(summary["players"][0]["breakdown"]["farms"], 3);
}

TEST_F(CliTest, ReplayUnfinishedGameReportsThePendingDecision) {
  const RunResult result = replay_text(R"({
    "players": ["Ann", "Bob"], "deck": ["E", "V"], "actions": ["place 0,-1 r180", "meeple S"]
  })");
  ASSERT_EQ(result.status, 0) << result.err;
  const json summary = json::parse(result.out);
  EXPECT_EQ(summary["over"], false);
  EXPECT_EQ(summary["scores"], json::array({4, 0}));
  ASSERT_TRUE(summary.contains("pending"));
  EXPECT_EQ(summary["pending"]["player"], 1);
  EXPECT_EQ(summary["pending"]["decision"], "place");
  EXPECT_EQ(summary["pending"]["tile"], "V");
}

TEST_F(CliTest, ReplayReadsStandardInputForDash) {
  const RunResult result = run("replay -", kCityRecord);
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(json::parse(result.out)["scores"], json::array({4, 0}));
}

TEST_F(CliTest, ReplayRejectsMalformedRecordsWithOneLine) {
  struct Case {
    std::string record;
    std::string phrase;
  };
  const std::vector<Case> cases = {
      {"this is not JSON", "not valid JSON"},
      {"", "not valid JSON"},
      {"[1, 2]", "object"},
      {R"({"deck": ["E"]})", "\"players\" is missing"},
      {R"({"players": ["Ann"]})", "2 to 6 players"},
      {R"({"players": ["A", "B", "C", "D", "E", "F", "G"]})", "2 to 6 players"},
      {R"({"players": ["Ann", "Bob"], "colour": "red"})", "unknown key \"colour\""},
      {R"({"players": ["Ann", "Bob"], "deck": ["E", "Z"]})", "unknown tile \"Z\""},
      {R"({"players": ["Ann", "Bob"], "start": "Q9"})", "unknown tile \"Q9\""},
      {R"({"players": ["Ann", "Bob"], "expansions": ["inns"]})", "unknown expansion \"inns\""},
      {R"({"players": ["Ann", "Bob"], "rules": {"bazaar": "silent"}})", "\"bazaar\""},
      {R"({"players": ["Ann", "Bob"], "rules": {"dragons": "on"}})", "unknown rule option"},
      {R"({"players": ["Ann", "Bob"], "actions": [1, 2]})", "must be a string"},
      {R"({"players": ["Ann", "Bob"], "actions": "place 0,-1 r180"})", "\"actions\""},
      {R"({"players": ["Ann", "Bob"], "seed": -3})", "\"seed\""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.record);
    expect_one_error_line(replay_text(c.record), c.phrase);
  }
}

TEST_F(CliTest, ReplayNamesTheIndexOfAnIllegalAction) {
  // Action 2 places V on a square that touches no tile.
  RunResult result = replay_text(R"({
    "players": ["Ann", "Bob"], "deck": ["E", "V"],
    "actions": ["place 0,-1 r180", "meeple S", "place 5,5 r0"]
  })");
  expect_one_error_line(result, "action 2");
  EXPECT_NE(result.err.find("place 5,5 r0"), std::string::npos);

  // Action 1: E r180 at 0,-1 has no road, so there is nothing at W.
  result = replay_text(R"({
    "players": ["Ann", "Bob"], "deck": ["E"], "actions": ["place 0,-1 r180", "meeple W"]
  })");
  expect_one_error_line(result, "action 1");

  // Action 2: nothing may follow the last tile's turn.
  result = replay_text(R"({
    "players": ["Ann", "Bob"], "deck": ["E"], "actions": ["place 0,-1 r180", "skip", "skip"]
  })");
  expect_one_error_line(result, "action 2");

  // Action 0: not an action at all, with a newline that must not split the error line.
  result = replay_text(R"({"players": ["Ann", "Bob"], "deck": ["E"], "actions": ["fly\naway"]})");
  expect_one_error_line(result, "action 0");
}

TEST_F(CliTest, ReplaySurvivesHostileInput) {
  expect_one_error_line(run("replay " + quoted(path("missing.json").string())), "cannot open");
  expect_one_error_line(run("replay " + quoted(dir_.string())), "cannot read");
  std::string garbage;
  for (int i = 0; i < 100000; ++i) garbage += static_cast<char>((i * 7919 + 13) % 256);
  expect_one_error_line(run("replay -", garbage), "not valid JSON");
  expect_one_error_line(run("replay -", std::string(2'000'000, '[')), "nested");
  // A record far larger than any game is refused before parsing.
  expect_one_error_line(run("replay -", std::string(70u << 20, ' ')), "too large");
}

TEST_F(CliTest, SelfplayRecordsReplayToThePrintedScores) {
  const fs::path records = path("records") / "nested";
  const RunResult result =
      run("selfplay --games 3 --seed 11 --bots random,random,random --record " +
          quoted(records.string()));
  ASSERT_EQ(result.status, 0) << result.err;
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 4u) << result.out;
  for (int g = 0; g < 3; ++g) {
    SCOPED_TRACE(g);
    const json line = json::parse(lines[static_cast<std::size_t>(g)]);
    EXPECT_EQ(line["game"], g);
    EXPECT_EQ(line["seed"], 11 + g);
    ASSERT_EQ(line["scores"].size(), 3u);
    EXPECT_GT(line["moves"].get<int>(), 0);
    const fs::path file = records / ("game-" + std::to_string(g) + ".json");
    ASSERT_TRUE(fs::exists(file));
    const json record = json::parse(read_file(file));
    EXPECT_EQ(record["seed"], 11 + g);
    EXPECT_FALSE(record.contains("deck"));  // compact: the deck comes from the seed
    EXPECT_EQ(record["actions"].size(), line["moves"].get<std::size_t>());
    const json summary = json::parse(replay_summary(file));
    EXPECT_EQ(summary["over"], true);
    EXPECT_EQ(summary["scores"], line["scores"]);
  }
  const json summary = json::parse(lines[3]);
  ASSERT_TRUE(summary.contains("summary"));
  EXPECT_EQ(summary["summary"]["games"], 3);
  EXPECT_EQ(summary["summary"]["wins"].size(), 3u);
  EXPECT_EQ(summary["summary"]["mean_scores"].size(), 3u);
}

// The publisher variants reach the command line by name (--rules), are written into records, and
// such records replay; without Bridges, Castles and Bazaars they are refused with their name.
TEST_F(CliTest, PublisherVariantsRunFromTheCommandLine) {
  const fs::path records = path("variants");
  const RunResult result =
      run("selfplay --games 2 --seed 5 --bots greedy,greedy,random --expansions bcb --rules "
          "bids=up-to-score,next-auctioneer=after-buyer,castle-cities=two-caps --record " +
          quoted(records.string()));
  ASSERT_EQ(result.status, 0) << result.err;
  for (int g = 0; g < 2; ++g) {
    const fs::path file = records / ("game-" + std::to_string(g) + ".json");
    const json record = json::parse(read_file(file));
    EXPECT_EQ(record["rules"]["bids"], "up-to-score");
    EXPECT_EQ(record["rules"]["next-auctioneer"], "after-buyer");
    EXPECT_EQ(record["rules"]["castle-cities"], "two-caps");
    EXPECT_EQ(json::parse(replay_summary(file))["over"], true);
  }
  const RunResult refused = run("selfplay --games 1 --bots random,random --rules bids=up-to-score");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.err.find("bids"), std::string::npos) << refused.err;
}

TEST_F(CliTest, SelfplayIsDeterministic) {
  const RunResult first = run("selfplay --games 2 --seed 3 --bots random,random");
  const RunResult second = run("selfplay --games 2 --seed 3 --players 2");
  ASSERT_EQ(first.status, 0) << first.err;
  ASSERT_EQ(second.status, 0) << second.err;
  const auto a = lines_of(first.out), b = lines_of(second.out);
  ASSERT_EQ(a.size(), 3u);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(a[0], b[0]);
  EXPECT_EQ(a[1], b[1]);
}

TEST_F(CliTest, SelfplayRejectsBadOptions) {
  RunResult result = run("selfplay --players 3 --bots random,random");
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("--bots"), std::string::npos) << result.err;
  result = run("selfplay --bots nobody");
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("unknown bot"), std::string::npos) << result.err;
  result = run("selfplay --expansions inns");
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("unknown expansion"), std::string::npos) << result.err;
  result = run("selfplay --bots random,random,random,random,random,random,random");
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("2 to 6 players"), std::string::npos) << result.err;
  result = run("selfplay --players 7");
  EXPECT_EQ(result.status, 2);
  EXPECT_EQ(result.out, "");
}

TEST_F(CliTest, BenchJsonReportsSpeed) {
  const RunResult result = run("bench --json --seconds 0.2");
  ASSERT_EQ(result.status, 0) << result.err;
  ASSERT_EQ(lines_of(result.out).size(), 1u) << result.out;
  const json bench = json::parse(result.out);
  EXPECT_GT(bench["games_per_second"].get<double>(), 0.0);
  EXPECT_GT(bench["moves_per_second"].get<double>(), 0.0);
  EXPECT_GE(bench["games"].get<int>(), 1);
  EXPECT_EQ(bench["players"], 2);
  EXPECT_TRUE(bench.contains("checksum"));
}

TEST_F(CliTest, BenchChecksumDependsOnlyOnSeedAndGames) {
  const RunResult first = run("bench --json --games 20 --seed 9 --players 3");
  const RunResult second = run("bench --json --games 20 --seed 9 --players 3");
  ASSERT_EQ(first.status, 0) << first.err;
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(json::parse(first.out)["checksum"], json::parse(second.out)["checksum"]);
  EXPECT_EQ(json::parse(first.out)["games"], 20);
}

// The behaviour fingerprint (Stockfish's bench signature): the sum of final scores of a fixed set
// of random games. Any change of rules, move order or randomness changes it; a refactor must not.
// Update these numbers only with a deliberate change of behaviour, and say so in the commit.
TEST_F(CliTest, BenchFingerprintIsPinned) {
  const RunResult two = run("bench --json --games 300 --seed 1 --players 2");
  const RunResult five = run("bench --json --games 300 --seed 1 --players 5");
  ASSERT_EQ(two.status, 0) << two.err;
  ASSERT_EQ(five.status, 0) << five.err;
  const RunResult bcb = run("bench --json --games 200 --seed 1 --players 3 --expansions bcb");
  ASSERT_EQ(bcb.status, 0) << bcb.err;
  EXPECT_EQ(json::parse(two.out)["checksum"], 11641);
  EXPECT_EQ(json::parse(five.out)["checksum"], 23554);
  EXPECT_EQ(json::parse(bcb.out)["checksum"], 4611);
  EXPECT_EQ(json::parse(bcb.out)["moves"], 45903);
  const RunResult ic = run("bench --json --games 200 --seed 1 --players 3 --expansions bcb,ic");
  ASSERT_EQ(ic.status, 0) << ic.err;
  EXPECT_EQ(json::parse(ic.out)["checksum"], 7051);
  EXPECT_EQ(json::parse(ic.out)["moves"], 53716);
  // Traders & Builders with everything before it, in both orders of bazaar and builder.
  const RunResult tb = run("bench --json --games 200 --seed 1 --players 3 --expansions bcb,ic,tb");
  ASSERT_EQ(tb.status, 0) << tb.err;
  EXPECT_EQ(json::parse(tb.out)["checksum"], 8833);
  EXPECT_EQ(json::parse(tb.out)["moves"], 64000);
  EXPECT_EQ(json::parse(tb.out)["rules"]["builder-bazaar"], "bazaar-first");
  const RunResult first =
      run("bench --json --games 200 --seed 1 --players 3 --expansions bcb,ic,tb --rules "
          "builder-bazaar=builder-first");
  ASSERT_EQ(first.status, 0) << first.err;
  // 8968 before delayed bazaars (X-21: a bazaar placed in a second part now starts later).
  EXPECT_EQ(json::parse(first.out)["checksum"], 8830);
  EXPECT_EQ(json::parse(first.out)["rules"]["builder-bazaar"], "builder-first");
  const RunResult refused =
      run("bench --json --games 1 --expansions tb --rules builder-bazaar=builder-first");
  EXPECT_NE(refused.status, 0);
  EXPECT_NE(refused.err.find("builder-bazaar"), std::string::npos) << refused.err;
}

TEST_F(CliTest, VersionHelpAndDemo) {
  RunResult result = run("--version");
  EXPECT_EQ(result.status, 0);
  EXPECT_NE(result.out.find("carcassonne"), std::string::npos);
  result = run("");
  EXPECT_EQ(result.status, 0);
  EXPECT_NE(result.out.find("replay"), std::string::npos);
  EXPECT_NE(result.out.find("selfplay"), std::string::npos);
  result = run("demo --seed 2");
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("Final scores"), std::string::npos);
}

}  // namespace

namespace {

// `carcassonne engine` on standard input and output: one answer per command, to the end of input.
TEST_F(CliTest, EngineAnswersEachCommandOnItsOwnLine) {
  const RunResult result = run("engine --bot greedy",
                               "hello 1\n"
                               "setup {\"players\":[\"a\",\"b\"]}\n"
                               "\n"
                               "position take V\n"
                               "go\n"
                               "jump\n"
                               "quit\n"
                               "go\n");
  EXPECT_EQ(result.status, 0) << result.err;
  const std::vector<std::string> lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 5u) << result.out;
  EXPECT_EQ(lines[0], "hello 1 carcassonne greedy");
  EXPECT_EQ(lines[1], "ok");
  EXPECT_EQ(lines[2], "ok");
  EXPECT_EQ(lines[3].rfind("bestmove place ", 0), 0u) << lines[3];
  EXPECT_EQ(lines[4].rfind("error bad_notation unknown command \"jump\"", 0), 0u) << lines[4];
  EXPECT_EQ(run("engine --bot nonsense").status, 2);
}

// The arena pits a program against our bots: here our own engine behind the protocol.
TEST_F(CliTest, ArenaSeatsAProgramThatSpeaksTheEngineProtocol) {
  const RunResult result =
      run("arena --bots " +
          quoted("greedy,cmd:" + std::string(CARCASSONNE_CLI_PATH) + " engine --bot greedy") +
          " --games 2 --json -q");
  ASSERT_EQ(result.status, 0) << result.err;
  // The same bot on both sides of the protocol: the seat-swapped games split evenly.
  const auto stats = nlohmann::json::parse(result.out);
  EXPECT_EQ(stats["bots"][0]["win_rate"], 0.5);
  EXPECT_EQ(stats["bots"][1]["win_rate"], 0.5);
  const RunResult failing =
      run("arena --bots " +
          quoted("greedy,cmd:" + std::string(CARCASSONNE_TEST_PYTHON) + " " +
                 std::string(CARCASSONNE_SOURCE_DIR) + "/tests/engine/tiny_engine.py illegal") +
          " --games 2 -q");
  EXPECT_EQ(failing.status, 1);
  EXPECT_NE(failing.err.find("an engine failed"), std::string::npos) << failing.err;
}

}  // namespace
