// The board: which tile lies on which square, and the frontier of empty squares next to tiles.
//
// Promise: squares are addressed by (x, y) with x east and y south, any int16 values; the grid
// grows as tiles are placed (amortised, never during move generation). Every empty square that
// shares a side with a placed tile is in the frontier, with the edge kinds its placed neighbours
// demand, so a placement test is one mask comparison.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/tiles.h"
#include "core/types.h"

namespace carcassonne {

struct FrontierSquare {
  std::int16_t x = 0;
  std::int16_t y = 0;
  // 2 bits per side (north lowest): the EdgeKind the neighbour on that side shows, 0 where the
  // side has no neighbour. With tiles.h's fitting_rotations() this byte decides placement.
  std::uint8_t required = 0;
  // The tile whose placement put the square on the frontier (the earliest placed of its
  // neighbours, as later tiles have higher indices) and the side of that tile the square lies
  // on: a name for the square that lasts the whole game (action ids for learning agents).
  Side first_side = Side::North;
  std::int16_t first_tile = 0;

  bool operator==(const FrontierSquare&) const = default;
};

class Board {
 public:
  Board() = default;

  // Index of the placed tile on (x, y), or -1.
  int tile_at(int x, int y) const {
    const int v = cell(x, y);
    return v > 0 ? v - 1 : -1;
  }
  bool occupied(int x, int y) const { return cell(x, y) > 0; }
  // Calls visit(tile) for each placed tile on the 3x3 squares centred on (x, y), row by row from
  // the north-west. (Cloisters look at their neighbours at every placement: a block inside the
  // grid is read with no bounds test per square.)
  template <typename Visit>
  void for_each_tile_around(int x, int y, Visit&& visit) const {
    const int cx = x - 1 - min_x_, cy = y - 1 - min_y_;
    if (cx >= 0 && cy >= 0 && cx + 2 < width_ && cy + 2 < height_) {
      const std::int16_t* row = cells_.data() + static_cast<std::ptrdiff_t>(cy) * width_ + cx;
      for (int r = 0; r < 3; ++r, row += width_)
        for (int c = 0; c < 3; ++c)
          if (row[c] > 0) visit(row[c] - 1);
      return;
    }
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (const int tile = tile_at(x + dx, y + dy); tile >= 0) visit(tile);
  }
  // Index into frontier() of the empty square (x, y), or -1 if it is not on the frontier.
  int frontier_index(int x, int y) const {
    const int v = cell(x, y);
    return v < 0 ? -v - 1 : -1;
  }
  const std::vector<FrontierSquare>& frontier() const { return frontier_; }

  // Records tile `placed_index` on (x, y), whose sides show `edge_signature`.
  void place(int x, int y, int placed_index, std::uint8_t edge_signature);
  // A side of the tile on (x, y) now shows another edge kind (a bridge turns field into road).
  void set_edge(int x, int y, Side side, EdgeKind kind);

  int occupied_neighbours8(int x, int y) const;

  bool operator==(const Board& other) const;

 private:
  // Cell encoding: 0 empty, k > 0 placed tile k-1, k < 0 frontier entry -k-1.
  int cell(int x, int y) const {
    const int cx = x - min_x_, cy = y - min_y_;
    // One unsigned comparison per axis: a negative offset wraps to a huge one.
    if (static_cast<unsigned>(cx) >= static_cast<unsigned>(width_) ||
        static_cast<unsigned>(cy) >= static_cast<unsigned>(height_))
      return 0;
    return cells_[static_cast<std::size_t>(cy * width_ + cx)];
  }
  std::int16_t& cell_ref(int x, int y) {
    const int cx = x - min_x_, cy = y - min_y_;
    assert(cx >= 0 && cy >= 0 && cx < width_ && cy < height_);
    return cells_[static_cast<std::size_t>(cy * width_ + cx)];
  }
  void ensure_contains(int x0, int y0, int x1, int y1);
  void add_frontier_requirement(int x, int y, Side side_of_square, EdgeKind kind, int placed_index);
  void remove_frontier(int index);

  int min_x_ = 0, min_y_ = 0, width_ = 0, height_ = 0;
  std::vector<std::int16_t> cells_;
  std::vector<FrontierSquare> frontier_;
};

}  // namespace carcassonne
