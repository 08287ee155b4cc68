// Game records: the JSON form of ../shared/spec/record-format.md, and replay.
//
// Promise: parse_record accepts exactly the documented keys and types and explains the first
// problem it finds; replay applies the actions one by one through the core's checked apply(), so
// a record replays to the same state on every machine. Nothing here throws to the caller.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "core/rules.h"

namespace carcassonne {

struct Record {
  std::vector<std::string> players;
  RuleSet rules;
  TileType start_tile = 3;                    // "D"
  std::optional<std::vector<TileType>> deck;  // absent: the full set shuffled from `seed`
  std::uint64_t seed = 0;                     // absent in the JSON: 0
  std::vector<std::string> actions;

  bool operator==(const Record&) const = default;
};

// Input limits: records are a few hundred kilobytes and nest two levels deep.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{64} << 20;
inline constexpr int kMaxRecordDepth = 64;

Result<Record> parse_record(std::string_view json_text);
// The record as JSON text (2-space indented); parse_record(write_record(r)) == r.
std::string write_record(const Record& record);

// The game a record describes before any action (deck drawn or shuffled, start tile placed).
GameConfig game_config(const Record& record);

// Applies every action; on failure the error names the action's 0-based index and why.
Result<GameState> replay(const Record& record);

// The replay result object: "over", "scores", "pending" (when not over) and more detail
// (score breakdown, followers in supply, tiles left, the tile in hand). One line of JSON.
std::string state_summary_json(const GameState& state, const Record& record);

// Appends `move` (legal in `state`) to the record's actions in notation, then applies it.
void record_and_apply(Record& record, GameState& state, const Move& move);

}  // namespace carcassonne
