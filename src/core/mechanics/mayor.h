// The mayor (Abbey & Mayor): a follower for cities whose strength is its city's pennants.
//
// Promise (record-format-bigbox.md, "Majority"; checklist AM-10, AM-11, X-9, X-11, Y-9): `mayor
// LOC` deploys it like a follower, on a city of the tile just placed (through a magic portal on
// any tile) that holds no follower; never on a castle. In a majority it counts the pennants of
// its city (0 without, 0 in a castle); the city's value is unchanged; it goes home after the
// scoring like any follower (GameData::majority reads its strength from figures.h).
#pragma once

#include <optional>

#include "core/move.h"
#include "core/result.h"

namespace carcassonne {

struct GameData;

namespace mayor {
void setup(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
}  // namespace mayor

}  // namespace carcassonne
