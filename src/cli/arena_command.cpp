// `carcassonne arena`: a tournament between bots on shared decks, with per-bot statistics.
//
// Promise: the same options give the same games, lines, records and statistics whatever the
// number of threads (only the seconds differ: the run's and each bot's per decision). The lineup is
// the --bots list cycled over the P seats; deck d (0-based, shuffled from seed S+d, which is also
// its records' "seed") is played P times, rotation r seating lineup[(i + r) % P] in seat i, so
// every bot plays every seat on the same tiles and the luck of the draw cancels out. Game g = d*P +
// r; its bot in seat k plays with bot_seed(S, g, k). A round robin has one lineup per choice of P
// bots from the list (in list order), each playing the --games games above on the same decks:
// game g = l*G + d*P + r for lineup l of G games each. Games run in parallel, each on one thread
// with bots of its own; results are printed in game order as soon as all earlier games are done.
// Every move goes through record_and_apply, so a written record replays to exactly the scores
// printed for its game.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <system_error>
#include <thread>

#include "bots/bot.h"
#include "cli/arena_stats.h"
#include "cli/commands.h"
#include "cli/support.h"
#include "engine/external_bot.h"
#include "record/record.h"

namespace carcassonne::cli {

namespace {

using Json = nlohmann::ordered_json;  // keys in the documented order

// The person running the arena chose the programs it starts.
const BotSources kArenaBotSources{true, {}, 0};

// One virtual draw between every pair of bots keeps Elo finite after a clean sweep.
constexpr double kEloPriorDraws = 1.0;

struct GameOutcome {
  ArenaGame game;  // bot index and final score per seat
  std::size_t moves = 0;
  // The seconds each seat's bot took for each of its decisions (the bot's own thinking, on this
  // game's thread: with --threads above the cores, the bots share them and take longer).
  std::vector<std::vector<double>> decision_seconds;
  std::string error;  // non-empty: the game could not be played
};

// Everything a worker needs to play game g; read-only while the workers run.
struct Plan {
  const ArenaOptions& options;
  RuleSet rules;
  std::vector<std::vector<int>> lineups;  // bot index per seat before rotation, per lineup
  std::filesystem::path record_dir;
  std::size_t players() const { return lineups.front().size(); }
  std::uint64_t total_games() const { return lineups.size() * options.games; }
  // Game g's place within its lineup's games (d*P + r).
  std::uint64_t in_lineup(std::uint64_t game) const { return game % options.games; }
  std::uint64_t deck(std::uint64_t game) const { return in_lineup(game) / players(); }
  std::uint64_t rotation(std::uint64_t game) const { return in_lineup(game) % players(); }
};

// The bot index in `seat` of game `game`.
int seat_bot(const Plan& plan, std::uint64_t game, std::size_t seat) {
  const std::vector<int>& lineup =
      plan.lineups[static_cast<std::size_t>(game / plan.options.games)];
  return lineup[(seat + static_cast<std::size_t>(plan.rotation(game))) % lineup.size()];
}

// Every choice of `players` bot indices out of `bots`, in lexicographic order.
std::vector<std::vector<int>> every_lineup(int bots, int players) {
  std::vector<std::vector<int>> lineups;
  std::vector<int> chosen(static_cast<std::size_t>(players));
  for (int i = 0; i < players; ++i) chosen[static_cast<std::size_t>(i)] = i;
  while (true) {
    lineups.push_back(chosen);
    int i = players - 1;
    while (i >= 0 && chosen[static_cast<std::size_t>(i)] == bots - players + i) --i;
    if (i < 0) return lineups;
    ++chosen[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < players; ++j)
      chosen[static_cast<std::size_t>(j)] = chosen[static_cast<std::size_t>(j - 1)] + 1;
  }
}

GameOutcome play_game(const Plan& plan, std::uint64_t game) {
  GameOutcome outcome;
  const std::size_t players = plan.players();
  Record record;
  record.rules = plan.rules;
  record.seed = plan.options.seed + plan.deck(game);
  std::vector<std::unique_ptr<Bot>> bots;
  for (std::size_t seat = 0; seat < players; ++seat) {
    const int bot = seat_bot(plan, game, seat);
    const std::string& spec = plan.options.bots[static_cast<std::size_t>(bot)];
    outcome.game.seat_bots.push_back(bot);
    record.players.push_back(spec + "-" + std::to_string(seat + 1));
    auto made = make_any_bot(spec, bot_seed(plan.options.seed, game, static_cast<int>(seat)),
                             kArenaBotSources);
    if (!made) {
      outcome.error = made.error().message;
      return outcome;
    }
    bots.push_back(std::move(made).value());
  }
  auto created = replay(record);  // the record has no actions yet: the initial state
  if (!created) {
    outcome.error = created.error().message;
    return outcome;
  }
  GameState& state = *created;
  outcome.decision_seconds.resize(players);
  while (!state.over()) {
    const auto seat = static_cast<std::size_t>(state.pending().player);
    Bot& bot = *bots[seat];
    const auto asked = std::chrono::steady_clock::now();
    const Move move =
        bot.choose_move_with_history(state.observation(state.current_player()), record);
    const std::chrono::duration<double> thought = std::chrono::steady_clock::now() - asked;
    outcome.decision_seconds[seat].push_back(thought.count());
    record_and_apply(record, state, move);
  }
  // A program that failed had the greedy bot play for it: the game says nothing about it.
  for (const auto& bot : bots)
    if (const auto* external = dynamic_cast<const ExternalBot*>(bot.get());
        external != nullptr && !external->failure().empty()) {
      outcome.error = "an engine failed: " + external->failure();
      return outcome;
    }
  for (int p = 0; p < state.player_count(); ++p)
    outcome.game.scores.push_back(state.score(static_cast<PlayerId>(p)));
  outcome.moves = record.actions.size();
  if (!plan.options.record_dir.empty()) {
    auto written = write_text(plan.record_dir / ("game-" + std::to_string(game) + ".json"),
                              write_record(record));
    if (!written) outcome.error = written.error().message;
  }
  return outcome;
}

// Results arrive from the workers in any order; the printer takes them in game order.
class ResultQueue {
 public:
  explicit ResultQueue(std::uint64_t total) : total_(total) {}

