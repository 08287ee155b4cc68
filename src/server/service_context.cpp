// The service's parts share the way a request finds the game it names.
#include "server/service_context.h"

#include "server/game_service_internal.h"

namespace carcassonne::server {

using namespace service_internal;  // the protocol's helpers, shared by the service's files

std::shared_ptr<ServedGame> ServiceContext::requested_game(
    Connection& connection, const Request& request,
    std::initializer_list<std::string_view> keys) const {
  std::string id;
  if (auto bad = unknown_key(request.body, keys)) {
    send_error(connection, request.id, "bad_request", *bad);
    return nullptr;
  }
  if (auto bad = string_field(request.body, "game", true, 64, id)) {
    send_error(connection, request.id, "bad_request", *bad);
    return nullptr;
  }
  bool full = false;
  std::shared_ptr<ServedGame> game = games.find(id, &full);
  if (full) {
    send_error(
        connection, request.id, "busy",
        "the server holds too many games to load game " + quote_text(id, 64) + "; try later");
  } else if (!game) {
    send_error(connection, request.id, "unknown_game", "no game " + quote_text(id, 64));
  }
  return game;
}

}  // namespace carcassonne::server
