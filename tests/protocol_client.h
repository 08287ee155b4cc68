// A protocol-speaking test client: a WebSocket connection to the game server that sends JSON
// requests, matches replies by id, and keeps every message it received (for checks such as "no
// message ever carried the hidden deck").
//
// Promise: every wait has a timeout and fails the test (never hangs) when nothing arrives.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "netclient/ws_client.h"
#include "state_merge.h"

namespace carcassonne::testing {

using json = nlohmann::json;

class ProtocolClient {
 public:
  // Connects and consumes the server's welcome.
  bool connect(std::uint16_t port) {
    auto connected = client_.connect("127.0.0.1", port);
    if (!connected.ok()) {
      ADD_FAILURE() << "connect: " << connected.error().message;
      return false;
    }
    const json welcome = next();
    EXPECT_EQ(welcome.value("type", ""), "welcome") << welcome.dump();
    return welcome.value("type", "") == "welcome";
  }

  void send_text(const std::string& text) {
    auto sent = client_.send_text(text);
    EXPECT_TRUE(sent.ok()) << (sent.ok() ? "" : sent.error().message);
  }

  // Sends `message` with a fresh id and returns the reply carrying that id (result or error).
  // Messages that arrive meanwhile are kept for wait_for().
  json request(json message) {
    const int id = ++last_id_;
    message["id"] = id;
    send_text(message.dump());
    return wait_for([id](const json& m) { return m.contains("id") && m["id"] == id; });
  }

  // The first message (kept or new) that satisfies `match`; earlier kept ones stay kept.
  json wait_for(const std::function<bool(const json&)>& match,
                std::chrono::milliseconds timeout = std::chrono::milliseconds(20000)) {
    for (auto it = pending_.begin(); it != pending_.end(); ++it) {
      if (match(*it)) {
        json found = *it;
        pending_.erase(it);
        return found;
      }
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      json message = next(std::max(left, std::chrono::milliseconds(1)));
      if (message.is_null()) break;
      if (match(message)) return message;
      pending_.push_back(std::move(message));
    }
    ADD_FAILURE() << "no matching message arrived in time";
    return json();
  }

  // The next message from the network (null on timeout or close). A game's `state` comes merged
  // into the ones before it (merge_state): the whole state the message leaves, with the message's
  // own "full", "you", "legal", "actions" and "needs_bridge" (received() keeps the texts as sent).
  json next(std::chrono::milliseconds timeout = std::chrono::milliseconds(20000)) {
    auto text = client_.receive(timeout);
    if (!text.ok()) return json();
    json message = json::parse(*text, nullptr, false);
    EXPECT_FALSE(message.is_discarded()) << "server sent invalid JSON: " << *text;
    received_.push_back(*text);
    if (message.is_object() && message.value("type", "") == "state" && message.contains("game") &&
        message["game"].is_string()) {
      json& held = states_[message["game"].get<std::string>()];
      held = merge_state(held, message);
      return held;
    }
    return message;
  }
  // The game as this connection's states so far say (null before any).
  json state(const std::string& game) const {
    const auto it = states_.find(game);
    return it == states_.end() ? json() : it->second;
  }

  // Drops kept messages (e.g. old states) that no longer matter.
  void clear_pending() { pending_.clear(); }
  const std::vector<std::string>& received() const { return received_; }
  netclient::WsClient& socket() { return client_; }

 private:
  netclient::WsClient client_;
  std::deque<json> pending_;
  std::vector<std::string> received_;
  std::map<std::string, json> states_;  // game -> merged state
  int last_id_ = 0;
};

}  // namespace carcassonne::testing
