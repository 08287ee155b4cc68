// The tile catalogue: every tile type of the base game, of Bridges, Castles and Bazaars, of Inns
// & Cathedrals, of Traders & Builders, of Princess & Dragon and of Abbey & Mayor, as printed
// (rotation 0), and derived per-rotation lookup tables, all built at compile time.
//
// Promise: the data restates ../shared/reference/tiles.txt in the project's own form; a tile type
// is a small integer (TileType) indexing kTileCatalogue; nothing here changes at run time.
//
// A tile is a list of segments. City and road segments touch side middles; field segments touch
// half-edges; a cloister touches nothing on the border. Segments are listed cities first, then
// roads, then fields, then the cloister, each group in the reference file's order, so that the
// reference's "city #k" is segment k-1.
//
// Segments that touch on the tile (a road ending at a cloister, at a city gate or at a junction
// shared with other roads, and the adjacencies the reference gives as notes) are recorded in both
// segments' `touches`: the Abbey & Mayor wagon moves along them.
//
// The abbey (AM-A) is a tile type of its own but never a deck tile: each player holds one in hand.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "core/types.h"

namespace carcassonne {

enum class Expansion : std::uint8_t {
  Base = 0,
  BridgesCastlesBazaars = 1,
  InnsCathedrals = 2,
  TradersBuilders = 3,
  PrincessDragon = 4,
  AbbeyMayor = 5,
};
inline constexpr int kExpansionCount = 6;

// Traders & Builders: the trade good printed on a city segment.
enum class TradeGood : std::uint8_t { None, Wine, Grain, Cloth };
inline constexpr int kTradeGoodCount = 3;  // wine, grain, cloth (TradeGood value - 1)

using TileType = std::uint8_t;
inline constexpr TileType kNoTile = 0xFF;
inline constexpr int kMaxPrintedSegments = 10;

struct SegmentSpec {
  FeatureKind kind = FeatureKind::Field;
  PortMask ports = 0;
  std::uint8_t pennants = 0;
  bool castle_base = false;           // semicircular single-edge city cap (BCB castles)
  bool inn = false;                   // Inns & Cathedrals inn beside this road segment
  bool cathedral = false;             // Inns & Cathedrals cathedral in this city segment
  TradeGood good = TradeGood::None;   // Traders & Builders trade good on this city segment
  bool princess = false;              // Princess & Dragon princess in this city segment
  std::uint16_t bordered_cities = 0;  // fields: bit k = touches city segment k of this tile
  std::uint16_t touches = 0;          // bit k = touches segment k of this tile (symmetric)
};

struct TileSpec {
  std::string_view id;
  Expansion expansion = Expansion::Base;
  std::uint8_t count = 0;  // physical copies in the box (including the start copy)
  bool start_tile = false;
  bool bazaar = false;
  // Princess & Dragon symbols: the dragon flies to a volcano; a dragon tile starts its journey; a
  // magic portal lets a follower go onto any tile.
  bool volcano = false;
  bool dragon = false;
  bool portal = false;
  // Abbey & Mayor: the abbey, held in hand and never in the draw pile (`count` is the box's).
  bool abbey = false;
  std::uint8_t segment_count = 0;
  std::array<SegmentSpec, kMaxPrintedSegments> segments{};

