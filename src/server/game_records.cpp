// The game service's records (game_records.h): records for download and replay.
#include "server/game_records.h"

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/game_service_internal.h"

namespace carcassonne::server {

using namespace service_internal;  // the protocol's helpers, shared by the service's files

GameRecords::GameRecords(ServiceContext context) : context_(context) {}

void GameRecords::handle_record(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<ServedGame> game = context_.requested_game(*connection, request, {"game"});
  if (!game) return;
  const std::string& id = game->id;
  std::lock_guard lock(game->mutex);
  Record record = game->record;
  const bool complete = game->state->over();
  if (!complete) {
    // The tiles taken so far as every player saw them, then the unseen ones sorted: the record
    // replays to this position and keeps the order of the rest (and the seed) secret.
    record.deck = game->state->public_record_deck();
    record.seed = 0;
  }
  json reply = reply_to(request.id, "record");
  reply["game"] = id;
  reply["complete"] = complete;
  std::string text = reply.dump();
  text.pop_back();  // splice the record in the contract's key order
  text += ",\"record\":" + nlohmann::ordered_json::parse(write_record(record)).dump() + "}";
  connection->send(std::move(text));
}

void GameRecords::handle_view_record(const std::shared_ptr<Connection>& connection,
                                     Request& request) {
  const json& body = request.body;
  if (auto bad = unknown_key(body, {"record", "step"})) {
    send_error(*connection, request.id, "bad_request", *bad);
    return;
  }
  if (!body.contains("record") || !body["record"].is_object()) {
    send_error(*connection, request.id, "bad_request", "\"record\" must be a record object");
    return;
  }
  auto record = parse_record(body["record"].dump());
  if (!record.ok()) {
    send_error(*connection, request.id, "bad_record", record.error().message);
    return;
  }
  const auto steps = static_cast<std::int64_t>(record->actions.size());
  std::int64_t step = steps;
  if (auto bad = integer_field(body, "step", false, 0, steps, step)) {
    send_error(*connection, request.id, "bad_request", *bad);
    return;
  }
  std::vector<PlayerView> views;
  for (const std::string& name : record->players) views.push_back({name, false, "", false});
  auto replayed = replay_narrated(*record, static_cast<std::size_t>(step), views);
  if (!replayed.ok()) {
    send_error(*connection, request.id, "bad_record", replayed.error().message);
    return;
  }
  const GameState& state = replayed->state;
  json reply = reply_to(request.id, "state");
  reply["game"] = nullptr;
  reply["version"] = step;
  reply["full"] = true;
  reply.update(public_state_json(state, views));
  reply["you"] = json::array();
  reply["log"] = std::move(replayed->log);
  reply["replay"] = {{"step", step}, {"steps", steps}};
  send_json(*connection, reply);
}

}  // namespace carcassonne::server
