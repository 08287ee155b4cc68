// The large follower (Inns & Cathedrals): each player's eighth follower, deployed like a
// follower (`large LOC`), counting 2 in every majority (figures.h).
//
// Promise: gives each player one at set-up and offers `large` in the figure step wherever a
// follower could stand. It has no state of its own: the supply is the players' figure supply.
#pragma once

#include <optional>

#include "core/move.h"
#include "core/result.h"

namespace carcassonne {

struct GameData;

namespace large_follower {
void setup(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
}  // namespace large_follower

}  // namespace carcassonne
