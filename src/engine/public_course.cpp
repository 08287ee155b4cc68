#include "engine/public_course.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/notation.h"

namespace carcassonne {

namespace {

constexpr std::string_view kTake = "take";
constexpr std::string_view kUnseen = "?";

std::string tile_name(TileType type) {
  return std::string(tile_spec(type).id);
}

// Keeps the takes seen so far: one "take" group per move that took tiles, with "?" for tiles
// face down, filled in when their bazaar reveals them.
class CourseWriter {
 public:
  // The tiles `after` took from the pile since `before` (nullptr: since the box was opened), in
  // the order taken, as every player saw them ("?" while face down).
  std::optional<Error> record_takes(const GameState* before, const GameState& after) {
    const int face_down_before = before ? before->tiles_face_down() : 0;
    const std::vector<TileType>& offer = after.bazaar_offer();
    const bool new_offer = offer.size() > (before ? before->bazaar_offer().size() : 0);
    if (new_offer && face_down_before > 0 && after.tiles_face_down() == 0) {
      // Taken face down by an earlier move, seen now: name them where they were taken.
      if (unseen_.size() != offer.size())
        return Error{ErrorCode::IllegalMove, "a bazaar revealed tiles not taken face down"};
      // Last first: a name longer than "?" moves what follows it in its event.
      for (std::size_t i = offer.size(); i-- > 0;)
        events_[unseen_[i].first].replace(unseen_[i].second, kUnseen.size(), tile_name(offer[i]));
      unseen_.clear();
    }
    std::vector<std::string> takes;
    std::vector<std::size_t> unseen_slots;
    for (int take = before ? before->tiles_taken() : 0; take < after.tiles_taken(); ++take) {
      const TileType tile = after.tile_taken(take);
      if (tile == kNoTile) unseen_slots.push_back(takes.size());
      takes.push_back(tile == kNoTile ? std::string(kUnseen) : tile_name(tile));
    }
    if (takes.empty()) return std::nullopt;
    std::string group(kTake);
    for (std::size_t i = 0; i < takes.size(); ++i) {
      group += ' ';
      if (std::find(unseen_slots.begin(), unseen_slots.end(), i) != unseen_slots.end())
        unseen_.emplace_back(events_.size(), group.size());
      group += takes[i];
    }
    events_.push_back(std::move(group));
    return std::nullopt;
  }
  void record_move(std::string notation) { events_.push_back(std::move(notation)); }
  std::vector<std::string> take_events() { return std::move(events_); }

 private:
  std::vector<std::string> events_;
  // Where each "?" still unseen stands: event index and character offset, in the order taken.
  std::vector<std::pair<std::size_t, std::size_t>> unseen_;
};

Error bad_event(std::size_t index, std::string_view event, const std::string& why) {
  return Error{ErrorCode::IllegalMove,
               "event " + std::to_string(index) + " " + quote_text(event) + ": " + why};
}

bool is_take(std::string_view event) {
  return event.substr(0, kTake.size()) == kTake &&
         (event.size() == kTake.size() || event[kTake.size()] == ' ');
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

}  // namespace

Result<PublicCourse> public_course(const Record& record) {
  Record setup = record;
  setup.actions.clear();
  auto created = GameState::create(game_config(setup));
  if (!created) return created.error();
  GameState state = std::move(created).value();
  CourseWriter writer;
  if (auto failed = writer.record_takes(nullptr, state)) return *failed;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    auto move = parse_move(state, record.actions[i]);
    if (!move) return move.error();
    const GameState before = state;
    if (auto applied = state.apply(*move); !applied) return applied.error();
    writer.record_move(format_move(before, *move));
    if (auto failed = writer.record_takes(&before, state)) return *failed;
  }