  // The next game to play, or nothing when all are taken or the run is stopping.
  std::optional<std::uint64_t> take() {
    std::lock_guard lock(mutex_);
    if (stop_ || next_ >= total_) return std::nullopt;
    return next_++;
  }
  void put(std::uint64_t game, GameOutcome outcome) {
    {
      std::lock_guard lock(mutex_);
      done_.emplace(game, std::move(outcome));
    }
    ready_.notify_all();
  }
  // Waits for game `game` and hands its outcome over.
  GameOutcome wait_for(std::uint64_t game) {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return done_.count(game) > 0; });
    GameOutcome outcome = std::move(done_.at(game));
    done_.erase(game);
    return outcome;
  }
  // No new games start; games under way finish.
  void stop() {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }

 private:
  const std::uint64_t total_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::map<std::uint64_t, GameOutcome> done_;
  std::uint64_t next_ = 0;
  bool stop_ = false;
};

void worker(const Plan& plan, ResultQueue& queue) {
  while (const auto game = queue.take()) {
    GameOutcome outcome;
    try {
      outcome = play_game(plan, *game);
    } catch (const std::exception& e) {
      // Out of memory, say: report it for this game instead of terminating the process.
      outcome.error = e.what();
    }
    if (outcome.error.empty() && outcome.game.scores.size() != plan.players())
      outcome.error = "the game ended with the wrong number of scores";
    queue.put(*game, std::move(outcome));
  }
}

