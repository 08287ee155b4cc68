#include "server/storage.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace carcassonne::server {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id      TEXT PRIMARY KEY,
  created TEXT NOT NULL,
  setup   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
  game   TEXT    NOT NULL REFERENCES games(id),
  n      INTEGER NOT NULL,
  action TEXT    NOT NULL,
  PRIMARY KEY (game, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS archive (
  game    TEXT PRIMARY KEY REFERENCES games(id),
  summary TEXT NOT NULL
) WITHOUT ROWID;
)sql";

// A prepared statement that finalizes itself.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return stmt_ != nullptr; }
  sqlite3_stmt* get() const { return stmt_; }
  bool bind_text(int index, const std::string& text) {
    return sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                             SQLITE_TRANSIENT) == SQLITE_OK;
  }
  std::string column_text(int column) const {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
    const int size = sqlite3_column_bytes(stmt_, column);
    return text == nullptr ? std::string() : std::string(text, static_cast<std::size_t>(size));
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

// Takes the exclusive lock of the database at `path` (its file `path`.lock, holding the process id
// of the holder): the descriptor to keep, or why not.
Result<int> lock_database(const std::string& path) {
  const std::string lock_path = path + ".lock";
  const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return Error{ErrorCode::Io,
                 "cannot open the lock file " + lock_path + ": " + std::strerror(errno)};
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int reason = errno;
    char holder[32] = {};
    const ssize_t read = ::pread(fd, holder, sizeof holder - 1, 0);
    ::close(fd);
    if (reason == EWOULDBLOCK) {
      const std::string pid = read > 0 ? std::string(holder, static_cast<std::size_t>(read)) : "";
      return Error{ErrorCode::Io, "the database " + path + " is in use by another server" +
                                      (pid.empty() ? "" : " (process " + pid + ")") +
                                      ": stop it first, or give this one another database"};
    }
    return Error{ErrorCode::Io, "cannot lock " + lock_path + ": " + std::strerror(reason)};
  }
  const std::string pid = std::to_string(::getpid());
  if (::ftruncate(fd, 0) != 0 ||
      ::pwrite(fd, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
    // The lock holds without the note of who holds it; only the message of a refused second
    // server is poorer.
  }
  return fd;
}

}  // namespace

Result<std::unique_ptr<Storage>> Storage::open(const std::string& path) {
  // Owner-only permissions: the database holds the seats' secret tokens.
  const mode_t previous_mask = umask(077);
  int lock_fd = -1;
  if (path != ":memory:" && !path.empty()) {
    auto locked = lock_database(path);
    if (!locked.ok()) {
      umask(previous_mask);
      return locked.error();
    }
    lock_fd = *locked;
  }
  sqlite3* db = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  umask(previous_mask);
  if (rc != SQLITE_OK) {
    std::string message = "cannot open database " + path + ": " +
                          (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
    sqlite3_close(db);
    if (lock_fd >= 0) ::close(lock_fd);
    return Error{ErrorCode::Io, message};
  }
  std::unique_ptr<Storage> storage(new Storage(db, lock_fd));
  sqlite3_busy_timeout(db, 5000);
  for (const char* pragma : {"PRAGMA journal_mode=WAL;", "PRAGMA synchronous=FULL;",
                             "PRAGMA foreign_keys=ON;", kSchema}) {
    auto done = storage->execute(pragma);
    if (!done.ok()) return done.error();
  }
  return storage;
}

Storage::Storage(sqlite3* db, int lock_fd)
    : db_(db), lock_fd_(lock_fd), writer_([this] { run_writer(); }) {}

Storage::~Storage() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  queue_changed_.notify_all();
  writer_.join();  // commits whatever is still queued first
  sqlite3_finalize(insert_action_);
  sqlite3_close(db_);
  if (lock_fd_ >= 0) ::close(lock_fd_);  // the next server may open the database now
}

