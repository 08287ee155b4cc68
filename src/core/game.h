// The game: the complete state of a game of Carcassonne and the rules that move it on.
//
// Promise:
//  * GameState is a value: copying it gives an independent game (copy-make; no undo).
//  * legal_moves() lists every move the pending decision allows; check(move) accepts exactly those
//    moves and explains every other one; apply(move) performs a move that check accepts. The
//    generator and the checker call the same predicates (fits, can_deploy), so they cannot drift.
//  * The deck order is part of the state (the draw pile); it is never exposed to players through
//    the text of moves. Tiles with no legal placement are discarded automatically when drawn.
//  * No I/O, no globals, no exceptions: errors are values (result.h).
//
// Turn structure (phases are explicit state):
//   PlaceTile  -> place the tile in hand
//   Follower   -> deploy one follower on the tile just placed, or skip
//   (scoring of features completed this turn; next player draws)
//   GameOver   -> final scoring has been done
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/features.h"
#include "core/move.h"
#include "core/result.h"
#include "core/rules.h"
#include "core/tiles.h"

namespace carcassonne {

inline constexpr int kFollowersPerPlayer = 7;
// Records may carry any deck; this bound keeps node ids and coordinates in their compact types.
inline constexpr int kMaxDeckSize = 2000;

enum class Phase : std::uint8_t { PlaceTile, Follower, GameOver };

enum class ScoreCategory : std::uint8_t { Road, City, Cloister, Farm };
inline constexpr int kScoreCategoryCount = 4;

// An occupied feature or farm that was scored, reported to an optional log.
struct ScoreEvent {
  ScoreCategory category = ScoreCategory::Road;
  bool final_scoring = false;
  int points = 0;            // what each winner received
  std::uint8_t winners = 0;  // bit p = player p received the points
  int tiles = 0;             // tiles of the feature (cloister: itself plus neighbours)
  int pennants = 0;
  int cities = 0;    // farms: completed cities supplied
  int x = 0, y = 0;  // a tile of the feature (for logs)
};

struct GameConfig {
  RuleSet rules;
  int players = 2;
  TileType start_tile = 3;     // "D"
  std::vector<TileType> deck;  // exact draw order after the start tile
};

// The full tile set of the chosen expansions less one copy of the start tile, shuffled from seed.
std::vector<TileType> shuffled_deck(const RuleSet& rules, TileType start_tile, std::uint64_t seed);

struct PlacedTile {
  std::int16_t x = 0;
  std::int16_t y = 0;
  TileType type = kNoTile;
  Rotation rotation = 0;
  NodeId first_node = 0;  // segment k of this tile is node first_node + k

  bool operator==(const PlacedTile&) const = default;
};

struct Follower {
  PlayerId player = kNoPlayer;
  NodeId node = 0;  // the segment it stands on
  bool operator==(const Follower&) const = default;
};

struct PendingDecision {
  PlayerId player = kNoPlayer;
  Phase phase = Phase::GameOver;
};

class GameState {
 public:
  static Result<GameState> create(const GameConfig& config);

  // ---- The pending decision ----
  Phase phase() const { return phase_; }
  bool over() const { return phase_ == Phase::GameOver; }
  PlayerId current_player() const { return current_player_; }
  PendingDecision pending() const { return {over() ? kNoPlayer : current_player_, phase_}; }
  TileType tile_in_hand() const { return tile_in_hand_; }

  void legal_moves(MoveList& out) const;
  // Why `move` is not legal now, or nullopt when it is.
  std::optional<Error> check(const Move& move) const;
  // As check(move), and first that `actor` is the player whose decision is pending.
  std::optional<Error> check_as(PlayerId actor, const Move& move) const;
  // Checks, then performs the move. An illegal move leaves the state unchanged.
  Result<bool> apply(const Move& move);
  Result<bool> apply_as(PlayerId actor, const Move& move);
  // Performs a move known to be legal (from legal_moves); asserts in debug builds.
  void apply_unchecked(const Move& move);

  // ---- Observations ----
  const RuleSet& rules() const { return rules_; }
  int player_count() const { return player_count_; }
  int score(PlayerId p) const { return scores_[static_cast<std::size_t>(p)]; }
  int score_in(PlayerId p, ScoreCategory c) const {
    return score_breakdown_[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)];
  }
  int followers_in_supply(PlayerId p) const { return supply_[static_cast<std::size_t>(p)]; }
  const std::vector<Follower>& followers() const { return followers_; }
  const std::vector<PlacedTile>& placed_tiles() const { return placed_; }
  const Board& board() const { return board_; }
  const FeatureGraph& features() const { return features_; }
  int tiles_left_in_deck() const { return static_cast<int>(deck_.size()) - next_draw_; }
  const std::vector<TileType>& discarded_tiles() const { return discarded_; }
  // Index of the tile placed this turn, or -1 before placement.
  int turn_tile() const { return turn_tile_; }

  // The feature segment `segment` of placed tile `tile` belongs to, as its root node.
  NodeId feature_of(int tile, int segment) const;
  // The segment of the placed tile at the border point `port` (board orientation), or kNoSegment.
  std::uint8_t segment_at(int tile, Port port) const;
  // Distinct tiles of the feature rooted at `root`.
  int feature_tile_count(NodeId root) const;
  bool feature_complete(NodeId root) const;

  // Rule predicates shared by legal_moves() and check().
  bool fits(TileType type, const FrontierSquare& square, Rotation rotation) const {
    return (fitting_rotations(type, square.required) >> rotation) & 1u;
  }
  bool can_deploy(int segment) const;

  // Consistency of every incremental structure with a recomputation; a description of the first
  // violation found, or empty. Used by tests after every move.
  std::string check_invariants() const;

  // Optional log of scoring events (not owned; may be null). Not part of the game's value.
  void set_score_log(std::vector<ScoreEvent>* log) { score_log_ = log; }

  // Logical equality: same rules, board, features, followers, scores, deck and pending decision.
  bool operator==(const GameState& other) const;

 private:
  GameState() = default;

  void begin_turn();
  bool has_any_placement(TileType type) const;
  void place_tile(int x, int y, TileType type, Rotation rotation);
  void deploy(int segment);
  void finish_turn();
  void score_completed_features();
  void score_feature(NodeId root, bool final_scoring);
  int feature_value(NodeId root, bool final_scoring, int* tiles_out) const;
  void return_followers(NodeId root);
  void finish_game();
  void score_farms();
  void add_points(std::uint8_t winners, int points, ScoreCategory category);
  std::uint8_t majority(NodeId root) const;
  void log(const ScoreEvent& event) const {
    if (score_log_ != nullptr) score_log_->push_back(event);
  }

  RuleSet rules_;
  int player_count_ = 0;
  Phase phase_ = Phase::GameOver;
  PlayerId current_player_ = 0;
  TileType tile_in_hand_ = kNoTile;
  int turn_tile_ = -1;

  std::vector<TileType> deck_;
  int next_draw_ = 0;
  std::vector<TileType> discarded_;

  Board board_;
  std::vector<PlacedTile> placed_;
  FeatureGraph features_;
  std::vector<Follower> followers_;
  std::array<std::uint8_t, kMaxPlayers> supply_{};
  std::array<int, kMaxPlayers> scores_{};
  std::array<std::array<int, kScoreCategoryCount>, kMaxPlayers> score_breakdown_{};

  std::vector<ScoreEvent>* score_log_ = nullptr;
};

}  // namespace carcassonne
