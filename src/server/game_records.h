// The game service's records (part of GameService, game_service.h): a game's record for download
// (`record`) and any record replayed to a step (`view_record`). Games moving to and from the
// archive are the registry's (game_registry.h).
//
// Promise:
//  * A running game's record replays to its current position and keeps the order of the undrawn
//    tiles (and the seed) secret; a finished game's is the whole record.
//  * A record to view is checked by the record's own parser and replayed by the rules engine; a
//    bad one is answered `bad_record` and changes nothing.
// Thread-safe: both are costly requests, served on the request threads (GameService::handle_costly)
// several at once.
#pragma once

#include <memory>

#include "server/connection.h"
#include "server/service_context.h"

namespace carcassonne::server {

class GameRecords {
 public:
  explicit GameRecords(ServiceContext context);

  void handle_record(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_view_record(const std::shared_ptr<Connection>& connection, Request& request);

 private:
  ServiceContext context_;
};

}  // namespace carcassonne::server
