// The game service's lobby (game_lobby.h): creating games, listing them, joining and leaving
// seats, and leaving every game when a connection closes.
#include "server/game_lobby.h"

#include <algorithm>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "server/game_service_internal.h"

namespace carcassonne::server {

using namespace service_internal;  // the protocol's helpers, shared by the service's files

GameLobby::GameLobby(ServiceContext context, GameTable& table)
    : context_(context), table_(table), create_budget_(context.options.games_created) {}

// ---- create ----

void GameLobby::handle_create(const std::shared_ptr<Connection>& connection, Request& request) {
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
  auto game = std::make_shared<ServedGame>();
  std::int64_t pace = context_.options.registry.default_pace_ms;
  if (auto bad =
          integer_field(body, "pace", false, 0, context_.options.registry.max_pace_ms, pace)) {
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
    ServedGame::Seat seat;
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
      auto bot = make_any_bot(seat.bot_spec, 0, context_.options.engines);
      if (!bot.ok()) {
        setup_error(where + bot.error().message);
        return;
      }
      if (auto limit = bot_over_limits(**bot, context_.options.max_bot_ms)) {
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
  for (const ServedGame::Seat& seat : game->seats)
    seats.push_back(seat.bot ? json{{"kind", "bot"}, {"bot", seat.bot_spec}}
                             : json{{"kind", "human"}, {"token", seat.token}});
  const json setup = {{"record", json::parse(write_record(game->record))},
                      {"seats", seats},
                      {"pace", game->pace_ms},
                      {"clock", game->clock_s},
                      {"chosen_order", chosen_order_json(*game)}};

  if (!within_budget(*connection, create_budget_, 1, request.id, "games created")) return;
  game->owner = client_of(*connection);
  if (const auto refused = context_.games.add_new(game, setup.dump())) {
    send_error(*connection, request.id, refused->code, refused->message);
    return;
  }

  json reply = reply_to(request.id, "created");
  reply["game"] = game->id;
  json tokens = json::array();
  for (std::size_t s = 0; s < game->seats.size(); ++s)
    if (!game->seats[s].bot) tokens.push_back({{"seat", s}, {"token", game->seats[s].token}});
  reply["seats"] = tokens;
  send_json(*connection, reply);

  std::lock_guard lock(game->mutex);
  table_.schedule_bot(game);
}

// ---- list ----

void GameLobby::handle_list(const std::shared_ptr<Connection>& connection, Request& request) {
  if (auto bad = unknown_key(request.body, {})) {
    send_error(*connection, request.id, "bad_request", *bad);
    return;
  }
  // The newest games, in memory or archived: (created, id) descending. A game's id and creation
  // time never change, so they are read without its mutex.
  const auto newer = [](const std::pair<std::string, std::string>& a,
                        const std::pair<std::string, std::string>& b) { return a > b; };
  std::vector<std::shared_ptr<ServedGame>> loaded = context_.games.all();
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
  auto archived = context_.storage.archived_games(static_cast<int>(kListedGames));
  if (archived.ok()) {
    for (const Storage::ArchivedGame& game : *archived) {
      if (context_.games.loaded(game.id))
        continue;  // loaded back: its entry above is the fresh one
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

void GameLobby::handle_join(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<ServedGame> game =
      context_.requested_game(*connection, request, {"game", "token"});
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
  auto it = std::find_if(watchers.begin(), watchers.end(), [&](const ServedGame::Watcher& w) {
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
    std::lock_guard watched_lock(watched_mutex_);
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
  table_.broadcast(*game, game->log.size(), connection->id());
  table_.send_state(*game, *connection, seats);
  if (!game->chat.empty()) {
    json history = {{"type", "chat"}, {"game", id}, {"messages", json::array()}};
    for (const json& message : game->chat) history["messages"].push_back(message);
    send_json(*connection, history);
  }
}

void GameLobby::handle_leave(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<ServedGame> game = context_.requested_game(*connection, request, {"game"});
  if (!game) return;
  const std::string& id = game->id;
  {
    std::lock_guard watched_lock(watched_mutex_);
    auto it = watched_.find(connection->id());
    if (it != watched_.end()) it->second.erase(id);
  }
  std::lock_guard lock(game->mutex);
  auto& watchers = game->watchers;
  const auto it = std::find_if(watchers.begin(), watchers.end(), [&](const ServedGame::Watcher& w) {
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
  if (held_seats) table_.broadcast(*game, game->log.size());
}

void GameLobby::leave_all(const Connection& connection) {
  std::set<std::string> watched;
  {
    std::lock_guard watched_lock(watched_mutex_);
    const auto it = watched_.find(connection.id());
    if (it == watched_.end()) return;
    watched = std::move(it->second);
    watched_.erase(it);
  }
  for (const std::string& id : watched) {
    const std::shared_ptr<ServedGame> game =
        context_.games.loaded(id);  // an archived game has no watchers
    if (!game) continue;
    std::lock_guard lock(game->mutex);
    auto& watchers = game->watchers;
    const auto it = std::find_if(
        watchers.begin(), watchers.end(),
        [&](const ServedGame::Watcher& w) { return w.connection_id == connection.id(); });
    if (it == watchers.end()) continue;
    const bool held_seats = it->seats != 0;
    watchers.erase(it);
    if (held_seats) table_.broadcast(*game, game->log.size());  // others see the player go offline
  }
}

}  // namespace carcassonne::server
