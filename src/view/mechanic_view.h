// What each mechanic shows of a game: one view row per mechanic, read by the server's public
// state (docs/PROTOCOL.md), the replay summary (the record contract), Python's observation
// arrays (docs/PYTHON.md), the structured form of its actions and the game log (what its actions
// and its events say, and its words in English). The layer sits above the core and below the
// record: it reads a GameState and writes JSON or numbers, and decides no rule.
//
// Promise: kMechanicViews has exactly one row per mechanic, in the order of the Mechanic enum.
// A row names every part; a part a mechanic does not have is written `nullptr` (or kNoColumns,
// kNoActions, kNoTellers, kNoWords), so a row that leaves a part out does not compile, nor does a
// table with a row missing (its size is checked); the order is checked by a test, as is that
// every kind of move has one action view, held by the row whose core row writes it (or by the
// base game's view). The JSON walks ask only the rows of the
// mechanics in play, so a mechanic's fields appear exactly when it is in play; the observation's
// columns are fixed whatever is in play (its arrays keep one shape), so its walk asks every row.
//
// Adding a mechanic: a file view/mechanics/NAME_view.cpp defining its row (or, if it shows
// nothing of its own, a line in shown_elsewhere_view.cpp), its declaration below and its place in
// the table (mechanic_view.cpp); its log texts' words in the five web locales.
#pragma once

#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "core/game.h"
#include "view/narration.h"
#include "view/telling.h"

namespace carcassonne::view {

// A part of a row that must be written out: no default, so leaving it out does not compile.
template <typename T>
class Required {
 public:
  constexpr Required(T value) : value_(value) {}  // NOLINT: implicit on purpose (row syntax)
  constexpr const T& operator*() const { return value_; }

