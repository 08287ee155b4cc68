// The game: the complete state of a game of Carcassonne and the rules that move it on.
//
// Promise:
//  * GameState is a value: copying it gives an independent game (copy-make; no undo).
//  * legal_moves() lists every move the pending decision allows; check(move) accepts exactly those
//    moves and explains every other one; apply(move) performs a move that check accepts. The
//    generator and the checker call the same predicates (placement_fits, bridge_allowed,
//    can_deploy, ...), so they cannot drift.
//  * The deck order is part of the state (the draw pile); it is never exposed to players through
//    the text of moves. Tiles with no legal placement are discarded automatically when drawn.
//  * No I/O, no globals, no exceptions: errors are values (result.h).
//
// A turn is a sequence of decisions (phases are explicit state):
//   PlaceTile     place the tile in hand (BCB: or discard it when only a bridge would place it)
//   Follower      BCB: optionally build one bridge first; then deploy a follower or skip
//   (scoring: features completed this turn)
//   CastleChoice  BCB: the owner of a completed small city turns it into a castle or scores it
//   Claim         BCB: a castle's owner picks one of several features completed in its fief
//   (BCB: after a drawn bazaar tile, the auction and the bazaar round)
//   AuctionChoose the auctioneer (no-auction variant: the chooser) picks a revealed tile
//   AuctionBid    the auctioneer opens, the others outbid or pass
//   AuctionDecide the auctioneer buys the tile from, or sells it to, the highest bidder
//   GameOver      final scoring has been done
// The player who decides (pending().player) is not always the player whose turn it is.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"
#include "core/features.h"
#include "core/move.h"
#include "core/random.h"
#include "core/result.h"
#include "core/rules.h"
#include "core/tiles.h"

namespace carcassonne {

inline constexpr int kFollowersPerPlayer = 7;
// Records may carry any deck; this bound keeps node ids and coordinates in their compact types.
inline constexpr int kMaxDeckSize = 2000;
// Bids are whole points from 0 to this bound, so that legal_moves() can list every bid. No tile
// is worth anywhere near this much; the rules themselves set no upper limit.
inline constexpr int kMaxBid = 100;
// The segment index that names a bridge on its tile (printed segments are 0..9).
inline constexpr std::uint8_t kBridgeSegment = kMaxPrintedSegments;

enum class Phase : std::uint8_t {
  PlaceTile,
  Follower,
  CastleChoice,
  Claim,
  AuctionChoose,
  AuctionBid,
  AuctionDecide,
  GameOver,
};
std::string_view phase_name(Phase phase);

enum class ScoreCategory : std::uint8_t { Road, City, Cloister, Farm, Castle, Bazaar };
inline constexpr int kScoreCategoryCount = 6;
std::string_view score_category_name(ScoreCategory category);  // "roads", "cities", ...

// Something that changed scores, reported to an optional log (for narration and tests).
struct ScoreEvent {
  ScoreCategory category = ScoreCategory::Road;
  bool final_scoring = false;
  int points = 0;            // what each winner received (bazaar: per player, see `payments`)
  std::uint8_t winners = 0;  // bit p = player p received the points
  int tiles = 0;             // tiles of the feature (cloister: itself plus neighbours)
  int pennants = 0;
  int cities = 0;    // farms: completed cities supplied
  int castles = 0;   // farms: castles supplied
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

// Bridges and castle tokens each player starts with (0 without Bridges, Castles and Bazaars).
int bridges_per_player(const RuleSet& rules, int players);
int castles_per_player(const RuleSet& rules, int players);

struct PlacedTile {
  std::int16_t x = 0;
  std::int16_t y = 0;
  TileType type = kNoTile;
  Rotation rotation = 0;
  NodeId first_node = 0;    // printed segment k of this tile is node first_node + k
  std::uint8_t bridge = 0;  // 0 none, 1 + BridgeAxis when a bridge stands on this tile
  NodeId bridge_node = 0;
  std::uint8_t shown_edges = 0;  // edge signature as shown, a bridge's ends being roads

