// The game service at the table (game_table.h): actions checked and committed, the state sent to
// watchers, previews, chat, features, and the bots' turns.
#include "server/game_table.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/game_service_internal.h"

namespace carcassonne::server {

using namespace service_internal;  // the protocol's helpers, shared by the service's files

GameTable::GameTable(ServiceContext context) : context_(context) {}

// ---- act ----

void GameTable::handle_act(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<ServedGame> game = context_.requested_game(
      *connection, request, {"game", "seat", "action", "actions", "version"});
  if (!game) return;
  std::int64_t seat = 0, version = -1;
  std::vector<std::string> actions;
  if (auto bad = decision_fields(request.body, seat, actions, version))
    return send_error(*connection, request.id, "bad_request", *bad);
  std::lock_guard lock(game->mutex);
  if (!seat_may_decide(*connection, request, *game, seat, version)) return;
  const json reply_id = request.id;
  auto refused = submit_moves(
      game, actions, [connection, reply_id](ServedGame& done, const std::optional<Error>& error) {
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

bool GameTable::holds_seat(Connection& connection, const Request& request, const ServedGame& game,
                           std::int64_t seat, const std::string& doing) {
  const auto watcher = std::find_if(
      game.watchers.begin(), game.watchers.end(),
      [&](const ServedGame::Watcher& w) { return w.connection_id == connection.id(); });
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

bool GameTable::seat_may_decide(Connection& connection, const Request& request, ServedGame& game,
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

std::optional<GameTable::Refusal> GameTable::check_turn(const ServedGame& game,
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

std::optional<GameTable::Refusal> GameTable::submit_moves(const std::shared_ptr<ServedGame>& game,
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
  context_.storage.append_actions_async(
      game->id, game->version(), notations,
      [this, applied = std::move(applied)](const Result<bool>& stored) mutable {
        context_.workers.post(
            [applied = std::move(applied), stored]() mutable { applied(stored); });
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

void GameTable::send_state(ServedGame& game, Connection& connection, std::uint8_t seats) {
  std::string legal_text;
  // Set at creation and never changed: only whole states carry it.
  std::string text = open_state_text(game.id, game.version(), true, game.stream.whole(),
                                     game.clock_json(), game.log, 0);
  text += ",\"chosen_order\":" + chosen_order_json(game).dump();
  connection.send(
      closed_state_text(std::move(text), *game.state, game.seats.size(), seats, legal_text));
}

void GameTable::broadcast(ServedGame& game, std::size_t log_from, std::uint64_t except) {
  auto& watchers = game.watchers;
  watchers.erase(
      std::remove_if(watchers.begin(), watchers.end(),
                     [](const ServedGame::Watcher& w) { return w.connection.expired(); }),
      watchers.end());
  const json fields = public_state_json(*game.state, game.player_views(), /*with_board=*/false);
  // Updated even with nobody watching: the stream must stay in step with the game.
  const std::string changes = game.stream.update(*game.state, fields);
  if (changes.empty() && log_from >= game.log.size()) return;  // nothing to tell
  const std::string shared_text = open_state_text(game.id, game.version(), false, changes,
                                                  game.clock_json(), game.log, log_from);
  std::string legal_text;
  for (const ServedGame::Watcher& watcher : watchers) {
    if (watcher.connection_id == except) continue;
    if (const auto connection = watcher.connection.lock())
      connection->send(closed_state_text(shared_text, *game.state, game.seats.size(), watcher.seats,
                                         legal_text));
  }
}

void GameTable::handle_preview(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<ServedGame> game =
      context_.requested_game(*connection, request, {"game", "seat", "actions", "version"});
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

void GameTable::handle_chat(const std::shared_ptr<Connection>& connection, Request& request) {
  constexpr std::size_t kMaxChatChars = 300;
  constexpr std::size_t kKeptMessages = 100;
  const std::shared_ptr<ServedGame> game =
      context_.requested_game(*connection, request, {"game", "seat", "text"});
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
  for (const ServedGame::Watcher& w : game->watchers)
    if (auto other = w.connection.lock()) send_json(*other, broadcast_message);
}

void GameTable::handle_feature(const std::shared_ptr<Connection>& connection, Request& request) {
  const std::shared_ptr<ServedGame> game =
      context_.requested_game(*connection, request, {"game", "x", "y", "location"});
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

void GameTable::schedule_bot(const std::shared_ptr<ServedGame>& game) {
  if (context_.stopping || game->bot_queued || game->committing || game->state->over()) return;
  const auto seat = static_cast<std::size_t>(game->state->current_player());
  if (!game->seats[seat].bot) {
    // A human's decision under the turn clock: its timeout, once per version.
    if (game->clock_s <= 0 || game->clock_version == game->version()) return;
    game->clock_version = game->version();
    const auto left = std::chrono::seconds(game->clock_s) -
                      (std::chrono::steady_clock::now() - game->decision_started);
    context_.bots.post_after(std::max(std::chrono::milliseconds(0),
                                      std::chrono::duration_cast<std::chrono::milliseconds>(left)),
                             game->owner,
                             [this, weak = std::weak_ptr<ServedGame>(game),
                              version = game->version()] { run_bot(weak, version); });
    return;
  }
  game->bot_queued = true;
  context_.bots.post_after(std::chrono::milliseconds(game->pace_ms), game->owner,
                           [this, weak = std::weak_ptr<ServedGame>(game)] { run_bot(weak, -1); });
}

void GameTable::run_bot(const std::weak_ptr<ServedGame>& weak_game, int timed_out) {
  const std::shared_ptr<ServedGame> game = weak_game.lock();
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
  auto bot =
      make_any_bot(spec, mix(seed, static_cast<std::uint64_t>(version)), context_.options.engines);
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
      game, {format_move(*view, *move)}, [id](ServedGame&, const std::optional<Error>& error) {
        if (error)
          std::cerr << "game " << id << ": bot move not stored: " << error->message << "\n";
      });
  if (refused) std::cerr << "game " << id << ": bot move refused: " << refused->message << "\n";
}

}  // namespace carcassonne::server