  constexpr TileSpec& add(SegmentSpec segment) {
    segments[segment_count++] = segment;
    return *this;
  }
  // Segments a and b (indices into `segments`) touch each other.
  constexpr TileSpec& touch(int a, int b) {
    segments[a].touches = static_cast<std::uint16_t>(segments[a].touches | (1u << b));
    segments[b].touches = static_cast<std::uint16_t>(segments[b].touches | (1u << a));
    return *this;
  }
  // Every two of these segments touch (roads ending at one junction).
  constexpr TileSpec& touch_each(std::initializer_list<int> group) {
    for (int a : group)
      for (int b : group)
        if (a < b) touch(a, b);
    return *this;
  }
};

namespace tile_dsl {
// Compact constructors used only to write the catalogue below.
enum PortBit : PortMask {
  NNW = 1 << 0,
  N = 1 << 1,
  NNE = 1 << 2,
  ENE = 1 << 3,
  E = 1 << 4,
  ESE = 1 << 5,
  SSE = 1 << 6,
  S = 1 << 7,
  SSW = 1 << 8,
  WSW = 1 << 9,
  W = 1 << 10,
  WNW = 1 << 11,
};
constexpr PortMask kAllHalves = NNW | NNE | ENE | ESE | SSE | SSW | WSW | WNW;
constexpr SegmentSpec city(PortMask ports, int pennants = 0, bool castle_base = false,
                           bool cathedral = false) {
  SegmentSpec segment{FeatureKind::City, ports, static_cast<std::uint8_t>(pennants)};
  segment.castle_base = castle_base;
  segment.cathedral = cathedral;
  return segment;
}
constexpr SegmentSpec cap(PortMask ports) {
  return city(ports, 0, true);
}
constexpr SegmentSpec cathedral_city(PortMask ports) {
  return city(ports, 0, false, true);
}
// A city segment with a trade good (Traders & Builders).
constexpr SegmentSpec goods_city(PortMask ports, TradeGood good) {
  SegmentSpec segment = city(ports);
  segment.good = good;
  return segment;
}
// A city segment with the princess (Princess & Dragon).
constexpr SegmentSpec princess_city(PortMask ports, bool castle_base = false) {
  SegmentSpec segment = city(ports, 0, castle_base);
  segment.princess = true;
  return segment;
}
constexpr SegmentSpec road(PortMask ports, bool inn = false) {
  return {FeatureKind::Road, ports, 0, false, inn, false, TradeGood::None, false, 0};
}
// `cities` lists the 1-based city numbers of the reference ("borders city #1 #2" -> {1, 2}).
// An enclosed field touching no tile edge (the reference's "field inner") has ports 0.
constexpr SegmentSpec field(PortMask ports, std::initializer_list<int> cities = {}) {
  std::uint16_t bordered = 0;
  for (int k : cities) bordered = static_cast<std::uint16_t>(bordered | (1u << (k - 1)));
  return {FeatureKind::Field, ports, 0, false, false, false, TradeGood::None, false, bordered};
}
constexpr SegmentSpec cloister() {
  return {FeatureKind::Cloister, 0, 0, false, false, false, TradeGood::None, false, 0};
}
constexpr TileSpec tile(std::string_view id, int count, Expansion expansion = Expansion::Base) {
  TileSpec spec;
  spec.id = id;
  spec.count = static_cast<std::uint8_t>(count);
  spec.expansion = expansion;
  return spec;
}
constexpr TileSpec start(TileSpec spec) {
  spec.start_tile = true;
  return spec;
}
constexpr TileSpec bazaar(TileSpec spec) {
  spec.bazaar = true;
  return spec;
}
constexpr TileSpec volcano(TileSpec spec) {
  spec.volcano = true;
  return spec;
}
constexpr TileSpec dragon(TileSpec spec) {
  spec.dragon = true;
  return spec;
}
constexpr TileSpec portal(TileSpec spec) {
  spec.portal = true;
  return spec;
}
constexpr TileSpec abbey(TileSpec spec) {
  spec.abbey = true;
  return spec;
}
}  // namespace tile_dsl

namespace detail {
using namespace tile_dsl;
constexpr Expansion kBcb = Expansion::BridgesCastlesBazaars;
constexpr Expansion kIc = Expansion::InnsCathedrals;
constexpr Expansion kTb = Expansion::TradersBuilders;
constexpr Expansion kPd = Expansion::PrincessDragon;
constexpr Expansion kAm = Expansion::AbbeyMayor;
constexpr TradeGood kWine = TradeGood::Wine, kGrain = TradeGood::Grain, kCloth = TradeGood::Cloth;

// Written from ../shared/reference/tiles.txt (rotation 0 = the new-edition picture).
inline constexpr std::array kCatalogue = {
    // ---- Base game: 72 tiles, A..X ----
    tile("A", 2).add(road(S)).add(field(kAllHalves)).add(cloister()).touch(0, 2),
    tile("B", 4).add(field(kAllHalves)).add(cloister()),
    tile("C", 1).add(city(N | E | S | W, 1)),
    start(tile("D", 4))
        .add(cap(N))
        .add(road(E | W))
        .add(field(ENE | WNW, {1}))
        .add(field(ESE | SSE | SSW | WSW)),
    tile("E", 5).add(cap(N)).add(field(ENE | ESE | SSE | SSW | WSW | WNW, {1})),
    tile("F", 2).add(city(E | W, 1)).add(field(NNW | NNE, {1})).add(field(SSE | SSW, {1})),
    tile("G", 1).add(city(E | W)).add(field(NNW | NNE, {1})).add(field(SSE | SSW, {1})),
    tile("H", 3).add(cap(E)).add(cap(W)).add(field(NNW | NNE | SSE | SSW, {1, 2})),
    tile("I", 2).add(cap(N)).add(cap(E)).add(field(SSE | SSW | WSW | WNW, {1, 2})),
    tile("J", 3)
        .add(cap(N))
        .add(road(E | S))
        .add(field(ENE | SSW | WSW | WNW, {1}))
        .add(field(ESE | SSE)),
    tile("K", 3)
        .add(cap(N))
        .add(road(S | W))
        .add(field(ENE | ESE | SSE | WNW, {1}))
        .add(field(SSW | WSW)),
    tile("L", 3)
        .add(cap(N))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(ENE | WNW, {1}))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({1, 2, 3}),
    tile("M", 2).add(city(N | E, 1)).add(field(SSE | SSW | WSW | WNW, {1})),
    tile("N", 3).add(city(N | E)).add(field(SSE | SSW | WSW | WNW, {1})),
    tile("O", 2)
        .add(city(N | W, 1))
        .add(road(E | S))
        .add(field(ENE | SSW, {1}))
        .add(field(ESE | SSE)),
    tile("P", 3).add(city(N | W)).add(road(E | S)).add(field(ENE | SSW, {1})).add(field(ESE | SSE)),
    tile("Q", 1).add(city(N | E | W, 1)).add(field(SSE | SSW, {1})),
    tile("R", 3).add(city(N | E | W)).add(field(SSE | SSW, {1})),
    tile("S", 2)
        .add(city(N | E | W, 1))
        .add(road(S))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("T", 1)
        .add(city(N | E | W))
        .add(road(S))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("U", 8)
        .add(road(N | S))
        .add(field(NNW | SSW | WSW | WNW))
        .add(field(NNE | ENE | ESE | SSE)),
    tile("V", 9)
        .add(road(S | W))
        .add(field(NNW | NNE | ENE | ESE | SSE | WNW))
        .add(field(SSW | WSW)),
    tile("W", 4)
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({0, 1, 2}),
    tile("X", 1)
        .add(road(N))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | WNW))
        .add(field(NNE | ENE))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({0, 1, 2, 3}),
    // ---- Bridges, Castles and Bazaars: 12 tiles, BCB-A..BCB-K ----
    bazaar(tile("BCB-A", 1, kBcb)).add(field(kAllHalves)),
    bazaar(tile("BCB-B", 1, kBcb))
        .add(cap(N))
        .add(road(S))
        .add(field(ENE | ESE | SSE | SSW | WSW | WNW, {1})),
    bazaar(tile("BCB-C", 1, kBcb))
        .add(road(N))
        .add(road(S, true))
        .add(field(NNW | SSW | WSW | WNW))
        .add(field(NNE | ENE | ESE | SSE)),
    bazaar(tile("BCB-D", 2, kBcb)).add(city(N | E | S | W)),
    bazaar(tile("BCB-E", 1, kBcb))
        .add(road(N))
        .add(road(S))
        .add(field(NNW | SSW | WSW | WNW))
        .add(field(NNE | ENE | ESE | SSE)),
    tile("BCB-F", 1, kBcb)
        .add(road(E | W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE | SSW | WSW))
        .add(cloister()),
    // The cloister stands inside the city: they touch.
    tile("BCB-G", 1, kBcb)
        .add(city(E | W))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE | SSW, {1}))
        .add(cloister())
        .touch(0, 3),
    tile("BCB-H", 1, kBcb)
        .add(cap(N))
        .add(cap(E))
        .add(cap(W))
        .add(road(S))
        .add(field(SSE, {2}))
        .add(field(SSW, {1, 2, 3}))
        .touch(1, 3),
    tile("BCB-I", 1, kBcb)
        .add(city(W))
        .add(road(E))
        .add(field(NNW | NNE, {1}))
        .add(field(ENE, {1}))
        .add(field(ESE | SSE | SSW, {1}))
        .touch(0, 1),
    bazaar(tile("BCB-J", 1, kBcb)).add(road(S, true)).add(field(kAllHalves)),
    bazaar(tile("BCB-K", 1, kBcb))
        .add(city(E | W))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE | SSW, {1})),
    // ---- Inns & Cathedrals: 18 tiles, IC-A..IC-Q (IC-K twice) ----
    tile("IC-A", 1, kIc)
        .add(road(S | W, true))
        .add(field(NNW | NNE | ENE | ESE | SSE | WNW))
        .add(field(SSW | WSW)),
    tile("IC-B", 1, kIc)
        .add(road(E | W, true))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE | SSW | WSW)),
    tile("IC-C", 1, kIc)
        .add(road(E, true))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({0, 1, 2}),
    tile("IC-D", 1, kIc)
        .add(road(E))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE | SSW | WSW))
        .add(cloister())
        .touch(0, 4)
        .touch(1, 4),
    tile("IC-E", 1, kIc)
        .add(road(N | W))
        .add(road(E | S))
        .add(field(NNW | WNW))
        .add(field(NNE | ENE | SSW | WSW))
        .add(field(ESE | SSE)),
    tile("IC-F", 1, kIc)
        .add(city(N | W))
        .add(road(E))
        .add(field(ENE, {1}))
        .add(field(ESE | SSE | SSW, {1}))
        .touch(0, 1),
    tile("IC-G", 1, kIc)
        .add(city(W))
        .add(field(NNW | NNE, {1}))
        .add(field(ENE | ESE | SSE | SSW, {1})),
    tile("IC-H", 1, kIc)
        .add(cap(N))
        .add(cap(E))
        .add(cap(S))
        .add(cap(W))
        .add(field(0, {1, 2, 3, 4})),
    // Both roads and both city gates meet at the village: all four touch each other.
    tile("IC-I", 1, kIc)
        .add(cap(N))
        .add(cap(S))
        .add(road(E))
        .add(road(W))
        .add(field(ENE, {1}))
        .add(field(ESE, {2}))
        .add(field(WSW, {2}))
        .add(field(WNW, {1}))
        .touch_each({0, 1, 2, 3}),
    tile("IC-J", 1, kIc)
        .add(cap(N))
        .add(road(S))
        .add(field(ENE | ESE | SSE, {1}))
        .add(field(SSW | WSW | WNW, {1}))
        .touch(0, 1),
    tile("IC-K", 2, kIc).add(cathedral_city(N | E | S | W)),
    tile("IC-L", 1, kIc)
        .add(city(N | W, 1))
        .add(road(E | S, true))
        .add(field(ENE | SSW, {1}))
        .add(field(ESE | SSE)),
    tile("IC-M", 1, kIc)
        .add(cap(N))
        .add(road(S | W, true))
        .add(field(ENE | ESE | SSE | WNW, {1}))
        .add(field(SSW | WSW)),
    tile("IC-N", 1, kIc)
        .add(city(N | W))
        .add(road(S, true))
        .add(field(ENE | ESE | SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("IC-O", 1, kIc).add(cap(N)).add(cap(E)).add(cap(W)).add(field(SSE | SSW, {1, 2, 3})),
    tile("IC-P", 1, kIc).add(city(N | W, 1)).add(cap(S)).add(field(ENE | ESE, {1, 2})),
    tile("IC-Q", 1, kIc)
        .add(city(E | W, 1))
        .add(road(N))
        .add(road(S))
        .add(field(NNW, {1}))
        .add(field(NNE, {1}))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1)
        .touch(0, 2),
    // ---- Traders & Builders: 24 tiles, TB-A..TB-X ----
    tile("TB-A", 1, kTb)
        .add(cap(N))
        .add(road(E))
        .add(field(ENE, {1}))
        .add(field(ESE | SSE | SSW | WSW | WNW, {1}))
        .touch(0, 1),
    tile("TB-B", 1, kTb)
        .add(road(N | S))
        .add(road(E | W))
        .add(field(NNW | WNW))
        .add(field(NNE | ENE))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW)),
    tile("TB-C", 1, kTb)
        .add(cap(N))
        .add(road(S))
        .add(road(W))
        .add(field(ENE | ESE | SSE, {1}))
        .add(field(SSW | WSW))
        .add(field(WNW, {1}))
        .touch(0, 1),
    tile("TB-D", 1, kTb)
        .add(goods_city(N | W, kGrain))
        .add(cap(S))
        .add(road(E))
        .add(field(ENE, {1}))
        .add(field(ESE, {1, 2}))
        .touch(0, 2),
    tile("TB-E", 1, kTb)
        .add(goods_city(E | W, kGrain))
        .add(road(S))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("TB-F", 1, kTb)
        .add(goods_city(N | W, kGrain))
        .add(road(S))
        .add(field(ENE | ESE | SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("TB-G", 1, kTb).add(goods_city(N | W, kGrain)).add(field(ENE | ESE | SSE | SSW, {1})),
    tile("TB-H", 1, kTb).add(goods_city(N | E | W, kGrain)).add(field(SSE | SSW, {1})),
    tile("TB-I", 1, kTb)
        .add(goods_city(N | W, kGrain))
        .add(road(S))
        .add(field(ENE | ESE, {1}))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("TB-J", 1, kTb)
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .add(cloister())
        .touch(0, 6)
        .touch(1, 6)
        .touch(2, 6),
    tile("TB-K", 1, kTb)
        .add(goods_city(N | E, kCloth))
        .add(road(S))
        .add(field(SSE, {1}))
        .add(field(SSW | WSW | WNW, {1}))
        .touch(0, 1),
    tile("TB-L", 1, kTb)
        .add(goods_city(N | W, kCloth))
        .add(cap(S))
        .add(road(E))
        .add(field(ENE, {1}))
        .add(field(ESE, {1, 2}))
        .touch(0, 2),
    tile("TB-M", 1, kTb)
        .add(goods_city(N | W, kCloth))
        .add(cap(E))
        .add(cap(S))
        .add(field(0, {1, 2, 3})),
    tile("TB-N", 1, kTb)
        .add(goods_city(E | W, kCloth))
        .add(cap(S))
        .add(field(NNW | NNE, {1}))
        .add(field(0, {1, 2})),
    tile("TB-O", 1, kTb)
        .add(goods_city(N | W, kCloth))
        .add(road(E))
        .add(road(S))
        .add(field(ENE, {1}))
        .add(field(ESE, {1}))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1)
        .touch(0, 2),
    tile("TB-P", 1, kTb)
        .add(goods_city(E | W, kWine))
        .add(cap(S))
        .add(field(NNW | NNE, {1}))
        .add(field(0, {1, 2})),
    tile("TB-Q", 1, kTb)
        .add(goods_city(E | W, kWine))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE | SSW, {1})),
    tile("TB-R", 1, kTb)
        .add(goods_city(E | W, kWine))
        .add(road(N))
        .add(road(S))
        .add(field(NNW, {1}))
        .add(field(NNE, {1}))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1)
        .touch(0, 2),
    tile("TB-S", 1, kTb)
        .add(goods_city(E | W, kWine))
        .add(road(S))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("TB-T", 1, kTb).add(goods_city(N | W, kWine)).add(field(ENE | ESE | SSE | SSW, {1})),
    tile("TB-U", 1, kTb)
        .add(goods_city(N | W, kWine))
        .add(road(E))
        .add(road(S))
        .add(field(ENE, {1}))
        .add(field(ESE | SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1)
        .touch(0, 2),
    tile("TB-V", 1, kTb)
        .add(goods_city(N | E | W, kWine))
        .add(road(S))
        .add(field(SSE, {1}))
        .add(field(SSW, {1}))
        .touch(0, 1),
    tile("TB-W", 1, kTb)
        .add(goods_city(N | W, kWine))
        .add(road(E))
        .add(field(ENE, {1}))
        .add(field(ESE, {1}))
        .add(field(SSE | SSW, {1}))
        .touch(0, 1),
    tile("TB-X", 1, kTb).add(goods_city(N | W, kWine)).add(city(E | S)).add(field(0, {1, 2})),
    // ---- Princess & Dragon: 30 tiles, PD-A..PD-Z and PD-1..PD-3 (PD-G twice) ----
    tile("PD-A", 1, kPd)
        .add(princess_city(N | W))
        .add(road(E | S))
        .add(field(ENE | SSW, {1}))
        .add(field(ESE | SSE)),
    tile("PD-B", 1, kPd).add(princess_city(N | W)).add(field(ENE | ESE | SSE | SSW, {1})),
    tile("PD-C", 1, kPd).add(princess_city(N | E | W)).add(field(SSE | SSW, {1})),
    tile("PD-D", 1, kPd)
        .add(princess_city(N, true))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(ENE | WNW, {1}))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({1, 2, 3}),
    tile("PD-E", 1, kPd)
        .add(princess_city(N | W))
        .add(field(ENE | ESE, {1}))
        .add(field(SSE | SSW, {1})),
    tile("PD-F", 1, kPd)
        .add(princess_city(N))
        .add(city(E | S, 1))
        .add(field(WSW | WNW, {1}))
        .add(field(0, {1, 2})),
    dragon(tile("PD-G", 2, kPd))
        .add(road(S | W))
        .add(field(NNW | NNE | ENE | ESE | SSE | WNW))
        .add(field(SSW | WSW)),
    dragon(tile("PD-H", 1, kPd))
        .add(road(N | S))
        .add(field(NNW | SSW | WSW | WNW))
        .add(field(NNE | ENE | ESE | SSE)),
    dragon(tile("PD-I", 1, kPd))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({0, 1, 2}),
    dragon(tile("PD-J", 1, kPd)).add(cap(N)).add(field(ENE | ESE | SSE | SSW | WSW | WNW, {1})),
    dragon(tile("PD-K", 1, kPd)).add(city(N | W)).add(field(ENE | ESE | SSE | SSW, {1})),
    dragon(tile("PD-L", 1, kPd))
        .add(cap(N))
        .add(road(S | W))
        .add(field(ENE | ESE | SSE | WNW, {1}))
        .add(field(SSW | WSW)),
    dragon(tile("PD-M", 1, kPd))
        .add(cap(N))
        .add(road(E | S))
        .add(field(ENE | SSW | WSW | WNW, {1}))
        .add(field(ESE | SSE)),
    dragon(tile("PD-N", 1, kPd))
        .add(city(E | W, 1))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE | SSW, {1})),
    // The cloister stands inside the city; both may hold a follower, and they touch.
    dragon(tile("PD-O", 1, kPd))
        .add(city(N | E | W))
        .add(field(SSE | SSW, {1}))
        .add(cloister())
        .touch(0, 2),
    dragon(tile("PD-P", 1, kPd))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .add(cloister())
        .touch(0, 6)
        .touch(1, 6)
        .touch(2, 6),
    // The road runs on under the city through a tunnel: one road, one city, two fields.
    dragon(tile("PD-Q", 1, kPd))
        .add(city(E | W))
        .add(road(N | S))
        .add(field(NNW | NNE, {1}))
        .add(field(SSE | SSW, {1})),
    portal(tile("PD-R", 1, kPd))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | NNE | ENE | WNW))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .touch_each({0, 1, 2}),
    portal(tile("PD-S", 1, kPd)).add(city(N | E | W, 1)).add(field(SSE | SSW, {1})),
    portal(tile("PD-T", 1, kPd))
        .add(cap(N))
        .add(road(S | W))
        .add(field(ENE | ESE | SSE | WNW, {1}))
        .add(field(SSW | WSW)),
    portal(tile("PD-U", 1, kPd))
        .add(cap(N))
        .add(road(E | S))
        .add(field(ENE | SSW | WSW | WNW, {1}))
        .add(field(ESE | SSE)),
    portal(tile("PD-V", 1, kPd))
        .add(city(N | W))
        .add(road(E | S))
        .add(field(ENE | SSW, {1}))
        .add(field(ESE | SSE)),
    portal(tile("PD-W", 1, kPd))
        .add(road(N | W))
        .add(road(E | S))
        .add(field(NNW | WNW))
        .add(field(NNE | ENE | SSW | WSW))
        .add(field(ESE | SSE)),
    volcano(tile("PD-X", 1, kPd))
        .add(road(S | W))
        .add(field(NNW | NNE | ENE | ESE | SSE | WNW))
        .add(field(SSW | WSW)),
    volcano(tile("PD-Y", 1, kPd)).add(cap(N)).add(cap(W)).add(field(ENE | ESE | SSE | SSW, {1, 2})),
    volcano(tile("PD-Z", 1, kPd)).add(cap(N)).add(field(ENE | ESE | SSE | SSW | WSW | WNW, {1})),
    volcano(tile("PD-1", 1, kPd)).add(road(S)).add(field(kAllHalves)),
    volcano(tile("PD-2", 1, kPd)).add(field(kAllHalves)),
    volcano(tile("PD-3", 1, kPd))
        .add(road(N | S))
        .add(field(NNW | SSW | WSW | WNW))
        .add(field(NNE | ENE | ESE | SSE)),
    // ---- Abbey & Mayor: 12 land tiles, AM-B..AM-M, and 6 abbeys, AM-A ----
    abbey(tile("AM-A", 6, kAm)).add(cloister()),
    tile("AM-B", 1, kAm)
        .add(road(N))
        .add(road(E))
        .add(road(S))
        .add(road(W))
        .add(field(NNW | WNW))
        .add(field(NNE | ENE))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW))
        .add(cloister())
        .touch(0, 8)
        .touch(1, 8)
        .touch(2, 8)
        .touch(3, 8),
    // The four enclosed corner patches are two inner fields, each bordering both cities.
    tile("AM-C", 1, kAm)
        .add(city(N | S, 1))
        .add(city(E | W))
        .add(field(0, {1, 2}))
        .add(field(0, {1, 2})),
    tile("AM-D", 1, kAm).add(city(N | E | S | W, 2)),
    tile("AM-E", 1, kAm)
        .add(city(N, 1))
        .add(city(E | W))
        .add(field(SSE | SSW, {1, 2}))
        .add(field(0, {1, 2})),
    tile("AM-F", 1, kAm)
        .add(cap(N))
        .add(road(W))
        .add(field(ENE | ESE | SSE | SSW | WSW, {1}))
        .add(field(WNW, {1}))
        .touch(0, 1),
    tile("AM-G", 1, kAm)
        .add(cap(N))
        .add(cap(E))
        .add(road(S))
        .add(road(W))
        .add(field(SSE, {2}))
        .add(field(SSW | WSW, {1, 2}))
        .add(field(WNW, {1}))
        .touch(1, 2)
        .touch(0, 3),
    tile("AM-H", 1, kAm).add(road(S)).add(field(kAllHalves)),
    tile("AM-I", 1, kAm)
        .add(city(W, 1))
        .add(field(NNW | NNE, {1}))
        .add(field(ENE | ESE, {1}))
        .add(field(SSE | SSW, {1})),
    tile("AM-J", 1, kAm)
        .add(cap(N))
        .add(road(E | S))
        .add(field(ENE, {1}))
        .add(field(ESE | SSE))
        .add(field(SSW | WSW | WNW, {1})),
    tile("AM-K", 1, kAm)
        .add(cap(N))
        .add(road(S | W))
        .add(field(ENE | ESE | SSE, {1}))
        .add(field(SSW | WSW))
        .add(field(WNW, {1})),
    // The road runs on under the city through a tunnel: one road, one city.
    tile("AM-L", 1, kAm)
        .add(city(E | W, 1))
        .add(road(N | S))
        .add(field(NNW, {1}))
        .add(field(NNE, {1}))
        .add(field(SSE | SSW, {1})),
    // One continuous road with three arms round a well, not a junction.
    tile("AM-M", 1, kAm)
        .add(road(N | S | W))
        .add(field(NNW | WNW))
        .add(field(NNE | ENE | ESE | SSE))
        .add(field(SSW | WSW)),
};
}  // namespace detail

