// The abbey (Abbey & Mayor): each player's abbey tile, played into a hole instead of a draw, and
// the end-of-game abbey round.
//
// Promise (record-format-bigbox.md, "Abbey", "Which steps are recorded"; checklist AM-3..AM-9,
// Y-4, Y-16, Y-19, Y-20):
// - A turn part that would draw a tile (a normal turn or a builder's second part, never a
//   purchased bazaar tile's turn, never a replacement draw) opens, when its player still holds
//   his abbey and an empty square with tiles on all four sides exists, with the decision `abbey
//   X,Y` or `draw`, taken before the tile is seen.
// - The abbey fits any edge (a bridge end too), is a cloister, and closes every road and city
//   facing it without joining them: they may complete and score in that part (part_nodes). The
//   part goes on as usual (figure step, scoring, wagons); an abbey never earns a second part.
// - When no tile is left to play, the abbey round: from the left of the player of the last turn
//   part that had a land tile, clockwise, that player last, each player still holding his abbey
//   while a hole exists decides once `abbey X,Y` (a turn part of its own, without a fairy point)
//   or `pass`; then the final scoring.
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
enum class StepResult : std::uint8_t;

struct AbbeyState {
  std::uint8_t held = 0;         // bit p: player p still holds his abbey
  bool round = false;            // the end-of-game abbey round has begun
  std::uint8_t round_asked = 0;  // players asked so far in it
  std::int16_t x = 0, y = 0;     // the hole chosen in the round, for its turn part
  bool operator==(const AbbeyState&) const = default;
};

namespace abbey {
void setup(GameData& d);
// Whether player `player` still holds his abbey.
bool held(const GameData& d, PlayerId player);
// The turn flow's step before the placement: the decision `abbey X,Y` / `draw` (or, in the abbey
// round, the abbey chosen there).
StepResult choice_step(GameData& d, bool entering);
void choice_moves(const GameData& d, MoveList& out);
std::optional<Error> explain_choice(const GameData& d, const Move& move);
StepResult apply_choice(GameData& d, const Move& move);
// The end of the game: the abbey round, one decision per player holding his abbey.
StepResult game_end(GameData& d);
void round_moves(const GameData& d, MoveList& out);
std::optional<Error> explain_round(const GameData& d, const Move& move);
StepResult apply_round(GameData& d, const Move& move);
// The roads and cities the abbey placed in this part closed.
int part_nodes(const GameData& d, NodeId* out);
std::string invariants(const GameData& d);
// Its actions in the notation: `abbey X,Y` and `draw`.
Result<Move> read_abbey(const VerbInput& in);
std::string write_abbey(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"abbey", MoveKind::Abbey, &read_abbey},
                                  {"draw", MoveKind::Draw}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Abbey, "abbey", &write_abbey},
                                          {MoveKind::Draw, "draw"}};
}  // namespace abbey

}  // namespace carcassonne
