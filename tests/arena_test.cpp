// Tests of `carcassonne arena`: its statistics (Wilson intervals, seat counts, Bradley–Terry Elo)
// against values worked out by hand, and the command end to end through the built binary (seat
// rotation, records that replay to the printed scores, JSON keys, independence from --threads,
// usage errors).
//
// Promise: the statistics tests call the pure functions of cli/arena_stats.h directly; the
// command tests run the real executable (CARCASSONNE_CLI_PATH) with output captured in files under
// a private temporary directory. Together they finish in a few seconds.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/arena_stats.h"
#include "cli_runner.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace carcassonne::cli;

// --- Statistics ----------------------------------------------------------------------------------

// With z = 1.959964 and n = 10: z^2/n = 0.384146, so the denominator is 1.384146 and the centre
// is (p + 0.192073) / 1.384146; the half-width is (z / 1.384146) * sqrt(p(1-p)/10 + 0.009604).
TEST(ArenaStats, WilsonIntervalKnownValues) {
  // 0/10: centre = half = 0.192073 / 1.384146 = 0.138766, so [0, 0.277533].
  Interval none = wilson_interval(0, 10);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.277533, 1e-5);
  // 5/10: centre 0.5, half = 1.416000 * sqrt(0.025 + 0.009604) = 0.263407.
  Interval half = wilson_interval(5, 10);
  EXPECT_NEAR(half.low, 0.236593, 1e-5);
  EXPECT_NEAR(half.high, 0.763407, 1e-5);
  // 10/10 mirrors 0/10.
  Interval all = wilson_interval(10, 10);
  EXPECT_NEAR(all.low, 1.0 - 0.277533, 1e-5);
  EXPECT_EQ(all.high, 1.0);
  // Fractional successes (draws as halves) are allowed; no trials says nothing.
  Interval fractional = wilson_interval(7.5, 20);
  EXPECT_LT(fractional.low, 0.375);
  EXPECT_GT(fractional.high, 0.375);
  Interval empty = wilson_interval(0, 0);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

TEST(ArenaStats, TopSeatsShareTies) {
  EXPECT_EQ(top_seats({3, 9, 4}), (std::vector<int>{1}));
  EXPECT_EQ(top_seats({9, 2, 9}), (std::vector<int>{0, 2}));
  EXPECT_EQ(top_seats({-5, -5}), (std::vector<int>{0, 1}));
}

TEST(ArenaStats, BradleyTerryTwoBotsWithoutPrior) {
  // A beats B 3 times out of 4: the likelihood peaks at p_A / (p_A + p_B) = 3/4, a strength ratio
  // of 3, so Elo(B) - Elo(A) = -400 log10 3 = -190.849.
  const std::vector<double> elo = bradley_terry_elo({{0, 3}, {1, 0}}, 0.0);
  ASSERT_EQ(elo.size(), 2u);
  EXPECT_EQ(elo[0], 0.0);
  EXPECT_NEAR(elo[1], -400.0 * std::log10(3.0), 1e-6);
}

TEST(ArenaStats, BradleyTerryPriorAddsOneDrawPerPair) {
  // One virtual draw: 3.5 against 1.5, a ratio of 7/3 (147.19 Elo).
  EXPECT_NEAR(bradley_terry_elo({{0, 3}, {1, 0}}, 1.0)[1], -400.0 * std::log10(7.0 / 3.0), 1e-6);
  // A clean sweep has no maximum-likelihood fit (NaN without a prior); with one virtual draw it
  // is 4.5 against 0.5, a ratio of 9 (381.70 Elo), finite.
  EXPECT_TRUE(std::isnan(bradley_terry_elo({{0, 4}, {0, 0}}, 0.0)[1]));
  const std::vector<double> sweep = bradley_terry_elo({{0, 4}, {0, 0}}, 1.0);
  EXPECT_TRUE(std::isfinite(sweep[1]));
  EXPECT_NEAR(sweep[1], -400.0 * std::log10(9.0), 1e-6);
}

