// Trade goods (Traders & Builders): completing a city with goods symbols earns tokens; the
// majorities of tokens score at the end.
//
// Promise: owns every player's tokens (wine, grain, cloth). When a city completes in a turn
// part's scoring, the player of the part takes one token per goods symbol printed in it, whoever
// scores it (TB-21; castles give none: a castle is never scored as a city). At the end, after
// the farms, for each kind every player with the most tokens, at least one, scores 10 (TB-22).
// Tokens never run out.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/tiles.h"
#include "core/types.h"

namespace carcassonne {

struct GameData;
enum class StepResult : std::uint8_t;

struct TradeGoodsState {
  // tokens[player][good - 1]: wine, grain, cloth.
  std::array<std::array<std::uint8_t, kTradeGoodCount>, kMaxPlayers> tokens{};
  bool operator==(const TradeGoodsState&) const = default;
};

namespace trade_goods {
inline constexpr int kMajorityPoints = 10;
// Row TradeGoods, after the completed features scored: the tokens of the completed cities.
StepResult take_step(GameData& d, bool entering);
// The final scoring's last part: 10 per kind to each player with the most tokens.
void final_scoring(GameData& d);
std::string invariants(const GameData& d);
}  // namespace trade_goods

}  // namespace carcassonne
