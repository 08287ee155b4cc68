// The pig (Traders & Builders): a farm's scoring is worth 1 more per city (and castle) to the
// pig's owner when he scores it.
//
// Promise: gives each player one pig at set-up. `pig LOC` (the figure action) puts it on a field
// of the tile just placed whose farm holds a farmer of the player (TB-16, TB-17); it counts for
// no majority (TB-19) and goes home with the farm's farmers. Every farm scoring adds, for each
// scoring player with a pig in the farm, 1 per completed city and castle it supplied (TB-18).
#pragma once

#include <optional>
#include <string>

#include "core/features.h"
#include "core/move.h"
#include "core/result.h"

namespace carcassonne {

struct GameData;
struct ScoreEvent;

namespace pig {
void setup(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
bool can_stand(const GameData& d, int segment);
// After a farm scored (`scored`: the points each of its winners took): the pigs' bonus.
void farm_scored(GameData& d, NodeId farm, const ScoreEvent& scored);
std::string invariants(const GameData& d);
}  // namespace pig

}  // namespace carcassonne