TEST(ArenaStats, BradleyTerryThreeBotsAndAnchoring) {
  // Counts drawn exactly from strengths 1 : 2 : 4 (A-B 1:2, B-C 1:2, A-C 1:4), so they satisfy
  // the likelihood equations W_i = sum_j n_ij p_i / (p_i + p_j) at those strengths: Elo 0, 400
  // log10 2 = 120.41 and 240.82.
  const std::vector<std::vector<double>> wins = {{0, 1, 1}, {2, 0, 1}, {4, 2, 0}};
  const std::vector<double> elo = bradley_terry_elo(wins, 0.0);
  const double step = 400.0 * std::log10(2.0);
  EXPECT_EQ(elo[0], 0.0);
  EXPECT_NEAR(elo[1], step, 1e-6);
  EXPECT_NEAR(elo[2], 2 * step, 1e-6);
  // The first bot is the anchor: listed C, A, B, C is 0 and the rest are below it.
  const std::vector<double> from_c = bradley_terry_elo({{0, 4, 2}, {1, 0, 1}, {1, 2, 0}}, 0.0);
  EXPECT_EQ(from_c[0], 0.0);
  EXPECT_NEAR(from_c[1], -2 * step, 1e-6);
  EXPECT_NEAR(from_c[2], -step, 1e-6);
  // A single bot has nobody to be compared with: Elo 0.
  EXPECT_EQ(bradley_terry_elo({{0}}, 1.0), (std::vector<double>{0.0}));
}

TEST(ArenaStats, DecisionTimesMeanNearestRankPercentileAndLongest) {
  const DecisionTimes none = decision_times({});
  EXPECT_EQ(none.decisions, 0u);
  EXPECT_EQ(none.mean, 0.0);
  EXPECT_EQ(none.p99, 0.0);
  // 200 times 1..200 ms in any order: mean 100.5 ms; the 99th percentile is the 198th smallest.
  std::vector<double> seconds;
  for (int i = 200; i >= 1; --i) seconds.push_back(i / 1000.0);
  const DecisionTimes times = decision_times(seconds);
  EXPECT_EQ(times.decisions, 200u);
  EXPECT_NEAR(times.mean, 0.1005, 1e-12);
  EXPECT_DOUBLE_EQ(times.p99, 0.198);
  EXPECT_DOUBLE_EQ(times.max, 0.2);
  // One decision: it is its own mean, percentile and longest.
  const DecisionTimes one = decision_times({0.25});
  EXPECT_DOUBLE_EQ(one.p99, 0.25);
  EXPECT_DOUBLE_EQ(one.mean, 0.25);
}

TEST(ArenaStats, CountsSeatsWinsTiesAndScoreDifferences) {
  // Two bots; bot 0 holds two seats of the three-player games.
  const std::vector<ArenaGame> games = {
      {{0, 1, 0}, {10, 20, 30}},  // seat 2 (bot 0) wins alone
      {{1, 0, 0}, {15, 15, 5}},   // bots 1 and 0 share first place
  };
  const ArenaStats stats = arena_stats(2, games, 1.0);
  ASSERT_EQ(stats.bots.size(), 2u);
  const BotStats& a = stats.bots[0];
  const BotStats& b = stats.bots[1];
  EXPECT_EQ(a.games, 4);
  EXPECT_EQ(a.wins, 1);
  EXPECT_EQ(a.ties, 1);
  EXPECT_DOUBLE_EQ(a.win_rate, 1.5 / 4);
  EXPECT_EQ(b.games, 2);
  EXPECT_EQ(b.wins, 0);
  EXPECT_EQ(b.ties, 1);
  EXPECT_DOUBLE_EQ(b.win_rate, 0.5 / 2);
  // Score minus the mean of the other seats: game 1: 10-25, 30-15; game 2: 15-10, 5-15.
  EXPECT_DOUBLE_EQ(a.mean_score_diff, (-15.0 + 15.0 + 5.0 - 10.0) / 4);
  // Bot 1: game 1: 20-20; game 2: 15-10.
  EXPECT_DOUBLE_EQ(b.mean_score_diff, (0.0 + 5.0) / 2);
  // Pairs of seats of different bots: game 1: A(10)<B(20), A(30)>B(20); game 2: B(15)=A(15),
  // B(15)>A(5). The two A seats of one game are not compared.
  const HeadToHead& ab = stats.head_to_head[0][1];
  EXPECT_EQ(ab.wins, 1);
  EXPECT_EQ(ab.losses, 2);
  EXPECT_EQ(ab.draws, 1);
  EXPECT_DOUBLE_EQ(ab.score(), 1.5 / 4);
  EXPECT_EQ(stats.head_to_head[1][0].wins, 2);
  EXPECT_EQ(stats.head_to_head[1][0].losses, 1);
  EXPECT_EQ(stats.head_to_head[0][0].comparisons(), 0);
  // Elo from those comparisons plus one virtual draw: 2 against 3 points, ratio 3/2 for B.
  EXPECT_EQ(a.elo, 0.0);
  EXPECT_NEAR(b.elo, 400.0 * std::log10(3.0 / 2.0), 1e-6);
  EXPECT_NEAR(a.win_rate_ci95.low, wilson_interval(1.5, 4).low, 1e-12);
}

