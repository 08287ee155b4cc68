// The turn flow as data: one ordered table of the steps of a turn part, and one table of the
// decisions a game can wait for.
//
// Promise: kTurnSteps reads like the contract's "Order of play" (record-format-bigbox.md); a
// step whose mechanic is not in play is passed over; every ordering question between mechanics
// is the position of a row. A step runs until it must wait for a decision (it sets the pending
// phase and decider), is done (the next row follows), starts a new turn part (back to the first
// row), ends the turn part early (to the first row after the part's steps) or ends the game.
// A step is re-run after each decision taken in it, with `entering` false, and goes on where it
// stood (its progress is in the state, so the state stays a plain value).
//
// kDecisions (turn_flow.cpp) has one row per Phase: the legal moves, the explanation of a move
// that is not among them, and the function that performs one. GameState::check accepts a move
// exactly when the row's generator lists it (legality by construction).
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

#include "core/game_data.h"
#include "core/move.h"
#include "core/result.h"

namespace carcassonne {

enum class TurnStep : std::uint8_t {
  BeginPart,            // 1. a turn part begins ([fairy point])
  AbbeyChoice,          // 2. `abbey X,Y` or `draw`, when the player holds the abbey
  PlaceTile,            // 2. draw (or take the purchased tile), place it or discard it
  Figure,               // 2-4. optional bridge, [3. builder check], exactly one figure action
  DragonBeforeScoring,  // 5. the dragon's journey (option "dragon": "before-scoring")
  CollectCompletions,   // 6. the features the tile (and bridge) completed
  CastleChoices,        // 6. `castle`/`score` for completed small cities
  ScoreFeatures,        // 6. completed features score; their figures go home
  TradeGoods,           // 6. the completing player takes the completed cities' goods
  CastleRounds,         // 6. castles score completions in their fief (`claim`)
  BarnFarms,            // 6. farms of barns score for their farmers
  WagonMoves,           // 7. wagons sent home by the scoring roll on (`move` or `pass`)
  DragonAfterScoring,   // 8. the dragon's journey (option "dragon": "after-scoring", default)
  SecondPartAtOnce,     // 9. a bazaar-round part's builder second part, before the round goes on
  BazaarReveal,         // 9. a due bazaar takes its tiles from the deck
  SecondPartFirst,      // 10. builder-first: the second part before the auction
  BazaarAuction,        // 9. the auction and the bazaar round (each purchase a turn part)
  SecondPart,           // 10. the builder's second part after the bazaar
  DelayedBazaars,       // builder-first: bazaars placed in second parts, once all that is over
  NextPart,             // the next player's turn
};

struct TurnStepRow {
  TurnStep step;
  std::string_view name;
  MechanicMask needs;  // 0: the base game's step; else it runs when one of these is in play
  StepResult (*run)(GameData& d, bool entering);
};

struct DecisionRow {
  Phase phase;
  std::string_view name;         // as replay output and the protocol name the decision
  std::string_view waiting_for;  // "the game is waiting for ..." when another action is sent
  void (*moves)(const GameData& d, MoveList& out);
  // Why a move outside the legal list is illegal (may return nullopt: a generic message is used).
  std::optional<Error> (*explain)(const GameData& d, const Move& move);
  StepResult (*apply)(GameData& d, const Move& move);
};

const TurnStepRow& turn_step_row(int index);
int turn_step_count();
const DecisionRow& decision_row(Phase phase);

// Goes on from the current step with what the last step or decision reported, until the game
// waits for a decision or is over.
void run_flow(GameData& d, StepResult result);
// A new turn part for `player` (from the first row): a drawn tile, or `given` (a purchase).
StepResult start_part(GameData& d, PlayerId player, PartKind part, TileType given);
// The end of the game: figures in castles leave, then the final scoring.
void finish_game(GameData& d);

// Steps and decisions of the base game, defined in placement.cpp, figure_step.cpp, scoring.cpp.
StepResult place_step(GameData& d, bool entering);
void place_moves(const GameData& d, MoveList& out);
std::optional<Error> explain_place(const GameData& d, const Move& move);
StepResult apply_place(GameData& d, const Move& move);
StepResult figure_step(GameData& d, bool entering);
void figure_moves(const GameData& d, MoveList& out);
std::optional<Error> explain_figure(const GameData& d, const Move& move);
StepResult apply_figure(GameData& d, const Move& move);
// Whether a follower of `kind` may stand on `segment` of the tile just placed (the player has
// one, the segment exists, its feature holds no follower).
bool can_deploy(const GameData& d, FigureKind kind, int segment);
// The part of every figure's test that does not depend on the figure's own rule: the figure
// step is pending, the player has a figure of `kind`, the tile just placed has `segment`.
// (Inline: the builder's and pig's tests ask it for every segment of every figure step.)
inline bool deploy_target_exists(const GameData& d, FigureKind kind, int segment) {
  if (d.flow.phase != Phase::Follower || d.turn.tile < 0 || d.turn.tile_closed ||
      d.figures_of(d.turn.player, kind) == 0)
    return false;
  const PlacedTile& placed = d.placed[static_cast<std::size_t>(d.turn.tile)];
  if (segment == kBridgeSegment) return placed.has_bridge();
  return segment >= 0 && segment < tile_spec(placed.type).segment_count;
}

// Why that part fails (no such segment, none in supply), or nullopt.
std::optional<Error> explain_deploy_target(const GameData& d, FigureKind kind, int segment);
// Why only a mechanic's prelude is legal in the figure step now (a placement awaiting its
// bridge), or nullopt.
std::optional<Error> figure_blocked(const GameData& d);
// Why deploying a figure of `kind` on `segment` of the tile just placed is illegal, or nullopt.
std::optional<Error> explain_deploy(const GameData& d, FigureKind kind, int segment);
// Whether a figure of `kind` may join the feature whose root data is `root` (no follower there, no
// barn on a farm, a kind of feature the figure may stand on), wherever it is; and why not.
// No follower joins an occupied feature or a farm with a barn (AM-18); some figures stand only on
// some kinds of feature (the mayor on cities, the wagon never on a field).
inline bool feature_open_to(FigureKind kind, const FeatureNode& root) {
  return (root.followers == 0) & !root.barn & stands_on_kind(kind, root.kind);  // no branch
}
Error explain_feature_closed(const GameData& d, FigureKind kind, NodeId root);
// Figure actions of the tile just placed: one deployment of `kind` per segment (the bridge
// last) where `feature_takes(d, segment)` holds. The tests of deploy_target_exists that do not
// depend on the segment (the phase, a volcano, the supply) are asked once: the printed segments
// visited exist, the bridge only if the tile has one. A template, so the test is inlined: this
// runs at every figure step of every playout.
template <typename FeatureTakes>
void push_deployments_where(const GameData& d, FigureKind kind, FeatureTakes feature_takes,
                            MoveList& out) {
  if (!deploy_target_exists(d, kind, 0)) return;
  const PlacedTile& placed = d.placed[static_cast<std::size_t>(d.turn.tile)];
  const MoveKind verb = figure_info(kind).deploy;
  const int segments = tile_spec(placed.type).segment_count;
  // Whether a feature takes the figure is a coin toss to the branch predictor: a move is written
  // for every segment, and the cursor advances past those that take it.
  Move* cursor = out.cursor(segments + 1);
  for (int s = 0; s < segments; ++s) {
    assert(deploy_target_exists(d, kind, s));
    *cursor = Move::deploy(verb, s);
    cursor += feature_takes(d, s) ? 1 : 0;
  }
  if (placed.has_bridge()) {
    *cursor = Move::deploy(verb, kBridgeSegment);
    cursor += feature_takes(d, kBridgeSegment) ? 1 : 0;
  }
  out.commit(cursor);
}
// The turn player's follower features, found once per generation and only when a segment needs
// them (most figure steps offer no segment where a builder or pig could stand): what the special
// figures' tests ask.
class FollowerRoots {
 public:
  explicit FollowerRoots(const GameData& d) : d_(d) {}
  bool contains(NodeId root) {
    if (n_ < 0) n_ = d_.follower_roots(d_.turn.player, roots_);
    return std::find(roots_.begin(), roots_.begin() + n_, root) != roots_.begin() + n_;
  }

 private:
  const GameData& d_;
  std::array<NodeId, GameData::kMaxFollowerRoots> roots_{};
  int n_ = -1;
};
// Followers of `kind` wherever can_deploy allows.
void push_follower_deployments(const GameData& d, FigureKind kind, MoveList& out);
StepResult collect_completions_step(GameData& d, bool entering);
// Scores a farm for its farmers' majority at `per_city` and `per_castle` (the end: 3 and 4), with
// the mechanics' bonuses (pigs, barns at the end, the fairy); its figures stay on the board.
ScoreEvent score_farm(GameData& d, NodeId farm, int per_city, int per_castle, bool final_scoring);
StepResult score_features_step(GameData& d, bool entering);
// Whether draw_tile would give a tile now (a tile no mechanic sets aside, with a placement).
bool tile_to_draw(const GameData& d);
// Draws the next placeable tile into the hand (tiles without a placement are discarded); false
// when the deck is used up.
bool draw_tile(GameData& d);
// Logs a tile that fitted nowhere and left the game (not a player's own `discard`: the move
// says that).
void log_discarded(const GameData& d, TileType tile);

}  // namespace carcassonne
