// Trade goods (Traders & Builders). See trade_goods.h for the rules.
#include "core/mechanics/trade_goods.h"

#include <algorithm>

#include "core/game_data.h"

namespace carcassonne::trade_goods {

StepResult take_step(GameData& d, bool /*entering*/) {
  auto& mine = d.mechanics.trade_goods.tokens[GameData::index(d.turn.player)];
  const auto before = mine;
  for (const Completion& c : d.scoring.completed) {
    if (c.castle >= 0 || d.features.node(c.root).kind != FeatureKind::City) continue;
    NodeId member = c.root;
    do {
      const FeatureNode& node = d.features.node(member);
      if (node.segment != kBridgeSegment) {
        const TradeGood good =
            tile_spec(d.placed[node.placed_tile].type).segments[node.segment].good;
        if (good != TradeGood::None) ++mine[static_cast<std::size_t>(good) - 1];
      }
      member = node.next_member;
    } while (member != c.root);
  }
  for (std::size_t g = 0; g < kTradeGoodCount && d.listening(); ++g) {
    if (mine[g] == before[g]) continue;
    GameEvent event = GameEvent::of(GameEventKind::GoodsTaken);
    event.player = d.turn.player;
    event.good = static_cast<TradeGood>(g + 1);
    event.count = mine[g] - before[g];
    d.log(event);
  }
  return StepResult::Done;
}

void final_scoring(GameData& d) {
  const auto& tokens = d.mechanics.trade_goods.tokens;
  for (std::size_t good = 0; good < kTradeGoodCount; ++good) {
    int most = 0;
    for (int p = 0; p < d.player_count; ++p)
      most = std::max(most, static_cast<int>(tokens[static_cast<std::size_t>(p)][good]));
    if (most == 0) continue;  // nobody holds this good: nobody scores it
    std::uint8_t winners = 0;
    for (int p = 0; p < d.player_count; ++p)
      if (tokens[static_cast<std::size_t>(p)][good] == most)
        winners = static_cast<std::uint8_t>(winners | (1u << p));
    ScoreEvent event;
    event.category = ScoreCategory::Goods;
    event.final_scoring = true;
    event.points = kMajorityPoints;
    event.winners = winners;
    event.good = static_cast<TradeGood>(good + 1);
    d.add_points(winners, kMajorityPoints, ScoreCategory::Goods);
    d.log(event);
  }
}

std::string invariants(const GameData& d) {
  // Every symbol of every scored city was taken exactly once (a castle has none: its caps show
  // no goods), and no other.
  std::array<int, kTradeGoodCount> printed{}, taken{};
  for (int id = 0; id < d.features.size(); ++id) {
    const FeatureNode& node = d.features.node(static_cast<NodeId>(id));
    if (node.kind != FeatureKind::City || node.segment == kBridgeSegment) continue;
    const TradeGood good = tile_spec(d.placed[node.placed_tile].type).segments[node.segment].good;
    if (good != TradeGood::None &&
        d.features.node(d.features.find_const(static_cast<NodeId>(id))).scored)
      ++printed[static_cast<std::size_t>(good) - 1];
  }
  for (int p = 0; p < d.player_count; ++p)
    for (std::size_t good = 0; good < kTradeGoodCount; ++good)
      taken[good] += d.mechanics.trade_goods.tokens[static_cast<std::size_t>(p)][good];
  if (printed != taken) return "trade goods taken differ from the symbols of completed cities";
  return {};
}

}  // namespace carcassonne::trade_goods
