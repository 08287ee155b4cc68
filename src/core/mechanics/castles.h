// Castles (Bridges, Castles and Bazaars): a completed small city may become a castle, which
// scores a feature completed in its fief.
//
// Promise: owns the castle tokens, the castles on the board and the two resumable parts of a
// turn part's scoring that belong to castles: the `castle`/`score` choices before features score
// (step CastleChoices) and the castle rounds with their `claim` decisions after (step
// CastleRounds). Chains of castles (footnote 20) are rounds of completions.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/features.h"
#include "core/move.h"
#include "core/result.h"
#include "core/types.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;
enum class StepResult : std::uint8_t;

// A small city turned into a castle. Its fief is its two squares and the two squares on each
// side of them: a 3x2 block (3 wide along the edge the two city halves share).
struct Castle {
  std::int16_t x[2] = {0, 0}, y[2] = {0, 0};                // the two squares
  std::int16_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;  // the fief
  NodeId city = 0;                                          // root of the castle's city
  PlayerId owner = kNoPlayer;
  bool occupied = true;  // its follower is still in it (it has not scored yet)
  std::int32_t built_turn = 0;

  bool in_fief(int px, int py) const {
    return px >= min_x && px <= max_x && py >= min_y && py <= max_y;
  }
  bool operator==(const Castle&) const = default;
};

struct CastlesState {
  std::array<std::uint8_t, kMaxPlayers> tokens{};
  std::vector<Castle> castles;
  std::vector<NodeId> small_cities;  // this turn part: awaiting castle-or-score, in order
  int small_city_cursor = 0;
  std::size_t round_begin = 0, round_end = 0;  // completions of the current castle round
  int castle_cursor = 0;                       // next castle to examine in the round
  bool operator==(const CastlesState&) const = default;
};

namespace castles {
int per_player(int players);  // 3 each, 2 with 5-6 players
void setup(GameData& d);
// Step CastleChoices: the owners of qualifying small cities choose, one by one.
StepResult run_choices(GameData& d, bool entering);
// Step CastleRounds: earlier castles score completions in their fief, in rounds.
StepResult run_rounds(GameData& d, bool entering);
void choice_moves(const GameData& d, MoveList& out);
StepResult apply_choice(GameData& d, const Move& move);
void claim_moves(const GameData& d, MoveList& out);
std::optional<Error> explain_claim(const GameData& d, const Move& move);
StepResult apply_claim(GameData& d, const Move& move);
// The canonical claim move for a feature named by any of its locations, if claimable now.
std::optional<Move> canonical_claim(const GameData& d, int x, int y, Port port);
int claiming_castle(const GameData& d);
// At the end: followers in castles leave for nothing.
void finish(GameData& d);
std::string invariants(const GameData& d);
// Its actions in the notation: `castle`, `score` and `claim X,Y LOCATION`.
Result<Move> read_claim(const VerbInput& in);
std::string write_claim(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"castle", MoveKind::Castle},
                                  {"score", MoveKind::Score},
                                  {"claim", MoveKind::Claim, &read_claim}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Castle, "castle"},
                                          {MoveKind::Score, "score"},
                                          {MoveKind::Claim, "claim", &write_claim}};
}  // namespace castles

}  // namespace carcassonne
