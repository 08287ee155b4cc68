// `carcassonne`: the command-line front door (replay, selfplay, arena, bench, demo, serve).
//
// Promise: this file owns the command-line syntax only. It parses and validates options with
// CLI11 and hands plain option structs to the subcommands (commands.h). Exit status 0 on success
// (also for --help and --version), 1 when the work fails, 2 for usage errors. No exception
// escapes main.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>

#include "bots/bot.h"
#include "cli/commands.h"
#include "core/types.h"
#include "training/value_training.h"

namespace {

using namespace carcassonne;
using namespace carcassonne::cli;

#ifdef CARCASSONNE_VERSION
constexpr const char* kVersion = CARCASSONNE_VERSION;
#else
constexpr const char* kVersion = "0.1.0";  // keep in step with project(VERSION) in CMakeLists.txt
#endif

// Whole numbers in plain decimal within [min, max]. CLI11's own conversion goes through strtoull
// with base 0, which would read "010" as 8 and "-1" as 2^64-1; a seed must mean what it says.
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* first = text.data();
        const char* last = text.data() + text.size();
        const auto [end, ec] = std::from_chars(first, last, value);
        if (text.empty() || ec == std::errc::invalid_argument || end != last)
          return "expected a whole number in decimal, not \"" + text + "\"";
        if (ec == std::errc::result_out_of_range || value > max)
          return "must be at most " + std::to_string(max) + ", not " + text;
        if (value < min) return "must be at least " + std::to_string(min) + ", not " + text;
        text = std::to_string(value);  // canonical digits for CLI11's base-0 conversion
        return {};
      },
      "");  // the option's help text states the range
}

CLI::Validator duration_seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) ||
            value < 0 || value > 1e6)
          return "expected a number of seconds between 0 and 1000000, not \"" + text + "\"";
        return {};
      },
      "");  // the option's help text says what is expected
}

}  // namespace