// --- The command ---------------------------------------------------------------------------------

using namespace carcassonne::testing;

// The per-game JSON lines at the start of the human output (the tables follow a blank line).
std::vector<json> game_lines(const std::string& out) {
  std::vector<json> games;
  for (const std::string& line : lines_of(out)) {
    if (line.empty() || line.front() != '{') break;
    games.push_back(json::parse(line));
  }
  return games;
}

class ArenaCli : public CliFixture {
 protected:
  // A usage error: status 2, nothing on stdout, one line on stderr containing `phrase`.
  void expect_usage_error(const std::string& args, const std::string& phrase) {
    SCOPED_TRACE(args);
    const RunResult result = run(args);
    EXPECT_EQ(result.status, 2);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(lines_of(result.err).size(), 1u) << result.err;
    EXPECT_NE(result.err.find(phrase), std::string::npos) << result.err;
  }
};

TEST_F(ArenaCli, RejectsBadOptionsBeforePlaying) {
  expect_usage_error("arena --bots random,random --games 4", "twice");
  expect_usage_error("arena --bots random,random:x=1 --games 4", "random:x=1");
  expect_usage_error("arena --bots nobody --games 4", "unknown bot");
  expect_usage_error("arena --bots random --players 3 --games 4", "multiple of --players 3");
  expect_usage_error("arena --bots a,b,c --players 2 --games 4", "3 bots for 2 seats");
  expect_usage_error("arena --bots random --games 2 --rules bazaar=silent", "bazaar");
  expect_usage_error("arena --bots random --games 2 --rules bazaar", "NAME=VALUE");
  expect_usage_error("arena --bots random --games 2 --expansions inns", "unknown expansion");
  EXPECT_EQ(run("arena --bots random --games 2 --threads 0").status, 2);
  EXPECT_EQ(run("arena --games 2").status, 2);  // --bots is required
}

