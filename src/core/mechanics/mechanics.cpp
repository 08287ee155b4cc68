// The table of mechanics, one row each, in the order of the Mechanic enum.
#include "core/mechanics/mechanics.h"

#include "core/mechanics/abbey.h"
#include "core/mechanics/barn.h"
#include "core/mechanics/bazaar.h"
#include "core/mechanics/bridges.h"
#include "core/mechanics/builder.h"
#include "core/mechanics/castles.h"
#include "core/mechanics/cathedral.h"
#include "core/mechanics/dragon.h"
#include "core/mechanics/fairy.h"
#include "core/mechanics/inn.h"
#include "core/mechanics/large_follower.h"
#include "core/mechanics/mayor.h"
#include "core/mechanics/pig.h"
#include "core/mechanics/portal.h"
#include "core/mechanics/princess.h"
#include "core/mechanics/trade_goods.h"
#include "core/mechanics/wagon.h"

namespace carcassonne {

namespace {

constexpr MechanicHooks bridges_row() {
  MechanicHooks m{Mechanic::Bridges, "bridges", "a bridge"};
  m.setup = &bridges::setup;
  m.begin_part = &bridges::begin_part;
  m.placement_rotations = &bridges::repairable_rotations;
  m.placement_enabled = &bridges::can_build;
  m.placement_table = &bridges::kFitOrRepair;
  m.has_placement = &bridges::has_placement_with_bridge;
  m.placement_extra = &bridges::placement_extra;
  m.owns_placement_action = true;
  m.placement_action = MoveKind::Discard;
  m.explain_placement_action = &bridges::explain_discard;
  m.on_placed = &bridges::on_placed;
  m.placement_note = &bridges::placement_note;
  m.figure_prelude = &bridges::figure_prelude;
  m.figure_blocked = &bridges::figure_blocked;
  m.part_nodes = &bridges::part_nodes;
  m.owns_move = true;
  m.owned_move = MoveKind::Bridge;
  m.explain = &bridges::explain;
  m.apply = &bridges::apply;
  m.invariants = &bridges::invariants;
  m.verbs = bridges::kVerbs;
  m.writers = bridges::kWriters;
  return m;
}

constexpr MechanicHooks castles_row() {
  MechanicHooks m{Mechanic::Castles, "castles", ""};
  m.score_category = ScoreCategory::Castle;
  m.setup = &castles::setup;
  m.finish = &castles::finish;
  m.invariants = &castles::invariants;
  m.verbs = castles::kVerbs;
  m.writers = castles::kWriters;
  return m;
}

constexpr MechanicHooks bazaar_row() {
  MechanicHooks m{Mechanic::Bazaar, "bazaar", ""};
  m.score_category = ScoreCategory::Bazaar;
  m.setup = &bazaar::setup;
  m.invariants = &bazaar::invariants;
  m.verbs = bazaar::kVerbs;
  m.writers = bazaar::kWriters;
  return m;
}

constexpr MechanicHooks large_follower_row() {
  MechanicHooks m{Mechanic::LargeFollower, "large follower", "a large follower"};
  m.setup = &large_follower::setup;
  m.figure_moves = &large_follower::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::Large;
  m.explain = &large_follower::explain;
  m.apply = &large_follower::apply;
  return m;
}

constexpr MechanicHooks inn_row() {
  MechanicHooks m{Mechanic::Inn, "inn", ""};
  m.feature_value = &inn::feature_value;
  return m;
}

constexpr MechanicHooks cathedral_row() {
  MechanicHooks m{Mechanic::Cathedral, "cathedral", ""};
  m.feature_value = &cathedral::feature_value;
  return m;
}

constexpr MechanicHooks builder_row() {
  MechanicHooks m{Mechanic::Builder, "builder", "a builder"};
  m.setup = &builder::setup;
  m.figure_moves = &builder::figure_moves;
  m.before_figure_action = &builder::check;
  m.owns_move = true;
  m.owned_move = MoveKind::Builder;
  m.explain = &builder::explain;
  m.apply = &builder::apply;
  m.invariants = &builder::invariants;
  return m;
}

constexpr MechanicHooks pig_row() {
  MechanicHooks m{Mechanic::Pig, "pig", "a pig"};
  m.setup = &pig::setup;
  m.figure_moves = &pig::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::Pig;
  m.explain = &pig::explain;
  m.apply = &pig::apply;
  m.farm_scored = &pig::farm_scored;
  m.invariants = &pig::invariants;
  return m;
}

constexpr MechanicHooks trade_goods_row() {
  MechanicHooks m{Mechanic::TradeGoods, "trade goods", ""};
  m.score_category = ScoreCategory::Goods;
  m.final_scoring = &trade_goods::final_scoring;
  m.invariants = &trade_goods::invariants;
  return m;
}

constexpr MechanicHooks dragon_row() {
  MechanicHooks m{Mechanic::Dragon, "dragon", ""};
  m.sets_aside = &dragon::sets_aside;
  m.set_aside = &dragon::set_aside;
  m.on_placed = &dragon::on_placed;
  m.invariants = &dragon::invariants;
  m.verbs = dragon::kVerbs;
  m.writers = dragon::kWriters;
  return m;
}

constexpr MechanicHooks fairy_row() {
  MechanicHooks m{Mechanic::Fairy, "fairy", "the fairy"};
  m.score_category = ScoreCategory::Fairy;
  m.begin_part = &fairy::begin_part;
  m.figure_moves = &fairy::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::Fairy;
  m.explain = &fairy::explain;
  m.apply = &fairy::apply;
  m.feature_scored = &fairy::feature_scored;
  m.invariants = &fairy::invariants;
  m.verbs = fairy::kVerbs;
  m.writers = fairy::kWriters;
  return m;
}

constexpr MechanicHooks portal_row() {
  MechanicHooks m{Mechanic::Portal, "magic portal", ""};
  m.figure_moves = &portal::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::PortalDeploy;
  m.explain = &portal::explain;
  m.apply = &portal::apply;
  m.verbs = portal::kVerbs;
  m.writers = portal::kWriters;
  return m;
}

constexpr MechanicHooks princess_row() {
  MechanicHooks m{Mechanic::Princess, "princess", "the princess"};
  m.figure_moves = &princess::figure_moves;
  m.figure_compels = &princess::compels;
  m.figure_blocked = &princess::figure_blocked;
  m.owns_move = true;
  m.owned_move = MoveKind::Princess;
  m.explain = &princess::explain;
  m.apply = &princess::apply;
  m.verbs = princess::kVerbs;
  m.writers = princess::kWriters;
  return m;
}

constexpr MechanicHooks abbey_row() {
  MechanicHooks m{Mechanic::Abbey, "abbey", ""};
  m.setup = &abbey::setup;
  m.part_nodes = &abbey::part_nodes;
  m.game_end = &abbey::game_end;
  m.invariants = &abbey::invariants;
  m.verbs = abbey::kVerbs;
  m.writers = abbey::kWriters;
  return m;
}

constexpr MechanicHooks mayor_row() {
  MechanicHooks m{Mechanic::Mayor, "mayor", "the mayor"};
  m.setup = &mayor::setup;
  m.figure_moves = &mayor::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::Mayor;
  m.explain = &mayor::explain;
  m.apply = &mayor::apply;
  return m;
}

constexpr MechanicHooks wagon_row() {
  MechanicHooks m{Mechanic::Wagon, "wagon", "the wagon"};
  m.setup = &wagon::setup;
  m.figure_moves = &wagon::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::Wagon;
  m.explain = &wagon::explain;
  m.apply = &wagon::apply;
  m.feature_scored = &wagon::feature_scored;
  m.invariants = &wagon::invariants;
  m.verbs = wagon::kVerbs;
  m.writers = wagon::kWriters;
  return m;
}

constexpr MechanicHooks barn_row() {
  MechanicHooks m{Mechanic::Barn, "barn", "the barn"};
  m.setup = &barn::setup;
  m.figure_moves = &barn::figure_moves;
  m.owns_move = true;
  m.owned_move = MoveKind::Barn;
  m.explain = &barn::explain;
  m.apply = &barn::apply;
  m.farm_scored = &barn::farm_scored;
  m.invariants = &barn::invariants;
  m.verbs = barn::kVerbs;
  m.writers = barn::kWriters;
  return m;
}

}  // namespace

constexpr std::array<MechanicHooks, kMechanicCount> kMechanicTable = {
    bridges_row(),   castles_row(), bazaar_row(),   large_follower_row(), inn_row(),
    cathedral_row(), builder_row(), pig_row(),      trade_goods_row(),    dragon_row(),
    fairy_row(),     portal_row(),  princess_row(), abbey_row(),          mayor_row(),
    wagon_row(),     barn_row(),
};

namespace {
constexpr bool rows_in_enum_order() {
  for (int i = 0; i < kMechanicCount; ++i)
    if (static_cast<int>(kMechanicTable[static_cast<std::size_t>(i)].mechanic) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kMechanicTable rows follow the Mechanic enum");
}  // namespace

namespace {
constexpr HookMasks hook_masks() {
  HookMasks h;
  for (int i = 0; i < kMechanicCount; ++i) {
    const MechanicHooks& m = kMechanicTable[static_cast<std::size_t>(i)];
    const MechanicMask bit = MechanicMask{1} << i;
    auto add = [bit](MechanicMask& mask, bool filled) {
      if (filled) mask |= bit;
    };
    add(h.begin_part, m.begin_part != nullptr);
    add(h.sets_aside, m.sets_aside != nullptr);
    add(h.placement_rotations, m.placement_rotations != nullptr);
    add(h.placement_extra, m.placement_extra != nullptr);
    add(h.has_placement, m.has_placement != nullptr);
    add(h.on_placed, m.on_placed != nullptr);
    add(h.figure_prelude, m.figure_prelude != nullptr);
    add(h.figure_blocked, m.figure_blocked != nullptr);
    add(h.figure_moves, m.figure_moves != nullptr);
    add(h.figure_compels, m.figure_compels != nullptr);
    add(h.before_figure_action, m.before_figure_action != nullptr);
    add(h.part_nodes, m.part_nodes != nullptr);
    add(h.feature_value, m.feature_value != nullptr);
    add(h.feature_scored, m.feature_scored != nullptr);
    add(h.farm_scored, m.farm_scored != nullptr);
  }
  return h;
}
}  // namespace

// Not constexpr: under UBSan GCC does not treat comparing a function's address with null as a
// constant expression, so there it is computed when the program starts (elsewhere the compiler
// initialises it statically). Nothing reads it before main.
const HookMasks kHookMasks = hook_masks();

namespace {
// Per MoveKind, the row of the mechanic that says (`owns`) it owns that kind (`kind`), or -1.
template <bool MechanicHooks::*owns, MoveKind MechanicHooks::*kind>
constexpr std::array<int, kMoveKindCount> owner_rows() {
  std::array<int, kMoveKindCount> rows{};
  rows.fill(-1);
  for (int i = 0; i < kMechanicCount; ++i) {
    const MechanicHooks& m = kMechanicTable[static_cast<std::size_t>(i)];
    if (m.*owns) rows[static_cast<std::size_t>(m.*kind)] = i;
  }
  return rows;
}
// The figure actions' owners, and those of the actions offered beside the placements.
constexpr auto kFigureActionOwner =
    owner_rows<&MechanicHooks::owns_move, &MechanicHooks::owned_move>();
constexpr auto kPlacementActionOwner =
    owner_rows<&MechanicHooks::owns_placement_action, &MechanicHooks::placement_action>();
}  // namespace

namespace {
// Calls `f(writer)` for the base game's writers and every mechanic's.
template <typename F>
constexpr void for_each_writer(F&& f) {
  for (const MoveWriter& writer : kBaseWriters) f(writer);
  for (const MechanicHooks& m : kMechanicTable)
    for (const MoveWriter& writer : m.writers) f(writer);
}
constexpr bool every_kind_written_once() {
  std::array<int, kMoveKindCount> count{};
  for_each_writer(
      [&](const MoveWriter& writer) { ++count[static_cast<std::size_t>(writer.kind)]; });
  for (int n : count)
    if (n != 1) return false;
  return true;
}
static_assert(every_kind_written_once(), "every kind of move has exactly one writer");
// Per MoveKind, its writer.
constexpr auto writer_rows() {
  std::array<MoveWriter, kMoveKindCount> writers{};
  for_each_writer(
      [&](const MoveWriter& writer) { writers[static_cast<std::size_t>(writer.kind)] = writer; });
  return writers;
}
constexpr std::array<MoveWriter, kMoveKindCount> kMoveWriters = writer_rows();
}  // namespace

const MoveWriter& move_writer(MoveKind kind) {
  return kMoveWriters[static_cast<std::size_t>(kind)];
}

const MechanicHooks* placement_action_owner(MoveKind kind) {
  const int row = kPlacementActionOwner[static_cast<std::size_t>(kind)];
  return row < 0 ? nullptr : &kMechanicTable[static_cast<std::size_t>(row)];
}

const MechanicHooks* figure_action_owner(const GameData& d, MoveKind kind) {
  const int row = kFigureActionOwner[static_cast<std::size_t>(kind)];
  if (row < 0) return nullptr;
  const MechanicHooks& owner = kMechanicTable[static_cast<std::size_t>(row)];
  return d.has(owner.mechanic) ? &owner : nullptr;
}

bool mechanics_set_aside_at(const GameData& d, TileType tile, int take) {
  bool aside = false;
  for_each_mechanic(d, kHookMasks.sets_aside, [&](const MechanicHooks& m) {
    aside = aside || (m.sets_aside != nullptr && m.sets_aside(d, tile, take));
  });
  return aside;
}

bool mechanics_set_aside(const GameData& d, TileType tile) {
  return mechanics_set_aside_at(d, tile, d.deck.next);
}

bool set_aside_by_mechanics(GameData& d, TileType tile) {
  bool aside = false;
  for_each_mechanic(d, kHookMasks.sets_aside, [&](const MechanicHooks& m) {
    if (aside || m.sets_aside == nullptr || !m.sets_aside(d, tile, d.deck.next)) return;
    m.set_aside(d, tile);
    aside = true;
  });
  return aside;
}

void mechanics_feature_scored(GameData& d, NodeId root) {
  for_each_mechanic(d, kHookMasks.feature_scored, [&](const MechanicHooks& m) {
    if (m.feature_scored != nullptr) m.feature_scored(d, root);
  });
}

int mechanics_feature_value(const GameData& d, NodeId root, bool final_scoring, int tiles,
                            int value) {
  for_each_mechanic(d, kHookMasks.feature_value, [&](const MechanicHooks& m) {
    if (m.feature_value != nullptr) value = m.feature_value(d, root, final_scoring, tiles, value);
  });
  return value;
}

}  // namespace carcassonne
