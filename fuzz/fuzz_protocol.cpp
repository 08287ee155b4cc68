// libFuzzer target: the game server's protocol messages, through the game service exactly as the
// network hands them over. The input is up to 16 messages, one per line; "$GAME" and "$TOKEN"
// stand for a game created at start-up and its first seat's token, so that inputs reach past the
// lookup of a game. Sanitizers report crashes, leaks and undefined behaviour; the service must
// also answer a ping after every input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/game_service.h"
#include "server/storage.h"

namespace {

using namespace carcassonne::server;
using nlohmann::json;

class RecordingConnection final : public Connection {
 public:
  void send(std::string text) override {
    std::lock_guard lock(mutex_);
    sent_.push_back(std::move(text));
  }
  void close() override {}
  std::uint64_t id() const override { return 1; }
  std::vector<std::string> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(sent_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> sent_;
};

struct Harness {
  Harness() {
    auto opened = Storage::open(":memory:");
    if (!opened.ok()) std::abort();
    storage = std::move(*opened);
    ServiceOptions options;
    options.bot_threads = 1;
    // Inputs may create games and seat bots: keep both small, so that millions of inputs run in
    // bounded memory and time.
    options.registry.max_games = 64;
    options.max_bot_ms = 20;
    // Every input comes from one connection, as fast as the fuzzer goes: with budgets, most would
    // only meet `rate_limited`. Budgets have tests of their own.
    options.requests = {};
    options.games_created = {};
    service = std::make_unique<GameService>(*storage, options);
    connection = std::make_shared<RecordingConnection>();
    service->on_open(connection);
    service->on_message(
        connection,
        R"({"type":"create","players":[{"name":"A","seat":"human"},{"name":"B","seat":"human"}],)"
        R"("expansions":["bcb","ic","tb","pd","am"],"seed":9})");
    for (const std::string& text : connection->take()) {
      const json reply = json::parse(text);
      if (reply["type"] == "created") {
        game = reply["game"];
        token = reply["seats"][0]["token"];
      }
    }
    if (game.empty()) std::abort();
  }
  std::unique_ptr<Storage> storage;
  std::unique_ptr<GameService> service;
  std::shared_ptr<RecordingConnection> connection;
  std::string game;
  std::string token;
};

void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Harness harness;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  for (int message = 0; message < 16 && !input.empty(); ++message) {
    const std::size_t end = input.find('\n');
    std::string text(input.substr(0, end));
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    replace_all(text, "$GAME", harness.game);
    replace_all(text, "$TOKEN", harness.token);
    harness.service->on_message(harness.connection, text);
  }
  harness.connection->take();
  harness.service->on_message(harness.connection, R"({"type":"ping","id":"alive"})");
  bool answered = false;
  for (const std::string& text : harness.connection->take())
    answered = answered || text.find("\"alive\"") != std::string::npos;
  if (!answered) std::abort();
  return 0;
}
