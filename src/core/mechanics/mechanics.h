// The table of mechanics: what each mechanic adds to the base game, at fixed moments.
//
// Promise: a mechanic is a module (its own files under core/mechanics/) that owns its state (a
// member of MechanicStates), its set-up, what it adds to placement and to the figure step, its
// scoring contribution, its decisions (legal moves, the explanation of illegal ones, apply) and
// its invariants. kMechanicTable has one row per mechanic, in the order of the Mechanic enum;
// the engine asks only the rows of the mechanics in play, so a game without a mechanic pays
// nothing for it. The order of the turn's steps between mechanics is kTurnSteps (turn_flow.h).
//
// Recipe for a new mechanic: a value in `Mechanic` and the expansion's preset (rules.h); files
// core/mechanics/NAME.{h,cpp}; its state in MechanicStates (if it has any); a row here; its
// steps as rows of kTurnSteps (if it has steps of its own); its actions as values of MoveKind
// (move.h) and its verbs and writers in its module (verbs.h); a figure in figures.h (if it brings
// one: its name is its deployment's verb).
#pragma once

#include <array>
#include <bit>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/game_data.h"
#include "core/move.h"
#include "core/result.h"
#include "core/verbs.h"

namespace carcassonne {

struct MechanicHooks {
  Mechanic mechanic;
  std::string_view name;
  // What it offers in the figure step, for messages ("a bridge", "a large follower"), or empty.
  std::string_view figure_phrase;
  // The category it adds to the score sheet (castles, bazaars, goods, the fairy), if any: shown
  // only when the mechanic is in play (score_category_applies).
  std::optional<ScoreCategory> score_category = std::nullopt;
  // Set-up: each player's pieces of this mechanic, before the first turn.
  void (*setup)(GameData&) = nullptr;
  // A turn part begins.
  void (*begin_part)(GameData&) = nullptr;
  // A tile taken from the deck (a draw, a bazaar's reveal) as the pile's `take`-th take (0-based;
  // deck.next for a take now): whether this mechanic sets it aside then (the dragon tiles before
  // the first volcano), and setting it aside. Asked of past takes too, to tell which were.
  bool (*sets_aside)(const GameData&, TileType, int take) = nullptr;
  void (*set_aside)(GameData&, TileType) = nullptr;
  // Placement: rotations of a tile on a frontier square that are legal only with this mechanic
  // (a bridge); whether a tile has any such placement; actions offered beside the placements
  // (`discard`), given whether the tile has a plain placement; what a placement leaves to do.
  unsigned (*placement_rotations)(const GameData&, TileType, const FrontierSquare&) = nullptr;
  // Whether it can add placements now (bridges: the player has one), asked once per generation,
  // and a table per tile type and square demands whose bits 0-3 are the rotations that fit
  // plainly (fitting_rotations) and bits 4-7 those this mechanic might make fit, asked per square
  // before placement_rotations (data, not a call: one lookup per square in the hot loop).
  bool (*placement_enabled)(const GameData&) = nullptr;
  const RotationMaskTable* placement_table = nullptr;
  bool (*has_placement)(const GameData&, TileType) = nullptr;
  void (*placement_extra)(const GameData&, bool plain, MoveList&) = nullptr;
  // The kind of the action placement_extra offers (`discard`), and why such an action is illegal
  // now; asked whether the mechanic is in play or not, so that it says which it is.
  bool owns_placement_action = false;
  MoveKind placement_action = MoveKind::Skip;
  std::optional<Error> (*explain_placement_action)(const GameData&, const Move&) = nullptr;
  void (*on_placed)(GameData&, bool fits_plainly) = nullptr;
  // Why a placement does not fit, for the part of the message that concerns this mechanic.
  std::string (*placement_note)(const GameData&) = nullptr;
  // The figure step: actions offered before the figures (bridges); true when they are the only
  // legal actions now.
  bool (*figure_prelude)(const GameData&, MoveList&) = nullptr;
  // The figure step: why only the prelude's actions are legal now (a placement awaiting its
  // bridge), or nullopt.
  std::optional<Error> (*figure_blocked)(const GameData&) = nullptr;
  // The figure step: this mechanic's figure actions (after the base game's followers).
  void (*figure_moves)(const GameData&, MoveList&) = nullptr;
  // The figure step: whether this mechanic's figure actions are the only legal ones now (the
  // princess); figure_blocked then explains why the others are not.
  bool (*figure_compels)(const GameData&) = nullptr;
  // The figure step's action (not a prelude's) is about to be performed: what this mechanic
  // checks between `place`/`bridge` and the figure action (the builder's second part).
  void (*before_figure_action)(GameData&) = nullptr;
  // The action of the figure step this mechanic owns (if `owns_move`): explanation when illegal,
  // and performing one. Data, so that finding a move's owner is one lookup (kFigureActionOwner).
  bool owns_move = false;
  MoveKind owned_move = MoveKind::Skip;
  std::optional<Error> (*explain)(const GameData&, const Move&) = nullptr;
  void (*apply)(GameData&, const Move&) = nullptr;
  // Scoring: nodes this turn part added beside the new tile's printed segments (a bridge, which
  // may stand on a neighbour), whose features may have been completed; returns how many.
  int (*part_nodes)(const GameData&, NodeId* out) = nullptr;
  // The value of a feature as scored (completed, or at the end): the base game's value in.
  int (*feature_value)(const GameData&, NodeId root, bool final_scoring, int tiles,
                       int value) = nullptr;
  // A feature (any kind, a castle's city too) is being scored, its figures still on it: what this
  // mechanic adds to every scoring (the fairy's bonus).
  void (*feature_scored)(GameData&, NodeId root) = nullptr;
  // A farm has scored (`event`: its points, cities, castles and winners), its figures still on
  // it: what this mechanic adds (the pig).
  void (*farm_scored)(GameData&, NodeId farm, const ScoreEvent& event) = nullptr;
  // No tile is left to play: what this mechanic plays before the final scoring (the abbey round).
  // Returns Done when it has nothing (more) to play, else Wait or StartPart; the turn flow calls it
  // again whenever what it started reports the end of the game.
  StepResult (*game_end)(GameData&) = nullptr;
  // At the end of the game, before incomplete features score.
  void (*finish)(GameData&) = nullptr;
  // At the end of the game, after the farms: the final scoring's last part (trade goods).
  void (*final_scoring)(GameData&) = nullptr;
  // Its actions in the notation (verbs.h): the verbs it reads, and the writers of the kinds of
  // move it owns (every MoveKind has one writer, here or in the base game's kBaseWriters).
  std::span<const Verb> verbs = {};
  std::span<const MoveWriter> writers = {};
  // A description of the first broken invariant of this mechanic, or empty.
  std::string (*invariants)(const GameData&) = nullptr;
};

extern const std::array<MechanicHooks, kMechanicCount> kMechanicTable;

// Calls `f(hooks)` for every mechanic in play, in table order.
template <typename F>
void for_each_mechanic(const GameData& d, F&& f) {
  for (MechanicMask m = d.rules.mechanics; m != 0; m &= m - 1)
    f(kMechanicTable[static_cast<std::size_t>(std::countr_zero(m))]);
}

// For each hook asked every turn, the mechanics whose rows fill it (computed from the table at
// compile time): with all expansions seventeen mechanics are in play and most hooks have one or
// two, so the loops of a turn visit only those.
struct HookMasks {
  MechanicMask begin_part = 0, sets_aside = 0, placement_rotations = 0, placement_extra = 0,
               has_placement = 0, on_placed = 0, figure_prelude = 0, figure_blocked = 0,
               figure_moves = 0, figure_compels = 0, before_figure_action = 0, part_nodes = 0,
               feature_value = 0, feature_scored = 0, farm_scored = 0;
};
extern const HookMasks kHookMasks;

// Calls `f(hooks)` for every mechanic in play among `with_hook` (a kHookMasks field), in table
// order.
template <typename F>
void for_each_mechanic(const GameData& d, MechanicMask with_hook, F&& f) {
  for (MechanicMask m = d.rules.mechanics & with_hook; m != 0; m &= m - 1)
    f(kMechanicTable[static_cast<std::size_t>(std::countr_zero(m))]);
}

// The mechanic in play that owns an action of the figure step, or null.
const MechanicHooks* figure_action_owner(const GameData& d, MoveKind kind);
// The mechanic, in play or not, whose placement_extra offers actions of `kind`, or null.
const MechanicHooks* placement_action_owner(MoveKind kind);

// A tile taken from the deck: whether a mechanic in play would set it aside now, and doing so
// (true when it did).
bool mechanics_set_aside(const GameData& d, TileType tile);
bool set_aside_by_mechanics(GameData& d, TileType tile);
// Whether a tile taken as the pile's `take`-th take (past or now) was set aside by a mechanic.
bool mechanics_set_aside_at(const GameData& d, TileType tile, int take);
// A feature is being scored (mechanics' bonuses for every scoring).
void mechanics_feature_scored(GameData& d, NodeId root);

int mechanics_feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles,
                            int value);

}  // namespace carcassonne
