// Basic vocabulary of the rules core: sides, border points ("ports"), rotations, feature kinds.
//
// Promise: plain constexpr values and helpers only; no state, no I/O.
//
// Border points of a tile, clockwise from the western half of the north edge, exactly as in the
// move notation: NNW N NNE ENE E ESE SSE S SSW WSW W WNW. Index 3*side+1 is the middle of a side
// (where a road or a city crosses it); 3*side and 3*side+2 are its two halves (where fields touch
// it). A quarter turn clockwise moves every point three places along this ring, which makes
// rotation a shift of a 12-bit mask.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace carcassonne {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kMinPlayers = 2;

using PlayerId = std::int8_t;
inline constexpr PlayerId kNoPlayer = -1;

enum class Side : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };
inline constexpr int kSideCount = 4;

constexpr Side opposite(Side side) {
  return static_cast<Side>((static_cast<int>(side) + 2) & 3);
}
constexpr int side_dx(Side side) {
  constexpr std::array<int, 4> kDx = {0, 1, 0, -1};
  return kDx[static_cast<int>(side)];
}
constexpr int side_dy(Side side) {
  constexpr std::array<int, 4> kDy = {-1, 0, 1, 0};  // y grows to the south
  return kDy[static_cast<int>(side)];
}

// A border point of a tile (see the file comment); kCloisterPort names a tile's cloister.
using Port = std::uint8_t;
inline constexpr int kPortCount = 12;
inline constexpr Port kCloisterPort = 12;
// An enclosed field touching no border point ("inner"; a second one on a tile: "inner2").
inline constexpr Port kInnerPort = 13;
inline constexpr Port kInner2Port = 14;
inline constexpr Port kNoPort = 0xFF;

using PortMask = std::uint16_t;  // bit p set = the segment touches border point p
inline constexpr PortMask kAllPorts = 0x0FFF;

constexpr Port side_middle(Side side) {
  return static_cast<Port>(3 * static_cast<int>(side) + 1);
}
constexpr Side port_side(Port port) {
  return static_cast<Side>(port / 3);
}
constexpr bool is_side_middle(Port port) {
  return port < kPortCount && port % 3 == 1;
}
constexpr PortMask port_bit(Port port) {
  return static_cast<PortMask>(1u << port);
}
constexpr PortMask side_middles_mask() {
  return 0b010'010'010'010;
}
// How many side middles `ports` holds (no std::popcount: a library call on the baseline x86-64
// the build targets, and this runs for every segment placed).
constexpr int side_middle_count(PortMask ports) {
  return (ports >> 1 & 1) + (ports >> 4 & 1) + (ports >> 7 & 1) + (ports >> 10 & 1);
}
constexpr PortMask half_edges_mask() {
  return 0b101'101'101'101;
}
static_assert(side_middle_count(side_middles_mask()) == 4 &&
              side_middle_count(half_edges_mask()) == 0);

// The point on the neighbouring tile that touches `port` across the shared side.
constexpr Port facing_port(Port port) {
  constexpr std::array<Port, kPortCount> kFacing = {8, 7, 6, 11, 10, 9, 2, 1, 0, 5, 4, 3};
  return kFacing[port];
}

inline constexpr std::array<std::string_view, kPortCount> kPortNames = {
    "NNW", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW"};

// Rotations are clockwise quarter turns: 0..3 for r0, r90, r180, r270.
using Rotation = std::uint8_t;
inline constexpr int kRotationCount = 4;

constexpr Port rotate_port(Port port, Rotation rotation) {
  return port >= kPortCount ? port : static_cast<Port>((port + 3 * rotation) % kPortCount);
}
constexpr PortMask rotate_mask(PortMask mask, Rotation rotation) {
  const int shift = 3 * (rotation & 3);
  const unsigned wide = static_cast<unsigned>(mask) << shift;
  return static_cast<PortMask>((wide | (wide >> kPortCount)) & kAllPorts);
}
constexpr Side rotate_side(Side side, Rotation rotation) {
  return static_cast<Side>((static_cast<int>(side) + rotation) & 3);
}

enum class FeatureKind : std::uint8_t { Road, City, Field, Cloister };

constexpr std::string_view feature_kind_name(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::Road:
      return "road";
    case FeatureKind::City:
      return "city";
    case FeatureKind::Field:
      return "field";
    case FeatureKind::Cloister:
      return "cloister";
  }
  return "?";
}

// What crosses a side of a tile. Numeric values are used in 2-bit edge signatures (0 = unknown).
enum class EdgeKind : std::uint8_t { Field = 1, Road = 2, City = 3 };

}  // namespace carcassonne
