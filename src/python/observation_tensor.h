// Observations as arrays: what one player may see of a game, written into fixed-shape buffers
// (numpy arrays in the module; docs/PYTHON.md documents every plane and column).
//
// Promise: the arrays are a function of Observation(state, viewer) alone, which holds the undrawn
// tiles as a multiset and never their order, so two games that differ only in the order of their
// undrawn tiles give identical arrays. Every buffer is written whole (padding rows are -1, empty
// cells 0), so a buffer may be reused without clearing. The board planes show a window of
// `window` x `window` squares centred on the placed tiles; the `tiles` table lists every placed
// tile wherever it lies, so nothing is lost when the board outgrows the window.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/figures.h"
#include "core/game.h"

namespace carcassonne::python {

// Board planes (uint8, [planes, window, window]); the figure planes follow the tile planes.
enum BoardPlane : int {
  kPlaneOccupied = 0,
  kPlaneEdges = 1,  // 12 planes: side (N E S W) * 3 + edge kind (field, road, city) as shown
  kPlaneCloister = 13,
  kPlanePennants = 14,  // count
  kPlaneInn = 15,
  kPlaneCathedral = 16,
  kPlaneTradeGood = 17,  // 1 wine, 2 grain, 3 cloth
  kPlanePrincess = 18,
  kPlaneVolcano = 19,
  kPlaneDragonSymbol = 20,
  kPlanePortal = 21,
  kPlaneBazaar = 22,
  kPlaneAbbey = 23,
  kPlaneBridge = 24,  // 1 + axis (1 north-south, 2 east-west)
  kPlaneCastle = 25,
  kPlaneDragon = 26,  // the dragon stands here
  kPlaneFairy = 27,   // the fairy stands here
  kPlaneOpen = 28,    // an empty square beside a tile
  kPlaneFits = 29,    // placing the tile in hand: bit r set = rotation r is a legal placement here
  kPlaneJustPlaced = 30,
  kTilePlaneCount = 31,
  // Then, per player p and figure kind k (figures.h order): plane kTilePlaneCount + p *
  // kFigureKindCount + k, the number of that player's figures of that kind on the tile.
};

inline constexpr int kInfoCount = 18;
inline constexpr int kFigureRows = 96;  // more than every figure of six players
inline constexpr int kFigureColumns = 6;
inline constexpr int kTileColumns = 5;
inline constexpr int kCastleRows = 24;
inline constexpr int kCastleColumns = 6;
inline constexpr int kSupplyColumns = 13;

struct ObservationLayout {
  int players = 2;
  int slots = 1;
  int window = 1;

  int board_planes() const { return kTilePlaneCount + kFigureKindCount * players; }
};

// One array of the observation: its name, element type and shape.
struct ArraySpec {
  std::string_view name;
  char type;  // 'B' uint8, 'h' int16, 'i' int32
  std::vector<int> shape;
  int padding = 0;  // what empty cells and unused rows hold: 0, or -1 in the tables
  std::size_t element_bytes() const { return type == 'B' ? 1 : type == 'h' ? 2 : 4; }
  std::size_t elements() const {
    std::size_t n = 1;
    for (int d : shape) n *= static_cast<std::size_t>(d);
    return n;
  }
};

// The arrays, in a fixed order: board, board_slots, origin, tiles, figures, castles, scores,
// projected_scores, supply, info, tile_in_hand, remaining, offer.
std::vector<ArraySpec> observation_arrays(const ObservationLayout& layout);

// Names of the columns and planes, in order (exported to Python so code need not count).
std::vector<std::string> board_plane_names(int players);
std::vector<std::string> info_field_names();
std::vector<std::string> supply_column_names();
std::vector<std::string> phase_names();

// Writes the observation of `viewer` into `buffers` (one pointer per array, in the order of
// observation_arrays, each the size its spec says).
void write_observation(const GameState& state, PlayerId viewer, const ObservationLayout& layout,
                       const std::vector<void*>& buffers);

}  // namespace carcassonne::python
