// The games the server holds in memory, and their way to and from storage: new games under fresh
// ids, games restored when the server starts, games archived when idle and loaded back when
// someone opens them.
//
// Promise:
//  * A game is in memory at most once: loading an archived game back and archiving a game never
//    interleave, and a game loaded back is the game that was stored (replayed by the rules
//    engine, with the same log).
//  * Memory holds at most `max_games` games; a new game or one loaded back beyond that is refused.
//  * A game leaves memory only when nobody watches it, nothing is being committed or thought for
//    it, and it was idle long enough; it leaves only once its summary is archived, so the lobby
//    always lists it from one place or the other.
// Thread-safe.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/served_game.h"
#include "server/storage.h"

namespace carcassonne::server {

struct RegistryOptions {
  // Games held in memory (running and finished; archived ones do not count). Each takes some
  // tens of KiB up to about 150 KiB with its log, so the default bounds them to about 1.5 GiB.
  std::size_t max_games = 10000;
  // Games leave memory (they stay in the database, listed and replayable, and come back when
  // someone opens them) once nobody watches them and nothing happened for this long: finished
  // games after finished_stay_s, others after idle_stay_s.
  int finished_stay_s = 60;  // a finished game leaves memory after this long unwatched and idle
  int idle_stay_s = 1800;    // a running one after this long
  // A bot's action waits this long after the action before it, so that people can follow the
  // game (a game's `create` may choose its own, up to max_pace_ms). `carcassonne serve` uses 700.
  // Here: the pace of games stored before a game chose its own, and the longest a stored one may
  // have.
  int default_pace_ms = 0;
  int max_pace_ms = 5000;
};

class GameRegistry {
 public:
  // `on_back` is called, with the game's mutex held, for every running game that comes (back)
  // into memory from storage, restored or loaded back: the service lets its bots think again
  // (GameTable::schedule_bot).
  using OnBack = std::function<void(const std::shared_ptr<ServedGame>&)>;
  GameRegistry(Storage& storage, RegistryOptions options, OnBack on_back);

  // Loads every stored game: running games into memory, finished ones straight to the archive.
  // Returns how many games came into memory; games whose stored actions no longer replay are
  // skipped with a message on `problems`.
  Result<int> restore(std::vector<std::string>* problems);

  // A game in memory, or null.
  std::shared_ptr<ServedGame> loaded(const std::string& id) const;
  // A game in memory or, when archived, loaded back into memory (null when there is no such game,
  // or when memory is full: then `full` is set).
  std::shared_ptr<ServedGame> find(const std::string& id, bool* full = nullptr);
  // Every game in memory, in no order.
  std::vector<std::shared_ptr<ServedGame>> all() const;
  std::size_t count() const;

  // Why a new game was not added: the protocol's error code and a message.
  struct Refusal {
    std::string code;
    std::string message;
  };
  // Gives `game` a fresh id, stores its setup (`setup_json`) and holds it in memory.
  std::optional<Refusal> add_new(const std::shared_ptr<ServedGame>& game,
                                 const std::string& setup_json);

  // Archives and drops from memory the games that nobody watches and that were idle long enough;
  // returns how many left.
  std::size_t evict_idle();

 private:
  // The game rebuilt from its stored setup and actions (replayed by the rules engine).
  Result<std::shared_ptr<ServedGame>> revive(StoredGame& saved) const;

  Storage& storage_;
  RegistryOptions options_;
  OnBack on_back_;
  mutable std::mutex games_mutex_;
  std::map<std::string, std::shared_ptr<ServedGame>> games_;
  // Held while games move between memory and the archive, so that a game being archived and the
  // same game being loaded back never interleave.
  std::mutex archive_mutex_;
};

}  // namespace carcassonne::server