TEST_F(ArenaCli, RecordsReplayToThePrintedScores) {
  const fs::path records = path("records");
  const RunResult result =
      run("arena --players 3 --bots random --games 6 --seed 5 --expansions bcb "
          "--rules bazaar=no-auction --threads 2 --record " +
          quoted(records.string()));
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_EQ(result.err, "");
  const std::vector<json> games = game_lines(result.out);
  ASSERT_EQ(games.size(), 6u) << result.out;
  for (int g = 0; g < 6; ++g) {
    SCOPED_TRACE(g);
    const json& line = games[static_cast<std::size_t>(g)];
    EXPECT_EQ(line["game"], g);
    EXPECT_EQ(line["deck"], g / 3);
    EXPECT_EQ(line["rotation"], g % 3);
    EXPECT_EQ(line["seed"], 5 + g / 3);
    EXPECT_EQ(line["bots"], json::array({"random", "random", "random"}));
    ASSERT_EQ(line["scores"].size(), 3u);
    const fs::path file = records / ("game-" + std::to_string(g) + ".json");
    ASSERT_TRUE(fs::exists(file));
    const json record = json::parse(read_file(file));
    EXPECT_EQ(record["seed"], 5 + g / 3);  // the same deck for every rotation
    EXPECT_FALSE(record.contains("deck"));
    EXPECT_EQ(record["expansions"], json::array({"bcb"}));
    EXPECT_EQ(record["rules"]["bazaar"], "no-auction");
    EXPECT_EQ(record["players"][0], "random-1");
    EXPECT_EQ(record["actions"].size(), line["moves"].get<std::size_t>());
    const json summary = json::parse(replay_summary(file));
    EXPECT_EQ(summary["over"], true);
    EXPECT_EQ(summary["scores"], line["scores"]);
  }
  // The single bot's table row follows the game lines.
  EXPECT_NE(result.out.find("win rate"), std::string::npos);
  EXPECT_NE(result.out.find("  1  random     18"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("seconds:"), std::string::npos);
}

TEST_F(ArenaCli, JsonHasTheDocumentedKeysAndIgnoresThreads) {
  const std::string args = "arena --bots random --players 2 --games 8 --seed 3 --json";
  const RunResult one = run(args + " --threads 1");
  const RunResult two = run(args + " --threads 2");
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  ASSERT_EQ(lines_of(one.out).size(), 1u) << one.out;  // exactly one object, no game lines
  json first = json::parse(one.out);
  json second = json::parse(two.out);
  std::set<std::string> keys;
  for (const auto& item : first.items()) keys.insert(item.key());
  EXPECT_EQ(keys, (std::set<std::string>{"games", "players", "expansions", "rules", "seed",
                                         "seconds", "bots", "head_to_head"}));
  EXPECT_EQ(first["games"], 8);
  EXPECT_EQ(first["players"], 2);
  EXPECT_EQ(first["seed"], 3);
  ASSERT_EQ(first["bots"].size(), 1u);
  const json& bot = first["bots"][0];
  for (const char* key : {"name", "games", "wins", "ties", "win_rate", "win_rate_ci95",
                          "mean_score_diff", "elo", "decisions", "seconds_per_decision"})
    EXPECT_TRUE(bot.contains(key)) << key;
  // Every decision of the 8 games was timed (the same count however many threads), and the
  // summary is ordered: mean and 99th percentile at most the longest.
  EXPECT_GT(bot["decisions"].get<int>(), 8 * 2 * 30);
  EXPECT_EQ(bot["decisions"], second["bots"][0]["decisions"]);
  const json& times = bot["seconds_per_decision"];
  EXPECT_GE(times["mean"].get<double>(), 0.0);
  EXPECT_LE(times["mean"].get<double>(), times["max"].get<double>());
  EXPECT_LE(times["p99"].get<double>(), times["max"].get<double>());
  EXPECT_EQ(bot["name"], "random");
  EXPECT_EQ(bot["games"], 16);  // seats: 8 games of 2 seats
  EXPECT_EQ(bot["elo"], 0.0);
  EXPECT_NEAR(bot["mean_score_diff"].get<double>(), 0.0, 1e-9);  // it plays only itself
  const double rate = bot["win_rate"];
  EXPECT_LE(bot["win_rate_ci95"][0].get<double>(), rate);
  EXPECT_GE(bot["win_rate_ci95"][1].get<double>(), rate);
  first.erase("seconds");
  second.erase("seconds");
  for (json* stats : {&first, &second})
    for (json& b : (*stats)["bots"]) b.erase("seconds_per_decision");
  EXPECT_EQ(first, second);

  // The per-game lines too are the same, in the same order.
  const RunResult lines_one = run("arena --bots random --players 3 --games 9 --threads 1");
  const RunResult lines_two = run("arena --bots random --players 3 --games 9 --threads 2");
  ASSERT_EQ(lines_one.status, 0) << lines_one.err;
  ASSERT_EQ(lines_two.status, 0) << lines_two.err;
  EXPECT_EQ(game_lines(lines_one.out).size(), 9u);
  EXPECT_EQ(game_lines(lines_one.out), game_lines(lines_two.out));
  const RunResult quiet = run("arena --bots random --players 3 --games 9 --quiet");
  EXPECT_TRUE(game_lines(quiet.out).empty());
}

TEST_F(ArenaCli, StatsFileHoldsWhatJsonPrintsBesideTheTables) {
  const fs::path stats = path("stats.json");
  const std::string args = "arena --bots random --players 2 --games 4 --seed 9";
  const RunResult tables = run(args + " --stats " + quoted(stats.string()));
  ASSERT_EQ(tables.status, 0) << tables.err;
  EXPECT_EQ(game_lines(tables.out).size(), 4u);  // the usual output is unchanged
  EXPECT_NE(tables.out.find("win rate"), std::string::npos);
  const RunResult printed = run(args + " --json");
  ASSERT_EQ(printed.status, 0) << printed.err;
  json written = json::parse(read_file(stats));
  json expected = json::parse(printed.out);
  for (json* object : {&written, &expected}) {  // all but the clocks
    object->erase("seconds");
    for (json& bot : (*object)["bots"]) bot.erase("seconds_per_decision");
  }
  EXPECT_EQ(written, expected);
  // A file that cannot be written stops the arena before it plays.
  const RunResult bad = run(args + " --stats " + quoted(path("missing/dir/stats.json").string()));
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("cannot write"), std::string::npos) << bad.err;
}

