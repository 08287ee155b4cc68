// Scenario tests: small games written as contract records (explicit deck, actions in the move
// notation of ../shared/spec/record-format.md), replayed, and read back per player and per
// scoring category.
//
// Promise: every helper reports a problem as a GoogleTest failure carrying the engine's own
// message and never crashes; helpers that return a state return nullopt after such a failure, so
// a test writes `auto state = play(...); ASSERT_TRUE(state);`. Records go through the JSON form
// (parse_record) so that a scenario is exactly what `carcassonne replay` would be given.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "record/record.h"

namespace carcassonne::scenario {

// The record {"players", "expansions", "rules", "start", "deck", "actions"} as JSON text and parsed
// back: make_record with expansions (e.g. {"bcb"}) and rule options (e.g. {{"bazaar",
// "no-auction"}}).
inline Record make_record_with(const std::vector<std::string>& players,
                               const std::vector<std::string>& deck,
                               const std::vector<std::string>& actions,
                               const std::vector<std::string>& expansions,
                               const std::vector<std::pair<std::string, std::string>>& rules = {},
                               const std::string& start = "D") {
  nlohmann::json root = nlohmann::json::object();
  root["players"] = players;
  root["expansions"] = expansions;
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [name, value] : rules) options[name] = value;
  root["rules"] = options;
  root["start"] = start;
  root["deck"] = deck;
  root["actions"] = actions;
  auto parsed = parse_record(root.dump());
  if (!parsed.ok()) {
    ADD_FAILURE() << "scenario record does not parse: " << parsed.error().message;
    return Record{};
  }
  return std::move(parsed).value();
}

// The record {"players", "start", "deck", "actions"} of the base game, parsed.
inline Record make_record(const std::vector<std::string>& players,
                          const std::vector<std::string>& deck,
                          const std::vector<std::string>& actions, const std::string& start = "D") {
  return make_record_with(players, deck, actions, {}, {}, start);
}

// Replays every action; a failed replay fails the test with the engine's message.
inline std::optional<GameState> play(const Record& record) {
  auto result = replay(record);
  if (!result.ok()) {
    ADD_FAILURE() << "replay failed: " << result.error().message;
    return std::nullopt;
  }
  const std::string broken = result->check_invariants();
  EXPECT_TRUE(broken.empty()) << "invariant violated after replay: " << broken;
  return std::move(result).value();
}

inline std::optional<GameState> play(const std::vector<std::string>& players,
                                     const std::vector<std::string>& deck,
                                     const std::vector<std::string>& actions,
                                     const std::string& start = "D") {
  return play(make_record(players, deck, actions, start));
}

// Like play(), but applies the actions one by one with an event log attached, so that every
// event (events.h: every scoring, during the game and in the final scoring, and the rest) is
// appended to `events`.
inline std::optional<GameState> play_logged(const Record& record, std::vector<GameEvent>& events) {
  auto created = GameState::create(game_config(record));
  if (!created.ok()) {
    ADD_FAILURE() << "game setup failed: " << created.error().message;
    return std::nullopt;
  }
  GameState state = std::move(created).value();
  state.set_event_log(&events);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const std::string& text = record.actions[i];
    auto move = parse_move(state, text);
    if (!move.ok()) {
      ADD_FAILURE() << "action " << i << " \"" << text << "\": " << move.error().message;
      return std::nullopt;
    }
    auto applied = state.apply(*move);
    if (!applied.ok()) {
      ADD_FAILURE() << "action " << i << " \"" << text << "\": " << applied.error().message;
      return std::nullopt;
    }
    const std::string broken = state.check_invariants();
    EXPECT_TRUE(broken.empty()) << "invariant violated after action " << i << ": " << broken;
  }
  state.set_event_log(nullptr);  // the log belongs to the caller; do not keep a pointer to it
  return state;
}

// The same, keeping the scorings only.
inline std::optional<GameState> play_logged(const Record& record, std::vector<ScoreEvent>& events) {
  std::vector<GameEvent> all;
  std::optional<GameState> state = play_logged(record, all);
  for (const GameEvent& e : all)
    if (e.kind == GameEventKind::Scored) events.push_back(e.score);
  return state;
}