std::string format(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

std::string padded(const std::string& text, std::size_t width, bool right = false) {
  if (text.size() >= width) return text;
  const std::string fill(width - text.size(), ' ');
  return right ? fill + text : text + fill;
}

std::string count_text(double count) {
  return format("%.0f", count);
}

std::string elo_text(double elo) {
  return std::abs(elo) < 0.5 ? "0" : format("%+.0f", elo);
}

void print_table(const Plan& plan, const ArenaStats& stats, const std::vector<DecisionTimes>& times,
                 double seconds, std::ostream& out) {
  const ArenaOptions& options = plan.options;
  const RuleSet& rules = plan.rules;
  const std::uint64_t players = static_cast<std::uint64_t>(options.players);
  out << "arena: ";
  if (options.round_robin)
    out << "round robin of " << plan.lineups.size() << " lineups, " << plan.total_games()
        << " games, each lineup ";
  out << options.games << " games on " << options.games / players << " decks (" << players
      << " seatings each), " << players << " players, " << expansions_label(rules);
  for (const RuleOptionInfo& option : kRuleOptionTable)
    if (rules.option(option.option) != 0)
      out << ", " << option.name << " " << rule_option_value(rules, option.option);
  out << ", seed " << options.seed << "\n\n";

  std::vector<std::string> names;
  std::size_t name_width = 3;
  for (const std::string& spec : options.bots) {
    names.push_back(one_line(spec, 60));
    name_width = std::max(name_width, names.back().size());
  }
  out << "  #  " << padded("bot", name_width) << "  games   wins   ties  win rate  95% CI        "
      << "   score diff     Elo\n";
  for (std::size_t i = 0; i < stats.bots.size(); ++i) {
    const BotStats& b = stats.bots[i];
    out << padded(std::to_string(i + 1), 3, true) << "  " << padded(names[i], name_width)
        << padded(count_text(b.games), 7, true) << padded(count_text(b.wins), 7, true)
        << padded(count_text(b.ties), 7, true) << padded(format("%.3f", b.win_rate), 10, true)
        << "  [" << format("%.3f", b.win_rate_ci95.low) << ", "
        << format("%.3f", b.win_rate_ci95.high) << "]"
        << padded(format("%+.2f", b.mean_score_diff), 13, true) << padded(elo_text(b.elo), 8, true)
        << '\n';
  }
  out << "(games, wins and ties count seats; win rate = (wins + ties/2) / games; score diff = "
         "score\n minus the mean of the other seats; Elo: Bradley-Terry over pairs of seats, "
         "bot 1 = 0)\n";

  if (stats.bots.size() > 1) {
    out << "\nhead to head (row against column over pairs of seats: wins-losses-draws, "
           "row's score)\n";
    std::vector<std::vector<std::string>> cells(stats.bots.size());
    std::size_t cell_width = 1;
    for (std::size_t i = 0; i < stats.bots.size(); ++i) {
      for (std::size_t j = 0; j < stats.bots.size(); ++j) {
        const HeadToHead& h = stats.head_to_head[i][j];
        cells[i].push_back(i == j ? std::string("-")
                                  : count_text(h.wins) + "-" + count_text(h.losses) + "-" +
                                        count_text(h.draws) + " " + format("%.3f", h.score()));
        cell_width = std::max(cell_width, cells[i].back().size());
      }
    }
    out << "     " << padded("", name_width);
    for (std::size_t j = 0; j < stats.bots.size(); ++j)
      out << "  "
          << (j + 1 < stats.bots.size() ? padded(std::to_string(j + 1), cell_width)
                                        : std::to_string(j + 1));
    out << '\n';
    for (std::size_t i = 0; i < stats.bots.size(); ++i) {
      out << padded(std::to_string(i + 1), 3, true) << "  " << padded(names[i], name_width);
      for (std::size_t j = 0; j < cells[i].size(); ++j)
        out << "  " << (j + 1 < cells[i].size() ? padded(cells[i][j], cell_width) : cells[i][j]);
      out << '\n';
    }
  }
  out << "\nseconds per decision (the bot's own thinking)\n  #  " << padded("bot", name_width)
      << "  decisions      mean       p99   longest\n";
  for (std::size_t i = 0; i < times.size(); ++i) {
    const DecisionTimes& d = times[i];
    out << padded(std::to_string(i + 1), 3, true) << "  " << padded(names[i], name_width)
        << padded(std::to_string(d.decisions), 11, true) << padded(format("%.4f", d.mean), 10, true)
        << padded(format("%.4f", d.p99), 10, true) << padded(format("%.4f", d.max), 10, true)
        << '\n';
  }
  out << "\nseconds: " << format("%.2f", seconds) << '\n';
}

Json stats_json(const Plan& plan, const ArenaStats& stats, const std::vector<DecisionTimes>& times,
                double seconds) {
  const ArenaOptions& options = plan.options;
  const RuleSet& rules = plan.rules;
  auto whole = [](double count) { return static_cast<std::uint64_t>(count); };
  Json result;
  result["games"] = plan.total_games();
  if (options.round_robin) {
    result["round_robin"] = true;
    result["lineups"] = plan.lineups.size();
    result["games_per_lineup"] = options.games;
  }
  result["players"] = options.players;
  result["expansions"] = expansion_names(rules);
  result["rules"] = Json::object();
  for (const NamedOptionValue& option : applicable_rule_options(rules))
    result["rules"][std::string(option.name)] = option.value;
  result["seed"] = options.seed;
  result["seconds"] = seconds;
  Json bots = Json::array();
  for (std::size_t i = 0; i < stats.bots.size(); ++i) {
    const BotStats& b = stats.bots[i];
    Json bot;
    bot["name"] = options.bots[i];
    bot["games"] = whole(b.games);
    bot["wins"] = whole(b.wins);
    bot["ties"] = whole(b.ties);
    bot["win_rate"] = b.win_rate;
    bot["win_rate_ci95"] = Json::array({b.win_rate_ci95.low, b.win_rate_ci95.high});
    bot["mean_score_diff"] = b.mean_score_diff;
    bot["elo"] = b.elo;
    bot["decisions"] = times[i].decisions;
    bot["seconds_per_decision"] =
        Json{{"mean", times[i].mean}, {"p99", times[i].p99}, {"max", times[i].max}};
    bots.push_back(bot);
  }
  result["bots"] = bots;
  Json head_to_head = Json::object();
  for (std::size_t i = 0; i < stats.bots.size(); ++i) {
    Json row = Json::object();
    for (std::size_t j = 0; j < stats.bots.size(); ++j) {
      if (i == j) continue;
      const HeadToHead& h = stats.head_to_head[i][j];
      row[options.bots[j]] = Json{{"wins", whole(h.wins)},
                                  {"losses", whole(h.losses)},
                                  {"draws", whole(h.draws)},
                                  {"score", h.score()}};
    }
    head_to_head[options.bots[i]] = row;
  }
  result["head_to_head"] = head_to_head;
  return result;
}

// Usage mistakes the option parser cannot see; the message, or empty when the options are fine.
std::string usage_problem(const ArenaOptions& options) {
  const auto players = static_cast<std::size_t>(options.players);
  if (options.players < kMinPlayers || options.players > kMaxPlayers)
    return "a game needs " + std::to_string(kMinPlayers) + " to " + std::to_string(kMaxPlayers) +
           " players, not " + std::to_string(options.players);
  if (options.bots.empty()) return "--bots needs at least one bot";
  if (options.round_robin && options.bots.size() < players)
    return "--round-robin needs at least as many bots as seats: --bots names " +
           std::to_string(options.bots.size()) + " for " + std::to_string(players) + " seats";
  if (!options.round_robin && options.bots.size() > players)
    return "--bots names " + std::to_string(options.bots.size()) + " bots for " +
           std::to_string(players) + " seats; with --players " + std::to_string(players) +
           " at most " + std::to_string(players) + " bots can play (or --round-robin)";
  std::set<std::string> seen;
  for (const std::string& spec : options.bots)
    if (!seen.insert(spec).second)
      return "--bots lists " + one_line(quote_text(spec)) +
             " twice; list each bot once (one bot alone fills every seat)";
  if (options.games == 0 || options.games % players != 0)
    return "--games " + std::to_string(options.games) + " is not a multiple of --players " +
           std::to_string(players) + ": each deck is played once per rotation of the " +
           std::to_string(players) + " seats, so --games must be a positive multiple of " +
           std::to_string(players);
  if (options.threads < 1) return "--threads must be at least 1";
  return {};
}

}  // namespace

