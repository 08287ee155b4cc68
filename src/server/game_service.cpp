#include "server/game_service.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <initializer_list>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <thread>

#include "bots/bot.h"
#include "core/notation.h"
#include "record/record.h"
#include "record/strict_json.h"
#include "server/game_view.h"
#include "server/state_stream.h"

#ifndef CARCASSONNE_VERSION
#define CARCASSONNE_VERSION "0.1.0"
#endif

namespace carcassonne::server {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxNameChars = 24;
constexpr std::uint64_t kMaxSeed = (std::uint64_t{1} << 53) - 1;  // exact in JavaScript
constexpr int kMaxJsonDepth = 16;
constexpr std::size_t kListedGames = 100;
// Request budget: every message costs 1 unit plus 1 per kBytesPerCostUnit, charged before it is
// parsed; the expensive types cost more on top, in proportion to the work they cause
// (GameService::work_cost): a unit is about 2 ms of a core.
constexpr std::size_t kBytesPerCostUnit = 8192;
constexpr std::size_t kReplayedActionsPerUnit = 32;  // view_record: about 70 us an action
constexpr std::size_t kRecordActionsPerUnit = 256;   // record: writing it
constexpr std::size_t kPreviewActionsPerUnit = 256;  // preview: checking a turn on the board
constexpr std::size_t kFeatureActionsPerUnit = 1024;
constexpr std::size_t kChatRecipientsPerUnit = 4;  // chat: the sender pays for the fan-out
// Recent refusals (ClientBudget: they fade 10 a second) after which the refused connection is
// closed: a client that goes on sending while refused, pipelined or not, is cut off.
constexpr double kRefusalsBeforeClosing = 100;
// Costly requests (view_record, preview, record) waiting or being served: per client (each of
// its connections has at most one, Connection::hold) and in all; more are answered `busy`.
constexpr int kCostlyPerClient = 16;
constexpr int kCostlyInAll = 256;
bool is_costly(std::string_view type) {
  return type == "view_record" || type == "preview" || type == "record";
}

// Who a connection's budgets belong to: its address, or the connection itself without one.
std::string client_of(const Connection& connection) {
  std::string address = connection.peer_address();
  return address.empty() ? "connection " + std::to_string(connection.id()) : address;
}

// The protocol's error code for each fault of a message's JSON.
std::string_view json_fault_code(JsonFault fault) {
  switch (fault) {
    case JsonFault::NulByte:
    case JsonFault::DuplicateKey:
    case JsonFault::TrailingData:
      return fault_name(fault);
    case JsonFault::TooDeep:
      return "bad_request";
    case JsonFault::None:
    case JsonFault::Syntax:
      break;
  }
  return "bad_json";
}

// A message too large to read is still answered with its "id" when that comes this early.
constexpr std::size_t kIdSearchBytes = 4096;

std::string random_text(std::size_t length, std::string_view alphabet) {
  std::random_device device;  // the operating system's random source
  std::string text;
  text.reserve(length);
  while (text.size() < length) {
    std::uint32_t bits = device();
    for (int i = 0; i < 4 && text.size() < length; ++i, bits >>= 8) {
      const std::uint32_t byte = bits & 0xFF;
      // Rejection sampling keeps every symbol equally likely.
      const std::uint32_t limit = 256 - 256 % static_cast<std::uint32_t>(alphabet.size());
      if (byte < limit) text.push_back(alphabet[byte % alphabet.size()]);
    }
  }
  return text;
}

// A string field of stored JSON, or "" when it is missing or not a string.
std::string stored_text(const json& object, const char* key) {
  if (!object.is_object()) return {};
  const json value = object.value(key, json());
  return value.is_string() ? value.get<std::string>() : std::string();
}

// Compares secrets in time that does not depend on where they differ.
bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char difference = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    difference = static_cast<unsigned char>(difference | (a[i] ^ b[i]));
  return difference == 0;
}

std::string new_token() {
  return random_text(32, "0123456789abcdef");
}
std::string new_game_id() {
  return random_text(8, "abcdefghijkmnpqrstuvwxyz23456789");
}

std::uint64_t random_seed() {
  std::random_device device;
  const std::uint64_t high = device(), low = device();
  return ((high << 32) | low) & kMaxSeed;
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return x;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  return count;
}

bool has_control_character(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7F;
  });
}

// Server limits on a bot: it must not think long enough to hog a worker. Time budgets up to
// `max_ms`; playout budgets (which take as long as they take) up to kMaxBotPlayouts; at most
// kMaxBotThreads threads. Returns the problem, if any.
constexpr std::uint64_t kMaxBotPlayouts = 200000;  // about 2.5 s at one thread
constexpr int kMaxBotThreads = 2;
std::optional<std::string> bot_over_limits(const Bot& bot, int max_ms) {
  const ThinkingBudget budget = bot.budget();
  if (budget.milliseconds > max_ms)
    return "bots may think at most " + std::to_string(max_ms) + " ms per move";
  if (budget.playouts > kMaxBotPlayouts)
    return "bots may use at most " + std::to_string(kMaxBotPlayouts) + " playouts per move";
  if (budget.threads > kMaxBotThreads)
    return "bots may use at most " + std::to_string(kMaxBotThreads) + " threads";
  return std::nullopt;
}

}  // namespace

struct GameService::Request {
  json body;
  json id;  // null when the request has none
  std::string type;
};

struct GameService::Game {
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
  std::vector<json> log;
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
  json clock_json() const {
    if (clock_s <= 0) return nullptr;
    json clock = {{"seconds", clock_s}, {"left_ms", nullptr}};
    if (!state->over() && !seats[static_cast<std::size_t>(state->current_player())].bot) {
      const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - decision_started);
      clock["left_ms"] = std::max<std::int64_t>(0, clock_s * 1000 - spent.count());
    }
    return clock;
  }
  // The seats' chat: the latest messages, in memory only (a restart clears it).
  std::deque<json> chat;
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