// The error of a replay that is expected to fail (a test failure if it succeeds).
inline Error replay_error(const Record& record) {
  auto result = replay(record);
  if (result.ok()) {
    ADD_FAILURE() << "replay succeeded, but the record holds an illegal action";
    return Error{ErrorCode::IllegalMove, ""};
  }
  return result.error();
}

// What a player scored in every category (castles and bazaar payments are 0 without the
// expansion, so base-game scenarios name only the first four).
struct Points {
  int road = 0;
  int city = 0;
  int cloister = 0;
  int farm = 0;
  int castle = 0;
  int bazaar = 0;

  int total() const { return road + city + cloister + farm + castle + bazaar; }
  bool operator==(const Points&) const = default;
};

inline void PrintTo(const Points& p, std::ostream* os) {
  *os << "{road " << p.road << ", city " << p.city << ", cloister " << p.cloister << ", farm "
      << p.farm << ", castle " << p.castle << ", bazaar " << p.bazaar << "}";
}

inline Points points_of(const GameState& state, PlayerId player) {
  Points p;
  p.road = state.score_in(player, ScoreCategory::Road);
  p.city = state.score_in(player, ScoreCategory::City);
  p.cloister = state.score_in(player, ScoreCategory::Cloister);
  p.farm = state.score_in(player, ScoreCategory::Farm);
  p.castle = state.score_in(player, ScoreCategory::Castle);
  p.bazaar = state.score_in(player, ScoreCategory::Bazaar);
  return p;
}

// Checks every category of `player` and that the total score is their sum.
inline void expect_points(const GameState& state, PlayerId player, const Points& expected) {
  EXPECT_EQ(points_of(state, player), expected) << "player " << static_cast<int>(player);
  EXPECT_EQ(state.score(player), expected.total()) << "player " << static_cast<int>(player);
}

constexpr std::uint8_t bit(PlayerId player) {
  return static_cast<std::uint8_t>(1u << player);
}

inline std::vector<ScoreEvent> events_of(const std::vector<ScoreEvent>& events,
                                         ScoreCategory category) {
  std::vector<ScoreEvent> out;
  for (const ScoreEvent& e : events)
    if (e.category == category) out.push_back(e);
  return out;
}

// The follower decisions open now, in notation, sorted (empty outside the follower phase).
inline std::vector<std::string> follower_options(const GameState& state) {
  std::vector<std::string> out;
  if (state.phase() != Phase::Follower) return out;
  auto moves = std::make_unique<MoveList>();
  state.legal_moves(*moves);
  for (const Move& m : *moves) out.push_back(format_move(state, m));
  std::sort(out.begin(), out.end());
  return out;
}

// Every decision open now, in notation, sorted (empty when the game is over).
inline std::vector<std::string> legal_options(const GameState& state) {
  std::vector<std::string> out;
  auto moves = std::make_unique<MoveList>();
  state.legal_moves(*moves);
  for (const Move& m : *moves) out.push_back(format_move(state, m));
  std::sort(out.begin(), out.end());
  return out;
}

// Whether `message` contains `part` (for readable failure output).
inline ::testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "\"" << message << "\" does not mention \"" << part << "\"";
}

inline ::testing::AssertionResult pending_is(const GameState& state, PlayerId player, Phase phase) {
  const PendingDecision p = state.pending();
  if (p.player == player && p.phase == phase) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "pending: player " << static_cast<int>(p.player) << " in phase " << phase_name(p.phase)
         << "; expected player " << static_cast<int>(player) << " in phase " << phase_name(phase);
}

inline TileType tile(std::string_view id) {
  return *find_tile_type(id);
}

// `actions` followed by `more`.
inline std::vector<std::string> with(std::vector<std::string> actions,
                                     const std::vector<std::string>& more) {
  actions.insert(actions.end(), more.begin(), more.end());
  return actions;
}

}  // namespace carcassonne::scenario
