// The state of every mechanic, as one value: a member per mechanic that has state of its own.
// Adding a mechanic with state adds its member here (and its row to kMechanicTable).
#pragma once

#include "core/mechanics/abbey.h"
#include "core/mechanics/barn.h"
#include "core/mechanics/bazaar.h"
#include "core/mechanics/bridges.h"
#include "core/mechanics/builder.h"
#include "core/mechanics/castles.h"
#include "core/mechanics/dragon.h"
#include "core/mechanics/fairy.h"
#include "core/mechanics/trade_goods.h"
#include "core/mechanics/wagon.h"

namespace carcassonne {

struct MechanicStates {
  BridgesState bridges;
  CastlesState castles;
  BazaarState bazaar;
  BuilderState builder;
  TradeGoodsState trade_goods;
  DragonState dragon;
  FairyState fairy;
  AbbeyState abbey;
  WagonState wagon;
  BarnState barn;
  bool operator==(const MechanicStates&) const = default;
};

}  // namespace carcassonne
