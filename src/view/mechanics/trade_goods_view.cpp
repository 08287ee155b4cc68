// Trade goods (Traders & Builders): the tokens each player holds.
#include <array>

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

json good_arg(TradeGood good) {
  return text_arg("good." + std::string(trade_good_name(good)));
}

json majority_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  if (event.category != ScoreCategory::Goods) return nullptr;
  const bool shared = (event.winners & (event.winners - 1)) != 0;
  return say(shared ? "score.goodsShared" : "score.goods",
             {{"who", names_arg(event.winners, t.names)},
              {"points", points_arg(event.points)},
              {"good", good_arg(event.good)}});
}

// The goods a player took from a completed city, told once after the last of them: "Ann took 2
// grain and 1 wine".
json goods_taken_say(const Telling& t, std::size_t index) {
  const auto same_taking = [&](std::size_t i) {
    return i < t.events.size() && t.events[i].kind == GameEventKind::GoodsTaken &&
           t.events[i].player == t.events[index].player;
  };
  if (same_taking(index + 1)) return nullptr;
  std::size_t first = index;
  while (first > 0 && same_taking(first - 1)) --first;
  std::array<int, kTradeGoodCount> taken{};
  for (std::size_t i = first; i <= index; ++i)
    taken[static_cast<std::size_t>(t.events[i].good) - 1] += t.events[i].count;
  json parts = json::array();
  for (int g = 1; g <= kTradeGoodCount; ++g)
    if (const int count = taken[static_cast<std::size_t>(g - 1)]; count > 0)
      parts.push_back(text_arg("goods." + std::string(trade_good_name(static_cast<TradeGood>(g))),
                               {{"count", count}}));
  return say("goodsTaken",
             {{"who", t.name(t.events[index].player)}, {"goods", list_arg(std::move(parts))}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &majority_say},
    {GameEventKind::GoodsTaken, &goods_taken_say},
};

constexpr LogText kWords[] = {
    {"good.wine", "wine"},
    {"good.grain", "grain"},
    {"good.cloth", "cloth"},
    {"goods.wine", "{count} wine"},
    {"goods.grain", "{count} grain"},
    {"goods.cloth", "{count} cloth"},
    {"score.goods", "{who} had the most {good}: {points}"},
    {"score.goodsShared", "{who} shared the most {good}: {points}"},
    {"goodsTaken", "{who} took {goods}"},
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
    .actions = kNoActions,
    .tellers = Tellers{kTellers},
    .words = Words{kWords},
};

}  // namespace carcassonne::view
