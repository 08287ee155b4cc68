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
//
// GameService itself is the transport's handler: it parses each message, charges its budget,
// dispatches it by type and serves the costly ones on threads of their own. The parts that answer
// them are classes of their own, sharing what the service owns (ServiceContext,
// service_context.h): the lobby (GameLobby, game_lobby.h: create, list, join, leave), the table
// (GameTable, game_table.h: actions, previews, features, chat, the state sent to watchers, bots
// and turn clocks) and the records (GameRecords, game_records.h: record, view_record). The games
// in memory are the registry's (GameRegistry, game_registry.h).
// Thread-safe: handlers may be called from several network threads at once.
#pragma once

#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "server/bot_pool.h"
#include "server/client_budget.h"
#include "server/connection.h"
#include "server/game_registry.h"
#include "server/service_options.h"
#include "server/storage.h"
#include "server/task_queue.h"

namespace carcassonne::server {

inline constexpr int kProtocolVersion = 2;

struct Request;
class GameLobby;
class GameTable;
class GameRecords;

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
  void handle(const std::shared_ptr<Connection>& connection, Request& request);
  // A request's cost in budget units beyond its size: the work it causes (replaying a record,
  // checking a turn on a large board, writing a record, a chat's recipients).
  double work_cost(const Request& request) const;
  // Serves a costly request on the request threads, holding the connection's later messages
  // back until it is answered; answers `busy` when too many of them wait.
  void handle_costly(const std::shared_ptr<Connection>& connection, Request& request);
  void schedule_sweep();

  Storage& storage_;
  ServiceOptions options_;

  GameRegistry games_;  // the games in memory, and to and from the archive

  ClientBudget request_budget_;
  std::atomic<std::size_t> connections_{0};
  std::atomic<bool> stopping_{false};
  // What follows a commit (apply, reply, broadcast) runs here, off the storage thread.
  std::unique_ptr<TaskQueue> workers_;
  // The parts that answer the requests; built once the threads they post to exist, and
  // destroyed after those threads are joined (~GameService).
  std::unique_ptr<GameTable> table_;
  std::unique_ptr<GameLobby> lobby_;
  std::unique_ptr<GameRecords> records_;
  // Costly requests waiting or being served, per client and in all (handle_costly).
  std::mutex costly_mutex_;
  std::map<std::string, int> costly_;
  int costly_total_ = 0;
  std::unique_ptr<BotPool> requests_;  // the costly requests' threads
  // Last: destroyed first, while the games it uses (and the table whose bots and clocks it runs)
  // still exist.
  std::unique_ptr<BotPool> bots_;
};

}  // namespace carcassonne::server
