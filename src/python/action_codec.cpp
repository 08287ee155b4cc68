#include "python/action_codec.h"

#include <string>

#include "core/figures.h"
#include "core/mechanics/bazaar.h"

namespace carcassonne::python {
namespace {

inline constexpr int kSegmentSlots = kMaxPrintedSegments + 1;  // printed segments and the bridge
inline constexpr int kClaimPorts = kInner2Port + 1;
inline constexpr int kPortalKinds = static_cast<int>(FigureKind::Wagon) + 1;
inline constexpr int kBidCount = kMaxBid + 1;  // bids are 0..kMaxBid points

// How a block's size grows: a fixed count, or a count per slot.
struct BlockRow {
  std::string_view name;
  MoveKind kind;
  int per_slot;  // ids per slot (0: `fixed` ids in all)
  int fixed;
  MechanicMask needs;  // present when the rules have any of these (0: always)
};

constexpr MechanicMask bits(std::initializer_list<Mechanic> mechanics) {
  MechanicMask mask = 0;
  for (Mechanic m : mechanics) mask |= mechanic_bit(m);
  return mask;
}

// One row per move kind; the order is the id order (documented in action_codec.h).
constexpr BlockRow kBlockTable[] = {
    {"place", MoveKind::Place, 16, 0, 0},
    {"abbey", MoveKind::Abbey, 4, 0, bits({Mechanic::Abbey})},
    {"discard", MoveKind::Discard, 0, 1, 0},
    {"skip", MoveKind::Skip, 0, 1, 0},
    {"castle", MoveKind::Castle, 0, 1, bits({Mechanic::Castles})},
    {"score", MoveKind::Score, 0, 1, bits({Mechanic::Castles})},
    {"pass", MoveKind::Pass, 0, 1, bits({Mechanic::Bazaar, Mechanic::Abbey, Mechanic::Wagon})},
    {"buy", MoveKind::Buy, 0, 1, bits({Mechanic::Bazaar})},
    {"sell", MoveKind::Sell, 0, 1, bits({Mechanic::Bazaar})},
    {"draw", MoveKind::Draw, 0, 1, bits({Mechanic::Abbey})},
    {"meeple", MoveKind::Meeple, 0, kSegmentSlots, 0},
    {"large", MoveKind::Large, 0, kSegmentSlots, bits({Mechanic::LargeFollower})},
    {"builder", MoveKind::Builder, 0, kSegmentSlots, bits({Mechanic::Builder})},
    {"pig", MoveKind::Pig, 0, kSegmentSlots, bits({Mechanic::Pig})},
    {"mayor", MoveKind::Mayor, 0, kSegmentSlots, bits({Mechanic::Mayor})},
    {"wagon", MoveKind::Wagon, 0, kSegmentSlots, bits({Mechanic::Wagon})},
    {"barn", MoveKind::Barn, 0, kCornerCount, bits({Mechanic::Barn})},
    {"bridge", MoveKind::Bridge, 2, 0, bits({Mechanic::Bridges})},
    {"claim", MoveKind::Claim, kClaimPorts, 0, bits({Mechanic::Castles})},
    {"choose", MoveKind::Choose, 0, kTileTypeCount, bits({Mechanic::Bazaar})},
    {"bid", MoveKind::Bid, 0, kBidCount, bits({Mechanic::Bazaar})},
    {"portal", MoveKind::PortalDeploy, kSegmentSlots* kPortalKinds, 0, bits({Mechanic::Portal})},
    {"fairy", MoveKind::Fairy, kSegmentSlots + 1, 0, bits({Mechanic::Fairy})},
    {"princess", MoveKind::Princess, kSegmentSlots, 0, bits({Mechanic::Princess})},
    {"dragon", MoveKind::DragonStep, 1, 0, bits({Mechanic::Dragon})},
    {"wagon move", MoveKind::WagonMove, kSegmentSlots, 0, bits({Mechanic::Wagon})},
};

// An empty square beside a tile: named by the tile whose placement put it on the frontier (the
// earliest placed of its neighbours) and that tile's side it lies on.
struct SquareName {
  int slot = -1;
  int side = 0;
};
SquareName name_square(const FrontierSquare& square) {
  return {square.first_tile, static_cast<int>(square.first_side)};
}
SquareName name_square(const Board& board, int x, int y) {
  const int index = board.frontier_index(x, y);
  if (index < 0) return {};
  return name_square(board.frontier()[static_cast<std::size_t>(index)]);
}

Error out_of_range(std::string what) {
  return Error{ErrorCode::OutOfRange, std::move(what)};
}

}  // namespace

ActionCodec::ActionCodec(const RuleSet& rules, int slots) : slots_(slots) {
  offset_of_.fill(-1);
  for (const BlockRow& row : kBlockTable) {
    if (row.needs != 0 && (rules.mechanics & row.needs) == 0) continue;
    const int size = row.per_slot > 0 ? row.per_slot * slots : row.fixed;
    blocks_.push_back({row.name, row.kind, size_, size});
    offset_of_[static_cast<std::size_t>(row.kind)] = size_;
    size_ += size;
  }
}

int ActionCodec::slots_for(const GameConfig& config) {
  const int abbeys = config.rules.has(Mechanic::Abbey) ? config.players : 0;
  return 1 + static_cast<int>(config.deck.size()) + abbeys;
}

int ActionCodec::encode(const GameState& state, const Move& move) const {
  const int offset = block_offset(move.kind);
  if (offset < 0) return -1;
  const auto slot_at = [&](int x, int y) { return state.board().tile_at(x, y); };
  // A figure onto the tile just placed: the segment (the barn: the corner) is the id.
  if (is_deployment(move.kind)) return offset + move.segment;
  switch (move.kind) {
    case MoveKind::Place: {
      const SquareName square = name_square(state.board(), move.x, move.y);
      return offset + (square.slot * 4 + square.side) * 4 + move.rotation;
    }
    case MoveKind::Abbey: {
      const SquareName square = name_square(state.board(), move.x, move.y);
      return offset + square.slot * 4 + square.side;
    }
    case MoveKind::Bridge:
      return offset + slot_at(move.x, move.y) * 2 + move.aux;
    case MoveKind::Claim:
      return offset + slot_at(move.x, move.y) * kClaimPorts + move.segment;
    case MoveKind::Choose:
      return offset + move.aux;
    case MoveKind::Bid:
      return offset + move.amount;
    case MoveKind::PortalDeploy:
      return offset + (slot_at(move.x, move.y) * kSegmentSlots + move.segment) * kPortalKinds +
             move.aux;
    case MoveKind::Fairy:
      return offset + slot_at(move.x, move.y) * (kSegmentSlots + 1) +
             (move.aux != 0 ? 1 + move.segment : 0);
    case MoveKind::Princess:
    case MoveKind::WagonMove:
      return offset + slot_at(move.x, move.y) * kSegmentSlots + move.segment;
    case MoveKind::DragonStep:
      return offset + slot_at(move.x, move.y);
    default:  // the moves without data
      return offset;
  }
}

void ActionCodec::encode_all(const GameState& state, const MoveList& moves,
                             std::vector<int>& ids) const {
  ids.resize(static_cast<std::size_t>(moves.size()));
  const int place = block_offset(MoveKind::Place);
  // The generator lists a square's placements together: its name is looked up once for them.
  int square_x = 0, square_y = 0, square_base = -1;
  for (int i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    if (m.kind != MoveKind::Place) {
      ids[static_cast<std::size_t>(i)] = encode(state, m);
      continue;
    }
    if (square_base < 0 || m.x != square_x || m.y != square_y) {
      square_x = m.x, square_y = m.y;
      const SquareName square = name_square(state.board(), m.x, m.y);
      square_base = place + (square.slot * 4 + square.side) * 4;
    }
    ids[static_cast<std::size_t>(i)] = square_base + m.rotation;
  }
}

Result<Move> ActionCodec::decode(const GameState& state, int id) const {
  if (id < 0 || id >= size_)
    return out_of_range("action " + std::to_string(id) + " is outside 0.." +
                        std::to_string(size_ - 1));
  const ActionBlock* block = &blocks_.front();
  for (const ActionBlock& b : blocks_)
    if (id >= b.offset) block = &b;
  const int local = id - block->offset;
  const auto& placed = state.placed_tiles();
  // The tile in `slot`, which must already lie on the board.
  const auto tile_of = [&](int slot) -> Result<const PlacedTile*> {
    if (slot >= static_cast<int>(placed.size()))
      return out_of_range("action " + std::to_string(id) + " names tile slot " +
                          std::to_string(slot) + ", but only " + std::to_string(placed.size()) +
                          " tiles lie on the board");
    return &placed[static_cast<std::size_t>(slot)];
  };
  // A square named by (slot, side): only through its earliest placed neighbour.
  const auto square_of = [&](int slot, int side) -> Result<std::array<int, 2>> {
    auto tile = tile_of(slot);
    if (!tile.ok()) return tile.error();
    const Side s = static_cast<Side>(side);
    const int x = (*tile)->x + side_dx(s), y = (*tile)->y + side_dy(s);
    const SquareName name = name_square(state.board(), x, y);
    if (name.slot != slot || name.side != side)
      return Error{ErrorCode::IllegalMove,
                   "action " + std::to_string(id) + " names the square " + std::to_string(x) + "," +
                       std::to_string(y) +
                       ", which is not an empty square first reached from that tile"};
    return std::array<int, 2>{x, y};
  };
  if (is_deployment(block->kind)) return Move::deploy(block->kind, local);
  switch (block->kind) {
    case MoveKind::Place: {
      auto square = square_of(local / 16, local / 4 % 4);
      if (!square.ok()) return square.error();
      return Move::place((*square)[0], (*square)[1], static_cast<Rotation>(local % 4));
    }
    case MoveKind::Abbey: {
      auto square = square_of(local / 4, local % 4);
      if (!square.ok()) return square.error();
      return Move::at(MoveKind::Abbey, (*square)[0], (*square)[1], 0);
    }
    case MoveKind::Choose:
      return Move::choose(static_cast<TileType>(local));
    case MoveKind::Bid:
      return Move::bid(local);
    default:
      break;
  }
  // The blocks of a tile on the board: `per` ids per slot.
  int per = 1;
  for (const BlockRow& row : kBlockTable)
    if (row.kind == block->kind) per = row.per_slot;
  if (per == 0) return Move::simple(block->kind);
  auto tile = tile_of(local / per);
  if (!tile.ok()) return tile.error();
  const int x = (*tile)->x, y = (*tile)->y, within = local % per;
  switch (block->kind) {
    case MoveKind::Bridge:
      return Move::bridge(x, y, static_cast<BridgeAxis>(within));
    case MoveKind::Claim:
      return Move::claim(x, y, static_cast<Port>(within));
    case MoveKind::PortalDeploy:
      return Move::at(MoveKind::PortalDeploy, x, y, within / kPortalKinds, within % kPortalKinds);
    case MoveKind::Fairy:
      return within == 0 ? Move::at(MoveKind::Fairy, x, y, 0)
                         : Move::at(MoveKind::Fairy, x, y, within - 1, 1);
    case MoveKind::DragonStep:
      return Move::dragon_step(x, y);
    default:  // princess, wagon move
      return Move::at(block->kind, x, y, within);
  }
}

}  // namespace carcassonne::python
