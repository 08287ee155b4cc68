// Figures: the pieces players put on the board, and what each counts for.
//
// Promise: one row per kind of figure; its strength in a majority is the only thing the scoring
// of features needs to know about it. Mechanics that bring a figure give each player a supply of
// it at set-up (mechanics.h); the base game's follower is always there.
#pragma once

#include <cstdint>
#include <string_view>

namespace carcassonne {

enum class FigureKind : std::uint8_t {
  Follower,       // the base game's follower
  LargeFollower,  // Inns & Cathedrals
};
inline constexpr int kFigureKindCount = 2;

struct FigureInfo {
  FigureKind kind;
  std::string_view name;  // the verb that deploys it, and its name in views: "meeple", "large"
  std::uint8_t strength;  // what it counts in a majority
};

inline constexpr FigureInfo kFigureTable[kFigureKindCount] = {
    {FigureKind::Follower, "meeple", 1},
    {FigureKind::LargeFollower, "large", 2},
};

constexpr const FigureInfo& figure_info(FigureKind kind) {
  return kFigureTable[static_cast<int>(kind)];
}

}  // namespace carcassonne
