// What happened in a game, as the rules report it while they apply a move: the consequences a
// move's notation does not say itself (a feature scored, figures sent home and why, goods taken,
// the dragon's doings, a turn part begun, a tile set aside, returned or discarded).
//
// Promise: a listener (GameState::set_event_log) hears every such consequence of the moves
// applied while it listens, in the order they happen, each from the mechanic that causes it.
// Events tell only what every player sees happen (the deck's order never). Nobody listening costs
// one pointer test per event, so the search and the benchmarks pay nothing for them.
#pragma once

#include <cstdint>

#include "core/figures.h"
#include "core/tiles.h"
#include "core/types.h"

namespace carcassonne {

enum class ScoreCategory : std::uint8_t {
  Road,
  City,
  Cloister,
  Farm,
  Castle,
  Bazaar,
  Goods,
  Fairy,
};
inline constexpr int kScoreCategoryCount = 8;

// Something that changed scores.
struct ScoreEvent {
  ScoreCategory category = ScoreCategory::Road;
  bool final_scoring = false;
  int points = 0;            // what each winner received (bazaar: per player, see `payments`)
  std::uint8_t winners = 0;  // bit p = player p received the points
  int tiles = 0;             // tiles of the feature (cloister: itself plus neighbours)
  int pennants = 0;
  int cities = 0;     // farms: completed cities supplied
  int castles = 0;    // farms: castles supplied
  int x = 0, y = 0;   // a tile of the feature (for logs)
  bool pig = false;   // farms: the pigs' bonus (1 per city and castle) for the pigs' owners
  bool barn = false;  // farms: the barns' owners' points at the end (Abbey & Mayor)
  TradeGood good = TradeGood::None;  // trade goods: the kind whose majority scored
  bool operator==(const ScoreEvent&) const = default;
};

// A turn part: a normal turn, a bazaar-round turn (a purchased tile), a builder's second part, or
// one abbey placed in the end-of-game abbey round.
enum class PartKind : std::uint8_t { Normal, BazaarRound, Second, AbbeyRound };

// Why a figure left the board for its owner's supply.
enum class ReturnCause : std::uint8_t {
  Scored,         // its feature scored during play
  FinalScoring,   // the final scoring counted it
  Dragon,         // the dragon ate it (Princess & Dragon)
  Princess,       // the princess sent it home (Princess & Dragon)
  Unaccompanied,  // a builder or pig whose owner has no follower left beside it
  BarnScored,     // its farm took a barn, or joined one, and scored (Abbey & Mayor)
  CastleEnd,      // a castle's follower at the end of the game, for nothing (BCB)
};

enum class GameEventKind : std::uint8_t {
  Scored,            // `score`
  FigureReturned,    // `player`'s `figure` from the tile at (x, y), its segment `segment`: `cause`
  GoodsTaken,        // `player` took `count` of `good` (Traders & Builders)
  TileSetAside,      // `tile`, a dragon tile drawn before the first volcano, was set aside
  SetAsideReturned,  // `count` tiles set aside went back into the deck (a volcano came)
  DragonToVolcano,   // the dragon flew to the volcano at (x, y)
  JourneyStarted,    // a dragon tile: the dragon's journey begins, `player` moving it first
  JourneyEnded,      // the dragon's journey ended at (x, y)
  PartStarted,       // `part` of `player`'s turn began
  BazaarDelayed,     // builder-first: `player`'s bazaar waits for the one under way (BCB)
  TileDiscarded,     // `tile` was drawn, fitted nowhere and left the game
  AbbeyRoundBegan,   // the deck is used up: the abbey round asks `player` first (Abbey & Mayor)
};

struct GameEvent {
  GameEventKind kind = GameEventKind::Scored;
  ScoreEvent score;
  PlayerId player = kNoPlayer;
  FigureKind figure = FigureKind::Follower;
  ReturnCause cause = ReturnCause::Scored;
  PartKind part = PartKind::Normal;
  TradeGood good = TradeGood::None;
  TileType tile = kNoTile;
  int count = 0;
  int segment = 0;
  int x = 0, y = 0;
  bool operator==(const GameEvent&) const = default;

  static GameEvent scored(const ScoreEvent& event) {
    GameEvent e;
    e.score = event;
    return e;
  }
  static GameEvent of(GameEventKind kind) {
    GameEvent e;
    e.kind = kind;
    return e;
  }
};

}  // namespace carcassonne