// Seat rotation between two different bots. Uses the second bot make_bot knows, if any.
TEST_F(ArenaCli, EveryBotPlaysEverySeatOnTheSameDecks) {
  const RunResult result = run("arena --bots random,greedy --players 2 --games 4 --seed 7");
  if (result.status == 2 && result.err.find("unknown bot") != std::string::npos)
    GTEST_SKIP() << "no second bot yet";
  ASSERT_EQ(result.status, 0) << result.err;
  const std::vector<json> games = game_lines(result.out);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0]["bots"], json::array({"random", "greedy"}));
  EXPECT_EQ(games[1]["bots"], json::array({"greedy", "random"}));
  EXPECT_EQ(games[0]["seed"], games[1]["seed"]);
  EXPECT_EQ(games[2]["bots"], json::array({"random", "greedy"}));
  EXPECT_EQ(games[3]["bots"], json::array({"greedy", "random"}));
  EXPECT_NE(result.out.find("head to head"), std::string::npos);

  const RunResult summary = run("arena --bots random,greedy --players 2 --games 4 --seed 7 --json");
  ASSERT_EQ(summary.status, 0) << summary.err;
  const json stats = json::parse(summary.out);
  ASSERT_EQ(stats["bots"].size(), 2u);
  EXPECT_EQ(stats["bots"][0]["elo"], 0.0);
  EXPECT_TRUE(std::isfinite(stats["bots"][1]["elo"].get<double>()));
  const json& pair = stats["head_to_head"]["random"]["greedy"];
  const json& back = stats["head_to_head"]["greedy"]["random"];
  EXPECT_EQ(pair["wins"].get<int>() + pair["losses"].get<int>() + pair["draws"].get<int>(), 4);
  EXPECT_EQ(pair["wins"], back["losses"]);
  EXPECT_EQ(pair["draws"], back["draws"]);
  // Every game's scores, seat by seat, reappear in the per-bot wins.
  int random_wins = 0;
  for (const json& game : games) {
    const int random_seat = game["bots"][0] == "random" ? 0 : 1;
    const auto& scores = game["scores"];
    if (scores[random_seat] > scores[1 - random_seat]) ++random_wins;
  }
  EXPECT_EQ(stats["bots"][0]["wins"], random_wins);
}

// A round robin: every pair of three bots plays the same decks in both seatings, and one table
// and one Elo ladder come from all the games.
TEST_F(ArenaCli, ARoundRobinPlaysEveryPairOnTheSameDecks) {
  const std::string args =
      "arena --bots random,greedy,mcts:playouts=20 --players 2 --games 4 --seed 5 --round-robin";
  const RunResult result = run(args + " --threads 2");
  ASSERT_EQ(result.status, 0) << result.err;
  const std::vector<json> games = game_lines(result.out);
  ASSERT_EQ(games.size(), 12u);
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"random", "greedy"}, {"random", "mcts:playouts=20"}, {"greedy", "mcts:playouts=20"}};
  for (std::size_t l = 0; l < pairs.size(); ++l)
    for (std::size_t k = 0; k < 4; ++k) {
      const json& game = games[l * 4 + k];
      EXPECT_EQ(game["game"], l * 4 + k);
      EXPECT_EQ(game["seed"], 5 + k / 2);  // the same two decks for every pair
      EXPECT_EQ(game["rotation"], k % 2);
      const auto& [first, second] = pairs[l];
      EXPECT_EQ(game["bots"],
                k % 2 == 0 ? json::array({first, second}) : json::array({second, first}));
    }
  EXPECT_NE(result.out.find("round robin of 3 lineups, 12 games"), std::string::npos);

  const RunResult summary = run(args + " --json");
  ASSERT_EQ(summary.status, 0) << summary.err;
  const json stats = json::parse(summary.out);
  EXPECT_EQ(stats["games"], 12);
  EXPECT_EQ(stats["lineups"], 3);
  EXPECT_EQ(stats["games_per_lineup"], 4);
  for (const json& bot : stats["bots"]) EXPECT_EQ(bot["games"], 8);  // two pairs, four games each
  for (const auto& [first, second] : pairs) {
    const json& pair = stats["head_to_head"][first][second];
    EXPECT_EQ(pair["wins"].get<int>() + pair["losses"].get<int>() + pair["draws"].get<int>(), 4);
  }
  // The same games whatever the threads.
  EXPECT_EQ(game_lines(run(args).out), games);

  const RunResult too_few = run("arena --bots random --players 2 --games 2 --round-robin");
  EXPECT_EQ(too_few.status, 2);
  EXPECT_NE(too_few.err.find("--round-robin needs at least as many bots as seats"),
            std::string::npos)
      << too_few.err;
}

}  // namespace