inline constexpr auto& kTileCatalogue = detail::kCatalogue;
inline constexpr int kTileTypeCount = static_cast<int>(kTileCatalogue.size());

constexpr const TileSpec& tile_spec(TileType type) {
  return kTileCatalogue[type];
}

constexpr std::optional<TileType> find_tile_type(std::string_view id) {
  for (int i = 0; i < kTileTypeCount; ++i)
    if (kTileCatalogue[i].id == id) return static_cast<TileType>(i);
  return std::nullopt;
}

// Per tile type and rotation: which segment each border point belongs to, each side's edge kind,
// and the rotated port mask of every segment.
struct RotatedTile {
  std::array<std::uint8_t, kPortCount> port_segment{};  // kNoSegment where nothing touches
  std::array<PortMask, kMaxPrintedSegments> segment_ports{};
  std::uint8_t edge_signature = 0;  // 2 bits per side (N lowest): EdgeKind of that side
  std::int8_t cloister_segment = -1;
};
inline constexpr std::uint8_t kNoSegment = 0xFF;

constexpr EdgeKind signature_edge(std::uint8_t signature, Side side) {
  return static_cast<EdgeKind>((signature >> (2 * static_cast<int>(side))) & 3);
}

namespace detail {
constexpr RotatedTile rotate_tile(const TileSpec& spec, Rotation rotation) {
  RotatedTile rotated;
  for (auto& s : rotated.port_segment) s = kNoSegment;
  for (int i = 0; i < spec.segment_count; ++i) {
    const SegmentSpec& segment = spec.segments[i];
    const PortMask ports = rotate_mask(segment.ports, rotation);
    rotated.segment_ports[i] = ports;
    if (segment.kind == FeatureKind::Cloister)
      rotated.cloister_segment = static_cast<std::int8_t>(i);
    for (int p = 0; p < kPortCount; ++p)
      if (ports & port_bit(static_cast<Port>(p)))
        rotated.port_segment[p] = static_cast<std::uint8_t>(i);
  }
  for (int side = 0; side < kSideCount; ++side) {
    const std::uint8_t middle = rotated.port_segment[side_middle(static_cast<Side>(side))];
    EdgeKind kind = EdgeKind::Field;
    if (middle != kNoSegment) {
      kind = spec.segments[middle].kind == FeatureKind::City ? EdgeKind::City : EdgeKind::Road;
    }
    rotated.edge_signature =
        static_cast<std::uint8_t>(rotated.edge_signature | (static_cast<int>(kind) << (2 * side)));
  }
  return rotated;
}

constexpr auto build_rotation_table() {
  std::array<std::array<RotatedTile, kRotationCount>, kTileTypeCount> table{};
  for (int t = 0; t < kTileTypeCount; ++t)
    for (int r = 0; r < kRotationCount; ++r)
      table[t][r] = rotate_tile(kTileCatalogue[t], static_cast<Rotation>(r));
  return table;
}
inline constexpr auto kRotationTable = build_rotation_table();

// Compile-time checks of the catalogue against the reference's own invariants.
constexpr bool catalogue_is_consistent() {
  std::array<int, kExpansionCount> tiles{};
  for (const TileSpec& spec : kCatalogue) {
    if (static_cast<int>(spec.expansion) >= kExpansionCount) return false;
    tiles[static_cast<std::size_t>(spec.expansion)] += spec.count;
    // Touching is symmetric and stays within the tile's segments.
    for (int i = 0; i < spec.segment_count; ++i) {
      const std::uint16_t touches = spec.segments[i].touches;
      if ((touches >> spec.segment_count) != 0 || (touches >> i & 1u)) return false;
      for (int k = 0; k < spec.segment_count; ++k)
        if ((touches >> k & 1u) != (spec.segments[k].touches >> i & 1u)) return false;
    }
    // The abbey is one cloister filling the tile; its sides fit any edge.
    if (spec.abbey) {
      if (spec.segment_count != 1 || spec.segments[0].kind != FeatureKind::Cloister) return false;
      continue;
    }
    PortMask field_halves = 0, middles = 0;
    for (int i = 0; i < spec.segment_count; ++i) {
      const SegmentSpec& s = spec.segments[i];
      // Pennants, castle bases and cathedrals belong to cities, inns to roads.
      if (s.kind != FeatureKind::City && (s.pennants || s.castle_base || s.cathedral || s.princess))
        return false;
      if (s.kind != FeatureKind::Road && s.inn) return false;
      if (s.kind == FeatureKind::Field) {
        if ((s.ports & ~half_edges_mask()) || (field_halves & s.ports)) return false;
        field_halves |= s.ports;
      } else if (s.kind == FeatureKind::City || s.kind == FeatureKind::Road) {
        if ((s.ports & ~side_middles_mask()) || (middles & s.ports) || s.ports == 0) return false;
        middles |= s.ports;
      }
    }
    // Every half-edge is a field unless its side is city; no city side has field halves.
    for (int side = 0; side < kSideCount; ++side) {
      const Port middle = side_middle(static_cast<Side>(side));
      bool city_side = false;
      for (int i = 0; i < spec.segment_count; ++i)
        if (spec.segments[i].kind == FeatureKind::City &&
            (spec.segments[i].ports & port_bit(middle)))
          city_side = true;
      const PortMask halves = port_bit(middle - 1) | port_bit(middle + 1);
      if (city_side ? (field_halves & halves) != 0 : (field_halves & halves) != halves)
        return false;
    }
  }
  return tiles[static_cast<std::size_t>(Expansion::Base)] == 72 &&
         tiles[static_cast<std::size_t>(Expansion::BridgesCastlesBazaars)] == 12 &&
         tiles[static_cast<std::size_t>(Expansion::InnsCathedrals)] == 18 &&
         tiles[static_cast<std::size_t>(Expansion::TradersBuilders)] == 24 &&
         tiles[static_cast<std::size_t>(Expansion::PrincessDragon)] == 30 &&
         tiles[static_cast<std::size_t>(Expansion::AbbeyMayor)] == 12 + 6;
}
static_assert(catalogue_is_consistent(), "tile catalogue contradicts the reference's invariants");
}  // namespace detail

