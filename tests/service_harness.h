// The game service without a network, for tests: FakeConnection keeps every message sent to it
// (parsed) and whether it was closed, and reports the address it was given; ServiceHarness holds
// a storage and a service and sends requests as such connections.
//
// Promise: waits poll with a timeout and return null JSON when nothing matched in time (the
// caller's EXPECT then fails; nothing hangs).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/connection.h"
#include "server/game_service.h"
#include "server/storage.h"

namespace carcassonne::testing {

class FakeConnection final : public server::Connection {
 public:
  FakeConnection(std::uint64_t id, std::string address) : id_(id), address_(std::move(address)) {}
  void send(std::string text) override {
    std::lock_guard lock(mutex_);
    sent_.push_back(nlohmann::json::parse(text));
  }
  void close() override { closed_ = true; }
  std::uint64_t id() const override { return id_; }
  std::string peer_address() const override { return address_; }

  bool closed() const { return closed_; }
  nlohmann::json last() {
    std::lock_guard lock(mutex_);
    return sent_.empty() ? nlohmann::json() : sent_.back();
  }
  // How many messages were sent to it so far.
  std::size_t count() {
    std::lock_guard lock(mutex_);
    return sent_.size();
  }
  // The first message from the `from`th on (0: every message so far), or arriving within
  // `timeout`, that satisfies `match`.
  nlohmann::json wait_for(const std::function<bool(const nlohmann::json&)>& match,
                          std::chrono::milliseconds timeout = std::chrono::seconds(20),
                          std::size_t from = 0) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      {
        std::lock_guard lock(mutex_);
        for (std::size_t i = from; i < sent_.size(); ++i)
          if (match(sent_[i])) return sent_[i];
      }
      if (std::chrono::steady_clock::now() >= deadline) return nlohmann::json();
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

 private:
  std::uint64_t id_;
  std::string address_;
  std::mutex mutex_;
  std::vector<nlohmann::json> sent_;
  std::atomic<bool> closed_ = false;
};

class ServiceHarness {
 public:
  // A service (replacing any before it) on the storage at `path`: ":memory:" for a fresh one.
  bool start(server::ServiceOptions options, const std::string& path = ":memory:") {
    service_.reset();
    storage_.reset();
    auto storage = server::Storage::open(path);
    if (!storage.ok()) return false;
    storage_ = std::move(*storage);
    service_ = std::make_unique<server::GameService>(*storage_, options);
    return true;
  }
  void stop() {
    service_.reset();
    storage_.reset();
  }
  server::GameService& service() { return *service_; }

  std::shared_ptr<FakeConnection> connect(std::string address = "192.0.2.1") {
    auto connection = std::make_shared<FakeConnection>(++connections_, std::move(address));
    service_->on_open(connection);
    return connection;
  }
  void disconnect(const std::shared_ptr<FakeConnection>& connection) {
    service_->on_close(connection);
  }
  // Sends `message` with a fresh id and returns the reply to it (null when none came in time).
  // Only messages sent after it count: an earlier reply may carry the same id.
  nlohmann::json request(const std::shared_ptr<FakeConnection>& connection,
                         nlohmann::json message) {
    const int id = ++ids_;
    message["id"] = id;
    const std::size_t from = connection->count();
    service_->on_message(connection, message.dump());
    return connection->wait_for(
        [id](const nlohmann::json& m) { return m.contains("id") && m["id"] == id; },
        std::chrono::seconds(20), from);
  }

 private:
  std::unique_ptr<server::Storage> storage_;
  std::unique_ptr<server::GameService> service_;  // after storage_: destroyed first
  std::uint64_t connections_ = 0;
  int ids_ = 0;
};

}  // namespace carcassonne::testing
