// What the parts of the game service share: the lobby (game_lobby.h), the table (game_table.h)
// and the records (game_records.h) each hold a ServiceContext, references to what GameService
// (game_service.h) owns: the storage, the options, the games in memory, the worker and bot
// threads and the stopping flag. Also a request as the parts receive it, and how they find the
// game it names.
//
// Promise: a context owns nothing. GameService builds it once its threads exist and keeps all it
// refers to until the threads that run the parts' tasks are joined (~GameService).
// Thread-safe as what it refers to: the registry, the storage and the queues are; the options
// never change.
#pragma once

#include <atomic>
#include <initializer_list>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "server/bot_pool.h"
#include "server/connection.h"
#include "server/game_registry.h"
#include "server/served_game.h"
#include "server/service_options.h"
#include "server/storage.h"
#include "server/task_queue.h"

namespace carcassonne::server {

// A client's request, parsed and checked as far as every type is (GameService::on_message).
struct Request {
  nlohmann::json body;
  nlohmann::json id;  // null when the request has none
  std::string type;
};

struct ServiceContext {
  // For requests that name a game: only `keys` besides "type" and "id", and a "game" string naming
  // a known game (loaded back into memory when archived). Answers the problem itself and returns
  // null when there is one.
  std::shared_ptr<ServedGame> requested_game(Connection& connection, const Request& request,
                                             std::initializer_list<std::string_view> keys) const;

  Storage& storage;
  const ServiceOptions& options;
  GameRegistry& games;  // the games in memory, and to and from the archive
  // What follows a commit (apply, reply, broadcast) runs here, off the storage thread.
  TaskQueue& workers;
  BotPool& bots;  // bots think here; the sweep and the turn clocks wait here
  // Set when the service is being destroyed: from then on no bot is scheduled.
  const std::atomic<bool>& stopping;
};

}  // namespace carcassonne::server
