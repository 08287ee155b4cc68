// A game the server holds in memory: its record and state, its seats and watchers, its log and
// chat, its pace and turn clock. Shared by the service's parts (server/game_lobby.h,
// server/game_table.h, server/game_records.h), which change it only with `mutex` held, and the
// registry (server/game_registry.h), which keeps it in memory and moves it to and from the
// archive.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "record/record.h"
#include "server/connection.h"
#include "server/game_view.h"
#include "server/state_stream.h"

namespace carcassonne::server {

struct ServedGame {
  struct Seat {
    std::string name;
    bool bot = false;
    std::string bot_spec;
    std::string token;  // humans only
    bool joined = false;
  };
  struct Watcher {
    std::weak_ptr<Connection> connection;
    std::uint64_t connection_id = 0;
    std::uint8_t seats = 0;  // bit s: this connection holds seat s
  };

  std::mutex mutex;
  std::string id;
  std::string created;
  std::string owner;  // the client whose bots' time this game spends (client_of its creator)
  Record record;      // setup and the actions so far (canonical notation)
  // How the creator chose the draw order, "seed" or "deck" (they know it; everyone is told), or
  // empty: the server's secret seed.
  std::string chosen_order;
  std::optional<GameState> state;
  std::vector<Seat> seats;
  std::vector<nlohmann::json> log;
  std::vector<Watcher> watchers;
  StateStream stream;  // what the watchers hold of the state (broadcast sends what changed)
  bool bot_queued = false;
  bool committing = false;  // an action is being written to storage
  int pace_ms = 0;          // a bot acts no sooner than this after the action before
  // The turn clock (0: none): a human seat's decision left this long is played by the greedy
  // bot for it. When the current decision began, and the version whose timeout is queued.
  int clock_s = 0;
  std::chrono::steady_clock::time_point decision_started = std::chrono::steady_clock::now();
  int clock_version = -1;

  // The state's "clock": the seconds per decision and, for a human's decision, what is left.
  nlohmann::json clock_json() const {
    if (clock_s <= 0) return nullptr;
    nlohmann::json clock = {{"seconds", clock_s}, {"left_ms", nullptr}};
    if (!state->over() && !seats[static_cast<std::size_t>(state->current_player())].bot) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - decision_started);
      clock["left_ms"] = std::max<std::int64_t>(0, clock_s * 1000 - spent.count());
    }
    return clock;
  }
  // The seats' chat: the latest messages, in memory only (a restart clears it).
  std::deque<nlohmann::json> chat;
  int chat_count = 0;  // messages ever sent (their numbers)

  int version() const { return static_cast<int>(record.actions.size()); }

  std::vector<PlayerView> player_views() const {
    std::vector<PlayerView> views;
    for (std::size_t s = 0; s < seats.size(); ++s) {
      bool online = false;
      for (const Watcher& w : watchers)
        if ((w.seats >> s & 1u) && !w.connection.expired()) online = true;
      views.push_back({seats[s].name, seats[s].bot, seats[s].bot_spec, online});
    }
    return views;
  }

  std::string status() const {
    if (state->over()) return "over";
    for (const Seat& seat : seats)
      if (!seat.bot && !seat.joined) return "open";
    return "running";
  }
};

// With the game's mutex held: its lobby entry (`list`), which is also its archived summary.
nlohmann::json lobby_entry(const ServedGame& game);
// "seed" or "deck" when the creator chose the draw order (and so knows it), else null.
nlohmann::json chosen_order_json(const ServedGame& game);

}  // namespace carcassonne::server