  nlohmann::ordered_json json = nlohmann::ordered_json::parse(write_record(setup));
  json.erase("seed");
  json.erase("actions");
  if (record.deck) {
    std::vector<TileType> multiset = *record.deck;
    std::sort(multiset.begin(), multiset.end());
    nlohmann::ordered_json names = nlohmann::ordered_json::array();
    for (TileType t : multiset) names.push_back(tile_name(t));
    json["deck"] = names;
  }
  return PublicCourse{json.dump(), writer.take_events()};
}

std::string join_events(const std::vector<std::string>& events) {
  std::string line;
  for (const std::string& event : events) {
    if (!line.empty()) line += "; ";
    line += event;
  }
  return line;
}

std::vector<std::string> split_events(std::string_view line) {
  std::vector<std::string> events;
  while (!trimmed(line).empty()) {
    const std::size_t end = line.find(';');
    events.emplace_back(trimmed(line.substr(0, end)));
    if (end == std::string_view::npos) break;
    line.remove_prefix(end + 1);
  }
  return events;
}

Result<Record> parse_setup(std::string_view json) {
  auto parsed = nlohmann::json::parse(json, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object())
    return Error{ErrorCode::OutOfRange, "setup: not a JSON object"};
  for (const char* hidden : {"seed", "actions"})
    if (parsed.contains(hidden))
      return Error{ErrorCode::OutOfRange, std::string("setup: no ") + hidden +
                                              " here (the tiles and moves come in `position`)"};
  auto record = parse_record(json);
  if (!record) return Error{record.error().code, "setup: " + record.error().message};
  return record;
}

GameConfig setup_config(const Record& setup) {
  GameConfig config;
  config.rules = setup.rules;
  config.players = static_cast<int>(setup.players.size());
  config.start_tile = setup.start_tile;
  // Only the multiset counts; a full set is shuffled in from the seed when tiles come back.
  config.deck = setup.deck ? *setup.deck : shuffled_deck(setup.rules, setup.start_tile, 0);
  if (!setup.deck) config.seed = 0;
  return config;
}

Result<GameState> rebuild_game(const Record& setup, const std::vector<std::string>& events) {
  // Every take in order (the script), and how many the set-up and each move must have taken.
  std::vector<TileType> script;
  std::vector<int> taken_after;  // [0]: the set-up; [k]: move k
  std::vector<std::size_t> move_events;
  taken_after.push_back(0);
  for (std::size_t i = 0; i < events.size(); ++i) {
    const std::string_view event = events[i];
    if (!is_take(event)) {
      move_events.push_back(i);
      taken_after.push_back(taken_after.back());
      continue;
    }
    std::string_view rest = event.substr(kTake.size());
    bool any = false;
    while (!(rest = trimmed(rest)).empty()) {
      const std::string_view name = rest.substr(0, rest.find(' '));
      rest.remove_prefix(name.size());
      std::optional<TileType> tile;
      if (name == kUnseen) tile = kNoTile;
      if (!tile) tile = find_tile_type(name);
      if (!tile) return bad_event(i, event, "unknown tile " + quote_text(name));
      script.push_back(*tile);
      ++taken_after.back();
      any = true;
    }
    if (!any) return bad_event(i, event, "a take names at least one tile");
  }

  GameConfig config = setup_config(setup);
  config.scripted_draws = std::move(script);
  auto created = GameState::create(config);
  if (!created) return created.error();
  GameState state = std::move(created).value();
  auto check_takes = [&](std::size_t step, std::size_t event_index) -> std::optional<Error> {
    const std::string_view event =
        event_index < events.size() ? std::string_view(events[event_index]) : std::string_view();
    if (state.scripted_draws_broken())
      return bad_event(event_index, event, "a tile taken is not among the tiles left");
    if (state.tiles_taken() != taken_after[step])
      return bad_event(event_index, event,
                       "the game took " + std::to_string(state.tiles_taken()) +
                           " tiles by now, the events " + std::to_string(taken_after[step]));
    return std::nullopt;
  };
  if (auto failed = check_takes(0, 0)) return *failed;
  for (std::size_t k = 0; k < move_events.size(); ++k) {
    const std::size_t i = move_events[k];
    auto move = parse_move(state, events[i]);
    if (!move) return bad_event(i, events[i], move.error().message);
    if (auto applied = state.apply(*move); !applied)
      return bad_event(i, events[i], applied.error().message);
    if (auto failed = check_takes(k + 1, i)) return *failed;
  }
  return state;
}

}  // namespace carcassonne
