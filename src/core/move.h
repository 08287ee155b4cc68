// Moves: one small, trivially copyable value per decision of the game.
//
// Promise: every decision the rules ask for is one Move; two Moves are equal exactly when they
// are the same decision (factories zero every field a kind does not use). Moves carry no pointer
// to a state; the text notation (notation.h) needs the state only to name tiles and locations.
//
// Layout (12 bytes): kind, rotation, segment, aux, x, y, amount.
//   Place   x, y, rotation (0..3 quarter turns clockwise)
//   Bridge  x, y, aux = BridgeAxis
//   Meeple, Large, Builder, Pig (figure deployments, figures.h)
//           segment = index of the segment on the tile just placed (a canonical choice: the
//           notation accepts any location the segment touches and maps it here)
//   PortalDeploy  a follower deployed through a magic portal on another tile: x, y, segment on
//           that tile, aux = FigureKind (written with the figure's verb: `meeple X,Y LOC`)
//   Fairy   x, y; with the fairy beside a follower (option), segment on that tile and aux = 1
//   Princess x, y, segment: the follower the princess sends home
//   DragonStep x, y: the tile the dragon enters
//   Abbey   x, y: the hole the abbey fills
//   Mayor, Wagon: figure deployments as Meeple (through a portal: PortalDeploy)
//   Barn    segment = Corner of the tile just placed
//   WagonMove x, y, segment on that tile: where the wagon rolls
//   Claim   x, y, segment = port on that tile naming the feature
//   Choose  aux = tile type
//   Bid     amount
//   Discard, Skip, Castle, Score, Pass, Buy, Sell, Draw: no data
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/tiles.h"
#include "core/types.h"

namespace carcassonne {

enum class MoveKind : std::uint8_t {
  Place,
  Discard,
  Bridge,
  Meeple,
  Skip,
  Castle,
  Score,
  Claim,
  Choose,
  Bid,
  Pass,
  Buy,
  Sell,
  Large,         // Inns & Cathedrals: the large follower
  Builder,       // Traders & Builders
  Pig,           // Traders & Builders
  PortalDeploy,  // Princess & Dragon: a follower through the magic portal, onto another tile
  Fairy,         // Princess & Dragon
  Princess,      // Princess & Dragon
  DragonStep,    // Princess & Dragon: one step of the dragon's journey
  Abbey,         // Abbey & Mayor: one's abbey into a hole, instead of a draw
  Draw,          // Abbey & Mayor: decline the abbey and draw
  Mayor,         // Abbey & Mayor
  Wagon,         // Abbey & Mayor: deploy the wagon
  Barn,          // Abbey & Mayor: the barn at a corner of the tile just placed
  WagonMove,     // Abbey & Mayor: a wagon sent home by a scoring rolls on (`move X,Y LOC`)
};
inline constexpr int kMoveKindCount = static_cast<int>(MoveKind::WagonMove) + 1;

// Corners of the tile just placed, where four tiles meet (a barn's place): NW NE SE SW.
enum class Corner : std::uint8_t { NW = 0, NE = 1, SE = 2, SW = 3 };
inline constexpr int kCornerCount = 4;
inline constexpr std::array<std::string_view, kCornerCount> kCornerNames = {"NW", "NE", "SE", "SW"};

enum class BridgeAxis : std::uint8_t { NorthSouth = 0, EastWest = 1 };

struct Move {
  MoveKind kind = MoveKind::Skip;
  std::uint8_t rotation = 0;
  std::uint8_t segment = 0;
  std::uint8_t aux = 0;
  std::int16_t x = 0;
  std::int16_t y = 0;
  std::int32_t amount = 0;

