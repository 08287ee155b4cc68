// The game service: construction, the transport's events, dispatch of requests, budgets, the
// costly requests' threads and the sweep.
#include "server/game_service.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/game_lobby.h"
#include "server/game_records.h"
#include "server/game_service_internal.h"
#include "server/game_table.h"
#include "server/service_context.h"

#ifndef CARCASSONNE_VERSION
#define CARCASSONNE_VERSION "0.1.0"
#endif

namespace carcassonne::server {

using namespace service_internal;  // the protocol's helpers, shared by the service's files

GameService::GameService(Storage& storage, ServiceOptions options)
    : storage_(storage),
      options_(options),
      games_(storage, options.registry,
             [this](const std::shared_ptr<ServedGame>& game) { table_->schedule_bot(game); }),
      request_budget_(options.requests),
      workers_(std::make_unique<TaskQueue>(options.worker_threads)),
      requests_(std::make_unique<BotPool>(std::max(1, options.request_threads), 1)),
      bots_(std::make_unique<BotPool>(options.bot_threads, options.max_bot_threads_per_client,
                                      options.bot_priority)) {
  const ServiceContext context{.storage = storage_,
                               .options = options_,
                               .games = games_,
                               .workers = *workers_,
                               .bots = *bots_,
                               .stopping = stopping_};
  table_ = std::make_unique<GameTable>(context);
  lobby_ = std::make_unique<GameLobby>(context, *table_);
  records_ = std::make_unique<GameRecords>(context);
  schedule_sweep();
}

GameService::~GameService() {
  stopping_ = true;
  // Drops the costly requests not started and waits for those running.
  requests_.reset();
  bots_.reset();     // joins bots that are thinking; they may still queue a move
  storage_.flush();  // commits every queued move; no new bot is scheduled
  workers_.reset();  // applies them
}

std::size_t GameService::game_count() const {
  return games_.count();
}

// ---- Transport events ----

void GameService::on_open(const std::shared_ptr<Connection>& connection) {
  if (++connections_ > options_.max_connections) {
    send_error(*connection, nullptr, "busy", "the server has too many connections; try later");
    connection->close();
    return;
  }
  send_json(*connection, {{"type", "welcome"},
                          {"protocol", kProtocolVersion},
                          {"server", std::string("carcassonne ") + CARCASSONNE_VERSION},
                          {"max_message_bytes", options_.max_message_bytes}});
}

void GameService::on_binary(const std::shared_ptr<Connection>& connection) {
  send_error(*connection, nullptr, "bad_request", "binary messages are not part of the protocol");
}

void GameService::on_close(const std::shared_ptr<Connection>& connection) {
  --connections_;
  lobby_->leave_all(*connection);
}

void GameService::on_message(const std::shared_ptr<Connection>& connection, std::string_view text) {
  // Charged before parsing, so that even malformed messages spend the sender's budget; the id
  // of a refused one is read as cheaply as for message_too_large.
  const auto early_id = [text] {
    return parse_strict_json(text.substr(0, kIdSearchBytes), kMaxJsonDepth, "id").captured;
  };
  const double cost = 1.0 + static_cast<double>(text.size() / kBytesPerCostUnit);
  if (const auto refusal = request_budget_.take(client_of(*connection), cost)) {
    send_rate_limited(*connection, early_id(), request_budget_.rate(), "requests", *refusal);
    return;
  }
  if (text.size() > options_.max_message_bytes) {
    send_error(*connection, early_id(), "message_too_large",
               "message of " + std::to_string(text.size()) + " bytes; the limit is " +
                   std::to_string(options_.max_message_bytes));
    return;
  }
  StrictJson parsed = parse_strict_json(text, kMaxJsonDepth, "id");
  if (parsed.fault != JsonFault::None) {
    const std::string_view code = json_fault_code(parsed.fault);
    send_error(
        *connection, parsed.captured, code,
        code == "bad_json" ? "the message is not valid JSON: " + parsed.message : parsed.message);
    return;
  }
  Request request;
  request.body = std::move(parsed.value);
  if (!request.body.is_object()) {
    send_error(*connection, nullptr, "bad_request", "a message must be a JSON object");
    return;
  }
  if (request.body.contains("id")) {
    const json& id = request.body["id"];
    const bool ok_id =
        id.is_number_integer() || (id.is_string() && id.get<std::string>().size() <= 64);
    if (!ok_id) {
      send_error(*connection, nullptr, "bad_request",
                 "\"id\" must be an integer or a string of at most 64 characters");
      return;
    }
    request.id = id;
  }
  if (!request.body.contains("type") || !request.body["type"].is_string()) {
    send_error(*connection, request.id, "bad_request", "missing \"type\" (a string)");
    return;
  }
  request.type = request.body["type"].get<std::string>();
  if (const double extra = work_cost(request);
      extra > 0 && !within_budget(*connection, request_budget_, extra, request.id, "requests"))
    return;
  if (is_costly(request.type)) {
    handle_costly(connection, request);
    return;
  }
  try {
    handle(connection, request);
  } catch (const std::exception& e) {
    // Handlers return errors as values; this is a last line of defence (e.g. out of memory).
    send_error(*connection, request.id, "bad_request", std::string("internal error: ") + e.what());
  }
}

double GameService::work_cost(const Request& request) const {
  const std::string& type = request.type;
  const json& body = request.body;
  if (type == "list" || type == "create") return 4;
  if (type == "view_record") {
    std::size_t actions = 0;
    if (const auto record = body.find("record"); record != body.end() && record->is_object())
      if (const auto list = record->find("actions"); list != record->end() && list->is_array())
        actions = list->size();
    return 4 + static_cast<double>(actions / kReplayedActionsPerUnit);
  }
  if (type != "record" && type != "preview" && type != "feature" && type != "chat") return 0;
  std::size_t actions = 0;
  std::size_t watchers = 0;
  if (const auto id = body.find("game"); id != body.end() && id->is_string()) {
    if (const std::shared_ptr<ServedGame> game = games_.loaded(id->get<std::string>())) {
      std::lock_guard lock(game->mutex);
      actions = game->record.actions.size();
      watchers = game->watchers.size();
    }
  }
  if (type == "record") return 4 + static_cast<double>(actions / kRecordActionsPerUnit);
  if (type == "preview") return static_cast<double>(actions / kPreviewActionsPerUnit);
  if (type == "feature") return static_cast<double>(actions / kFeatureActionsPerUnit);
  return static_cast<double>(watchers / kChatRecipientsPerUnit);  // chat
}

void GameService::handle_costly(const std::shared_ptr<Connection>& connection, Request& request) {
  std::string client = client_of(*connection);
  {
    std::lock_guard lock(costly_mutex_);
    const auto it = costly_.find(client);
    if (costly_total_ >= kCostlyInAll || (it != costly_.end() && it->second >= kCostlyPerClient)) {
      send_error(*connection, request.id, "busy",
                 "too many view_record, preview and record requests wait; try later");
      return;
    }
    ++costly_[client];
    ++costly_total_;
  }
  connection->hold();
  requests_->post(client, [this, connection, client, request = std::move(request)]() mutable {
    try {
      handle(connection, request);
    } catch (const std::exception& e) {
      send_error(*connection, request.id, "bad_request",
                 std::string("internal error: ") + e.what());
    }
    {
      std::lock_guard lock(costly_mutex_);
      if (const auto it = costly_.find(client); it != costly_.end() && --it->second <= 0)
        costly_.erase(it);
      --costly_total_;
    }
    connection->release();
  });
}

void GameService::handle(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::string& type = request.type;
  if (type == "hello") {
    if (auto bad = unknown_key(request.body, {"protocol"})) {
      send_error(*connection, request.id, "bad_request", *bad);
      return;
    }
    std::int64_t version = 0;
    if (auto bad = integer_field(request.body, "protocol", true, 0, 1'000'000, version)) {
      send_error(*connection, request.id, "bad_request", *bad);
      return;
    }
    if (version != kProtocolVersion) {
      send_error(*connection, request.id, "unsupported_protocol",
                 "this server speaks protocol " + std::to_string(kProtocolVersion) + ", not " +
                     std::to_string(version));
      return;
    }
    json reply = reply_to(request.id, "welcome");
    reply["protocol"] = kProtocolVersion;
    reply["server"] = std::string("carcassonne ") + CARCASSONNE_VERSION;
    reply["max_message_bytes"] = options_.max_message_bytes;
    send_json(*connection, reply);
  } else if (type == "ping") {
    if (auto bad = unknown_key(request.body, {})) {
      send_error(*connection, request.id, "bad_request", *bad);
      return;
    }
    send_json(*connection, reply_to(request.id, "pong"));
  } else if (type == "catalogue") {
    if (auto bad = unknown_key(request.body, {})) {
      send_error(*connection, request.id, "bad_request", *bad);
      return;
    }
    static const json catalogue = catalogue_json();
    json reply = reply_to(request.id, "catalogue");
    reply.update(catalogue);
    reply["pace"] = {{"default", options_.registry.default_pace_ms},
                     {"max", options_.registry.max_pace_ms}};
    send_json(*connection, reply);
  } else if (type == "create") {
    lobby_->handle_create(connection, request);
  } else if (type == "preview") {
    table_->handle_preview(connection, request);
  } else if (type == "list") {
    lobby_->handle_list(connection, request);
  } else if (type == "join") {
    lobby_->handle_join(connection, request);
  } else if (type == "leave") {
    lobby_->handle_leave(connection, request);
  } else if (type == "act") {
    table_->handle_act(connection, request);
  } else if (type == "record") {
    records_->handle_record(connection, request);
  } else if (type == "view_record") {
    records_->handle_view_record(connection, request);
  } else if (type == "feature") {
    table_->handle_feature(connection, request);
  } else if (type == "chat") {
    table_->handle_chat(connection, request);
  } else {
    send_error(*connection, request.id, "bad_request",
               "unknown message type " + quote_text(type, 40) +
                   " (known: hello, ping, catalogue, create, list, join, leave, act, preview, "
                   "feature, record, "
                   "view_record)");
  }
}

// ---- restore, and games between memory and the archive (game_registry.h) ----

Result<int> GameService::restore(std::vector<std::string>* problems) {
  return games_.restore(problems);
}

std::size_t GameService::evict_idle_games() {
  return games_.evict_idle();
}

void GameService::schedule_sweep() {
  if (options_.sweep_ms <= 0 || stopping_) return;
  bots_->post_after(std::chrono::milliseconds(options_.sweep_ms), "the server's sweep", [this] {
    evict_idle_games();
    schedule_sweep();
  });
}

}  // namespace carcassonne::server
