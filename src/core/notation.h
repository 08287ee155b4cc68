// The text notation of moves (../shared/spec/record-format.md, "Actions").
//
// Promise: format_move(state, m) for any legal m parses back with parse_move(state, ...) to m
// itself, and no two legal moves of a state share a text. Parsing never fails silently: text that
// is not an action gives BadNotation; a location that names nothing gives IllegalMove. Parsing
// needs the state only to resolve a location on the tile just placed to its feature.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "core/move.h"
#include "core/result.h"

namespace carcassonne {

std::string format_move(const GameState& state, const Move& move);
Result<Move> parse_move(const GameState& state, std::string_view text);

// "NNW".."WNW" or "cloister" to a port; nullopt for anything else.
std::optional<Port> parse_location(std::string_view text);
std::string_view location_name(Port port);

}  // namespace carcassonne
