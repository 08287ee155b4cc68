// The game service's lobby (part of GameService, game_service.h): games created, listed, joined
// and left, and which games each connection watches.
//
// Promise:
//  * A game is created whole or not at all: its setup is checked by the record's own parser and
//    stored before anyone hears of it (`created`), and it spends the creator's games-created
//    budget; its human seats' tokens appear only in that reply.
//  * `list` names the newest games, in memory or archived.
//  * A connection that joins a game hears its whole state after the watchers already there heard
//    what the join changed; it holds a seat only with that seat's token. A connection that leaves
//    or closes stops watching, and the others see its seats go offline.
// Thread-safe: handlers may be called from several threads at once.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "server/client_budget.h"
#include "server/connection.h"
#include "server/game_table.h"
#include "server/service_context.h"

namespace carcassonne::server {

class GameLobby {
 public:
  // `table` sends the states and schedules the bots of the games created and joined here.
  GameLobby(ServiceContext context, GameTable& table);

  void handle_create(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_list(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_join(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_leave(const std::shared_ptr<Connection>& connection, Request& request);
  // The connection closed: it leaves every game it watched (GameService::on_close).
  void leave_all(const Connection& connection);

 private:
  ServiceContext context_;
  GameTable& table_;
  ClientBudget create_budget_;  // games a client may create (ServiceOptions::games_created)
  std::mutex watched_mutex_;
  std::map<std::uint64_t, std::set<std::string>> watched_;  // connection id -> games it watches
};

}  // namespace carcassonne::server
