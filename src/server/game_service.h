// The game service: the lobby, every game in play, seats and their secret tokens, spectators,
// bots, and durability. It implements the protocol of docs/PROTOCOL.md over any transport that
// delivers whole text messages (MessageHandler).
//
// Promise:
//  * The server is the only authority: an action changes a game only if the rules engine accepts
//    it from the seat whose decision is pending, sent by a connection holding that seat's token.
//  * An action is committed to storage before it is applied, acknowledged or broadcast; a game
//    restored from storage is the game that was acknowledged (same record, same log).
//  * Every request gets exactly one reply (a result or an error naming the problem); a bad request
//    never changes a game and never throws out of a handler.
//  * No message to a client carries the order of the undrawn tiles.
//  * Bot moves are computed on a BotPool thread, never on the caller's (network) thread, and the
//    bots of different clients' games take turns on those threads. So are the costly requests
//    (view_record, preview, record), on threads of their own: a connection's later messages wait
//    for its reply (Connection::hold), other connections' messages do not.
//  * No client spends more than its budget (ServiceOptions): over budget, it is told so and how
//    long to wait, and nothing else happens; other clients are not affected.
// Thread-safe: handlers may be called from several network threads at once.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/result.h"
#include "engine/external_bot.h"
#include "server/bot_pool.h"
#include "server/client_budget.h"
#include "server/connection.h"
#include "server/game_registry.h"
#include "server/storage.h"
#include "server/task_queue.h"

namespace carcassonne::server {

inline constexpr int kProtocolVersion = 2;

struct ServiceOptions {
  int bot_threads = 2;
  int worker_threads = 2;  // apply committed actions and broadcast them
  // Serve the costly requests (view_record, preview, record), round-robin between clients, at
  // most one of a client's at a time.
  int request_threads = 1;
  // How the bot threads share the cores with the rest (bot_pool.h). `carcassonne serve` thinks
  // under Idle: bots never delay a reply to a player.
  BotPriority bot_priority = BotPriority::Normal;
  std::size_t max_message_bytes = 64 * 1024;
  // Games held in memory (running and finished; archived ones do not count). Each takes some
  // tens of KiB up to about 150 KiB with its log, so the default bounds them to about 1.5 GiB.
  std::size_t max_games = 10000;
  // Games leave memory (they stay in the database, listed and replayable, and come back when
  // someone opens them) once nobody watches them and nothing happened for this long: finished
  // games after finished_stay_s, others after idle_stay_s. The sweep runs every sweep_ms
  // (0: never by itself; evict_idle_games() does it).
  int finished_stay_s = 60;
  int idle_stay_s = 1800;
  int sweep_ms = 10000;
  std::size_t max_connections = 10000;  // open connections; more are answered "busy" and closed
  int max_bot_ms = 10000;               // the longest thinking time a bot spec may ask for
  // A bot's action waits this long after the action before it, so that people can follow the
  // game (a game's `create` may choose its own, up to max_pace_ms). `carcassonne serve` uses 700.
  int default_pace_ms = 0;
  int max_pace_ms = 5000;
  // Budgets per client: its network address, or the connection itself when it has none
  // (docs/PROTOCOL.md, "Budgets"). A request over budget is answered `rate_limited` with the
  // wait, and nothing else happens. A rate of 0 per minute is unlimited.
  // Requests, in cost units: 1 each, plus 1 per 8 KiB of message, plus the cost of the work of
  // the expensive types (GameService::work_cost).
  BudgetRate requests{6000, 1000};
  BudgetRate games_created{20, 20};  // games a client may create
  // Bot threads one client's games may hold at once (0: bot_threads - 1, at least 1); the bots of
  // all games take turns round-robin between clients (BotPool).
  int max_bot_threads_per_client = 0;
  // External engines a game may seat as "engine:NAME" (docs/ENGINE-PROTOCOL.md), each asked to
  // think `engines.engine_milliseconds` per decision; clients can never start a program.
  BotSources engines;
};

class GameService final : public MessageHandler {
 public:
  explicit GameService(Storage& storage, ServiceOptions options = {});
  ~GameService() override;
  GameService(const GameService&) = delete;
  GameService& operator=(const GameService&) = delete;

  // Loads every stored game, replaying its actions through the rules engine, and lets bots whose
  // decision is pending think again. Returns how many games were restored; games whose stored
  // actions no longer replay are skipped with a message on `problems`.
  Result<int> restore(std::vector<std::string>* problems = nullptr);

  void on_open(const std::shared_ptr<Connection>& connection) override;
  void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override;
  void on_binary(const std::shared_ptr<Connection>& connection) override;
  void on_close(const std::shared_ptr<Connection>& connection) override;

  // Games in memory.
  std::size_t game_count() const;
  // Archives and drops from memory the games that nobody watches and that were idle long
  // enough (ServiceOptions); returns how many left.
  std::size_t evict_idle_games();

