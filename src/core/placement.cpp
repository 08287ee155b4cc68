// The placement step: draw (or take the purchased tile), then place it (or discard it).
//
// A plain placement is decided by the fit table (tiles.h): one lookup per square. Mechanics may
// add placements that fit only with their help (a bridge built this turn) and actions beside
// them (`discard`); they answer through their rows of kMechanicTable.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/mechanics/mechanics.h"
#include "core/turn_flow.h"

namespace carcassonne {

namespace {
std::string square_name(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}
// The mechanic in play that adds placements (at most one: bridges), or null.
const MechanicHooks* placement_helper(const GameData& d) {
  const MechanicHooks* helper = nullptr;
  for_each_mechanic(d, kHookMasks.placement_rotations, [&](const MechanicHooks& m) {
    if (m.placement_rotations != nullptr) helper = &m;
  });
  return helper;
}
}  // namespace

StepResult place_step(GameData& d, bool /*entering*/) {
  if (d.turn.tile >= 0) return StepResult::Done;  // placed: on to the figure step
  if (d.turn.in_hand == kNoTile) {
    if (d.turn.given != kNoTile) {
      // A purchased bazaar tile (record-format.md): with no legal placement it is discarded and,
      // like a tile given up with `discard`, replaced by the next tile of the deck below.
      const TileType tile = d.turn.given;
      d.turn.given = kNoTile;
      if (d.has_any_placement(tile)) {
        d.turn.in_hand = tile;
        d.turn.tile_drawn = false;
      } else {
        d.deck.discarded.push_back(tile);
        log_discarded(d, tile);
      }
    }
    // A drawn tile, or the replacement of a discarded one. With the deck used up a normal turn
    // ends the game; a bazaar-round turn (its purchase discarded) or a builder's second part is
    // lost, and what follows the part goes on.
    if (d.turn.in_hand == kNoTile && !draw_tile(d))
      return d.turn.part == PartKind::Normal ? StepResult::GameOver : StepResult::EndPart;
  }
  d.flow.phase = Phase::PlaceTile;
  d.flow.decider = d.turn.player;
  d.turn.last_land_player = d.turn.player;
  return StepResult::Wait;
}

void place_moves(const GameData& d, MoveList& out) {
  const TileType tile = d.turn.in_hand;
  const MechanicHooks* helper = placement_helper(d);
  if (helper != nullptr && !helper->placement_enabled(d)) helper = nullptr;
  // Per demand byte: the rotations that fit (low nibble) and, with a helper, those it may make fit
  // (high nibble).
  const std::array<std::uint8_t, 256>& rotations_for =
      helper != nullptr ? (*helper->placement_table)[tile] : fitting_rotations_row(tile);
  const std::vector<FrontierSquare>& frontier = d.board.frontier();
  // A placement move per square and rotation: the longest list of a turn, written through a
  // cursor. Whether a square takes the tile is a coin toss to the branch predictor, so neither
  // pass branches on it: the first gathers the squares that take it, without a branch; the
  // second writes a move for each of their four rotations and advances only past those that fit.
  Move* cursor = out.cursor(kRotationCount * static_cast<int>(frontier.size()));
  bool plain = false;
  constexpr std::size_t kChunk = 256;
  std::array<std::uint16_t, kChunk> taking;  // indices into frontier of the squares that take it
  for (std::size_t first = 0; first < frontier.size(); first += kChunk) {
    const std::size_t last = std::min(frontier.size(), first + kChunk);
    std::size_t count = 0;
    for (std::size_t i = first; i < last; ++i) {
      taking[count] = static_cast<std::uint16_t>(i - first);
      count += rotations_for[frontier[i].required] != 0 ? 1 : 0;
    }
    for (std::size_t k = 0; k < count; ++k) {
      const FrontierSquare& square = frontier[first + taking[k]];
      const unsigned both = rotations_for[square.required];
      unsigned rotations = both & 15u;
      plain = plain || rotations != 0;
      if (both > 15u) rotations |= helper->placement_rotations(d, tile, square);
      for (int r = 0; r < kRotationCount; ++r) {
        *cursor = Move::place(square.x, square.y, static_cast<Rotation>(r));
        cursor += rotations >> r & 1u;
      }
    }
  }
  out.commit(cursor);
  for_each_mechanic(d, kHookMasks.placement_extra, [&](const MechanicHooks& m) {
    if (m.placement_extra != nullptr) m.placement_extra(d, plain, out);
  });
}

std::optional<Error> explain_place(const GameData& d, const Move& move) {
  if (const MechanicHooks* owner = placement_action_owner(move.kind))
    return owner->explain_placement_action(d, move);
  if (move.kind != MoveKind::Place)
    return Error{ErrorCode::WrongPhase, "the game is waiting for the tile in hand to be placed"};
  if (!(Move::place(move.x, move.y, move.rotation) == move))
    return Error{ErrorCode::BadNotation, "malformed place move"};
  if (move.rotation >= kRotationCount)
    return Error{ErrorCode::OutOfRange, "rotation must be r0, r90, r180 or r270"};
  const std::string where = square_name(move.x, move.y);
  if (d.board.occupied(move.x, move.y))
    return Error{ErrorCode::IllegalMove, "square " + where + " already holds a tile"};
  const int index = d.board.frontier_index(move.x, move.y);
  if (index < 0)
    return Error{ErrorCode::IllegalMove, "square " + where + " shares no side with a placed tile"};
  const FrontierSquare& square = d.board.frontier()[static_cast<std::size_t>(index)];
  const TileType tile = d.turn.in_hand;
  const std::uint8_t signature = rotated_tile(tile, move.rotation).edge_signature;
  constexpr std::array<std::string_view, 4> kSideNames = {"north", "east", "south", "west"};
  constexpr std::array<std::string_view, 4> kKinds = {"?", "field", "road", "city"};
  const std::string placed = "tile " + std::string(tile_spec(tile).id) + " at " + where + " r" +
                             std::to_string(90 * move.rotation);
  std::string note;
  for_each_mechanic(d, [&](const MechanicHooks& m) {
    if (m.placement_note != nullptr) note += m.placement_note(d);
  });
  for (int s = 0; s < kSideCount; ++s) {
    const int shift = 2 * s;
    const int need = (square.required >> shift) & 3, have = (signature >> shift) & 3;
    if (need == 0 || need == have) continue;
    std::string why = placed + ": its " + std::string(kKinds[static_cast<std::size_t>(have)]) +
                      " on the " + std::string(kSideNames[static_cast<std::size_t>(s)]) +
                      " side meets a " + std::string(kKinds[static_cast<std::size_t>(need)]);
    if (need != 3 && have != 3) why += note;
    return Error{ErrorCode::IllegalMove, why};
  }
  return Error{ErrorCode::IllegalMove, placed + " does not fit"};
}

StepResult apply_place(GameData& d, const Move& move) {
  if (move.kind == MoveKind::Discard) {
    d.deck.discarded.push_back(d.turn.in_hand);
    d.turn.in_hand = kNoTile;
    return StepResult::Again;  // the placement step draws the next tile
  }
  const int square = d.board.frontier_index(move.x, move.y);
  const bool plain =
      (fitting_rotations(d.turn.in_hand,
                         d.board.frontier()[static_cast<std::size_t>(square)].required) >>
       move.rotation) &
      1u;
  d.place_tile(move.x, move.y, d.turn.in_hand, move.rotation);
  d.turn.in_hand = kNoTile;
  for_each_mechanic(d, kHookMasks.on_placed, [&](const MechanicHooks& m) {
    if (m.on_placed != nullptr) m.on_placed(d, plain);
  });
  return StepResult::Done;
}

}  // namespace carcassonne