  bool has_bridge() const { return bridge != 0; }
  BridgeAxis bridge_axis() const { return static_cast<BridgeAxis>(bridge - 1); }
  bool operator==(const PlacedTile&) const = default;
};

struct Follower {
  PlayerId player = kNoPlayer;
  NodeId node = 0;  // the segment it stands on
  bool operator==(const Follower&) const = default;
};

// A small city turned into a castle. Its fief is its two squares and the two squares on each
// side of them: a 3x2 block (3 wide along the edge the two city halves share).
struct Castle {
  std::int16_t x[2] = {0, 0}, y[2] = {0, 0};                // the two squares
  std::int16_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;  // the fief
  NodeId city = 0;                                          // root of the castle's city
  PlayerId owner = kNoPlayer;
  bool occupied = true;  // its follower is still in it (it has not scored yet)
  std::int32_t built_turn = 0;

  bool in_fief(int px, int py) const {
    return px >= min_x && px <= max_x && py >= min_y && py <= max_y;
  }
  bool operator==(const Castle&) const = default;
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
  // The player who must decide now (the castle owner, a bidder, ... or the turn's player).
  PlayerId current_player() const { return decider_; }
  // The player whose turn it is (who placed or will place the tile).
  PlayerId turn_player() const { return turn_player_; }
  PendingDecision pending() const { return {over() ? kNoPlayer : decider_, phase_}; }
  TileType tile_in_hand() const { return tile_in_hand_; }
  // In the Follower phase: the tile was placed against a field with a road (or the reverse), and
  // only a bridge that makes every edge match may follow.
  bool bridge_required() const { return bridge_required_; }

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
  int score(PlayerId p) const { return scores_[index(p)]; }
  int score_in(PlayerId p, ScoreCategory c) const {
    return score_breakdown_[index(p)][static_cast<std::size_t>(c)];
  }
  int followers_in_supply(PlayerId p) const { return supply_[index(p)]; }
  int bridges_in_supply(PlayerId p) const { return bridges_[index(p)]; }
  int castles_in_supply(PlayerId p) const { return castle_tokens_[index(p)]; }
  // Points paid to the bank by auctioneers whom nobody outbid (bazaar payments plus this are 0).
  int bank_receipts() const { return bank_; }
  const std::vector<Follower>& followers() const { return followers_; }
  const std::vector<PlacedTile>& placed_tiles() const { return placed_; }
  const std::vector<Castle>& castles() const { return castles_; }
  const Board& board() const { return board_; }
  const FeatureGraph& features() const { return features_; }
  int tiles_left_in_deck() const { return static_cast<int>(deck_.size()) - next_draw_; }
  const std::vector<TileType>& discarded_tiles() const { return discarded_; }
  // Index of the tile placed this turn, or -1 before placement.
  int turn_tile() const { return turn_tile_; }
  int turn_number() const { return turn_number_; }

  // Bazaar: the revealed tiles not yet taken, the tile each player took (kNoTile if none yet),
  // the auction's tile, highest bid and bidder (kNoPlayer before the opening bid).
  const std::vector<TileType>& bazaar_offer() const { return bazaar_offer_; }
  TileType bazaar_tile_of(PlayerId p) const { return bazaar_taken_[index(p)]; }
  bool bazaar_in_progress() const { return bazaar_stage_ != BazaarStage::None; }
  TileType auction_tile() const { return auction_tile_; }
  int highest_bid() const { return highest_bid_; }
  PlayerId highest_bidder() const { return highest_bidder_; }

  // Claim phase: the castle whose owner decides.
  int claiming_castle() const { return phase_ == Phase::Claim ? castle_cursor_ : -1; }
  // Claim phase: the canonical claim move for the feature at (x, y, port), if the castle may
  // claim it (any location of the feature names it).
  std::optional<Move> canonical_claim(int x, int y, Port port) const;