 private:
  using Game = ServedGame;
  struct Request;

  void handle(const std::shared_ptr<Connection>& connection, Request& request);
  // A request's cost in budget units beyond its size: the work it causes (replaying a record,
  // checking a turn on a large board, writing a record, a chat's recipients).
  double work_cost(const Request& request) const;
  // Serves a costly request on the request threads, holding the connection's later messages
  // back until it is answered; answers `busy` when too many of them wait.
  void handle_costly(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_create(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_list(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_join(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_leave(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_act(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_preview(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_feature(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_chat(const std::shared_ptr<Connection>& connection, Request& request);
  // With the game's mutex held: whether this connection joined the game and holds `seat`
  // (`doing`: what it wanted to do, for the message); answers the problem itself when not.
  bool holds_seat(Connection& connection, const Request& request, const Game& game,
                  std::int64_t seat, const std::string& doing);
  // With the game's mutex held: whether `seat` may decide now on this connection at `version`
  // (-1: any); answers the problem itself and returns false when there is one.
  bool seat_may_decide(Connection& connection, const Request& request, Game& game,
                       std::int64_t seat, std::int64_t version);
  void handle_record(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_view_record(const std::shared_ptr<Connection>& connection, Request& request);

  void schedule_sweep();
  // For requests that name a game: only `keys` besides "type" and "id", and a "game" string naming
  // a known game. Answers the problem itself and returns null when there is one.
  std::shared_ptr<Game> requested_game(Connection& connection, const Request& request,
                                       std::initializer_list<std::string_view> keys);
  using Committed = std::function<void(Game&, const std::optional<Error>&)>;
  // Why actions are refused: the protocol's error code and a message.
  struct Refusal {
    std::string code;
    std::string message;
  };
  // A turn checked on a copy of the game: its moves' canonical notation, the position after
  // them and the log entries that narrate them. The moves are applied once, here: what is
  // committed becomes the game's state as it is, and a preview shows it.
  struct CheckedTurn {
    int version = 0;  // the game's version the turn was checked against
    std::vector<std::string> notations;
    std::optional<GameState> after;
    std::vector<nlohmann::json> log;
  };
  // `texts` as the pending seat's next decisions, in order: each must be legal when it comes and
  // still the same seat's, and no tile may be drawn before the last (nor after it, unless
  // `last_may_draw`): what was sent together must not depend on a tile revealed in between.
  std::optional<Refusal> check_turn(const Game& game, const std::vector<std::string>& texts,
                                    bool last_may_draw, CheckedTurn& turn) const;
  // With the game's mutex held: checks `texts` (check_turn) and queues them for storage, in one
  // transaction. Once they are committed, a worker thread, with the game's mutex held, makes the
  // checked position the game's (the game takes no other action while its actions are being
  // committed, so it is still the position they were checked against), calls `then` (with an
  // error if they could not be stored), broadcasts once and lets bots move. A refusal returned
  // here means nothing happens.
  std::optional<Refusal> submit_moves(const std::shared_ptr<Game>& game,
                                      const std::vector<std::string>& texts, Committed then);
  // With the game's mutex held, after every change to what the state shows: a `state` with what
  // changed (the game's StateStream) and the log from `log_from` to every watcher but `except`
  // (a connection id; 0: none).
  void broadcast(Game& game, std::size_t log_from, std::uint64_t except = 0);
  // With the game's mutex held: the whole state, with the whole log, to one connection holding
  // `seats`.
  void send_state(Game& game, Connection& connection, std::uint8_t seats);
  void schedule_bot(const std::shared_ptr<Game>& game);
  // Plays the pending decision with the seat's bot; with `timed_out` (a version), the human
  // seat's turn clock ran out at that version: the greedy bot plays for it, if still pending.
  void run_bot(const std::weak_ptr<Game>& weak_game, int timed_out);

  Storage& storage_;
  ServiceOptions options_;

  GameRegistry games_;  // the games in memory, and to and from the archive

  std::mutex connections_mutex_;
  std::map<std::uint64_t, std::set<std::string>> watched_;  // connection id -> games it watches

  ClientBudget request_budget_;
  ClientBudget create_budget_;
  std::atomic<std::size_t> connections_{0};
  std::atomic<bool> stopping_{false};
  // What follows a commit (apply, reply, broadcast) runs here, off the storage thread.
  std::unique_ptr<TaskQueue> workers_;
  // Costly requests waiting or being served, per client and in all (handle_costly).
  std::mutex costly_mutex_;
  std::map<std::string, int> costly_;
  int costly_total_ = 0;
  std::unique_ptr<BotPool> requests_;  // the costly requests' threads
  std::unique_ptr<BotPool> bots_;      // last: destroyed first, while the games it uses still exist
};

}  // namespace carcassonne::server
