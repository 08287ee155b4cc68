// The game service's internals, shared by the files of its parts (game_service.cpp: transport,
// dispatch and budgets; game_lobby.cpp: create, list, join, leave; game_table.cpp: actions, state,
// preview, chat, features, bots; game_records.cpp: records and replays; service_context.cpp: the
// game a request names; game_registry.cpp: the games in memory and the archive): the limits and
// helpers of the protocol's messages.
//
// Promise: included by those files only; nothing here is part of the server's interface.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.h"
#include "core/notation.h"
#include "record/record.h"
#include "record/strict_json.h"
#include "server/client_budget.h"
#include "server/connection.h"
#include "server/game_view.h"
#include "server/served_game.h"
#include "server/state_stream.h"

namespace carcassonne::server::service_internal {

using json = nlohmann::json;

inline constexpr std::size_t kMaxNameChars = 24;
inline constexpr std::uint64_t kMaxSeed = (std::uint64_t{1} << 53) - 1;  // exact in JavaScript
inline constexpr int kMaxJsonDepth = 16;
inline constexpr std::size_t kListedGames = 100;
// Request budget: every message costs 1 unit plus 1 per kBytesPerCostUnit, charged before it is
// parsed; the expensive types cost more on top, in proportion to the work they cause
// (GameService::work_cost): a unit is about 2 ms of a core.
inline constexpr std::size_t kBytesPerCostUnit = 8192;
inline constexpr std::size_t kReplayedActionsPerUnit = 32;  // view_record: about 70 us an action
inline constexpr std::size_t kRecordActionsPerUnit = 256;   // record: writing it
inline constexpr std::size_t kPreviewActionsPerUnit = 256;  // preview: checking a turn on the board
inline constexpr std::size_t kFeatureActionsPerUnit = 1024;
inline constexpr std::size_t kChatRecipientsPerUnit = 4;  // chat: the sender pays for the fan-out
// Recent refusals (ClientBudget: they fade 10 a second) after which the refused connection is
// closed: a client that goes on sending while refused, pipelined or not, is cut off.
inline constexpr double kRefusalsBeforeClosing = 100;
// Costly requests (view_record, preview, record) waiting or being served: per client (each of
// its connections has at most one, Connection::hold) and in all; more are answered `busy`.
inline constexpr int kCostlyPerClient = 16;
inline constexpr int kCostlyInAll = 256;
inline bool is_costly(std::string_view type) {
  return type == "view_record" || type == "preview" || type == "record";
}

// Who a connection's budgets belong to: its address, or the connection itself without one.
inline std::string client_of(const Connection& connection) {
  std::string address = connection.peer_address();
  return address.empty() ? "connection " + std::to_string(connection.id()) : address;
}

// The protocol's error code for each fault of a message's JSON.
inline std::string_view json_fault_code(JsonFault fault) {
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
inline constexpr std::size_t kIdSearchBytes = 4096;

inline std::string random_text(std::size_t length, std::string_view alphabet) {
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
inline std::string stored_text(const json& object, const char* key) {
  if (!object.is_object()) return {};
  const json value = object.value(key, json());
  return value.is_string() ? value.get<std::string>() : std::string();
}

// Compares secrets in time that does not depend on where they differ.
inline bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char difference = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    difference = static_cast<unsigned char>(difference | (a[i] ^ b[i]));
  return difference == 0;
}

inline std::string new_token() {
  return random_text(32, "0123456789abcdef");
}
inline std::string new_game_id() {
  return random_text(8, "abcdefghijkmnpqrstuvwxyz23456789");
}

inline std::uint64_t random_seed() {
  std::random_device device;
  const std::uint64_t high = device(), low = device();
  return ((high << 32) | low) & kMaxSeed;
}

inline std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

inline std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t x = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return x;
}

inline std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  return count;
}

inline bool has_control_character(std::string_view text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7F;
  });
}

// Server limits on a bot: it must not think long enough to hog a worker. Time budgets up to
// `max_ms`; playout budgets (which take as long as they take) up to kMaxBotPlayouts; at most
// kMaxBotThreads threads. Returns the problem, if any.
inline constexpr std::uint64_t kMaxBotPlayouts = 200000;  // about 2.5 s at one thread
inline constexpr int kMaxBotThreads = 2;
inline std::optional<std::string> bot_over_limits(const Bot& bot, int max_ms) {
  const ThinkingBudget budget = bot.budget();
  if (budget.milliseconds > max_ms)
    return "bots may think at most " + std::to_string(max_ms) + " ms per move";
  if (budget.playouts > kMaxBotPlayouts)
    return "bots may use at most " + std::to_string(kMaxBotPlayouts) + " playouts per move";
  if (budget.threads > kMaxBotThreads)
    return "bots may use at most " + std::to_string(kMaxBotThreads) + " threads";
  return std::nullopt;
}

inline void send_json(Connection& connection, const json& message) {
  connection.send(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

inline json reply_to(const json& id, std::string_view type) {
  json reply = {{"type", type}};
  if (!id.is_null()) reply["id"] = id;
  return reply;
}

inline void send_error(Connection& connection, const json& id, std::string_view code,
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
inline void send_rate_limited(Connection& connection, const json& id, const BudgetRate& rate,
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
inline bool within_budget(Connection& connection, ClientBudget& budget, double cost, const json& id,
                          std::string_view what) {
  const auto refusal = budget.take(client_of(connection), cost);
  if (refusal) send_rate_limited(connection, id, budget.rate(), what, *refusal);
  return !refusal;
}

// Checks that `body` has only `allowed` keys (besides "type" and "id"); names the first other.
inline std::optional<std::string> unknown_key(const json& body,
                                              std::initializer_list<std::string_view> allowed) {
  for (const auto& item : body.items()) {
    const std::string& key = item.key();
    if (key == "type" || key == "id") continue;
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      return "unknown key " + quote_text(key, 40);
  }
  return std::nullopt;
}

inline std::optional<std::string> string_field(const json& body, const char* key, bool required,
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

inline std::optional<std::string> integer_field(const json& body, const char* key, bool required,
                                                std::int64_t min, std::int64_t max,
                                                std::int64_t& out) {
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
inline std::string_view action_error_code(ErrorCode code) {
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
inline std::optional<std::string> actions_field(const json& body, std::vector<std::string>& out) {
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
inline std::optional<std::string> decision_fields(const json& body, std::int64_t& seat,
                                                  std::vector<std::string>& actions,
                                                  std::int64_t& version) {
  if (auto bad = integer_field(body, "seat", true, 0, kMaxPlayers - 1, seat)) return bad;
  if (auto bad = actions_field(body, actions)) return bad;
  return integer_field(body, "version", false, 0, 1'000'000'000, version);
}

}  // namespace carcassonne::server::service_internal

namespace carcassonne::server {

using service_internal::json;

}  // namespace carcassonne::server
