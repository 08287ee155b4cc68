// The barn (Abbey & Mayor): a special figure on a corner where four tiles' fields meet, which
// scores its farm for the farmers at once and its owner at the end.
//
// Promise (record-format-bigbox.md, "Barn"; checklist AM-12..AM-24, X-5, X-6, X-18, Y-7, Y-15):
// - `barn C` (C = NW NE SE SW of the tile just placed): the four tiles meeting there are placed,
//   each with one field holding both half-edges at that corner, and that farm holds no barn;
//   never on a volcano just placed. The barn is not a follower and stays to the end: no dragon,
//   no scoring during play, no lack of followers sends it home.
// - No follower may be deployed on a farm with a barn (figure_step.cpp: feature_open_to).
// - After the turn part's feature and castle scorings: a farm given a barn this part scores for its
//   farmers 3 per completed city and 4 per castle (the barn's owner nothing now); any other farm
//   with a barn and farmers (joined this part) scores 1 per city and 2 per castle; pigs add 1 per
//   city and castle for their scoring owners; then the farmers and pigs go home.
// - At the end, each barn's owner scores 4 per completed city and 5 per castle of its farm.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/features.h"
#include "core/move.h"
#include "core/result.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;
struct ScoreEvent;
enum class StepResult : std::uint8_t;

struct BarnState {
  // The farm node of the barn deployed in this turn part (its farm scores at the placement rate),
  // or -1.
  std::int32_t placed_node = -1;
  bool operator==(const BarnState&) const = default;
};

namespace barn {
void setup(GameData& d);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
void apply(GameData& d, const Move& move);
// The turn flow's step after the castle rounds: the farms of barns score for their farmers.
StepResult score_barn_farms(GameData& d, bool entering);
// The final scoring of a farm: each barn on it scores for its owner.
void farm_scored(GameData& d, NodeId farm, const ScoreEvent& event);
std::string invariants(const GameData& d);
// Its action in the notation: `barn CORNER` (NW NE SE SW), or `barn X,Y CORNER` naming the tile
// just placed.
Result<Move> read_barn(const VerbInput& in);
std::string write_barn(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"barn", MoveKind::Barn, &read_barn}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Barn, "barn", &write_barn}};
}  // namespace barn

}  // namespace carcassonne
