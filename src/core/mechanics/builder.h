// The builder (Traders & Builders): a second turn part for extending one's own road or city.
//
// Promise: gives each player one builder at set-up. `builder LOC` (the figure action) puts it on
// a road or city segment of the tile just placed (its bridge included) whose feature is, after
// `place` and `bridge`, incomplete and holds a follower of the player (TB-4..TB-7); it counts
// for no majority and goes home with the feature's followers. The builder check (step 3 of the
// order of play, row BuilderCheck) gives a second part when the land tile a normal or
// bazaar-round part placed is part of a road or city where the player's builder stood before the
// placement (TB-8, TB-13..TB-15); never a third. The second part of a bazaar-round part follows
// at once (row SecondPartAtOnce); that of a normal part follows its bazaar (row SecondPart), or,
// with `"builder-bazaar": "builder-first"`, comes between the setting aside of the bazaar's
// tiles and their auction (row SecondPartFirst); under builder-first a bazaar tile placed in a
// second part is delayed until the double turn and the bazaar round under way are over (the
// bazaar's rows BazaarReveal and DelayedBazaars). A second part whose tile cannot be drawn is
// lost (the deck is empty).
#pragma once

#include <optional>
#include <string>

#include "core/move.h"
#include "core/result.h"
#include "core/types.h"

namespace carcassonne {

struct GameData;
enum class StepResult : std::uint8_t;

struct BuilderState {
  // A normal part earned a second part, played after its bazaar (or before the auction).
  PlayerId after_bazaar = kNoPlayer;
  // A bazaar-round part earned one: it follows before the round goes on.
  bool at_once = false;
  bool operator==(const BuilderState&) const = default;
};

namespace builder {
void setup(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
// Whether the builder of the turn's player may stand on `segment` of the tile just placed.
bool can_stand(const GameData& d, int segment);
// Step 3, between `place`/`bridge` and the figure action: whether the tile extends the feature
// of the player's builder (a second part follows).
void check(GameData& d);
// Rows of the turn flow.
StepResult second_part_at_once(GameData& d, bool entering);
StepResult second_part_first(GameData& d, bool entering);
StepResult second_part(GameData& d, bool entering);
std::string invariants(const GameData& d);
}  // namespace builder

}  // namespace carcassonne