  // Node of segment `segment` (kBridgeSegment for the bridge) of placed tile `tile`.
  NodeId node_of(int tile, int segment) const;
  // The feature segment `segment` of placed tile `tile` belongs to, as its root node.
  NodeId feature_of(int tile, int segment) const {
    return features_.find_const(node_of(tile, segment));
  }
  // The segment of the placed tile at the border point `port` (board orientation), or kNoSegment;
  // a bridge's ends are kBridgeSegment.
  std::uint8_t segment_at(int tile, Port port) const;
  // Border points (board orientation) touched by a segment of a placed tile.
  PortMask segment_ports(int tile, int segment) const;
  // The segment a location names on a placed tile: any border point the segment touches, a
  // half-edge of a city side for that city, kCloisterPort for the cloister; else kNoSegment.
  std::uint8_t segment_named(int tile, Port port) const;
  // The location the notation writes for a segment: the first side middle N, E, S, W it crosses
  // (roads, cities, bridges), else its first half-edge clockwise from NNW (fields), or
  // kCloisterPort.
  Port canonical_location(int tile, int segment) const;
  // The edge kind a placed tile shows on a side (a bridge end shows a road).
  EdgeKind shown_edge(int tile, Side side) const;
  // Distinct tiles of the feature rooted at `root`.
  int feature_tile_count(NodeId root) const;
  bool feature_complete(NodeId root) const;
  // What a completed feature is worth (the value a castle receives for it).
  int completed_value(NodeId root) const { return feature_value(root, false, nullptr); }

  // Rule predicates shared by legal_moves() and check().
  bool placement_fits(const FrontierSquare& square, Rotation rotation) const {
    return (fitting_rotations(tile_in_hand_, square.required) >> rotation) & 1u;
  }
  // The tile in hand fits the square only together with a bridge built this turn.
  bool placement_fits_with_bridge(const FrontierSquare& square, Rotation rotation) const {
    return fits_with_bridge(tile_in_hand_, square, rotation);
  }
  bool bridge_allowed(int x, int y, BridgeAxis axis) const;
  bool can_deploy(int segment) const;

  // ---- Analysis, for bots (never part of a real game's flow) ----
  // The only hidden information is the order of the tiles not yet drawn. This shuffles that order
  // uniformly: a search samples a possible world without ever reading the real order.
  void resample_hidden_deck(Pcg32& rng);
  // Each player's score if the game ended now (final scoring of incomplete features and farms;
  // followers in castles leave for nothing). Pending decisions are ignored.
  std::array<int, kMaxPlayers> projected_final_scores() const;
  // A copy in which `player` is about to place `tile` as a bazaar-bought tile would be placed (it
  // starts no auction), or nullopt if the tile has no legal placement. For valuing tiles.
  std::optional<GameState> hypothetical_turn(PlayerId player, TileType tile) const;

  // Consistency of every incremental structure with a recomputation; a description of the first
  // violation found, or empty. Used by tests after every move.
  std::string check_invariants() const;

  // Optional log of scoring events (not owned; may be null). Not part of the game's value.
  void set_score_log(std::vector<ScoreEvent>* log) { score_log_ = log; }

  // Logical equality: same rules, board, features, followers, scores, deck and pending decision.
  bool operator==(const GameState& other) const;

 private:
  enum class BazaarStage : std::uint8_t { None, Auction, Round };

  // A feature or castle that completed in this turn's scoring, as castles see it.
  struct Completion {
    NodeId root = 0;  // feature root (for a castle: its city's root)
    std::int32_t value = 0;
    std::int16_t castle = -1;  // >= 0: this completion is castle #castle scoring
    bool operator==(const Completion&) const = default;
  };

  GameState() = default;
  static std::size_t index(PlayerId p) { return static_cast<std::size_t>(p); }

  // Turn flow (game.cpp)
  void start_turn(PlayerId player);
  void draw_tile();
  bool has_any_placement(TileType type) const;
  bool has_plain_placement(TileType type) const;
  void place_tile(int x, int y, TileType type, Rotation rotation);
  void unite_across(int tile, Side side);
  void deploy(int segment);
  void end_turn();
  void next_turn();

  // Placement legality (placement.cpp)
  struct Hypothesis;
  bool fits_with_bridge(TileType type, const FrontierSquare& square, Rotation rotation) const;
  EdgeKind shown_edge_in(const Hypothesis& h, int x, int y, Side side, bool* occupied) const;
  bool bridge_allowed_in(const Hypothesis& h, int x, int y, BridgeAxis axis) const;
  bool all_edges_match_in(const Hypothesis& h, int x, int y) const;
  void build_bridge(int x, int y, BridgeAxis axis);
  std::optional<Error> check_place(const Move& move) const;
  std::optional<Error> check_follower_phase(const Move& move) const;