int main(int argc, char** argv) {
  // The expansions the registry knows, for every subcommand's help.
  std::string expansions_help = "Expansions, comma-separated (";
  for (const carcassonne::ExpansionInfo& info : carcassonne::kExpansionTable)
    if (info.expansion != carcassonne::Expansion::Base)
      expansions_help += std::string(expansions_help.back() == '(' ? "" : ", ") +
                         std::string(info.name) + ": " + std::string(info.title);
  expansions_help += ")";
  // The rule options the registry knows, likewise.
  std::string rules_help = "Rule options NAME=VALUE, comma-separated (";
  for (const RuleOptionInfo& option : kRuleOptionTable) {
    rules_help +=
        std::string(rules_help.back() == '(' ? "" : "; ") + std::string(option.name) + "=";
    for (int v = 0; v < option.value_count; ++v)
      rules_help += (v == 0 ? "" : "|") + std::string(option.values[static_cast<std::size_t>(v)]);
  }
  rules_help += ")";

  try {
    CLI::App app{"Carcassonne rules engine: replay game records, let bots play, measure speed.",
                 "carcassonne"};
    app.set_version_flag("--version", std::string("carcassonne ") + kVersion);
    app.require_subcommand(0, 1);
    constexpr std::uint64_t kMaxU64 = ~std::uint64_t{0};
    std::string known_bots;
    for (std::string_view bot : known_bot_names())
      known_bots += (known_bots.empty() ? "" : ", ") + std::string(bot);
    const auto seat_count = whole_number(kMinPlayers, kMaxPlayers);

    ReplayOptions replay;
    CLI::App* replay_cmd = app.add_subcommand(
        "replay", "Replay a game record; print the resulting state as one JSON line");
    replay_cmd->add_option("FILE", replay.path, "The record file, or - for standard input")
        ->required();

    SelfplayOptions selfplay;
    CLI::App* selfplay_cmd =
        app.add_subcommand("selfplay", "Play whole games between bots; one JSON line per game");
    CLI::Option* selfplay_players =
        selfplay_cmd
            ->add_option("--players", selfplay.players,
                         "Number of players, 2 to 6 (default: one per --bots name, else 2)")
            ->type_name("N")
            ->check(seat_count);
    selfplay_cmd->add_option("--games", selfplay.games, "Number of games")
        ->type_name("K")
        ->check(whole_number(0, kMaxU64))
        ->capture_default_str();
    selfplay_cmd
        ->add_option("--seed", selfplay.seed,
                     "Game g (from 0) draws from the deck shuffled with seed S+g; bot seeds "
                     "derive from S, g and the seat")
        ->type_name("S")
        ->check(whole_number(0, kMaxU64))
        ->capture_default_str();
    selfplay_cmd
        ->add_option(
            "--bots", selfplay.bots,
            "One bot per seat, comma-separated, or one for every seat (known: " + known_bots + ")")
        ->type_name("LIST")
        ->delimiter(',')
        ->capture_default_str();
    selfplay_cmd
        ->add_option("--record", selfplay.record_dir,
                     "Write game g's record to DIR/game-<g>.json, creating DIR")
        ->type_name("DIR");
    selfplay_cmd->add_option("--expansions", selfplay.expansions, expansions_help)
        ->type_name("LIST")
        ->delimiter(',');
    selfplay_cmd->add_option("--rules", selfplay.rules, rules_help)
        ->type_name("LIST")
        ->delimiter(',');
    selfplay_cmd->add_flag("--quiet,-q", selfplay.quiet, "Print only the summary line");

    ArenaOptions arena;
    CLI::App* arena_cmd = app.add_subcommand(
        "arena",
        "Bots against each other on shared decks, every bot in every seat; win rates and Elo");
    arena_cmd
        ->add_option("--bots", arena.bots,
                     "Distinct bots, comma-separated, cycled over the seats (known: " + known_bots +
                         "; options as name:key=value)")
        ->type_name("LIST")
        ->delimiter(',')
        ->required();
    arena_cmd
        ->add_option("--games", arena.games,
                     "Games in total, a multiple of --players: each deck is played once per "
                     "rotation of the seats")
        ->type_name("N")
        ->check(whole_number(1, kMaxU64))
        ->required();
    arena_cmd->add_option("--players", arena.players, "Number of players, 2 to 6")
        ->type_name("P")
        ->check(seat_count)
        ->capture_default_str();
    arena_cmd->add_option("--expansions", arena.expansions, expansions_help)
        ->type_name("LIST")
        ->delimiter(',');
    arena_cmd->add_option("--rules", arena.rules, rules_help)->type_name("LIST")->delimiter(',');
    arena_cmd
        ->add_option("--seed", arena.seed,
                     "Deck d (from 0) is shuffled with seed S+d; bot seeds derive from S, the "
                     "game and the seat")
        ->type_name("S")
        ->check(whole_number(0, kMaxU64))
        ->capture_default_str();
    arena_cmd
        ->add_option("--threads", arena.threads,
                     "Games played at once, one thread each (results do not depend on it)")
        ->type_name("T")
        ->check(whole_number(1, 1024))
        ->capture_default_str();
    arena_cmd
        ->add_option("--record", arena.record_dir,
                     "Write game g's record to DIR/game-<g>.json, creating DIR")
        ->type_name("DIR");
    arena_cmd->add_flag("--json", arena.json, "Print one JSON object with the statistics only");
    arena_cmd->add_flag("--quiet,-q", arena.quiet, "No per-game lines, only the tables");
    arena_cmd
        ->add_option("--stats", arena.stats_file,
                     "Also write the statistics (the object --json prints) to FILE")
        ->type_name("FILE");
    arena_cmd->add_flag("--round-robin", arena.round_robin,
                        "Every choice of --players bots from --bots (more bots than seats) plays "
                        "--games games on the same decks; one table and Elo ladder of all");

    BenchOptions bench;
    CLI::App* bench_cmd = app.add_subcommand(
        "bench", "Measure single-core random-playout speed; print a score checksum");
    bench_cmd->add_option("--players", bench.players, "Number of players, 2 to 6")
        ->type_name("N")
        ->check(seat_count)
        ->capture_default_str();
    bench_cmd->add_option("--expansions", bench.expansions, expansions_help)
        ->type_name("LIST")
        ->delimiter(',');
    bench_cmd->add_option("--rules", bench.rules, rules_help)->type_name("LIST")->delimiter(',');
    bench_cmd
        ->add_option("--seconds", bench.seconds,
                     "Start new games until T seconds have passed (checked between games)")
        ->type_name("T")
        ->check(duration_seconds())
        ->capture_default_str();
    bench_cmd
        ->add_option("--games", bench.games,
                     "Instead play exactly K games (to reproduce a checksum)")
        ->type_name("K")
        ->check(whole_number(1, kMaxU64));
    bench_cmd->add_option("--seed", bench.seed, "Game i (from 0) uses deck and playout seed S+i")
        ->type_name("S")
        ->check(whole_number(0, kMaxU64))
        ->capture_default_str();
    bench_cmd->add_flag("--json", bench.json, "Print one JSON object instead of text");
    bench_cmd->add_flag("--mcts", bench.mcts,
                        "Measure one-thread MCTS playouts per second from a mid-game position "
                        "(half the deck drawn by random play from seed S) for --seconds");

    TrainValueOptions train;
    CLI::App* train_cmd = app.add_subcommand(
        "train-value",
        "Fit the learned evaluation (chances of completion, final margins) by greedy self-play "
        "and write its weight files");
    train_cmd->add_option("--games", train.games, "Self-play games over every rule set")
        ->type_name("N")
        ->check(whole_number(8, 1000000))
        ->capture_default_str();
    train_cmd->add_option("--seed", train.seed, "Decks and exploration are seeded from S")
        ->type_name("S")
        ->check(whole_number(0, kMaxU64))
        ->capture_default_str();
    train_cmd->add_option("--ridge", train.ridge, "Ridge per sample, on both fits")
        ->type_name("R")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    train_cmd
        ->add_option("--threads", train.threads,
                     "Games played at once (the weights do not depend on it)")
        ->type_name("T")
        ->check(whole_number(1, 1024))
        ->capture_default_str();
    std::string training_sets;
    for (const std::string& name : training_rule_set_names())
      training_sets += (training_sets.empty() ? "" : ", ") + name;
    train_cmd
        ->add_option("--rule-sets", train.rule_sets,
                     "Only these rule sets, comma-separated (known: " + training_sets +
                         "; default: all, by fixed shares)")
        ->type_name("LIST")
        ->delimiter(',')
        ->check(CLI::IsMember(training_rule_set_names()));
    train_cmd
        ->add_option("--out", train.out_dir,
                     "Directory for completion_weights.inc and value_weights.inc")
        ->type_name("DIR")
        ->capture_default_str();

    DemoOptions demo;
    CLI::App* demo_cmd =
        app.add_subcommand("demo", "Watch one game between two random bots, turn by turn");
    demo_cmd->add_option("--seed", demo.seed, "Deck and bot seed")
        ->type_name("S")
        ->check(whole_number(0, kMaxU64))
        ->capture_default_str();
    demo_cmd->add_option("--expansions", demo.expansions, expansions_help)
        ->type_name("LIST")
        ->delimiter(',');
    demo_cmd->add_option("--rules", demo.rules, rules_help)->type_name("LIST")->delimiter(',');

    EngineOptions engine;
    CLI::App* engine_cmd = app.add_subcommand(
        "engine",
        "Speak the engine protocol on stdin/stdout (docs/ENGINE-PROTOCOL.md): a bot for any host");
    engine_cmd
        ->add_option(
            "--bot", engine.bot,
            "The bot that answers `go` (known: " + known_bots + "; options as name:key=value)")
        ->type_name("SPEC")
        ->capture_default_str();
    engine_cmd->add_option("--seed", engine.seed, "Seed of the bot's random streams")
        ->type_name("N")
        ->capture_default_str();

    ServeOptions serve;
    CLI::App* serve_cmd = app.add_subcommand(
        "serve", "Run the game server: the web app and its WebSocket protocol on one port");
    serve_cmd->add_option("--port", serve.port, "TCP port (0: any free port)")
        ->type_name("N")
        ->check(whole_number(0, 65535))
        ->capture_default_str();
    serve_cmd->add_option("--address", serve.address, "Address to listen on")
        ->type_name("IP")
        ->capture_default_str();
    serve_cmd
        ->add_option("--db", serve.db,
                     "SQLite database file (default: $XDG_DATA_HOME/carcassonne/games.sqlite "
                     "or ~/.local/share/carcassonne/games.sqlite)")
        ->type_name("FILE");
    serve_cmd->add_option("--web", serve.web_root, "Directory of the web app's files")
        ->type_name("DIR");
    serve_cmd
        ->add_option("--bot-threads", serve.bot_threads, "Threads for bot moves (0: one per core)")
        ->type_name("N")
        ->check(whole_number(0, 256))
        ->capture_default_str();
    serve_cmd->add_option("--network-threads", serve.network_threads, "Threads for the network")
        ->type_name("N")
        ->check(whole_number(1, 64))
        ->capture_default_str();
    serve_cmd
        ->add_option("--allow-origin", serve.allowed_origins,
                     "Another web page that may open the game socket, as its browser names it "
                     "(https://example.org:8443), repeatable; * for any. The server's own page "
                     "always may, other pages are refused")
        ->type_name("ORIGIN");
    serve_cmd
        ->add_option("--max-connections-per-address", serve.max_connections_per_address,
                     "Open connections one network address may hold; more are closed at once")
        ->type_name("N")
        ->check(whole_number(1, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--max-connections", serve.max_connections,
                     "Open game connections in all; more are answered busy and closed")
        ->type_name("N")
        ->check(whole_number(1, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--max-outgoing-mib", serve.max_outgoing_mib,
                     "MiB of replies all connections together may have waiting; past it, "
                     "connections that do not read theirs are closed")
        ->type_name("N")
        ->check(whole_number(1, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--frame-timeout-ms", serve.frame_timeout_ms,
                     "Milliseconds a WebSocket message may take to arrive whole from its first "
                     "byte; a slower one closes the connection (1008)")
        ->type_name("MS")
        ->check(whole_number(1, 3600000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--request-threads", serve.request_threads,
                     "Threads for the costly requests (view_record, preview, record), taken in "
                     "turn between clients, so that they never delay other messages")
        ->type_name("N")
        ->check(whole_number(1, 64))
        ->capture_default_str();
    serve_cmd
        ->add_option("--requests-per-minute", serve.requests_per_minute,
                     "Request budget of one client (address), in cost units: 1 a message, more for "
                     "large or costly ones; it may spend 10 seconds' worth at once (0: unlimited)")
        ->type_name("N")
        ->check(whole_number(0, 100000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--games-per-minute", serve.games_per_minute,
                     "Games one client (address) may create a minute, all at once if it likes "
                     "(0: unlimited)")
        ->type_name("N")
        ->check(whole_number(0, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--bot-threads-per-client", serve.bot_threads_per_client,
                     "Bot threads the games of one client (address) may hold at once (0: all but "
                     "one, at least one)")
        ->type_name("N")
        ->check(whole_number(0, 256))
        ->capture_default_str();
    serve_cmd
        ->add_option("--max-games", serve.max_games,
                     "Games held in memory; archived games do not count. With the cap reached, "
                     "creating or opening another game is answered busy")
        ->type_name("N")
        ->check(whole_number(1, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--finished-stay", serve.finished_stay_s,
                     "Seconds a finished game nobody watches stays in memory before it is "
                     "archived (listed and loaded back on demand)")
        ->type_name("S")
        ->check(whole_number(0, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--idle-stay", serve.idle_stay_s,
                     "Seconds a running game nobody watches and nobody plays stays in memory "
                     "before it is archived")
        ->type_name("S")
        ->check(whole_number(0, 1000000))
        ->capture_default_str();
    serve_cmd
        ->add_option("--bot-priority", serve.bot_priority,
                     "How bots share the cores: idle (only time nothing else wants: bots never "
                     "delay a player, but wait while other programs keep the cores busy), low "
                     "(niceness 10) or normal")
        ->type_name("idle|low|normal")
        ->check(CLI::IsMember({"idle", "low", "normal"}))
        ->capture_default_str();
    serve_cmd
        ->add_option("--pace", serve.pace_ms,
                     "Milliseconds a bot waits after the action before its own, for games that do "
                     "not choose (0: at once)")
        ->type_name("MS")
        ->check(whole_number(0, 5000))
        ->capture_default_str();

    serve_cmd
        ->add_option("--engine", serve.engines,
                     "An external engine games may seat as engine:NAME (repeatable; the command "
                     "is split at spaces, no shell): NAME=COMMAND")
        ->type_name("NAME=COMMAND");
    serve_cmd
        ->add_option("--engine-ms", serve.engine_ms,
                     "Thinking time external engines are given per decision")
        ->type_name("MS")
        ->check(whole_number(1, 10000))
        ->capture_default_str();

    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      const int status = app.exit(e);  // help and version go to stdout with status 0
      return status == 0 ? kExitOk : kExitUsage;
    }

    if (replay_cmd->parsed()) return run_replay(replay, std::cout, std::cerr);
    if (selfplay_cmd->parsed()) {
      // `--bots a,b,c` alone means three players; with --players the two must agree.
      if (selfplay_players->count() == 0 && selfplay.bots.size() > 1)
        selfplay.players = static_cast<int>(selfplay.bots.size());
      return run_selfplay(selfplay, std::cout, std::cerr);
    }
    if (arena_cmd->parsed()) return run_arena(arena, std::cout, std::cerr);
    if (bench_cmd->parsed()) return run_bench(bench, std::cout, std::cerr);
    if (demo_cmd->parsed()) return run_demo(demo, std::cout, std::cerr);
    if (train_cmd->parsed()) return run_train_value(train, std::cout, std::cerr);
    if (serve_cmd->parsed()) return run_serve(serve, std::cout, std::cerr);
    if (engine_cmd->parsed()) {
      if (auto bot = make_bot(engine.bot, engine.seed); !bot) {
        std::cerr << "error: " << bot.error().message << '\n';
        return kExitUsage;
      }
      return run_engine(engine, std::cin, std::cout);
    }
    std::cout << app.help();
    return kExitOk;
  } catch (const std::exception& e) {
    // Out of memory, or a failure writing output: still one line and a clean exit status.
    std::cerr << "error: " << e.what() << '\n';
    return kExitFailure;
  }
}
