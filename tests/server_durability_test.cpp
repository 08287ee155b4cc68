// Durability: the server is killed with SIGKILL in the middle of a game, several times, and
// restarted on the same database; the finished game's record must be identical to that of an
// uninterrupted run of the same script. One kill lands right after an action was sent and before
// its acknowledgement could be read.
//
// The script is deterministic: the human seat picks its action from the legal list by a hash of
// the game's version, and the bot's seed depends only on the game's seed and version, so both
// runs make the same choices whether or not an action was interrupted.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "protocol_client.h"
#include "server/storage.h"

#ifndef CARCASSONNE_CLI_PATH
#error "CARCASSONNE_CLI_PATH must name the built carcassonne program"
#endif

namespace carcassonne::testing {
namespace {

namespace fs = std::filesystem;

// `carcassonne serve --port 0 --db FILE` as a child process; the port is read from its output.
class ServerProcess {
 public:
  explicit ServerProcess(const fs::path& db) {
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      const std::string db_text = db.string();
      execl(CARCASSONNE_CLI_PATH, CARCASSONNE_CLI_PATH, "serve", "--port", "0", "--db",
            db_text.c_str(), "--bot-threads", "1", "--pace", "0", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    // Read until "listening on http://127.0.0.1:PORT".
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (port_ == 0 && std::chrono::steady_clock::now() < deadline) {
      pollfd fd{out[0], POLLIN, 0};
      if (poll(&fd, 1, 200) <= 0) continue;
      char buffer[256];
      const ssize_t n = read(out[0], buffer, sizeof buffer);
      if (n <= 0) break;
      text.append(buffer, static_cast<std::size_t>(n));
      const auto at = text.find("listening on http://127.0.0.1:");
      const auto end = at == std::string::npos ? at : text.find('\n', at);
      if (end != std::string::npos)
        port_ = static_cast<std::uint16_t>(std::stoi(text.substr(at + 30)));
    }
    // Keep draining the pipe in the background is unnecessary: the server prints nothing more
    // until it stops, and the pipe's buffer holds that.
    output_fd_ = out[0];
  }
  ~ServerProcess() { kill_hard(); }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::uint16_t port() const { return port_; }
  void kill_hard() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
    }
    if (output_fd_ >= 0) close(output_fd_);
    output_fd_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int output_fd_ = -1;
  std::uint16_t port_ = 0;
};

struct Script {
  std::string game;
  std::string token;
};

// Creates the scripted game: seat 0 human, seat 1 greedy bot, BCB, a fixed seed.
Script create_game(ProtocolClient& c) {
  const json created = c.request({{"type", "create"},
                                  {"players",
                                   {{{"name", "Ann"}, {"seat", "human"}},
                                    {{"name", "Greedy"}, {"seat", "bot"}, {"bot", "greedy"}}}},
                                  {"expansions", {"bcb"}},
                                  {"seed", 99}});
  EXPECT_EQ(created["type"], "created") << created.dump();
  return {created["game"], created["seats"][0]["token"]};
}

// Plays the human seat until the game is over or `stop_after_sending` actions have been sent
// (then returns without waiting for the last acknowledgement). Returns true when the game is over.
bool play(ProtocolClient& c, const Script& script, std::optional<int> stop_at_version) {
  c.request({{"type", "join"}, {"game", script.game}, {"token", script.token}});
  for (int guard = 0; guard < 2000; ++guard) {
    const json state = c.wait_for([](const json& m) {
      return m["type"] == "state" && (m.contains("legal") || m["status"] == "over");
    });
    if (state.is_null()) return false;
    if (state["status"] == "over") return true;
    const int version = state["version"];
    // Old states with legal actions may be queued behind newer ones: act on the newest only.
    c.clear_pending();
    const json& legal = state["legal"];
    const std::size_t pick = (static_cast<std::size_t>(version) * 2654435761u) % legal.size();
    const json act = {{"type", "act"}, {"id", version},         {"game", script.game},
                      {"seat", 0},     {"action", legal[pick]}, {"version", version}};
    c.send_text(act.dump());
    if (stop_at_version && version >= *stop_at_version) return false;  // killed before the ack
    const json reply =
        c.wait_for([&](const json& m) { return m.contains("id") && m["id"] == version; });
    if (reply["type"] == "error") {
      // Only a race with our own stale view is acceptable.
      EXPECT_EQ(reply["code"], "stale_version") << reply.dump();
    }
  }
  return false;
}

json final_record(ProtocolClient& c, const Script& script) {
  const json reply = c.request({{"type", "record"}, {"game", script.game}});
  EXPECT_EQ(reply["type"], "record");
  EXPECT_TRUE(reply["complete"].get<bool>());
  return reply["record"];
}

class DurabilityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("carcassonne-durability-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(DurabilityTest, KilledServerResumesEveryGameExactly) {
  // The uninterrupted run.
  json expected;
  {
    ServerProcess server(dir_ / "straight.sqlite");
    ASSERT_NE(server.port(), 0);
    ProtocolClient c;
    ASSERT_TRUE(c.connect(server.port()));
    const Script script = create_game(c);
    ASSERT_TRUE(play(c, script, std::nullopt));
    expected = final_record(c, script);
  }
  ASSERT_GT(expected["actions"].size(), 100u);

  // The same script, killed with SIGKILL at several points.
  const fs::path db = dir_ / "killed.sqlite";
  Script script;
  {
    ServerProcess server(db);
    ASSERT_NE(server.port(), 0);
    ProtocolClient c;
    ASSERT_TRUE(c.connect(server.port()));
    script = create_game(c);
    EXPECT_FALSE(play(c, script, 15));
    server.kill_hard();  // an act is in flight: committed or not, the retry plays the same move
  }
  int kills = 1;
  for (int stop : {60, 61, 140}) {
    ServerProcess server(db);
    ASSERT_NE(server.port(), 0);
    ProtocolClient c;
    ASSERT_TRUE(c.connect(server.port()));
    if (play(c, script, stop)) break;  // the game ended before this kill point
    server.kill_hard();
    ++kills;
  }
  EXPECT_GE(kills, 3);
  ServerProcess server(db);
  ASSERT_NE(server.port(), 0);
  ProtocolClient c;
  ASSERT_TRUE(c.connect(server.port()));
  ASSERT_TRUE(play(c, script, std::nullopt));
  EXPECT_EQ(final_record(c, script), expected);
}

// One server per database: a second one is refused with a message naming the holder, in the same
// process or another, and the lock goes with its holder, even one killed with SIGKILL.
TEST_F(DurabilityTest, OneServerPerDatabase) {
  const fs::path db = dir_ / "locked.sqlite";
  {
    auto first = server::Storage::open(db.string());
    ASSERT_TRUE(first.ok()) << first.error().message;
    auto second = server::Storage::open(db.string());
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().message.find("in use by another server (process " +
                                          std::to_string(getpid()) + ")"),
              std::string::npos)
        << second.error().message;
    EXPECT_TRUE(server::Storage::open((dir_ / "other.sqlite").string()).ok());
  }
  ASSERT_TRUE(server::Storage::open(db.string()).ok());  // released with its holder

