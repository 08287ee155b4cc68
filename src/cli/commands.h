// The subcommands of the `carcassonne` program, one function each, behind plain option structs.
//
// Promise: every run_* function takes already-validated options (main.cpp owns the command-line
// syntax), writes its results to `out` and its diagnostics to `err`, and returns the process exit
// status: 0 on success, 1 when the work itself failed (bad record, unwritable directory, ...),
// 2 for a usage mistake the option parser could not see (e.g. --bots not matching --players).
// None of them throws. They drive the game only through the core, record and bot APIs: there is
// no rules logic in the command line.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace carcassonne::cli {

// Exit statuses shared by all subcommands.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

struct ReplayOptions {
  std::string path;  // a file, or "-" for standard input
};
// Replays a record (../shared/spec/record-format.md, "Replay"): on success one JSON line on
// `out`; otherwise exactly one line on `err` and nothing on `out`.
int run_replay(const ReplayOptions& options, std::ostream& out, std::ostream& err);

struct SelfplayOptions {
  int players = 2;
  std::uint64_t games = 1;
  std::uint64_t seed = 1;
  std::vector<std::string> bots = {"random"};  // one per seat, or one for every seat
  std::string record_dir;                      // empty: do not write records
  std::vector<std::string> expansions;
  std::vector<std::string> rules;  // NAME=VALUE rule options, e.g. "bazaar=no-auction"
  bool quiet = false;              // only the summary line
};
int run_selfplay(const SelfplayOptions& options, std::ostream& out, std::ostream& err);

struct ArenaOptions {
  std::vector<std::string> bots;  // distinct specs, cycled over the seats
  std::uint64_t games = 0;        // in total (per lineup with round_robin); a multiple of `players`
  int players = 2;
  std::vector<std::string> expansions;
  std::vector<std::string> rules;  // NAME=VALUE rule options, e.g. "bazaar=no-auction"
  std::uint64_t seed = 1;
  int threads = 1;
  std::string record_dir;  // empty: do not write records
  bool json = false;       // one JSON object instead of lines and tables
  bool quiet = false;      // no per-game lines
  std::string stats_file;  // non-empty: the JSON object of --json also written there
  // Every choice of `players` bots from the list (in list order) plays `games` games on the same
  // decks, and the statistics and Elo come from all of them: a ladder of more bots than seats.
  bool round_robin = false;
};
// Plays every deck once per rotation of the seats (for each lineup of a round robin), in
// parallel, and reports per-bot statistics (arena_stats.h). Results and output order do not
// depend on `threads`.
int run_arena(const ArenaOptions& options, std::ostream& out, std::ostream& err);

struct EngineOptions {
  std::string bot = "master";  // what answers `go` (make_bot's specs)
  std::uint64_t seed = 1;
};
// Speaks the engine protocol on `in` and `out` until `quit` or the end of `in`.
int run_engine(const EngineOptions& options, std::istream& in, std::ostream& out);

struct BenchOptions {
  int players = 2;
  std::vector<std::string> expansions;
  std::vector<std::string> rules;  // NAME=VALUE rule options, e.g. "bazaar=no-auction"
  double seconds = 3.0;
  std::uint64_t games = 0;  // when non-zero: exactly this many games, whatever the time
  std::uint64_t seed = 1;
  bool json = false;
  bool mcts = false;  // measure MCTS playouts per second from a mid-game position instead
};
int run_bench(const BenchOptions& options, std::ostream& out, std::ostream& err);

struct TrainValueOptions {
  int games = 2000;
  std::uint64_t seed = 1;
  double ridge = 1e-3;
  int threads = 1;
  std::string out_dir = "src/bots";    // where completion_weights.inc and value_weights.inc go
  std::vector<std::string> rule_sets;  // empty: every rule set training knows
};
// Trains the learned evaluation by self-play (training/value_training.h) and writes its two
// weight files into `out_dir`; progress and the fits' quality on `err`, the files' paths on `out`.
int run_train_value(const TrainValueOptions& options, std::ostream& out, std::ostream& err);

struct DemoOptions {
  std::uint64_t seed = 1;
  std::vector<std::string> expansions;  // record names, e.g. "bcb"
  std::vector<std::string> rules;       // NAME=VALUE rule options, e.g. "bazaar=no-auction"
};
int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err);

struct ServeOptions {
  std::string address = "127.0.0.1";
  int port = 8080;       // 0: any free port (printed)
  std::string db;        // empty: the default under the user's data directory
  std::string web_root;  // empty: the web app of the source tree this program was built from
  int bot_threads = 0;   // 0: one per core
  int network_threads = 1;
  int pace_ms = 700;  // games that do not choose: a bot acts this long after the action before
  std::vector<std::string> engines;          // NAME=COMMAND: external engines games may seat
  int engine_ms = 1000;                      // what they are asked to think per decision
  std::vector<std::string> allowed_origins;  // other web pages that may connect ("*": any)
  int max_connections_per_address = 64;      // open TCP connections from one address
  int max_connections = 10000;               // open game connections in all
  int max_outgoing_mib = 256;                // replies waiting, all connections together
  int frame_timeout_ms = 30000;              // a message whole within this of its first byte
  int request_threads = 1;                   // threads for view_record, preview and record
  std::string bot_priority = "idle";         // idle, low or normal (server/bot_pool.h)
  // Budgets per client (0: unlimited); docs/PROTOCOL.md, "Budgets".
  int requests_per_minute = 6000;  // request cost units; the burst is 10 seconds' worth
  int games_per_minute = 20;       // games created; the burst is one minute's worth
  int bot_threads_per_client = 0;  // 0: bot threads - 1, at least 1
  // Games in memory; finished and idle games leave it (archived in the database) after these.
  int max_games = 10000;
  int finished_stay_s = 60;
  int idle_stay_s = 1800;
};
// Runs the game server until SIGINT or SIGTERM. Prints "listening on http://ADDRESS:PORT" once
// ready (tests read the port from it).
int run_serve(const ServeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace carcassonne::cli
