// Figures: the pieces players put on the board, and what each counts for.
//
// Promise: one row per kind of figure; its strength in a majority and whether it is a follower
// (contract: followers are the normal and large followers, the mayor and the wagon; builder, pig
// and barn are not) are all the scoring of features needs to know about it. Mechanics that bring a
// figure give each player a supply of it at set-up (mechanics.h); the base game's follower is
// always there.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/move.h"
#include "core/types.h"

namespace carcassonne {

enum class FigureKind : std::uint8_t {
  Follower,       // the base game's follower
  LargeFollower,  // Inns & Cathedrals
  Builder,        // Traders & Builders
  Pig,            // Traders & Builders
  Mayor,          // Abbey & Mayor
  Wagon,          // Abbey & Mayor
  Barn,           // Abbey & Mayor
};
inline constexpr int kFigureKindCount = 7;

constexpr std::uint8_t feature_bit(FeatureKind kind) {
  return static_cast<std::uint8_t>(1u << static_cast<int>(kind));
}
inline constexpr std::uint8_t kAnyFeature = 0x0F;

struct FigureInfo {
  FigureKind kind;
  std::string_view name;  // the verb that deploys it, and its name in views: "meeple", "large"
  std::uint8_t strength;  // what it counts in a majority
  // Followers hold features (another follower may not join them) and count in majorities;
  // special figures (builder, pig) only accompany their owner's followers.
  bool follower;
  MoveKind deploy;  // the move that deploys it on the tile just placed
  // The kinds of feature it may be deployed on (bit = FeatureKind): every kind, or a few.
  std::uint8_t feature_kinds = kAnyFeature;
  // The mayor: its strength is the pennants of its city (0 in a castle), not `strength`.
  bool pennant_strength = false;
  // The barn: stays on the board to the end of the game (no dragon, no scoring during play sends
  // it home, and it needs no follower beside it).
  bool permanent = false;
};

inline constexpr FigureInfo kFigureTable[kFigureKindCount] = {
    {FigureKind::Follower, "meeple", 1, true, MoveKind::Meeple},
    {FigureKind::LargeFollower, "large", 2, true, MoveKind::Large},
    {FigureKind::Builder, "builder", 0, false, MoveKind::Builder,
     static_cast<std::uint8_t>(feature_bit(FeatureKind::Road) | feature_bit(FeatureKind::City))},
    {FigureKind::Pig, "pig", 0, false, MoveKind::Pig, feature_bit(FeatureKind::Field)},
    {FigureKind::Mayor, "mayor", 0, true, MoveKind::Mayor, feature_bit(FeatureKind::City), true},
    {FigureKind::Wagon, "wagon", 1, true, MoveKind::Wagon,
     static_cast<std::uint8_t>(feature_bit(FeatureKind::Road) | feature_bit(FeatureKind::City) |
                               feature_bit(FeatureKind::Cloister))},
    {FigureKind::Barn, "barn", 0, false, MoveKind::Barn, feature_bit(FeatureKind::Field), false,
     true},
};

constexpr const FigureInfo& figure_info(FigureKind kind) {
  return kFigureTable[static_cast<int>(kind)];
}

// Whether a figure of `kind` may stand on a feature of kind `feature` (the mayor on cities, ...).
constexpr bool stands_on_kind(FigureKind kind, FeatureKind feature) {
  return (figure_info(kind).feature_kinds & feature_bit(feature)) != 0;
}

// Whether `kind` is a figure deployment, and the figure it puts on the board.
constexpr bool is_deployment(MoveKind kind) {
  for (const FigureInfo& info : kFigureTable)
    if (info.deploy == kind) return true;
  return false;
}
constexpr FigureKind deployed_figure(MoveKind kind) {
  for (const FigureInfo& info : kFigureTable)
    if (info.deploy == kind) return info.kind;
  return FigureKind::Follower;
}

}  // namespace carcassonne
