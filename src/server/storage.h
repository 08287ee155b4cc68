// Durable storage of games: an embedded SQLite database holding each game's setup and its
// actions, one row per action.
//
// Promise: append_action() returns only after the row is committed (WAL journal, synchronous=FULL),
// and append_action_async() calls its completion only after that, so an acknowledged action
// survives kill -9 and power loss; a failed call leaves the database as it was. Asynchronous
// appends are group-committed by one writer thread: every append queued while the previous
// transaction was being synced goes into the next transaction, so one fsync serves many games.
// Safe to call from any thread (one connection behind a mutex). No exceptions.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace carcassonne::server {

struct StoredGame {
  std::string id;
  std::string created;     // ISO 8601 UTC
  std::string setup_json;  // the game's setup (players, seats, tokens, rules, deck or seed)
  std::vector<std::string> actions;
};

class Storage {
 public:
  // Opens or creates the database at `path` (":memory:" for a private in-memory database) and
  // creates the schema if missing. The file is created readable by its owner only. One Storage
  // at a time per file: it holds an exclusive lock on `path` + ".lock" (released when it is
  // destroyed or its process dies), and a second open fails with a message saying so, so that two
  // servers never interleave their writes to the same games.
  static Result<std::unique_ptr<Storage>> open(const std::string& path);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  Result<bool> insert_game(const std::string& id, const std::string& created,
                           const std::string& setup_json);
  // Action number `index` (0-based) of game `id`; fails if that index is already stored.
  Result<bool> append_action(const std::string& id, int index, const std::string& action);
  // The same, committed by the writer thread together with other queued appends; `done` runs on
  // the writer thread once the transaction is durable (or failed: then none of its rows is kept).
  using AppendDone = std::function<void(const Result<bool>&)>;
  void append_action_async(std::string id, int index, std::string action, AppendDone done) {
    append_actions_async(std::move(id), index, {std::move(action)}, std::move(done));
  }
  // Actions `index`, `index + 1`, ... in one transaction: all of them are kept, or none (a turn
  // sent as a whole).
  void append_actions_async(std::string id, int index, std::vector<std::string> actions,
                            AppendDone done);
  // Waits until every queued append has been committed and its completion has run.
  void flush();
  // Every game not archived, with its actions in order, oldest game first.
  Result<std::vector<StoredGame>> load_all();
  // One game with its actions (archived or not); empty when there is no such game.
  Result<std::optional<StoredGame>> load_game(const std::string& id);

  // Archiving: a game that left the server's memory keeps its lobby entry (`summary_json`) here,
  // so that the lobby lists it without replaying it. load_all() skips archived games.
  // Archives these games, each with its summary, in one transaction.
  Result<bool> archive_games(const std::vector<std::pair<std::string, std::string>>& summaries);
  // The game is in memory again (its summary would go stale): it is no longer archived.
  Result<bool> unarchive_game(const std::string& id);
  struct ArchivedGame {
    std::string id;
    std::string created;
    std::string summary_json;
  };
  // The newest `limit` archived games, newest first (by creation time, then id).
  Result<std::vector<ArchivedGame>> archived_games(int limit);

 private:
  struct PendingAppend {
    std::string id;
    int index = 0;  // of the first action
    std::vector<std::string> actions;
    AppendDone done;
  };

  Storage(sqlite3* db, int lock_fd);
  Result<bool> execute(const char* sql);
  Result<bool> insert_action(const std::string& id, int index, const std::string& action);
  // With the mutex held: the actions of `game`, in order.
  Result<bool> read_actions(StoredGame& game);
  Error sqlite_error(const std::string& what) const;
  void run_writer();

  sqlite3* db_;
  sqlite3_stmt* insert_action_ = nullptr;  // prepared on first use, with the mutex held
  int lock_fd_;                            // the held lock file (-1: none, for ":memory:")
  std::mutex mutex_;                       // the database connection

  std::mutex queue_mutex_;
  std::condition_variable queue_changed_;
  std::vector<PendingAppend> queue_;
  bool writing_ = false;
  bool stopping_ = false;
  std::thread writer_;
};

}  // namespace carcassonne::server
