// Cathedrals (Inns & Cathedrals): a city with a cathedral scores 3 per tile and per pennant when
// completed and nothing when unfinished at the end. Two cathedrals do not add up. A castle made
// from such a city would keep the full value (castles score completed values).
#pragma once

#include "core/features.h"

namespace carcassonne {

struct GameData;

namespace cathedral {
bool city_has_cathedral(const GameData& d, NodeId root);
int feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles, int value);
}  // namespace cathedral

}  // namespace carcassonne