  auto running = std::make_unique<ServerProcess>(db);
  ASSERT_NE(running->port(), 0);
  EXPECT_FALSE(server::Storage::open(db.string()).ok());
  {
    ServerProcess refused(db);  // exits at once: no port is ever announced
    EXPECT_EQ(refused.port(), 0);
  }
  ProtocolClient c;
  ASSERT_TRUE(c.connect(running->port()));  // the first one is unaffected
  EXPECT_EQ(c.request({{"type", "ping"}})["type"], "pong");
  running->kill_hard();
  ServerProcess after(db);
  EXPECT_NE(after.port(), 0);
}

TEST_F(DurabilityTest, KillDuringABotGameLosesNothingAcknowledged) {
  // Two bots play on their own; whatever version a spectator saw before the kill is still there.
  const fs::path db = dir_ / "bots.sqlite";
  std::string game;
  int seen = 0;
  {
    ServerProcess server(db);
    ProtocolClient c;
    ASSERT_TRUE(c.connect(server.port()));
    const json created = c.request({{"type", "create"},
                                    {"players",
                                     {{{"name", "A"}, {"seat", "bot"}, {"bot", "greedy"}},
                                      {{"name", "B"}, {"seat", "bot"}, {"bot", "random"}}}},
                                    {"seed", 4}});
    game = created["game"];
    c.request({{"type", "join"}, {"game", game}});
    const json state = c.wait_for(
        [](const json& m) { return m["type"] == "state" && m["version"].get<int>() >= 40; });
    seen = state["version"];
    server.kill_hard();
  }
  ServerProcess server(db);
  ProtocolClient c;
  ASSERT_TRUE(c.connect(server.port()));
  c.request({{"type", "join"}, {"game", game}});
  const json over =
      c.wait_for([](const json& m) { return m["type"] == "state" && m["status"] == "over"; },
                 std::chrono::milliseconds(60000));
  EXPECT_GE(over["version"].get<int>(), seen);
  const json record = c.request({{"type", "record"}, {"game", game}})["record"];
  EXPECT_EQ(record["actions"].size(), over["version"].get<std::size_t>());
}

}  // namespace
}  // namespace carcassonne::testing