  static constexpr Move place(int x, int y, Rotation rotation) {
    Move m;
    m.kind = MoveKind::Place;
    m.x = static_cast<std::int16_t>(x);
    m.y = static_cast<std::int16_t>(y);
    m.rotation = rotation;
    return m;
  }
  static constexpr Move bridge(int x, int y, BridgeAxis axis) {
    Move m;
    m.kind = MoveKind::Bridge;
    m.x = static_cast<std::int16_t>(x);
    m.y = static_cast<std::int16_t>(y);
    m.aux = static_cast<std::uint8_t>(axis);
    return m;
  }
  static constexpr Move meeple(int segment) { return deploy(MoveKind::Meeple, segment); }
  static constexpr Move large(int segment) { return deploy(MoveKind::Large, segment); }
  // A figure deployment (`kind` is the figure's deploy move, figures.h).
  static constexpr Move deploy(MoveKind kind, int segment) {
    Move m;
    m.kind = kind;
    m.segment = static_cast<std::uint8_t>(segment);
    return m;
  }
  // A move naming a segment of the tile at (x, y) (portal deployments, the princess, the fairy).
  static constexpr Move at(MoveKind kind, int x, int y, int segment, int aux = 0) {
    Move m;
    m.kind = kind;
    m.x = static_cast<std::int16_t>(x);
    m.y = static_cast<std::int16_t>(y);
    m.segment = static_cast<std::uint8_t>(segment);
    m.aux = static_cast<std::uint8_t>(aux);
    return m;
  }
  static constexpr Move dragon_step(int x, int y) { return at(MoveKind::DragonStep, x, y, 0); }
  static constexpr Move claim(int x, int y, Port port) {
    Move m;
    m.kind = MoveKind::Claim;
    m.x = static_cast<std::int16_t>(x);
    m.y = static_cast<std::int16_t>(y);
    m.segment = port;
    return m;
  }
  static constexpr Move choose(TileType tile) {
    Move m;
    m.kind = MoveKind::Choose;
    m.aux = tile;
    return m;
  }
  static constexpr Move bid(int amount) {
    Move m;
    m.kind = MoveKind::Bid;
    m.amount = amount;
    return m;
  }
  static constexpr Move simple(MoveKind kind) {
    Move m;
    m.kind = kind;
    return m;
  }

  bool operator==(const Move&) const = default;
};

// A caller-owned list, reused across generations: it allocates room for kInitialCapacity moves
// when made and grows only past that, so move generation into a reused list does not allocate in
// practice. (It must grow: with a long record-given deck a magic portal or a placement can have
// tens of thousands of legal moves, and untrusted input never overflows a buffer.) The first
// allocation stays small because check() and perft make a fresh list per call, and its moves are
// zeroed when made: 512 holds all but the rarest placement lists of a game from the box.
class MoveList {
 public:
  static constexpr int kInitialCapacity = 512;

  MoveList() : moves_(kInitialCapacity), capacity_(kInitialCapacity) {}

  void clear() { size_ = 0; }
  void push(const Move& move) {
    if (size_ == capacity_) [[unlikely]]
      grow(size_ + 1);
    moves_[static_cast<std::size_t>(size_++)] = move;
  }
  // Appending in a hot loop: write at most `room` moves through the cursor, then commit it once.
  // (push() stores the size after every move, and the compiler reloads it after each byte of a
  // Move, which may alias it.)
  Move* cursor(int room) {
    if (size_ + room > capacity_) grow(size_ + room);
    return moves_.data() + size_;
  }
  void commit(const Move* end) {
    size_ = static_cast<int>(end - moves_.data());
    assert(size_ >= 0 && size_ <= capacity_);
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const { return moves_[static_cast<std::size_t>(i)]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(const Move& move) const {
    for (const Move& m : *this)
      if (m == move) return true;
    return false;
  }

 private:
  void grow(int needed) {
    moves_.resize(std::max(static_cast<std::size_t>(needed), 2 * moves_.size()));
    capacity_ = static_cast<int>(moves_.size());
  }

  int size_ = 0;
  std::vector<Move> moves_;
  int capacity_;  // moves_.size(), kept as a count: push() compares it with no division
};

}  // namespace carcassonne