void Storage::append_actions_async(std::string id, int index, std::vector<std::string> actions,
                                   AppendDone done) {
  {
    std::lock_guard lock(queue_mutex_);
    queue_.push_back({std::move(id), index, std::move(actions), std::move(done)});
  }
  queue_changed_.notify_all();
}

void Storage::flush() {
  std::unique_lock lock(queue_mutex_);
  queue_changed_.wait(lock, [this] { return queue_.empty() && !writing_; });
}

void Storage::run_writer() {
  for (;;) {
    std::vector<PendingAppend> batch;
    {
      std::unique_lock lock(queue_mutex_);
      queue_changed_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left to commit
      batch.swap(queue_);
      writing_ = true;
    }
    // One transaction, one sync, for the whole batch.
    Result<bool> result = true;
    {
      std::lock_guard lock(mutex_);
      result = execute("BEGIN IMMEDIATE");
      for (std::size_t i = 0; i < batch.size() && result.ok(); ++i)
        for (std::size_t k = 0; k < batch[i].actions.size() && result.ok(); ++k)
          result =
              insert_action(batch[i].id, batch[i].index + static_cast<int>(k), batch[i].actions[k]);
      if (result.ok()) result = execute("COMMIT");
      if (!result.ok()) (void)execute("ROLLBACK");
    }
    for (PendingAppend& append : batch) append.done(result);
    {
      std::lock_guard lock(queue_mutex_);
      writing_ = false;
    }
    queue_changed_.notify_all();
  }
}

Error Storage::sqlite_error(const std::string& what) const {
  return Error{ErrorCode::Io, what + ": " + sqlite3_errmsg(db_)};
}

Result<bool> Storage::execute(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    Error error{ErrorCode::Io, std::string("database: ") + (message != nullptr ? message : "?")};
    sqlite3_free(message);
    return error;
  }
  return true;
}

Result<bool> Storage::insert_game(const std::string& id, const std::string& created,
                                  const std::string& setup_json) {
  std::lock_guard lock(mutex_);
  Statement stmt(db_, "INSERT INTO games (id, created, setup) VALUES (?1, ?2, ?3)");
  if (!stmt.ok() || !stmt.bind_text(1, id) || !stmt.bind_text(2, created) ||
      !stmt.bind_text(3, setup_json) || sqlite3_step(stmt.get()) != SQLITE_DONE)
    return sqlite_error("cannot store game " + id);
  return true;  // autocommit: committed when the statement is done
}

Result<bool> Storage::append_action(const std::string& id, int index, const std::string& action) {
  std::lock_guard lock(mutex_);
  return insert_action(id, index, action);  // autocommit: committed when the statement is done
}

Result<bool> Storage::insert_action(const std::string& id, int index, const std::string& action) {
  // Prepared once: every action of every game takes this path.
  if (insert_action_ == nullptr &&
      sqlite3_prepare_v3(db_, "INSERT INTO actions (game, n, action) VALUES (?1, ?2, ?3)", -1,
                         SQLITE_PREPARE_PERSISTENT, &insert_action_, nullptr) != SQLITE_OK)
    return sqlite_error("cannot store action " + std::to_string(index) + " of game " + id);
  sqlite3_stmt* stmt = insert_action_;
  const auto text = [](const std::string& value) { return static_cast<int>(value.size()); };
  const bool done =
      sqlite3_bind_text(stmt, 1, id.data(), text(id), SQLITE_STATIC) == SQLITE_OK &&
      sqlite3_bind_int(stmt, 2, index) == SQLITE_OK &&
      sqlite3_bind_text(stmt, 3, action.data(), text(action), SQLITE_STATIC) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_DONE;
  Result<bool> result = true;
  if (!done)
    result = sqlite_error("cannot store action " + std::to_string(index) + " of game " + id);
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);  // the bound texts are the caller's
  return result;
}

