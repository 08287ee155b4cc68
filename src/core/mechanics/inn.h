// Inns (Inns & Cathedrals): a road with an inn on one of its printed segments scores 2 per tile
// when completed and nothing when unfinished at the end. Several inns do not add up; a bridge has
// no inn of its own. The inns printed on Bridges, Castles and Bazaars tiles count only when this
// mechanic is in play.
#pragma once

#include "core/features.h"

namespace carcassonne {

struct GameData;

namespace inn {
bool road_has_inn(const GameData& d, NodeId root);
int feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles, int value);
}  // namespace inn

}  // namespace carcassonne
