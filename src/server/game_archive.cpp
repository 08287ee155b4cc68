// The game service's records and archive: records for download and replay, games restored from
// storage, and games moving between memory and the archive.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "server/game_service.h"
#include "server/game_service_internal.h"

namespace carcassonne::server {

using namespace service_internal;  // the protocol's helpers, shared by the service's files

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