Result<bool> Storage::read_actions(StoredGame& game) {
  Statement stmt(db_, "SELECT action, n FROM actions WHERE game = ?1 ORDER BY n");
  if (!stmt.ok() || !stmt.bind_text(1, game.id)) return sqlite_error("cannot read actions");
  int rc = 0;
  while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    if (sqlite3_column_int(stmt.get(), 1) != static_cast<int>(game.actions.size()))
      return Error{ErrorCode::Io, "database: game " + game.id + " has a gap in its actions"};
    game.actions.push_back(stmt.column_text(0));
  }
  if (rc != SQLITE_DONE) return sqlite_error("cannot read actions of game " + game.id);
  return true;
}

Result<std::vector<StoredGame>> Storage::load_all() {
  std::lock_guard lock(mutex_);
  std::vector<StoredGame> games;
  {
    Statement stmt(
        db_,
        "SELECT id, created, setup FROM games WHERE id NOT IN (SELECT game FROM archive) "
        "ORDER BY created, id");
    if (!stmt.ok()) return sqlite_error("cannot read games");
    int rc = 0;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW)
      games.push_back({stmt.column_text(0), stmt.column_text(1), stmt.column_text(2), {}});
    if (rc != SQLITE_DONE) return sqlite_error("cannot read games");
  }
  for (StoredGame& game : games) {
    auto read = read_actions(game);
    if (!read.ok()) return read.error();
  }
  return games;
}

Result<std::optional<StoredGame>> Storage::load_game(const std::string& id) {
  std::lock_guard lock(mutex_);
  StoredGame game;
  {
    Statement stmt(db_, "SELECT id, created, setup FROM games WHERE id = ?1");
    if (!stmt.ok() || !stmt.bind_text(1, id)) return sqlite_error("cannot read game " + id);
    const int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_DONE) return std::optional<StoredGame>();
    if (rc != SQLITE_ROW) return sqlite_error("cannot read game " + id);
    game = {stmt.column_text(0), stmt.column_text(1), stmt.column_text(2), {}};
  }
  auto read = read_actions(game);
  if (!read.ok()) return read.error();
  return std::optional<StoredGame>(std::move(game));
}

Result<bool> Storage::archive_games(
    const std::vector<std::pair<std::string, std::string>>& summaries) {
  std::lock_guard lock(mutex_);
  if (auto begun = execute("BEGIN"); !begun.ok()) return begun;
  for (const auto& [id, summary] : summaries) {
    Statement stmt(db_, "INSERT OR REPLACE INTO archive (game, summary) VALUES (?1, ?2)");
    if (!stmt.ok() || !stmt.bind_text(1, id) || !stmt.bind_text(2, summary) ||
        sqlite3_step(stmt.get()) != SQLITE_DONE) {
      Error error = sqlite_error("cannot archive game " + id);
      (void)execute("ROLLBACK");
      return error;
    }
  }
  return execute("COMMIT");
}

Result<bool> Storage::unarchive_game(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement stmt(db_, "DELETE FROM archive WHERE game = ?1");
  if (!stmt.ok() || !stmt.bind_text(1, id) || sqlite3_step(stmt.get()) != SQLITE_DONE)
    return sqlite_error("cannot unarchive game " + id);
  return true;
}

Result<std::vector<Storage::ArchivedGame>> Storage::archived_games(int limit) {
  std::lock_guard lock(mutex_);
  Statement stmt(db_,
                 "SELECT g.id, g.created, a.summary FROM archive a JOIN games g ON g.id = a.game "
                 "ORDER BY g.created DESC, g.id DESC LIMIT ?1");
  if (!stmt.ok() || sqlite3_bind_int(stmt.get(), 1, limit) != SQLITE_OK)
    return sqlite_error("cannot read the archive");
  std::vector<ArchivedGame> games;
  int rc = 0;
  while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW)
    games.push_back({stmt.column_text(0), stmt.column_text(1), stmt.column_text(2)});
  if (rc != SQLITE_DONE) return sqlite_error("cannot read the archive");
  return games;
}

}  // namespace carcassonne::server