 private:
  T value_;
};

// Writes fields of one player's entry (`player`), or of the whole view.
using PlayerFields = void (*)(const GameState&, PlayerId, nlohmann::json&);
using GameFields = void (*)(const GameState&, nlohmann::json&);

// A column of an observation array: where it sits in the array (the array's layout is part of the
// Python contract and never moves), its name, and its value (for `player`; ignored by the info
// array's columns, which hold no player's own numbers).
struct ObservationColumn {
  int index;
  std::string_view name;
  int (*value)(const GameState&, PlayerId);
};
using Columns = std::span<const ObservationColumn>;
inline constexpr Columns kNoColumns{};

// A kind of move as the views show it: the keys of its structured form beyond "action" and "verb"
// (docs/PROTOCOL.md, "Structured actions"; nullptr: none), and what the log says of it.
struct ActionView {
  MoveKind kind;
  void (*structure)(const GameState& state, const Move& move, nlohmann::json& out);
  nlohmann::json (*say)(const Telling& telling);
};
using Actions = std::span<const ActionView>;
inline constexpr Actions kNoActions{};

// An event told in the log: `say` returns what the log says of event `index` of the move's
// events, or null to leave it untold (a follower a scoring sent home needs no entry of its own).
struct EventTeller {
  GameEventKind kind;
  nlohmann::json (*say)(const Telling& telling, std::size_t index);
};
using Tellers = std::span<const EventTeller>;
inline constexpr Tellers kNoTellers{};

using Words = std::span<const LogText>;
inline constexpr Words kNoWords{};

// What the base game itself shows in the log and the actions: placing, deploying, skipping and
// passing; the scorings of roads, cities, cloisters and farms; a tile that fitted nowhere.
struct BaseView {
  Required<Actions> actions;
  Required<Tellers> tellers;
  Required<Words> words;
};
extern const BaseView kBaseView;

struct MechanicView {
  Mechanic mechanic;
  // The server's public state (docs/PROTOCOL.md): fields of each player's entry, and of the state.
  Required<PlayerFields> public_player;
  Required<GameFields> public_game;
  // The replay summary (record contract): fields of each player's entry, of the summary, and of
  // its `pending` object while the game runs.
  Required<PlayerFields> summary_player;
  Required<GameFields> summary_game;
  Required<GameFields> summary_pending;
  // Python's observation: the columns this mechanic owns in the per-player `supply` array and in
  // the `info` array.
  Required<Columns> supply_columns;
  Required<Columns> info_columns;
  // Its kinds of move (those whose writers its core row holds), the events it tells, and the
  // English of the texts it says.
  Required<Actions> actions;
  Required<Tellers> tellers;
  Required<Words> words;
};

// The row of a mechanic with nothing of its own in the public state, the summary or the
// observation (its figures and printed tiles are shown by every view's walk): only its actions,
// its tellers and its words.
constexpr MechanicView told_only(Mechanic mechanic, Actions actions, Tellers tellers, Words words) {
  return {.mechanic = mechanic,
          .public_player = nullptr,
          .public_game = nullptr,
          .summary_player = nullptr,
          .summary_game = nullptr,
          .summary_pending = nullptr,
          .supply_columns = kNoColumns,
          .info_columns = kNoColumns,
          .actions = actions,
          .tellers = tellers,
          .words = words};
}

extern const MechanicView kBridgesView, kCastlesView, kBazaarView, kLargeFollowerView, kInnView,
    kCathedralView, kBuilderView, kPigView, kTradeGoodsView, kDragonView, kFairyView, kPortalView,
    kPrincessView, kAbbeyView, kMayorView, kWagonView, kBarnView;

// The rows, in the order of the Mechanic enum.
extern const std::array<const MechanicView*, kMechanicCount> kMechanicViews;

// The first entry of a part (actions, tellers or words) that `matches`: the base game's view's
// first, then every row's in table order, in play or not; null if none does.
template <typename T, typename Matches>
const T* find_in_views(Required<std::span<const T>> BaseView::*base_part,
                       Required<std::span<const T>> MechanicView::*row_part, Matches&& matches) {
  for (const T& entry : *(kBaseView.*base_part))
    if (matches(entry)) return &entry;
  for (const MechanicView* row : kMechanicViews)
    for (const T& entry : *(row->*row_part))
      if (matches(entry)) return &entry;
  return nullptr;
}

// The walks: each row of a mechanic in play adds its fields.
void add_public_player_fields(const GameState& state, PlayerId player, nlohmann::json& entry);
void add_public_game_fields(const GameState& state, nlohmann::json& out);
void add_summary_player_fields(const GameState& state, PlayerId player, nlohmann::json& entry);
void add_summary_game_fields(const GameState& state, nlohmann::json& out);
void add_summary_pending_fields(const GameState& state, nlohmann::json& pending);

// Calls `f(column)` for every mechanic's supply (or info) column, in play or not.
template <typename F>
void for_each_supply_column(F&& f) {
  for (const MechanicView* row : kMechanicViews)
    for (const ObservationColumn& column : *row->supply_columns) f(column);
}
template <typename F>
void for_each_info_column(F&& f) {
  for (const MechanicView* row : kMechanicViews)
    for (const ObservationColumn& column : *row->info_columns) f(column);
}

// Shared pieces of the views.
// A tile's id, or null for kNoTile.
nlohmann::json tile_id(TileType type);
// A seat, or null for kNoPlayer.
nlohmann::json seat_or_null(PlayerId player);
// The seats of a bit set (bit p: seat p), in order, as a JSON array.
nlohmann::json seats_json(std::uint8_t seats, int player_count);
// {x, y} of a placed tile by its index, or null (the dragon or the fairy off the board).
nlohmann::json square_of_tile(const GameState& state, int tile);
// "X,Y" of a placed tile by its index (the record contract's way), or null.
nlohmann::json square_text(const GameState& state, int tile);
// "wine", "grain", "cloth" (and "goods" for TradeGood::None).
std::string_view trade_good_name(TradeGood good);

// The kind of feature of a segment of a placed tile, as the views name it ("city", "road",
// "field", "cloister", "bridge").
std::string_view segment_kind_name(const PlacedTile& tile, int segment);
// The kind of feature of `segment` of the tile at (x, y), or "feature" where no tile lies.
std::string_view feature_kind_at(const GameState& state, int x, int y, int segment);
// Adds "location" (canonical: a border point, "cloister", "inner") and "feature" of segment
// `segment` of placed tile `tile` to a structured action.
void add_segment_place(const GameState& state, int tile, int segment, nlohmann::json& out);

// The placed tile and segment a figure's node belongs to ({-1, -1} for a node out of range).
struct NodePlace {
  int tile = -1;
  int segment = -1;
};
NodePlace place_of_node(const GameState& state, NodeId node);

}  // namespace carcassonne::view