int run_arena(const ArenaOptions& options, std::ostream& out, std::ostream& err) {
  if (const std::string problem = usage_problem(options); !problem.empty()) {
    err << "error: " << problem << '\n';
    return kExitUsage;
  }
  auto rules = rules_with_expansions(options.expansions, options.rules);
  if (!rules) {
    err << "error: " << one_line(rules.error().message) << '\n';
    return kExitUsage;
  }
  // Unknown bots or options are usage errors: find them before any game is played.
  for (const std::string& spec : options.bots) {
    auto bot = make_any_bot(spec, 0, kArenaBotSources);
    if (!bot) {
      err << "error: " << one_line(bot.error().message) << '\n';
      return kExitUsage;
    }
  }
  Plan plan{options, *rules, {}, std::filesystem::path(options.record_dir)};
  if (options.round_robin) {
    plan.lineups = every_lineup(static_cast<int>(options.bots.size()), options.players);
  } else {
    std::vector<int> lineup;
    for (int seat = 0; seat < options.players; ++seat)
      lineup.push_back(seat % static_cast<int>(options.bots.size()));
    plan.lineups.push_back(lineup);
  }
  if (!options.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(plan.record_dir, ec);
    if (ec || !std::filesystem::is_directory(plan.record_dir, ec)) {
      err << "error: cannot create directory " << one_line(options.record_dir) << ": "
          << (ec ? ec.message() : std::string("not a directory")) << '\n';
      return kExitFailure;
    }
  }

  if (!options.stats_file.empty()) {
    // Found out now rather than after hours of games.
    auto writable = write_text(options.stats_file, "");
    if (!writable) {
      err << "error: " << one_line(writable.error().message) << '\n';
      return kExitFailure;
    }
  }

  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t total_games = plan.total_games();
  ResultQueue queue(total_games);
  const auto thread_count = static_cast<std::uint64_t>(options.threads);
  std::vector<std::thread> workers;
  try {
    for (std::uint64_t t = 0; t < std::min(thread_count, total_games); ++t)
      workers.emplace_back(worker, std::cref(plan), std::ref(queue));
  } catch (const std::system_error& e) {
    // The system refused another thread: carry on with the ones it gave, if any.
    if (workers.empty()) {
      err << "error: cannot start a thread: " << one_line(e.what()) << '\n';
      return kExitFailure;
    }
  }

  std::vector<ArenaGame> games;
  std::vector<std::vector<double>> bot_seconds(options.bots.size());
  std::string failure;
  const bool game_lines = !options.quiet && !options.json;
  for (std::uint64_t g = 0; g < total_games; ++g) {
    GameOutcome outcome = queue.wait_for(g);
    if (!outcome.error.empty()) {
      failure = "game " + std::to_string(g) + ": " + one_line(outcome.error);
      queue.stop();
      break;
    }
    if (game_lines) {
      Json line;
      line["game"] = g;
      line["deck"] = plan.deck(g);
      line["rotation"] = plan.rotation(g);
      line["seed"] = options.seed + plan.deck(g);
      Json seat_bots = Json::array();
      for (int bot : outcome.game.seat_bots)
        seat_bots.push_back(options.bots[static_cast<std::size_t>(bot)]);
      line["bots"] = seat_bots;
      line["scores"] = outcome.game.scores;
      line["winner"] = top_seats(outcome.game.scores);
      line["moves"] = outcome.moves;
      out << line.dump() << '\n' << std::flush;
    }
    for (std::size_t seat = 0; seat < outcome.decision_seconds.size(); ++seat) {
      auto& into = bot_seconds[static_cast<std::size_t>(outcome.game.seat_bots[seat])];
      into.insert(into.end(), outcome.decision_seconds[seat].begin(),
                  outcome.decision_seconds[seat].end());
    }
    games.push_back(std::move(outcome.game));
  }
  for (std::thread& thread : workers) thread.join();
  if (!failure.empty()) {
    err << "error: " << failure << '\n';
    return kExitFailure;
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;

  const ArenaStats stats =
      arena_stats(static_cast<int>(options.bots.size()), games, kEloPriorDraws);
  std::vector<DecisionTimes> times;
  for (std::vector<double>& seconds : bot_seconds)
    times.push_back(decision_times(std::move(seconds)));
  const Json stats_object = stats_json(plan, stats, times, elapsed.count());
  if (!options.stats_file.empty()) {
    // Written before the output, so that a script reading both never finds the tables alone.
    auto written = write_text(options.stats_file, stats_object.dump() + '\n');
    if (!written) {
      err << "error: " << one_line(written.error().message) << '\n';
      return kExitFailure;
    }
  }
  if (options.json) {
    out << stats_object.dump() << '\n';
  } else {
    if (game_lines) out << '\n';
    print_table(plan, stats, times, elapsed.count(), out);
  }
  return finish_output(out, err);
}

}  // namespace carcassonne::cli
