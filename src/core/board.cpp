#include "core/board.h"

#include <algorithm>

namespace carcassonne {

void Board::ensure_contains(int x0, int y0, int x1, int y1) {
  if (width_ > 0 && x0 >= min_x_ && y0 >= min_y_ && x1 < min_x_ + width_ && y1 < min_y_ + height_)
    return;
  // Grow with a margin so that growth is rare: most games stay inside the first allocation.
  constexpr int kMargin = 8;
  int new_min_x = width_ > 0 ? std::min(min_x_, x0 - kMargin) : x0 - kMargin;
  int new_min_y = height_ > 0 ? std::min(min_y_, y0 - kMargin) : y0 - kMargin;
  int new_max_x = width_ > 0 ? std::max(min_x_ + width_ - 1, x1 + kMargin) : x1 + kMargin;
  int new_max_y = height_ > 0 ? std::max(min_y_ + height_ - 1, y1 + kMargin) : y1 + kMargin;
  const int new_width = new_max_x - new_min_x + 1, new_height = new_max_y - new_min_y + 1;
  std::vector<std::int16_t> grown(static_cast<std::size_t>(new_width * new_height), 0);
  for (int cy = 0; cy < height_; ++cy)
    for (int cx = 0; cx < width_; ++cx)
      grown[static_cast<std::size_t>((cy + min_y_ - new_min_y) * new_width + cx + min_x_ -
                                     new_min_x)] =
          cells_[static_cast<std::size_t>(cy * width_ + cx)];
  cells_ = std::move(grown);
  min_x_ = new_min_x;
  min_y_ = new_min_y;
  width_ = new_width;
  height_ = new_height;
}

void Board::remove_frontier(int index) {
  const int last = static_cast<int>(frontier_.size()) - 1;
  if (index != last) {
    frontier_[static_cast<std::size_t>(index)] = frontier_.back();
    const FrontierSquare& moved = frontier_[static_cast<std::size_t>(index)];
    cell_ref(moved.x, moved.y) = static_cast<std::int16_t>(-index - 1);
  }
  frontier_.pop_back();
}

void Board::add_frontier_requirement(int x, int y, Side side_of_square, EdgeKind kind,
                                     int placed_index) {
  int index = frontier_index(x, y);
  if (index < 0) {
    index = static_cast<int>(frontier_.size());
    frontier_.push_back(FrontierSquare{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y),
                                       0, opposite(side_of_square),
                                       static_cast<std::int16_t>(placed_index)});
    cell_ref(x, y) = static_cast<std::int16_t>(-index - 1);
  }
  FrontierSquare& square = frontier_[static_cast<std::size_t>(index)];
  const int shift = 2 * static_cast<int>(side_of_square);
  square.required = static_cast<std::uint8_t>((square.required & ~(3 << shift)) |
                                              (static_cast<int>(kind) << shift));
}

void Board::place(int x, int y, int placed_index, std::uint8_t edge_signature) {
  ensure_contains(x - 1, y - 1, x + 1, y + 1);
  assert(!occupied(x, y));
  if (const int index = frontier_index(x, y); index >= 0) remove_frontier(index);
  cell_ref(x, y) = static_cast<std::int16_t>(placed_index + 1);
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    const int nx = x + side_dx(side), ny = y + side_dy(side);
    if (occupied(nx, ny)) continue;
    add_frontier_requirement(nx, ny, opposite(side), signature_edge(edge_signature, side),
                             placed_index);
  }
}

void Board::set_edge(int x, int y, Side side, EdgeKind kind) {
  const int nx = x + side_dx(side), ny = y + side_dy(side);
  // The square is on the frontier already, so the placed index is not needed.
  if (frontier_index(nx, ny) >= 0) add_frontier_requirement(nx, ny, opposite(side), kind, -1);
}

int Board::occupied_neighbours8(int x, int y) const {
  int count = 0;
  for_each_tile_around(x, y, [&count](int) { ++count; });
  return count - (occupied(x, y) ? 1 : 0);
}

bool Board::operator==(const Board& other) const {
  // Equal boards hold the same tiles on the same squares and the same frontier set (the order
  // of the frontier list and the grid's allocation may differ).
  if (frontier_.size() != other.frontier_.size()) return false;
  for (const FrontierSquare& square : frontier_) {
    const int index = other.frontier_index(square.x, square.y);
    if (index < 0 || !(other.frontier_[static_cast<std::size_t>(index)] == square)) return false;
  }
  for (int cy = 0; cy < height_; ++cy)
    for (int cx = 0; cx < width_; ++cx) {
      const int v = cells_[static_cast<std::size_t>(cy * width_ + cx)];
      if (v > 0 && other.tile_at(cx + min_x_, cy + min_y_) != v - 1) return false;
    }
  for (int cy = 0; cy < other.height_; ++cy)
    for (int cx = 0; cx < other.width_; ++cx) {
      const int v = other.cells_[static_cast<std::size_t>(cy * other.width_ + cx)];
      if (v > 0 && tile_at(cx + other.min_x_, cy + other.min_y_) != v - 1) return false;
    }
  return true;
}

}  // namespace carcassonne