  // Scoring (scoring.cpp)
  void score_turn();
  void continue_scoring();
  void score_feature(NodeId root, bool final_scoring);
  int feature_value(NodeId root, bool final_scoring, int* tiles_out) const;
  void return_followers(NodeId root);
  void finish_game();
  void score_farms();
  void add_points(std::uint8_t winners, int points, ScoreCategory category);
  std::uint8_t majority(NodeId root) const;
  bool is_small_city(NodeId root) const;
  void build_castle(NodeId city);
  bool touches_fief(const Castle& castle, const Completion& completion) const;
  void claim_candidates(int castle, std::vector<const Completion*>& out) const;
  void score_castle(int castle, Completion completion);  // by value: completed_ grows
  std::optional<int> claim_target(const Move& move) const;
  Move claim_move(const Completion& completion) const;
  void log(const ScoreEvent& event) const {
    if (score_log_ != nullptr) score_log_->push_back(event);
  }

  // Bazaar (bazaar.cpp)
  void start_bazaar();
  void start_turn_with(PlayerId player, TileType tile);
  void next_auction();
  void give_bazaar_tile(PlayerId player, TileType tile);
  void finish_auction(bool auctioneer_takes);
  void continue_bazaar_round();
  PlayerId next_without_bazaar_tile(PlayerId after) const;
  std::optional<Error> check_bazaar(const Move& move) const;
  void apply_bazaar(const Move& move);
  void bazaar_moves(MoveList& out) const;

  RuleSet rules_;
  int player_count_ = 0;
  Phase phase_ = Phase::GameOver;
  PlayerId turn_player_ = 0;
  PlayerId decider_ = 0;
  TileType tile_in_hand_ = kNoTile;
  int turn_tile_ = -1;
  std::int32_t turn_number_ = 0;
  bool bridge_built_ = false;     // this turn
  bool bridge_required_ = false;  // this turn's placement needs a bridge
  int bridge_tile_ = -1;          // the tile a bridge was built on this turn
  bool tile_was_drawn_ = false;   // this turn's tile came from the deck (not from a bazaar)

  std::vector<TileType> deck_;
  int next_draw_ = 0;
  std::vector<TileType> discarded_;

  Board board_;
  std::vector<PlacedTile> placed_;
  FeatureGraph features_;
  std::vector<Follower> followers_;
  std::array<std::uint8_t, kMaxPlayers> supply_{};
  std::array<std::uint8_t, kMaxPlayers> bridges_{};
  std::array<std::uint8_t, kMaxPlayers> castle_tokens_{};
  std::array<int, kMaxPlayers> scores_{};
  std::array<std::array<int, kScoreCategoryCount>, kMaxPlayers> score_breakdown_{};
  int bank_ = 0;

  // Scoring of the current turn (BCB decisions may pause it).
  std::vector<Completion> completed_;  // features completed this turn (then castles)
  std::vector<NodeId> small_cities_;   // awaiting castle-or-score, in order
  int small_city_cursor_ = 0;
  bool features_scored_ = false;
  std::vector<Castle> castles_;
  std::size_t round_begin_ = 0, round_end_ = 0;  // completions of the current castle round
  int castle_cursor_ = 0;                        // next castle to examine in the round

  // Bazaar
  BazaarStage bazaar_stage_ = BazaarStage::None;
  PlayerId bazaar_host_ = kNoPlayer;  // who placed the bazaar tile
  std::vector<TileType> bazaar_offer_;
  std::array<TileType, kMaxPlayers> bazaar_taken_{};
  PlayerId auctioneer_ = kNoPlayer;
  TileType auction_tile_ = kNoTile;
  int highest_bid_ = -1;
  PlayerId highest_bidder_ = kNoPlayer;
  PlayerId bidder_ = kNoPlayer;        // whose bid or pass is pending
  PlayerId round_player_ = kNoPlayer;  // bazaar round: whose purchased tile is played
  int bazaar_turns_left_ = 0;          // bazaar round (auction): purchased tiles still to play

  std::vector<ScoreEvent>* score_log_ = nullptr;
};

}  // namespace carcassonne
