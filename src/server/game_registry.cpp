#include "server/game_registry.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "server/game_service_internal.h"

namespace carcassonne::server {

using namespace service_internal;  // stored_text, new_game_id

GameRegistry::GameRegistry(Storage& storage, RegistryOptions options, OnBack on_back)
    : storage_(storage), options_(options), on_back_(std::move(on_back)) {}

Result<std::shared_ptr<ServedGame>> GameRegistry::revive(StoredGame& saved) const {
  const auto problem = [](const std::string& message) { return Error{ErrorCode::Io, message}; };
  const json setup = json::parse(saved.setup_json, nullptr, false);
  if (setup.is_discarded() || !setup.contains("record") || !setup.contains("seats") ||
      !setup["seats"].is_array())
    return problem("unreadable setup");
  auto record = parse_record(setup["record"].dump());
  if (!record.ok()) return problem(record.error().message);
  auto game = std::make_shared<ServedGame>();
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
    ServedGame::Seat seat;
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

Result<int> GameRegistry::restore(std::vector<std::string>* problems) {
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
    const std::shared_ptr<ServedGame>& game = *revived;
    std::lock_guard lock(game->mutex);
    if (game->state->over()) {
      finished.emplace_back(game->id, lobby_entry(*game).dump());
      continue;
    }
    {
      std::lock_guard games_lock(games_mutex_);
      games_[game->id] = game;
    }
    on_back_(game);
    ++restored;
  }
  if (!finished.empty()) {
    auto archived = storage_.archive_games(finished);
    if (!archived.ok()) return archived.error();
  }
  return restored;
}

std::shared_ptr<ServedGame> GameRegistry::loaded(const std::string& id) const {
  std::lock_guard lock(games_mutex_);
  const auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

std::shared_ptr<ServedGame> GameRegistry::find(const std::string& id, bool* full) {
  if (std::shared_ptr<ServedGame> game = loaded(id)) return game;
  std::lock_guard archive_lock(archive_mutex_);
  if (std::shared_ptr<ServedGame> game = loaded(id)) return game;  // loaded back meanwhile
  auto stored = storage_.load_game(id);
  if (!stored.ok() || !stored->has_value()) return nullptr;
  auto revived = revive(**stored);
  if (!revived.ok()) return nullptr;  // restore() reported it when the server started
  std::shared_ptr<ServedGame> game = std::move(*revived);
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
  on_back_(game);
  return game;
}

std::vector<std::shared_ptr<ServedGame>> GameRegistry::all() const {
  std::lock_guard lock(games_mutex_);
  std::vector<std::shared_ptr<ServedGame>> games;
  games.reserve(games_.size());
  for (const auto& entry : games_) games.push_back(entry.second);
  return games;
}

std::size_t GameRegistry::count() const {
  std::lock_guard lock(games_mutex_);
  return games_.size();
}

std::optional<GameRegistry::Refusal> GameRegistry::add_new(const std::shared_ptr<ServedGame>& game,
                                                           const std::string& setup_json) {
  std::lock_guard lock(games_mutex_);
  if (games_.size() >= options_.max_games)
    return Refusal{"busy", "the server holds too many games"};
  do game->id = new_game_id();
  while (games_.count(game->id) != 0);
  auto stored = storage_.insert_game(game->id, game->created, setup_json);
  if (!stored.ok()) return Refusal{"storage_failed", stored.error().message};
  games_[game->id] = game;
  return std::nullopt;
}

std::size_t GameRegistry::evict_idle() {
  std::lock_guard archive_lock(archive_mutex_);
  const auto now = std::chrono::steady_clock::now();
  std::vector<std::shared_ptr<ServedGame>> leaving;
  std::vector<std::pair<std::string, std::string>> summaries;
  {
    std::lock_guard lock(games_mutex_);
    for (auto it = games_.begin(); it != games_.end();) {
      ServedGame& game = *it->second;
      // A game busy right now is not idle; the next sweep looks again.
      std::unique_lock game_lock(game.mutex, std::try_to_lock);
      const bool watched =
          std::any_of(game.watchers.begin(), game.watchers.end(),
                      [](const ServedGame::Watcher& w) { return !w.connection.expired(); });
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

json chosen_order_json(const ServedGame& game) {
  return game.chosen_order.empty() ? json(nullptr) : json(game.chosen_order);
}

json lobby_entry(const ServedGame& game) {
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

}  // namespace carcassonne::server
