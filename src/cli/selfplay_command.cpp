// `carcassonne selfplay`: whole games between bots, one JSON line per game and a summary line.
//
// Promise: the same options give the same games, lines and records on every machine. Game g
// (0-based) draws from the deck shuffled from seed S+g, which is also its record's "seed" (no
// explicit deck, so records stay compact and replay through the seed); the bot in seat k plays
// with bot_seed(S, g, k). Every move goes through record_and_apply, so a written record replays
// (`carcassonne replay`) to exactly the scores printed for its game.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "bots/bot.h"
#include "cli/commands.h"
#include "cli/support.h"
#include "engine/external_bot.h"
#include "record/record.h"

namespace carcassonne::cli {

namespace {

using Json = nlohmann::ordered_json;  // keys in the documented order

// The person running selfplay chose the programs it starts.
const BotSources kSelfplayBotSources{true, {}, 0};

struct GameOutcome {
  std::vector<int> scores;
  std::vector<int> winners;  // every seat with the top score
  std::size_t moves = 0;
  std::size_t tiles_placed = 0;
};

Result<GameOutcome> play_game(Record& record, std::vector<std::unique_ptr<Bot>>& bots) {
  auto created = replay(record);  // the record has no actions yet: the initial state
  if (!created) return created.error();
  GameState& state = *created;
  while (!state.over()) {
    Bot& bot = *bots[static_cast<std::size_t>(state.pending().player)];
    record_and_apply(
        record, state,
        bot.choose_move_with_history(state.observation(state.current_player()), record));
  }
  GameOutcome outcome;
  const Outcome result = state.outcome();
  for (int p = 0; p < state.player_count(); ++p) {
    outcome.scores.push_back(state.score(static_cast<PlayerId>(p)));
    if (result.is_winner(static_cast<PlayerId>(p))) outcome.winners.push_back(p);
  }
  outcome.moves = record.actions.size();
  outcome.tiles_placed = state.placed_tiles().size();
  return outcome;
}

}  // namespace

int run_selfplay(const SelfplayOptions& options, std::ostream& out, std::ostream& err) {
  if (options.players < kMinPlayers || options.players > kMaxPlayers) {
    err << "error: a game needs " << kMinPlayers << " to " << kMaxPlayers << " players, not "
        << options.players << '\n';
    return kExitUsage;
  }
  const auto players = static_cast<std::size_t>(options.players);
  std::vector<std::string> seat_bots = options.bots;
  if (seat_bots.size() == 1) seat_bots.assign(players, seat_bots.front());
  if (seat_bots.size() != players) {
    err << "error: --bots names " << options.bots.size() << " bots for " << players
        << " players; give one name per seat, or a single name for every seat\n";
    return kExitUsage;
  }
  auto rules = rules_with_expansions(options.expansions, options.rules);
  if (!rules) {
    err << "error: " << one_line(rules.error().message) << '\n';
    return kExitUsage;
  }
  // Unknown bot names are usage errors: find them before any game is played.
  for (const std::string& name : seat_bots) {
    auto bot = make_any_bot(name, 0, kSelfplayBotSources);
    if (!bot) {
      err << "error: " << one_line(bot.error().message) << '\n';
      return kExitUsage;
    }
  }
  const std::filesystem::path record_dir(options.record_dir);
  if (!options.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(record_dir, ec);
    if (ec || !std::filesystem::is_directory(record_dir, ec)) {
      err << "error: cannot create directory " << options.record_dir << ": "
          << (ec ? ec.message() : std::string("not a directory")) << '\n';
      return kExitFailure;
    }
  }

  const auto start = std::chrono::steady_clock::now();
  std::vector<std::uint64_t> wins(players, 0);
  std::vector<double> score_sums(players, 0.0);
  for (std::uint64_t g = 0; g < options.games; ++g) {
    Record record;
    record.rules = *rules;
    record.seed = options.seed + g;
    std::vector<std::unique_ptr<Bot>> bots;
    for (std::size_t seat = 0; seat < players; ++seat) {
      record.players.push_back(seat_bots[seat] + "-" + std::to_string(seat + 1));
      bots.push_back(
          std::move(make_any_bot(seat_bots[seat], bot_seed(options.seed, g, static_cast<int>(seat)),
                                 kSelfplayBotSources))
              .value());
    }
    auto outcome = play_game(record, bots);
    if (!outcome) {
      err << "error: game " << g << ": " << one_line(outcome.error().message) << '\n';
      return kExitFailure;
    }
    for (int p : outcome->winners) ++wins[static_cast<std::size_t>(p)];
    for (std::size_t p = 0; p < players; ++p) score_sums[p] += outcome->scores[p];
    if (!options.record_dir.empty()) {
      auto written =
          write_text(record_dir / ("game-" + std::to_string(g) + ".json"), write_record(record));
      if (!written) {
        err << "error: " << one_line(written.error().message) << '\n';
        return kExitFailure;
      }
    }
    if (!options.quiet) {
      Json line;
      line["game"] = g;
      line["seed"] = record.seed;
      line["scores"] = outcome->scores;
      line["winner"] = outcome->winners;
      line["moves"] = outcome->moves;
      line["tiles_placed"] = outcome->tiles_placed;
      out << line.dump() << '\n';
    }
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;

  Json mean_scores = Json::array();
  for (double sum : score_sums)
    mean_scores.push_back(options.games == 0 ? 0.0 : sum / static_cast<double>(options.games));
  Json summary;
  summary["games"] = options.games;
  summary["wins"] = wins;
  summary["mean_scores"] = mean_scores;
  summary["seconds"] = elapsed.count();
  Json line;
  line["summary"] = summary;
  out << line.dump() << '\n';
  return finish_output(out, err);
}

}  // namespace carcassonne::cli
