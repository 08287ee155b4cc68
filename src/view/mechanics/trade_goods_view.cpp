// Trade goods (Traders & Builders): the tokens each player holds.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

template <TradeGood good>
int tokens(const GameState& state, PlayerId player) {
  return state.trade_goods(player, good);
}

// {"wine": n, "grain": n, "cloth": n}
void player_goods(const GameState& state, PlayerId player, json& entry) {
  json goods = json::object();
  for (int g = 1; g <= kTradeGoodCount; ++g)
    goods[std::string(trade_good_name(static_cast<TradeGood>(g)))] =
        state.trade_goods(player, static_cast<TradeGood>(g));
  entry["goods"] = std::move(goods);
}

// The record contract: per player in seat order, [wine, grain, cloth].
void goods_by_seat(const GameState& state, json& out) {
  json goods = json::array();
  for (int p = 0; p < state.player_count(); ++p) {
    json counts = json::array();
    for (int g = 1; g <= kTradeGoodCount; ++g)
      counts.push_back(state.trade_goods(static_cast<PlayerId>(p), static_cast<TradeGood>(g)));
    goods.push_back(std::move(counts));
  }
  out["goods"] = std::move(goods);
}

constexpr ObservationColumn kSupply[] = {
    {10, "wine", &tokens<TradeGood::Wine>},
    {11, "grain", &tokens<TradeGood::Grain>},
    {12, "cloth", &tokens<TradeGood::Cloth>},
};

}  // namespace

const MechanicView kTradeGoodsView{
    .mechanic = Mechanic::TradeGoods,
    .public_player = &player_goods,
    .public_game = nullptr,
    .summary_player = nullptr,
    .summary_game = &goods_by_seat,
    .summary_pending = nullptr,
    .supply_columns = Columns{kSupply},
    .info_columns = kNoColumns,
};

}  // namespace carcassonne::view
