// `carcassonne bench`: single-core speed of random playouts, and a behaviour fingerprint.
//
// Promise: game i (0-based) is created from the deck shuffled with seed S+i and played out by
// random_playout with its own generator seeded from S+i, so the checksum (the sum of all final
// scores) depends only on the seed, the rules and the number of games; it is printed together
// with that number so a run can be reproduced (--games N plays exactly N games). The clock is read
// only between games: at least one game is always played, and games are never cut short.
#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "bots/mcts_bot.h"
#include "bots/random_bot.h"
#include "cli/commands.h"
#include "cli/support.h"
#include "core/game.h"
#include "core/random.h"

namespace carcassonne::cli {

namespace {

// The playout generator's stream differs from the deck shuffle's, so the two do not draw the
// same numbers from the same seed.
constexpr std::uint64_t kPlayoutStream = 0xb0a7d5e11e5ULL;

// One MCTS search from the position reached when half the deck has been drawn by random play.
int run_mcts_bench(const BenchOptions& options, const RuleSet& rules, std::ostream& out,
                   std::ostream& err) {
  GameConfig config;
  config.rules = rules;
  config.players = options.players;
  config.deck = shuffled_deck(config.rules, config.start_tile, options.seed);
  auto created = GameState::create(config);
  if (!created) {
    err << "error: " << one_line(created.error().message) << '\n';
    return kExitFailure;
  }
  GameState& state = *created;
  Pcg32 rng(options.seed, kPlayoutStream);
  const auto moves = std::make_unique<MoveList>();
  const int half = state.tiles_left_in_deck() / 2;
  while (!state.over() &&
         (state.tiles_left_in_deck() > half || state.phase() != Phase::PlaceTile)) {
    state.legal_moves(*moves);
    state.apply_unchecked(
        (*moves)[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves->size())))]);
  }
  MctsOptions mcts;
  mcts.milliseconds = 1000.0 * options.seconds;
  mcts.seed = options.seed;
  MctsBot bot(mcts);
  bot.choose_move(state.observation(state.current_player()));
  const MctsStats& stats = bot.last_search();
  const double per_second = static_cast<double>(stats.playouts) / std::max(stats.seconds, 1e-9);
  if (options.json) {
    nlohmann::ordered_json result;
    result["players"] = options.players;
    result["expansions"] = expansion_names(rules);
    result["seed"] = options.seed;
    result["tiles_left"] = state.tiles_left_in_deck();
    result["playouts"] = stats.playouts;
    result["seconds"] = stats.seconds;
    result["playouts_per_second"] = per_second;
    result["tree_nodes"] = stats.nodes;
    out << result.dump() << '\n';
  } else {
    out << "bench --mcts: one thread, " << options.players << " players, "
        << expansions_label(rules) << ", " << state.tiles_left_in_deck() << " tiles left\n"
        << "  playouts    " << stats.playouts << "\n"
        << "  seconds     " << stats.seconds << "\n"
        << "  playouts/s  " << static_cast<std::uint64_t>(per_second) << "\n"
        << "  tree nodes  " << stats.nodes << "\n";
  }
  return kExitOk;
}

}  // namespace

int run_bench(const BenchOptions& options, std::ostream& out, std::ostream& err) {
  auto rules = rules_with_expansions(options.expansions, options.rules);
  if (!rules) {
    err << "error: " << one_line(rules.error().message) << '\n';
    return kExitUsage;
  }
  if (options.mcts) return run_mcts_bench(options, *rules, out, err);
  using Clock = std::chrono::steady_clock;
  const auto scratch = std::make_unique<MoveList>();  // reused by every playout
  std::uint64_t games = 0;
  std::uint64_t moves = 0;
  std::int64_t checksum = 0;
  const auto start = Clock::now();
  std::chrono::duration<double> elapsed{};
  do {
    const std::uint64_t seed = options.seed + games;
    GameConfig config;
    config.rules = *rules;
    config.players = options.players;
    config.deck = shuffled_deck(config.rules, config.start_tile, seed);
    auto created = GameState::create(config);
    if (!created) {
      err << "error: " << one_line(created.error().message) << '\n';
      return kExitFailure;
    }
    Pcg32 rng(seed, kPlayoutStream);
    moves += static_cast<std::uint64_t>(random_playout(*created, rng, *scratch));
    for (int p = 0; p < created->player_count(); ++p)
      checksum += created->score(static_cast<PlayerId>(p));
    ++games;
    elapsed = Clock::now() - start;
  } while (options.games != 0 ? games < options.games : elapsed.count() < options.seconds);

  const double seconds = elapsed.count() > 0 ? elapsed.count() : 1e-9;
  const double games_per_second = static_cast<double>(games) / seconds;
  const double moves_per_second = static_cast<double>(moves) / seconds;
  if (options.json) {
    nlohmann::ordered_json result;
    result["players"] = options.players;
    result["expansions"] = expansion_names(*rules);
    nlohmann::ordered_json rule_values = nlohmann::ordered_json::object();
    for (const NamedOptionValue& option : applicable_rule_options(*rules))
      rule_values[std::string(option.name)] = std::string(option.value);
    result["rules"] = rule_values;
    result["seed"] = options.seed;
    result["games"] = games;
    result["moves"] = moves;
    result["seconds"] = elapsed.count();
    result["games_per_second"] = games_per_second;
    result["moves_per_second"] = moves_per_second;
    result["checksum"] = checksum;
    out << result.dump() << '\n';
  } else {
    const auto old_flags = out.flags();
    const auto old_precision = out.precision();
    out.setf(std::ios::fixed);
    out.precision(0);
    out << "bench: random playouts, " << options.players << " players, " << expansions_label(*rules)
        << ", one core\n"
        << "  games      " << games << '\n'
        << "  moves      " << moves << '\n';
    out.precision(3);
    out << "  seconds    " << elapsed.count() << '\n';
    out.precision(1);
    out << "  games/s    " << games_per_second << '\n';
    out.precision(0);
    out << "  moves/s    " << moves_per_second << '\n'
        << "  checksum   " << checksum << "  (sum of final scores of " << games
        << " games from seed " << options.seed << ")\n";
    out.flags(old_flags);
    out.precision(old_precision);
  }
  return finish_output(out, err);
}

}  // namespace carcassonne::cli