constexpr const RotatedTile& rotated_tile(TileType type, Rotation rotation) {
  return detail::kRotationTable[type][rotation & 3];
}

// A square's demands: 2 bits per side (north lowest), the EdgeKind its neighbour on that side
// shows, 0 where there is no neighbour. There are only 256 such bytes, so for every tile type the
// rotations that satisfy each one are tabulated: a placement test is one lookup.
//
// Per tile type and demand byte, a mask of rotations: bit r set for rotation r.
using RotationMaskTable = std::array<std::array<std::uint8_t, 256>, kTileTypeCount>;

namespace detail {
constexpr bool signature_satisfies(std::uint8_t signature, std::uint8_t required) {
  for (int side = 0; side < kSideCount; ++side) {
    const int need = (required >> (2 * side)) & 3;
    if (need != 0 && need != ((signature >> (2 * side)) & 3)) return false;
  }
  return true;
}
// Per tile type and demand byte: bit r set when rotation r's edge signature satisfies `accepts`.
template <typename Accepts>
constexpr RotationMaskTable build_rotation_mask_table(Accepts accepts) {
  RotationMaskTable table{};
  for (int t = 0; t < kTileTypeCount; ++t)
    for (int required = 0; required < 256; ++required)
      for (int r = 0; r < kRotationCount; ++r)
        if (accepts(kRotationTable[t][r].edge_signature, static_cast<std::uint8_t>(required)))
          table[t][required] = static_cast<std::uint8_t>(table[t][required] | (1 << r));
  return table;
}

// Both tables are computed at compile time in tiles.cpp only: evaluating them in every translation
// unit that includes this header took most of its compile time (about a second with gcc, four with
// clang). A table needed in a constant expression is built from the functions above (bridges.cpp).
// Rotations whose edges meet every demand.
extern const RotationMaskTable kFitTable;
// Rotations that do not fit, but where every mismatched side pits a road against a field: the
// only mismatches a bridge (Bridges, Castles and Bazaars) can repair. Cities meet only cities.
extern const RotationMaskTable kBridgeCandidateTable;
}  // namespace detail

// Bit r set = the tile fits a square with these demands at rotation r.
inline std::uint8_t fitting_rotations(TileType type, std::uint8_t required) {
  return detail::kFitTable[type][required];
}
// fitting_rotations of `type` for every demand byte.
inline const std::array<std::uint8_t, 256>& fitting_rotations_row(TileType type) {
  return detail::kFitTable[type];
}

// Bit r set = rotation r does not fit, but a bridge could make it fit (see kBridgeCandidateTable).
inline std::uint8_t bridge_candidate_rotations(TileType type, std::uint8_t required) {
  return detail::kBridgeCandidateTable[type][required];
}

}  // namespace carcassonne