namespace {

void send_json(Connection& connection, const json& message) {
  connection.send(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

json reply_to(const json& id, std::string_view type) {
  json reply = {{"type", type}};
  if (!id.is_null()) reply["id"] = id;
  return reply;
}

void send_error(Connection& connection, const json& id, std::string_view code,
                const std::string& message, std::string_view reason = {}) {
  json reply = reply_to(id, "error");
  reply["code"] = code;
  reply["message"] = message;
  if (!reason.empty()) reply["reason"] = reason;
  send_json(connection, reply);
}

// Tells a client that its `what` budget is spent and how long to wait. A client that goes on
// sending regardless costs the server a refusal per message: after kRefusalsBeforeClosing recent
// ones, the connection that sent the last one is closed.
void send_rate_limited(Connection& connection, const json& id, const BudgetRate& rate,
                       std::string_view what, const BudgetRefusal& refusal) {
  json reply = reply_to(id, "error");
  reply["code"] = "rate_limited";
  reply["message"] = "too many " + std::string(what) + " from this client (the budget is " +
                     std::to_string(static_cast<long long>(rate.per_minute)) +
                     " a minute); try again in " + std::to_string(refusal.wait.count()) + " ms";
  reply["retry_after_ms"] = refusal.wait.count();
  send_json(connection, reply);
  if (refusal.recent >= kRefusalsBeforeClosing) connection.close();
}

// Takes `cost` from the connection's client's `budget`; when it is spent, answers `rate_limited`
// to the request `id` (`what`: the budget, for the message) and returns false.
bool within_budget(Connection& connection, ClientBudget& budget, double cost, const json& id,
                   std::string_view what) {
  const auto refusal = budget.take(client_of(connection), cost);
  if (refusal) send_rate_limited(connection, id, budget.rate(), what, *refusal);
  return !refusal;
}

// Checks that `body` has only `allowed` keys (besides "type" and "id"); names the first other.
std::optional<std::string> unknown_key(const json& body,
                                       std::initializer_list<std::string_view> allowed) {
  for (const auto& item : body.items()) {
    const std::string& key = item.key();
    if (key == "type" || key == "id") continue;
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      return "unknown key " + quote_text(key, 40);
  }
  return std::nullopt;
}

std::optional<std::string> string_field(const json& body, const char* key, bool required,
                                        std::size_t max_bytes, std::string& out) {
  if (!body.contains(key)) {
    if (required) return std::string("missing \"") + key + "\"";
    return std::nullopt;
  }
  const json& value = body[key];
  if (!value.is_string()) return std::string("\"") + key + "\" must be a string";
  out = value.get<std::string>();
  if (out.size() > max_bytes)
    return std::string("\"") + key + "\" is longer than " + std::to_string(max_bytes) + " bytes";
  return std::nullopt;
}

std::optional<std::string> integer_field(const json& body, const char* key, bool required,
                                         std::int64_t min, std::int64_t max, std::int64_t& out) {
  if (!body.contains(key)) {
    if (required) return std::string("missing \"") + key + "\"";
    return std::nullopt;
  }
  const json& value = body[key];
  if (!value.is_number_integer() ||
      (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(max)))
    return std::string("\"") + key + "\" must be a whole number from " + std::to_string(min) +
           " to " + std::to_string(max);
  out = value.get<std::int64_t>();
  if (out < min || out > max)
    return std::string("\"") + key + "\" must be a whole number from " + std::to_string(min) +
           " to " + std::to_string(max);
  return std::nullopt;
}

// Error code of the protocol for an error of the rules engine.
std::string_view action_error_code(ErrorCode code) {
  switch (code) {
    case ErrorCode::BadNotation:
      return "bad_action";
    case ErrorCode::NotYourTurn:
      return "not_your_turn";
    case ErrorCode::GameOver:
      return "game_over";
    default:
      return "illegal_action";
  }
}

// The actions of an `act` or `preview`: "action" (one) or "actions" (a turn sent as a whole,
// 1 to 8), never both.
std::optional<std::string> actions_field(const json& body, std::vector<std::string>& out) {
  constexpr std::size_t kMaxActions = 8;
  if (body.contains("action") == body.contains("actions"))
    return std::string("give either \"action\" or \"actions\"");
  if (body.contains("action")) {
    std::string action;
    if (auto bad = string_field(body, "action", true, 200, action)) return bad;
    out.push_back(std::move(action));
    return std::nullopt;
  }
  const json& list = body["actions"];
  if (!list.is_array() || list.empty() || list.size() > kMaxActions)
    return std::string("\"actions\" must be an array of 1 to 8 action strings");
  for (const json& item : list) {
    if (!item.is_string() || item.get_ref<const std::string&>().size() > 200)
      return std::string("\"actions\" must be an array of 1 to 8 action strings");
    out.push_back(item.get<std::string>());
  }
  return std::nullopt;
}

// The fields of a decision (`act`, `preview`): the seat, the action or actions, the version the
// client decided on (-1 when absent).
std::optional<std::string> decision_fields(const json& body, std::int64_t& seat,
                                           std::vector<std::string>& actions,
                                           std::int64_t& version) {
  if (auto bad = integer_field(body, "seat", true, 0, kMaxPlayers - 1, seat)) return bad;
  if (auto bad = actions_field(body, actions)) return bad;
  return integer_field(body, "version", false, 0, 1'000'000'000, version);
}

}  // namespace

GameService::GameService(Storage& storage, ServiceOptions options)
    : storage_(storage),
      options_(options),
      request_budget_(options.requests),
      create_budget_(options.games_created),
      workers_(std::make_unique<TaskQueue>(options.worker_threads)),
      requests_(std::make_unique<BotPool>(std::max(1, options.request_threads), 1)),
      bots_(std::make_unique<BotPool>(options.bot_threads, options.max_bot_threads_per_client,
                                      options.bot_priority)) {
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
  std::lock_guard lock(games_mutex_);
  return games_.size();
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
  std::set<std::string> watched;
  {
    std::lock_guard lock(connections_mutex_);
    const auto it = watched_.find(connection->id());
    if (it == watched_.end()) return;
    watched = std::move(it->second);
    watched_.erase(it);
  }
  for (const std::string& id : watched) {
    const std::shared_ptr<Game> game = loaded_game(id);  // an archived game has no watchers
    if (!game) continue;
    std::lock_guard lock(game->mutex);
    auto& watchers = game->watchers;
    const auto it = std::find_if(watchers.begin(), watchers.end(), [&](const Game::Watcher& w) {
      return w.connection_id == connection->id();
    });
    if (it == watchers.end()) continue;
    const bool held_seats = it->seats != 0;
    watchers.erase(it);
    if (held_seats) broadcast(*game, game->log.size());  // others see the player go offline
  }
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
    if (const std::shared_ptr<Game> game = loaded_game(id->get<std::string>())) {
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
    reply["pace"] = {{"default", options_.default_pace_ms}, {"max", options_.max_pace_ms}};
    send_json(*connection, reply);
  } else if (type == "create") {
    handle_create(connection, request);
  } else if (type == "preview") {
    handle_preview(connection, request);
  } else if (type == "list") {
    handle_list(connection, request);
  } else if (type == "join") {
    handle_join(connection, request);
  } else if (type == "leave") {
    handle_leave(connection, request);
  } else if (type == "act") {
    handle_act(connection, request);
  } else if (type == "record") {
    handle_record(connection, request);
  } else if (type == "view_record") {
    handle_view_record(connection, request);
  } else if (type == "feature") {
    handle_feature(connection, request);
  } else if (type == "chat") {
    handle_chat(connection, request);
  } else {
    send_error(*connection, request.id, "bad_request",
               "unknown message type " + quote_text(type, 40) +
                   " (known: hello, ping, catalogue, create, list, join, leave, act, preview, "
                   "feature, record, "
                   "view_record)");
  }
}

// ---- create ----

void GameService::handle_create(const std::shared_ptr<Connection>& connection, Request& request) {
  const json& body = request.body;
  const auto setup_error = [&](const std::string& message) {
    send_error(*connection, request.id, "bad_game_setup", message);
  };
  if (auto bad = unknown_key(
          body, {"players", "expansions", "rules", "seed", "deck", "start", "pace", "clock"})) {
    send_error(*connection, request.id, "bad_request", *bad);
    return;
  }
  if (!body.contains("players") || !body["players"].is_array()) {
    setup_error("\"players\" must be an array of 2 to 6 seats");
    return;
  }
  const json& players = body["players"];
  if (players.size() < static_cast<std::size_t>(kMinPlayers) ||
      players.size() > static_cast<std::size_t>(kMaxPlayers)) {
    setup_error("a game has 2 to 6 players, not " + std::to_string(players.size()));
    return;
  }
  auto game = std::make_shared<Game>();
  std::int64_t pace = options_.default_pace_ms;
  if (auto bad = integer_field(body, "pace", false, 0, options_.max_pace_ms, pace)) {
    setup_error(*bad);
    return;
  }
  game->pace_ms = static_cast<int>(pace);
  std::int64_t clock = 0;
  if (auto bad = integer_field(body, "clock", false, 0, 3600, clock)) {
    setup_error(*bad);
    return;
  }
  game->clock_s = static_cast<int>(clock);
  json names = json::array();
  for (std::size_t s = 0; s < players.size(); ++s) {
    const json& player = players[s];
    const std::string where = "seat " + std::to_string(s) + ": ";
    if (!player.is_object()) {
      setup_error(where + "must be an object with \"name\" and \"seat\"");
      return;
    }
    if (auto bad = unknown_key(player, {"name", "seat", "bot"})) {
      setup_error(where + *bad);
      return;
    }
    Game::Seat seat;
    std::string kind;
    if (auto bad = string_field(player, "name", true, 4 * kMaxNameChars, seat.name)) {
      setup_error(where + *bad);
      return;
    }
    if (seat.name.empty() || utf8_length(seat.name) > kMaxNameChars ||
        has_control_character(seat.name)) {
      setup_error(where + "a name has 1 to 24 characters and no control characters");
      return;
    }
    if (auto bad = string_field(player, "seat", true, 16, kind)) {
      setup_error(where + *bad);
      return;
    }
    if (kind == "bot") {
      seat.bot = true;
      seat.bot_spec = "greedy";
      if (auto bad = string_field(player, "bot", false, 100, seat.bot_spec)) {
        setup_error(where + *bad);
        return;
      }
      auto bot = make_any_bot(seat.bot_spec, 0, options_.engines);
      if (!bot.ok()) {
        setup_error(where + bot.error().message);
        return;
      }
      if (auto limit = bot_over_limits(**bot, options_.max_bot_ms)) {
        setup_error(where + *limit);
        return;
      }
    } else if (kind == "human") {
      if (player.contains("bot")) {
        setup_error(where + "a human seat has no \"bot\"");
        return;
      }
      seat.token = new_token();
    } else {
      setup_error(where + "\"seat\" must be \"human\" or \"bot\", not " + quote_text(kind, 20));
      return;
    }
    names.push_back(seat.name);
    game->seats.push_back(std::move(seat));
  }

  // The record's own parser validates expansions, rules (against the core's registry), start
  // tile and deck, so the server accepts exactly what a record may say; a name the engine does
  // not know is reported with a reason naming its kind.
  json record_json = {{"players", names}, {"actions", json::array()}};
  for (const char* key : {"expansions", "rules", "deck", "start"})
    if (body.contains(key)) record_json[key] = body[key];
  std::int64_t seed = 0;
  if (auto bad = integer_field(body, "seed", false, 0, static_cast<std::int64_t>(kMaxSeed), seed)) {
    setup_error(*bad);
    return;
  }
  record_json["seed"] = body.contains("seed") ? static_cast<std::uint64_t>(seed) : random_seed();
  game->chosen_order = body.contains("deck") ? "deck" : body.contains("seed") ? "seed" : "";
  auto record = parse_record(record_json.dump());
  if (!record.ok()) {
    std::string message = record.error().message;
    if (message.rfind("record: ", 0) == 0) message.erase(0, 8);
    const ErrorCode code = record.error().code;
    send_error(*connection, request.id, "bad_game_setup", message,
               code == ErrorCode::UnknownExpansion ? "unknown_expansion"
               : code == ErrorCode::BadRuleOption  ? "bad_rule_option"
                                                   : "");
    return;
  }
  game->record = std::move(record.value());
  auto started = replay_narrated(game->record, 0, {});
  if (!started.ok()) {
    setup_error(started.error().message);
    return;
  }
  game->state = std::move(started->state);
  game->created = utc_now();

  // The stored setup: the record without actions, and each seat's kind, bot and token.
  json seats = json::array();
  for (const Game::Seat& seat : game->seats)
    seats.push_back(seat.bot ? json{{"kind", "bot"}, {"bot", seat.bot_spec}}
                             : json{{"kind", "human"}, {"token", seat.token}});
  const json setup = {{"record", json::parse(write_record(game->record))},
                      {"seats", seats},
                      {"pace", game->pace_ms},
                      {"clock", game->clock_s},
                      {"chosen_order", chosen_order_json(*game)}};

  if (!within_budget(*connection, create_budget_, 1, request.id, "games created")) return;
  game->owner = client_of(*connection);
  {
    std::lock_guard lock(games_mutex_);
    if (games_.size() >= options_.max_games) {
      send_error(*connection, request.id, "busy", "the server holds too many games");
      return;
    }
    do game->id = new_game_id();
    while (games_.count(game->id) != 0);
    auto stored = storage_.insert_game(game->id, game->created, setup.dump());
    if (!stored.ok()) {
      send_error(*connection, request.id, "storage_failed", stored.error().message);
      return;
    }
    games_[game->id] = game;
  }

  json reply = reply_to(request.id, "created");
  reply["game"] = game->id;
  json tokens = json::array();
  for (std::size_t s = 0; s < game->seats.size(); ++s)
    if (!game->seats[s].bot) tokens.push_back({{"seat", s}, {"token", game->seats[s].token}});
  reply["seats"] = tokens;
  send_json(*connection, reply);

  std::lock_guard lock(game->mutex);
  schedule_bot(game);
}

// ---- list ----

json GameService::chosen_order_json(const Game& game) {
  return game.chosen_order.empty() ? json(nullptr) : json(game.chosen_order);
}

json GameService::lobby_entry(const Game& game) {
  const std::vector<PlayerView> views = game.player_views();
  json players = json::array();
  for (std::size_t s = 0; s < game.seats.size(); ++s) {
    json player = {
        {"seat", s}, {"name", game.seats[s].name}, {"kind", game.seats[s].bot ? "bot" : "human"}};
    if (game.seats[s].bot) {
      player["bot"] = game.seats[s].bot_spec;
    } else {
      player["joined"] = game.seats[s].joined;
      player["online"] = views[s].online;
    }
    players.push_back(player);
  }
  return {{"game", game.id},
          {"status", game.status()},
          {"created", game.created},
          {"expansions", expansions_json(game.record.rules)},
          {"rules", rules_json(game.record.rules)},
          {"version", game.version()},
          {"tiles_left", game.state->tiles_left_in_deck()},
          {"chosen_order", chosen_order_json(game)},
          {"players", players}};
}

void GameService::handle_list(const std::shared_ptr<Connection>& connection, Request& request) {
  if (auto bad = unknown_key(request.body, {})) {
    send_error(*connection, request.id, "bad_request", *bad);
    return;
  }
  // The newest games, in memory or archived: (created, id) descending. A game's id and creation
  // time never change, so they are read without its mutex.
  const auto newer = [](const std::pair<std::string, std::string>& a,
                        const std::pair<std::string, std::string>& b) { return a > b; };
  std::vector<std::shared_ptr<Game>> loaded;
  {
    std::lock_guard lock(games_mutex_);
    loaded.reserve(games_.size());
    for (const auto& entry : games_) loaded.push_back(entry.second);
  }
  const std::size_t shown = std::min(loaded.size(), kListedGames);
  std::partial_sort(loaded.begin(), loaded.begin() + static_cast<std::ptrdiff_t>(shown),
                    loaded.end(), [&](const auto& a, const auto& b) {
                      return newer({a->created, a->id}, {b->created, b->id});
                    });
  loaded.resize(shown);
  std::vector<std::pair<std::pair<std::string, std::string>, json>> entries;
  for (const auto& game : loaded) {
    std::lock_guard lock(game->mutex);
    entries.push_back({{game->created, game->id}, lobby_entry(*game)});
  }
  auto archived = storage_.archived_games(static_cast<int>(kListedGames));
  if (archived.ok()) {
    for (const Storage::ArchivedGame& game : *archived) {
      if (loaded_game(game.id)) continue;  // loaded back: its entry above is the fresh one
      json summary = json::parse(game.summary_json, nullptr, false);
      if (summary.is_object()) entries.push_back({{game.created, game.id}, std::move(summary)});
    }
  }
  std::sort(entries.begin(), entries.end(),
            [&](const auto& a, const auto& b) { return newer(a.first, b.first); });
  json games = json::array();
  for (std::size_t i = 0; i < entries.size() && i < kListedGames; ++i)
    games.push_back(std::move(entries[i].second));
  json reply = reply_to(request.id, "games");
  reply["games"] = games;
  send_json(*connection, reply);
}

// ---- join / leave ----

std::shared_ptr<GameService::Game> GameService::requested_game(
    Connection& connection, const Request& request, std::initializer_list<std::string_view> keys) {
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
  std::shared_ptr<Game> game = find_game(id, &full);
  if (full) {
    send_error(
        connection, request.id, "busy",
        "the server holds too many games to load game " + quote_text(id, 64) + "; try later");
  } else if (!game) {
    send_error(connection, request.id, "unknown_game", "no game " + quote_text(id, 64));
  }
  return game;
}

void GameService::handle_join(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<Game> game = requested_game(*connection, request, {"game", "token"});
  if (!game) return;
  const std::string& id = game->id;  // fixed at creation
  std::string token;
  if (auto bad = string_field(request.body, "token", false, 64, token)) {
    send_error(*connection, request.id, "bad_request", *bad);
    return;
  }
  std::lock_guard lock(game->mutex);
  int seat = -1;
  if (request.body.contains("token")) {
    for (std::size_t s = 0; s < game->seats.size(); ++s)
      if (!game->seats[s].bot && same_secret(game->seats[s].token, token))
        seat = static_cast<int>(s);
    if (seat < 0) {
      send_error(*connection, request.id, "bad_token", "that token holds no seat in game " + id);
      return;
    }
  }
  auto& watchers = game->watchers;
  auto it = std::find_if(watchers.begin(), watchers.end(), [&](const Game::Watcher& w) {
    return w.connection_id == connection->id();
  });
  if (it == watchers.end()) {
    watchers.push_back({connection, connection->id(), 0});
    it = watchers.end() - 1;
  }
  if (seat >= 0) {
    it->seats = static_cast<std::uint8_t>(it->seats | 1u << seat);
    game->seats[static_cast<std::size_t>(seat)].joined = true;
  }
  const std::uint8_t seats = it->seats;
  {
    std::lock_guard connections_lock(connections_mutex_);
    watched_[connection->id()].insert(id);
  }
  json reply = reply_to(request.id, "joined");
  reply["game"] = id;
  json held = json::array();
  for (std::size_t s = 0; s < game->seats.size(); ++s)
    if (seats >> s & 1u) held.push_back(s);
  reply["seats"] = held;
  send_json(*connection, reply);
  // Those watching already hear what changed (the seat now online) first: a whole state is the
  // state as of the last update (StateStream).
  broadcast(*game, game->log.size(), connection->id());
  send_state(*game, *connection, seats);
  if (!game->chat.empty()) {
    json history = {{"type", "chat"}, {"game", id}, {"messages", json::array()}};
    for (const json& message : game->chat) history["messages"].push_back(message);
    send_json(*connection, history);
  }
}

void GameService::handle_leave(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<Game> game = requested_game(*connection, request, {"game"});
  if (!game) return;
  const std::string& id = game->id;
  {
    std::lock_guard connections_lock(connections_mutex_);
    auto it = watched_.find(connection->id());
    if (it != watched_.end()) it->second.erase(id);
  }
  std::lock_guard lock(game->mutex);
  auto& watchers = game->watchers;
  const auto it = std::find_if(watchers.begin(), watchers.end(), [&](const Game::Watcher& w) {
    return w.connection_id == connection->id();
  });
  bool held_seats = false;
  if (it != watchers.end()) {
    held_seats = it->seats != 0;
    watchers.erase(it);
  }
  json reply = reply_to(request.id, "left");
  reply["game"] = id;
  send_json(*connection, reply);
  if (held_seats) broadcast(*game, game->log.size());
}

// ---- act ----

void GameService::handle_act(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<Game> game =
      requested_game(*connection, request, {"game", "seat", "action", "actions", "version"});
  if (!game) return;
  std::int64_t seat = 0, version = -1;
  std::vector<std::string> actions;
  if (auto bad = decision_fields(request.body, seat, actions, version))
    return send_error(*connection, request.id, "bad_request", *bad);
  std::lock_guard lock(game->mutex);
  if (!seat_may_decide(*connection, request, *game, seat, version)) return;
  const json reply_id = request.id;
  auto refused = submit_moves(
      game, actions, [connection, reply_id](Game& done, const std::optional<Error>& error) {
        if (error) {
          send_error(*connection, reply_id, "storage_failed", error->message);
          return;
        }
        json ack = reply_to(reply_id, "ack");
        ack["game"] = done.id;
        ack["version"] = done.version();
        send_json(*connection, ack);
      });
  if (refused) send_error(*connection, request.id, refused->code, refused->message);
}

bool GameService::holds_seat(Connection& connection, const Request& request, const Game& game,
                             std::int64_t seat, const std::string& doing) {
  const auto watcher =
      std::find_if(game.watchers.begin(), game.watchers.end(),
                   [&](const Game::Watcher& w) { return w.connection_id == connection.id(); });
  if (watcher == game.watchers.end()) {
    send_error(connection, request.id, "not_joined", "join game " + game.id + " before " + doing);
    return false;
  }
  if (seat >= static_cast<std::int64_t>(game.seats.size()) || !(watcher->seats >> seat & 1u)) {
    send_error(
        connection, request.id, "not_your_seat",
        "this connection does not hold seat " + std::to_string(seat) + " of game " + game.id);
    return false;
  }
  return true;
}

bool GameService::seat_may_decide(Connection& connection, const Request& request, Game& game,
                                  std::int64_t seat, std::int64_t version) {
  const std::string& id = game.id;
  if (!holds_seat(connection, request, game, seat, "acting in it")) return false;
  if (game.state->over()) {
    send_error(connection, request.id, "game_over", "game " + id + " is over");
    return false;
  }
  if (version >= 0 && version != game.version()) {
    send_error(connection, request.id, "stale_version",
               "the game is at version " + std::to_string(game.version()) + ", not " +
                   std::to_string(version));
    return false;
  }
  const PlayerId pending = game.state->current_player();
  if (pending != seat) {
    send_error(
        connection, request.id, "not_your_turn",
        "seat " + std::to_string(pending) + " must decide now, not seat " + std::to_string(seat));
    return false;
  }
  if (game.committing) {
    send_error(connection, request.id, "stale_version",
               "another action of game " + id + " is being committed; wait for its state");
    return false;
  }
  return true;
}

std::optional<GameService::Refusal> GameService::check_turn(const Game& game,
                                                            const std::vector<std::string>& texts,
                                                            bool last_may_draw,
                                                            CheckedTurn& turn) const {
  turn.version = game.version();
  turn.after = *game.state;
  GameState& state = *turn.after;
  const std::vector<PlayerView> players = game.player_views();
  const PlayerId seat = state.current_player();
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string which = texts.size() > 1 ? "action " + std::to_string(i + 1) + " (" +
                                                     quote_text(texts[i], 40) + "): "
                                               : "";
    if (state.over() || state.current_player() != seat)
      return Refusal{"not_your_turn", which + "the turn has passed by then; send it on its own"};
    auto move = parse_move(state, texts[i]);
    if (!move.ok())
      return Refusal{std::string(action_error_code(move.error().code)),
                     which + move.error().message};
    if (auto error = state.check_as(seat, *move))
      return Refusal{std::string(action_error_code(error->code)), which + error->message};
    turn.notations.push_back(format_move(state, *move));
    // Any take from the pile shows a tile or its consequences (a draw, a bazaar's reveal, a dragon
    // tile set aside, tiles taken face down); tiles coming back with a volcano show nothing.
    const int taken = state.tiles_taken();
    for (json& entry : apply_and_narrate(state, *move, turn.notations.back(),
                                         turn.version + static_cast<int>(i) + 1, players))
      turn.log.push_back(std::move(entry));
    const bool last = i + 1 == texts.size();
    if (state.tiles_taken() != taken && !(last && last_may_draw))
      return Refusal{"reveals_tile",
                     which +
                         "a tile is drawn after this action: actions sent together (or "
                         "previewed) end where a tile is drawn"};
  }
  return std::nullopt;
}

std::optional<GameService::Refusal> GameService::submit_moves(const std::shared_ptr<Game>& game,
                                                              const std::vector<std::string>& texts,
                                                              Committed then) {
  CheckedTurn turn;
  if (auto refused = check_turn(*game, texts, /*last_may_draw=*/true, turn)) return refused;
  // Durable first: the actions are committed (all of them in one transaction) before the game
  // changes or anyone hears of them. Until then the game takes no other action (it would be
  // checked against a state about to change).
  game->committing = true;
  // The storage thread hands the rest to the workers and goes back to committing.
  const std::vector<std::string> notations = turn.notations;
  auto applied = [this, game, turn = std::move(turn),
                  then = std::move(then)](const Result<bool>& stored) mutable {
    std::lock_guard lock(game->mutex);
    game->committing = false;
    if (!stored.ok()) {
      then(*game, stored.error());
      schedule_bot(game);
      return;
    }
    assert(game->version() == turn.version);  // `committing` kept every other action out
    const std::size_t log_from = game->log.size();
    game->state = std::move(turn.after);
    for (std::string& notation : turn.notations)
      game->record.actions.push_back(std::move(notation));
    for (json& entry : turn.log) game->log.push_back(std::move(entry));
    game->decision_started = std::chrono::steady_clock::now();
    then(*game, std::nullopt);
    broadcast(*game, log_from);
    schedule_bot(game);
  };
  storage_.append_actions_async(
      game->id, game->version(), notations,
      [this, applied = std::move(applied)](const Result<bool>& stored) mutable {
        workers_->post([applied = std::move(applied), stored]() mutable { applied(stored); });
      });
  return std::nullopt;
}

namespace {

// A `state` message is built in two parts so that a broadcast serializes the game once: the part
// every watcher shares, left open (no closing brace), and each connection's own "you" and, when
// it holds the pending seat, the legal actions (serialized once per broadcast, in `legal_text`).
// `fields` is the shared fields' text (fields_text); the clock and the log entries from `log_from`
// are written in every message (the clock counts from when it is sent).
std::string open_state_text(const std::string& id, int version, bool full, std::string_view fields,
                            const json& clock, const std::vector<json>& log, std::size_t log_from) {
  std::string text =
      json{{"type", "state"}, {"game", id}, {"version", version}, {"full", full}}.dump(
          -1, ' ', false, json::error_handler_t::replace);
  text.pop_back();  // the closing brace
  text += fields;
  text += ",\"clock\":";
  text += clock.dump();
  text += ",\"log\":[";
  for (std::size_t i = log_from; i < log.size(); ++i) {
    if (i > log_from) text += ',';
    text += log[i].dump(-1, ' ', false, json::error_handler_t::replace);
  }
  text += ']';
  return text;
}

std::string closed_state_text(std::string text, const GameState& state, std::size_t seat_count,
                              std::uint8_t seats, std::string& legal_text) {
  text += ",\"you\":[";
  bool first = true;
  for (std::size_t s = 0; s < seat_count; ++s) {
    if (!(seats >> s & 1u)) continue;
    if (!first) text += ',';
    text += std::to_string(s);
    first = false;
  }
  text += ']';
  if (!state.over() && (seats >> state.current_player() & 1u)) {
    if (legal_text.empty()) {
      json legal = json::object();
      add_legal_actions(state, legal);
      legal_text = fields_text(legal);
    }
    text += legal_text;
  }
  text += '}';
  return text;
}

}  // namespace

void GameService::send_state(Game& game, Connection& connection, std::uint8_t seats) {
  std::string legal_text;
  // Set at creation and never changed: only whole states carry it.
  std::string text = open_state_text(game.id, game.version(), true, game.stream.whole(),
                                     game.clock_json(), game.log, 0);
  text += ",\"chosen_order\":" + chosen_order_json(game).dump();
  connection.send(
      closed_state_text(std::move(text), *game.state, game.seats.size(), seats, legal_text));
}

void GameService::broadcast(Game& game, std::size_t log_from, std::uint64_t except) {
  auto& watchers = game.watchers;
  watchers.erase(std::remove_if(watchers.begin(), watchers.end(),
                                [](const Game::Watcher& w) { return w.connection.expired(); }),
                 watchers.end());
  const json fields = public_state_json(*game.state, game.player_views(), /*with_board=*/false);
  // Updated even with nobody watching: the stream must stay in step with the game.
  const std::string changes = game.stream.update(*game.state, fields);
  if (changes.empty() && log_from >= game.log.size()) return;  // nothing to tell
  const std::string shared_text = open_state_text(game.id, game.version(), false, changes,
                                                  game.clock_json(), game.log, log_from);
  std::string legal_text;
  for (const Game::Watcher& watcher : watchers) {
    if (watcher.connection_id == except) continue;
    if (const auto connection = watcher.connection.lock())
      connection->send(closed_state_text(shared_text, *game.state, game.seats.size(), watcher.seats,
                                         legal_text));
  }
}

void GameService::handle_preview(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<Game> game =
      requested_game(*connection, request, {"game", "seat", "actions", "version"});
  if (!game) return;
  std::int64_t seat = 0, version = -1;
  std::vector<std::string> actions;
  if (!request.body.contains("actions"))
    return send_error(*connection, request.id, "bad_request", "missing \"actions\"");
  if (auto bad = decision_fields(request.body, seat, actions, version))
    return send_error(*connection, request.id, "bad_request", *bad);
  std::lock_guard lock(game->mutex);
  if (!seat_may_decide(*connection, request, *game, seat, version)) return;
  CheckedTurn turn;
  if (auto refused = check_turn(*game, actions, /*last_may_draw=*/false, turn)) {
    send_error(*connection, request.id, refused->code, refused->message);
    return;
  }
  // The position after the actions, as the seat would see it, narrated like the real game
  // (check_turn did both): nothing is stored, nobody else hears of it, and no tile is drawn
  // (check_turn refused that).
  const GameState& after = *turn.after;
  const std::vector<json>& log = turn.log;
  std::string legal_text;
  const json fields = public_state_json(after, game->player_views());
  // The clock runs on: the decision is still pending.
  const std::string text = closed_state_text(
      open_state_text(game->id, game->version() + static_cast<int>(actions.size()), true,
                      fields_text(fields), game->clock_json(), log, 0),
      after, game->seats.size(), static_cast<std::uint8_t>(1u << seat), legal_text);
  json reply = reply_to(request.id, "preview");
  reply["game"] = game->id;
  reply["version"] = game->version();
  reply["actions"] = turn.notations;
  reply["state"] = json::parse(text);
  send_json(*connection, reply);
}

void GameService::handle_chat(const std::shared_ptr<Connection>& connection, Request& request) {
  constexpr std::size_t kMaxChatChars = 300;
  constexpr std::size_t kKeptMessages = 100;
  const std::shared_ptr<Game> game = requested_game(*connection, request, {"game", "seat", "text"});
  if (!game) return;
  const json& body = request.body;
  std::int64_t seat = 0;
  std::string text;
  const auto bad_request = [&](const std::string& message) {
    send_error(*connection, request.id, "bad_request", message);
  };
  if (auto bad = integer_field(body, "seat", true, 0, kMaxPlayers - 1, seat))
    return bad_request(*bad);
  if (auto bad = string_field(body, "text", true, 4 * kMaxChatChars, text))
    return bad_request(*bad);
  if (text.empty() || utf8_length(text) > kMaxChatChars || has_control_character(text))
    return bad_request("a chat message has 1 to 300 characters and no control characters");
  std::lock_guard lock(game->mutex);
  // Chat is between the seats: a spectator reads, a seat's holder writes as that seat.
  if (!holds_seat(*connection, request, *game, seat, "chatting")) return;
  json message = {{"n", ++game->chat_count},
                  {"seat", seat},
                  {"name", game->seats[static_cast<std::size_t>(seat)].name},
                  {"text", text},
                  {"at", utc_now()}};
  game->chat.push_back(message);
  while (game->chat.size() > kKeptMessages) game->chat.pop_front();
  json reply = reply_to(request.id, "ack");
  reply["game"] = game->id;
  send_json(*connection, reply);
  const json broadcast_message = {
      {"type", "chat"}, {"game", game->id}, {"messages", json::array({message})}};
  for (const Game::Watcher& w : game->watchers)
    if (auto other = w.connection.lock()) send_json(*other, broadcast_message);
}

void GameService::handle_feature(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<Game> game =
      requested_game(*connection, request, {"game", "x", "y", "location"});
  if (!game) return;
  const json& body = request.body;
  std::int64_t x = 0, y = 0;
  std::string location;
  const auto bad_request = [&](const std::string& message) {
    send_error(*connection, request.id, "bad_request", message);
  };
  if (auto bad = integer_field(body, "x", true, -100000, 100000, x)) return bad_request(*bad);
  if (auto bad = integer_field(body, "y", true, -100000, 100000, y)) return bad_request(*bad);
  if (auto bad = string_field(body, "location", true, 16, location)) return bad_request(*bad);
  const std::optional<Port> port = parse_location(location);
  if (!port) return bad_request("unknown location " + quote_text(location, 16));
  std::lock_guard lock(game->mutex);
  const GameState& state = *game->state;
  const int tile = state.board().tile_at(static_cast<int>(x), static_cast<int>(y));
  const std::uint8_t segment = tile < 0 ? kNoSegment : state.segment_named(tile, *port);
  if (segment == kNoSegment) {
    send_error(*connection, request.id, "no_feature",
               "no feature at " + std::to_string(x) + "," + std::to_string(y) + " " + location);
    return;
  }
  json reply = reply_to(request.id, "feature");
  reply["game"] = game->id;
  reply["version"] = game->version();
  reply["x"] = x;
  reply["y"] = y;
  reply["location"] = location;
  reply.update(feature_json(state, tile, segment));
  send_json(*connection, reply);
}

// ---- bots ----

void GameService::schedule_bot(const std::shared_ptr<Game>& game) {
  if (stopping_ || game->bot_queued || game->committing || game->state->over()) return;
  const auto seat = static_cast<std::size_t>(game->state->current_player());
  if (!game->seats[seat].bot) {
    // A human's decision under the turn clock: its timeout, once per version.
    if (game->clock_s <= 0 || game->clock_version == game->version()) return;
    game->clock_version = game->version();
    const auto left = std::chrono::seconds(game->clock_s) -
                      (std::chrono::steady_clock::now() - game->decision_started);
    bots_->post_after(std::max(std::chrono::milliseconds(0),
                               std::chrono::duration_cast<std::chrono::milliseconds>(left)),
                      game->owner,
                      [this, weak = std::weak_ptr<Game>(game), version = game->version()] {
                        run_bot(weak, version);
                      });
    return;
  }
  game->bot_queued = true;
  bots_->post_after(std::chrono::milliseconds(game->pace_ms), game->owner,
                    [this, weak = std::weak_ptr<Game>(game)] { run_bot(weak, -1); });
}

void GameService::run_bot(const std::weak_ptr<Game>& weak_game, int timed_out) {
  const std::shared_ptr<Game> game = weak_game.lock();
  if (!game) return;
  std::optional<GameState> view;
  std::string spec;
  int version = 0;
  std::uint64_t seed = 0;
  Record record;
  {
    std::lock_guard lock(game->mutex);
    if (timed_out >= 0) {
      // A human's time ran out, unless the decision was made meanwhile: the greedy bot plays.
      if (game->state->over() || game->version() != timed_out || game->committing) return;
      spec = "greedy";
    } else {
      if (game->state->over()) {
        game->bot_queued = false;
        return;
      }
      spec = game->seats[static_cast<std::size_t>(game->state->current_player())].bot_spec;
    }
    view = *game->state;
    record = game->record;  // an external engine is told the game's course from it
    version = game->version();
    seed = game->record.seed;
  }
  // Thinking happens without the game's lock: watchers may join and read meanwhile. The seed
  // depends only on the game and the position, so a restarted server plays the same move.
  auto bot = make_any_bot(spec, mix(seed, static_cast<std::uint64_t>(version)), options_.engines);
  if (!bot.ok()) {
    // An engine this server was since restarted without: the greedy bot keeps the game going.
    std::cerr << "game " << game->id << ": " << bot.error().message << "; the greedy bot plays\n";
    bot = make_bot("greedy", 0);
  }
  std::optional<Move> move;
  if (bot.ok())
    move = (*bot)->choose_move_with_history(view->observation(view->current_player()), record);
  std::lock_guard lock(game->mutex);
  if (timed_out < 0) game->bot_queued = false;
  if (!move || game->version() != version || game->committing) return;
  const std::string id = game->id;
  auto refused = submit_moves(
      game, {format_move(*view, *move)}, [id](Game&, const std::optional<Error>& error) {
        if (error)
          std::cerr << "game " << id << ": bot move not stored: " << error->message << "\n";
      });
  if (refused) std::cerr << "game " << id << ": bot move refused: " << refused->message << "\n";
}

// ---- records ----

void GameService::handle_record(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<Game> game = requested_game(*connection, request, {"game"});
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

void GameService::handle_view_record(const std::shared_ptr<Connection>& connection,
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

// ---- restore, and games between memory and the archive ----

Result<std::shared_ptr<GameService::Game>> GameService::revive(StoredGame& saved) const {
  const auto problem = [](const std::string& message) { return Error{ErrorCode::Io, message}; };
  const json setup = json::parse(saved.setup_json, nullptr, false);
  if (setup.is_discarded() || !setup.contains("record") || !setup.contains("seats") ||
      !setup["seats"].is_array())
    return problem("unreadable setup");
  auto record = parse_record(setup["record"].dump());
  if (!record.ok()) return problem(record.error().message);
  auto game = std::make_shared<Game>();
  game->id = saved.id;
  game->created = saved.created;
  game->owner = "game " + saved.id;  // who created it is not stored: each game its own client
  game->record = std::move(record.value());
  // Games stored before the pace existed play at the server's default.
  game->pace_ms = options_.default_pace_ms;
  if (setup.contains("pace") && setup["pace"].is_number_integer())
    game->pace_ms = std::clamp(setup["pace"].get<int>(), 0, options_.max_pace_ms);
  if (setup.contains("clock") && setup["clock"].is_number_integer())
    game->clock_s = std::clamp(setup["clock"].get<int>(), 0, 3600);
  // Games stored before it was kept: a record with a deck had it chosen; a seed may have been.
  game->chosen_order = stored_text(setup, "chosen_order");
  if (!setup.contains("chosen_order") && setup["record"].contains("deck"))
    game->chosen_order = "deck";
  const json& seats = setup["seats"];
  if (seats.size() != game->record.players.size()) return problem("seats and players differ");
  for (std::size_t s = 0; s < seats.size(); ++s) {
    Game::Seat seat;
    seat.name = game->record.players[s];
    seat.bot = stored_text(seats[s], "kind") == "bot";
    seat.bot_spec = stored_text(seats[s], "bot");
    seat.token = stored_text(seats[s], "token");
    seat.joined = false;
    game->seats.push_back(std::move(seat));
  }
  game->record.actions = std::move(saved.actions);
  auto replayed = replay_narrated(game->record, game->record.actions.size(), game->player_views());
  if (!replayed.ok()) return problem("stored " + replayed.error().message);
  game->state = std::move(replayed->state);
  game->log = std::move(replayed->log);
  // Seats that were ever joined: a seat with any stored action of its own has been played.
  for (const json& entry : game->log)
    if (entry.contains("seat") && entry["seat"].is_number_integer())
      game->seats[entry["seat"].get<std::size_t>()].joined = true;
  return game;
}

Result<int> GameService::restore(std::vector<std::string>* problems) {
  std::lock_guard archive_lock(archive_mutex_);
  auto stored = storage_.load_all();
  if (!stored.ok()) return stored.error();
  int restored = 0;
  // Finished games go straight to the archive: the lobby lists them from there.
  std::vector<std::pair<std::string, std::string>> finished;
  for (StoredGame& saved : stored.value()) {
    auto revived = revive(saved);
    if (!revived.ok()) {
      if (problems != nullptr)
        problems->push_back("game " + saved.id + ": " + revived.error().message);
      continue;
    }
    const std::shared_ptr<Game>& game = *revived;
    std::lock_guard lock(game->mutex);
    if (game->state->over()) {
      finished.emplace_back(game->id, lobby_entry(*game).dump());
      continue;
    }
    {
      std::lock_guard games_lock(games_mutex_);
      games_[game->id] = game;
    }
    schedule_bot(game);
    ++restored;
  }
  if (!finished.empty()) {
    auto archived = storage_.archive_games(finished);
    if (!archived.ok()) return archived.error();
  }
  return restored;
}

std::shared_ptr<GameService::Game> GameService::loaded_game(const std::string& id) const {
  std::lock_guard lock(games_mutex_);
  const auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

std::shared_ptr<GameService::Game> GameService::find_game(const std::string& id, bool* full) {
  if (std::shared_ptr<Game> game = loaded_game(id)) return game;
  std::lock_guard archive_lock(archive_mutex_);
  if (std::shared_ptr<Game> game = loaded_game(id)) return game;  // loaded back meanwhile
  auto stored = storage_.load_game(id);
  if (!stored.ok() || !stored->has_value()) return nullptr;
  auto revived = revive(**stored);
  if (!revived.ok()) return nullptr;  // restore() reported it when the server started
  std::shared_ptr<Game> game = std::move(*revived);
  {
    std::lock_guard lock(games_mutex_);
    if (games_.size() >= options_.max_games) {
      if (full != nullptr) *full = true;
      return nullptr;
    }
    games_[id] = game;
  }
  // In memory again, the game's archived summary would go stale. Should this fail, the game
  // stays archived with an older summary and is still loaded when someone opens it.
  (void)storage_.unarchive_game(id);
  std::lock_guard lock(game->mutex);
  schedule_bot(game);
  return game;
}

std::size_t GameService::evict_idle_games() {
  std::lock_guard archive_lock(archive_mutex_);
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<Game>> leaving;
  std::vector<std::pair<std::string, std::string>> summaries;
  {
    std::lock_guard lock(games_mutex_);
    for (auto it = games_.begin(); it != games_.end();) {
      Game& game = *it->second;
      // A game busy right now is not idle; the next sweep looks again.
      std::unique_lock game_lock(game.mutex, std::try_to_lock);
      const bool watched =
          std::any_of(game.watchers.begin(), game.watchers.end(),
                      [](const Game::Watcher& w) { return !w.connection.expired(); });
      const auto stay = std::chrono::seconds(game.state->over() ? options_.finished_stay_s
                                                                : options_.idle_stay_s);
      if (game_lock.owns_lock() && !watched && !game.committing && !game.bot_queued &&
          now - game.decision_started >= stay) {
        summaries.emplace_back(game.id, lobby_entry(game).dump());
        leaving.push_back(it->second);
        it = games_.erase(it);
      } else {
        ++it;
      }
    }
  }
  if (leaving.empty()) return 0;
  if (!storage_.archive_games(summaries).ok()) {
    // Not archived, so not listed from storage: they stay in memory.
    std::lock_guard lock(games_mutex_);
    for (const auto& game : leaving) games_.emplace(game->id, game);
    return 0;
  }
  return leaving.size();
}

void GameService::schedule_sweep() {
  if (options_.sweep_ms <= 0 || stopping_) return;
  bots_->post_after(std::chrono::milliseconds(options_.sweep_ms), "the server's sweep", [this] {
    evict_idle_games();
    schedule_sweep();
  });
}

}  // namespace carcassonne::server
