// The game: the complete state of a game of Carcassonne and the rules that move it on.
//
// Promise:
//  * GameState is a value: copying it gives an independent game (copy-make; no undo); == compares
//    everything that decides the game's future.
//  * legal_moves() lists every move the pending decision allows; check(move) accepts exactly
//    those moves (it asks the same generator) and explains every other one; apply(move)
//    performs a move that check accepts.
//  * The deck order is part of the state; it is never exposed to players: observation(player)
//    is what a player may see (bots receive that), and no text of a move reveals the deck.
//  * No I/O, no globals, no exceptions: errors are values (result.h).
//
// The engine is the base game plus the mechanics of the chosen expansions (mechanics/*.h), run
// by one ordered table of turn steps (turn_flow.h). A game waits for these decisions (Phase;
// kDecisions in turn_flow.cpp has a row for each):
//   PlaceTile     place the tile in hand (bridges: or discard it when only a bridge would place it)
//   Follower      bridges: optionally build one bridge first; then one figure action: a follower
//                 (`meeple`), the large follower (`large`), a builder, pig, mayor, wagon or barn,
//                 the fairy, the princess, a portal's deployment, or `skip`
//   CastleChoice  castles: the owner of a completed small city turns it into a castle or scores it
//   Claim         castles: a castle's owner picks one of several features completed in its fief
//   AuctionChoose bazaar: the auctioneer (no-auction variant: the chooser) picks a revealed tile
//   AuctionBid    bazaar: the auctioneer opens, the others outbid or pass
//   AuctionDecide bazaar: the auctioneer buys the tile from, or sells it to, the highest bidder
//   DragonMove    dragon: one step of the dragon's journey, by each player in turn
//   AbbeyChoice   abbey: play one's abbey into a hole (`abbey X,Y`) or `draw`, before the draw
//   WagonMove     wagon: a wagon a scoring sent home rolls on (`move X,Y LOC`) or `pass`
//   AbbeyRound    abbey: at the end, each holder plays the abbey into a hole or passes
//   GameOver      final scoring has been done
// The player who decides (pending().player) is not always the player whose turn it is.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_data.h"
#include "core/random.h"
#include "core/result.h"

namespace carcassonne {

// Records may carry any deck; this bound keeps node ids and coordinates in their compact types.
inline constexpr int kMaxDeckSize = 2000;

std::string_view phase_name(Phase phase);
std::string_view score_category_name(ScoreCategory category);  // "roads", "cities", ...
// Whether a game with these rules can score in the category (castles and bazaars need Bridges,
// Castles and Bazaars; goods need trade goods): what breakdowns show.
bool score_category_applies(const RuleSet& rules, ScoreCategory category);

struct GameConfig {
  RuleSet rules;
  int players = 2;
  TileType start_tile = 3;     // "D"
  std::vector<TileType> deck;  // exact draw order after the start tile
  // Set when `deck` was shuffled from this seed (shuffled_deck): tiles that return to the deck
  // later (dragon tiles set aside) are shuffled in from it; without it they go after its last.
  std::optional<std::uint64_t> seed;
  // For rebuilding a game from what a player was told (an engine): every tile taken from the
  // pile so far, in the order taken (drawn, set aside, discarded, a bazaar's; kNoTile for one
  // taken face down and not yet seen). Each take finds its scripted tile among the undrawn ones,
  // so `deck` serves only as the pile's multiset; takes beyond the script follow `deck`.
  std::vector<TileType> scripted_draws;
};

// The full tile set of the chosen expansions less one copy of the start tile, shuffled from seed.
std::vector<TileType> shuffled_deck(const RuleSet& rules, TileType start_tile, std::uint64_t seed);

struct PendingDecision {
  PlayerId player = kNoPlayer;
  Phase phase = Phase::GameOver;
};

// Who won: every player with the highest score (scores may be negative after auctions).
struct Outcome {
  bool over = false;         // final scoring done; else the standing so far
  std::uint8_t winners = 0;  // bit p = player p has the highest score
  int best = 0;              // that score
  std::array<int, kMaxPlayers> scores{};
  bool is_winner(PlayerId p) const { return (winners >> p) & 1u; }
  int winner_count() const;
};

class Observation;

class GameState {
 public:
  static Result<GameState> create(const GameConfig& config);

  // ---- The pending decision ----
  Phase phase() const { return d_.flow.phase; }
  bool over() const { return d_.flow.phase == Phase::GameOver; }
  // The player who must decide now (the castle owner, a bidder, ... or the turn's player).
  PlayerId current_player() const { return d_.flow.decider; }
  // The player whose turn part it is (who placed or will place the tile).
  PlayerId turn_player() const { return d_.turn.player; }
  PendingDecision pending() const { return {over() ? kNoPlayer : d_.flow.decider, phase()}; }
  TileType tile_in_hand() const { return d_.turn.in_hand; }
  // In the Follower phase: the tile was placed against a field with a road (or the reverse), and
  // only a bridge that makes every edge match may follow.
  bool bridge_required() const { return d_.mechanics.bridges.required; }

  void legal_moves(MoveList& out) const;
  // Why `move` is not legal now, or nullopt when it is: exactly when legal_moves() lists it.
  std::optional<Error> check(const Move& move) const;
  // As check(move), and first that `actor` is the player whose decision is pending.
  std::optional<Error> check_as(PlayerId actor, const Move& move) const;
  // Checks, then performs the move. An illegal move leaves the state unchanged.
  Result<bool> apply(const Move& move);
  Result<bool> apply_as(PlayerId actor, const Move& move);
  // Performs a move known to be legal (from legal_moves); asserts in debug builds.
  void apply_unchecked(const Move& move);

  // ---- Observations ----
  const RuleSet& rules() const { return d_.rules; }
  bool has(Mechanic mechanic) const { return d_.rules.has(mechanic); }
  int player_count() const { return d_.player_count; }
  int score(PlayerId p) const { return d_.players.scores[index(p)]; }
  int score_in(PlayerId p, ScoreCategory c) const {
    return d_.players.breakdown[index(p)][static_cast<std::size_t>(c)];
  }
  // The winners (also during the game: the leaders so far).
  Outcome outcome() const;
  // What `player` may see: everything but the order of the undrawn tiles.
  Observation observation(PlayerId player) const;
  int figures_in_supply(PlayerId p, FigureKind kind) const { return d_.figures_of(p, kind); }
  // Whether the game has a kind of figure: the follower always, another when the mechanic that
  // owns its deployment is in play.
  bool figure_in_game(FigureKind kind) const;
  int followers_in_supply(PlayerId p) const { return figures_in_supply(p, FigureKind::Follower); }
  int bridges_in_supply(PlayerId p) const { return d_.mechanics.bridges.supply[index(p)]; }
  int castles_in_supply(PlayerId p) const { return d_.mechanics.castles.tokens[index(p)]; }
  // Trade-goods tokens a player holds of one kind (Traders & Builders).
  int trade_goods(PlayerId p, TradeGood good) const {
    return good == TradeGood::None
               ? 0
               : d_.mechanics.trade_goods.tokens[index(p)][static_cast<std::size_t>(good) - 1];
  }
  // Princess & Dragon: the placed tile (index into placed_tiles()) the dragon and the fairy stand
  // on, or -1 off the board; the dragon tiles set aside before the first volcano; the journey
  // under way (its tiles so far, the start first; empty when none).
  int dragon_tile() const { return d_.mechanics.dragon.tile; }
  int fairy_tile() const { return d_.mechanics.fairy.tile; }
  const std::vector<TileType>& set_aside_tiles() const { return d_.mechanics.dragon.set_aside; }
  std::vector<int> dragon_journey() const;
  // Abbey & Mayor: whether a player still holds his abbey; the wagon whose owner now decides where
  // it rolls (Phase::WagonMove), or null.
  bool abbey_held(PlayerId p) const { return (d_.mechanics.abbey.held >> p & 1u) != 0; }
  const PendingWagon* rolling_wagon() const {
    const WagonState& w = d_.mechanics.wagon;
    return d_.flow.phase == Phase::WagonMove && w.current < w.count ? &w.pending[w.current]
                                                                    : nullptr;
  }
  // What kind of turn part this is (a builder's second part, a bazaar-round turn, ...).
  PartKind turn_part() const { return d_.turn.part; }
  // Points paid to the bank by auctioneers whom nobody outbid (bazaar payments plus this are 0).
  int bank_receipts() const { return d_.mechanics.bazaar.bank; }
  const std::vector<Follower>& followers() const { return d_.followers; }
  const std::vector<PlacedTile>& placed_tiles() const { return d_.placed; }
  const std::vector<Castle>& castles() const { return d_.mechanics.castles.castles; }
  const Board& board() const { return d_.board; }
  const FeatureGraph& features() const { return d_.features; }
  int tiles_left_in_deck() const { return d_.deck.left(); }
  // Scripted draws (GameConfig::scripted_draws): how many have been taken, and whether one named
  // a tile that was not undrawn then (the script does not describe a game of this set-up).
  int scripted_draws_taken() const { return d_.deck.script_next; }
  bool scripted_draws_broken() const { return d_.deck.script_broken; }
  // Tiles taken from the pile so far (drawn, set aside, discarded, a bazaar's), and how many of
  // them lie face down (a bazaar's, unseen until its auction): what every player saw happen.
  int tiles_taken() const { return d_.deck.taken; }
  // The tile of the pile's `take`-th take (0-based, below tiles_taken()), as every player saw it:
  // kNoTile while it lies face down.
  TileType tile_taken(int take) const;
  int tiles_face_down() const { return static_cast<int>(d_.deck.face_down.size()); }
  // How many of each tile type are still in the pile (while a bazaar's tiles lie face down, this
  // depends on which they are: hidden).
  std::array<std::uint8_t, kTileTypeCount> undrawn_tile_counts() const;
  // How many of each tile type nobody has seen yet: the pile and the tiles taken face down (public:
  // the box's contents less what was seen).
  std::array<std::uint8_t, kTileTypeCount> unseen_tile_counts() const;
  // A deck for a record of this game without a seed that replays to exactly this position (what
  // every player sees: board, figures, scores, tile in hand, set-aside tiles, the unseen tiles'
  // multiset and count) and reveals nothing hidden: every tile taken so far in the order taken,
  // then the unseen tiles in a canonical order (sorted). Tiles lying face down are stood in for
  // by unseen tiles of that order, and dragon tiles set aside and since come back are left out
  // (such a record's replay puts returned tiles last, where this game may have shuffled them in).
  std::vector<TileType> public_record_deck() const;
  const std::vector<TileType>& discarded_tiles() const { return d_.deck.discarded; }
  // Index of the tile placed this turn part, or -1 before placement.
  int turn_tile() const { return d_.turn.tile; }
  int turn_number() const { return d_.turn.number; }
  // The turn part being played is a bazaar-round turn (a purchased tile).
  bool in_bazaar_round() const { return d_.turn.part == PartKind::BazaarRound; }

  // Bazaar: the revealed tiles not yet taken, the tile each player took (kNoTile if none yet),
  // the auction's tile, highest bid and bidder (kNoPlayer before the opening bid).
  const std::vector<TileType>& bazaar_offer() const { return d_.mechanics.bazaar.offer; }
  TileType bazaar_tile_of(PlayerId p) const { return d_.mechanics.bazaar.taken[index(p)]; }
  bool bazaar_in_progress() const { return d_.mechanics.bazaar.stage != BazaarStage::None; }
  // "builder-first": bazaars placed in second parts still waiting for the double turn and the
  // bazaar round under way to be over (delayed bazaars; the one being played is not counted).
  int delayed_bazaars() const { return static_cast<int>(d_.mechanics.bazaar.delayed.size()); }
  // Whether the bazaar under way auctions its tiles (else each player takes one in turn: the
  // no-auction variant, or "bids": "up-to-score" with every score at 0 when it began).
  bool bazaar_auctions() const { return !d_.mechanics.bazaar.free_choice; }
  TileType auction_tile() const { return d_.mechanics.bazaar.tile; }
  int highest_bid() const { return d_.mechanics.bazaar.highest_bid; }
  PlayerId highest_bidder() const { return d_.mechanics.bazaar.highest_bidder; }

  // Claim phase: the castle whose owner decides.
  int claiming_castle() const;
  // Claim phase: the canonical claim move for the feature at (x, y, port), if the castle may
  // claim it (any location of the feature names it).
  std::optional<Move> canonical_claim(int x, int y, Port port) const;

  NodeId node_of(int tile, int segment) const { return d_.node_of(tile, segment); }
  NodeId feature_of(int tile, int segment) const { return d_.feature_of(tile, segment); }
  std::uint8_t segment_at(int tile, Port port) const { return d_.segment_at(tile, port); }
  PortMask segment_ports(int tile, int segment) const { return d_.segment_ports(tile, segment); }
  // The segment a location names on a placed tile: any border point the segment touches, a
  // half-edge of a city side for that city, kCloisterPort for the cloister, kInnerPort for an
  // enclosed field; else kNoSegment.
  std::uint8_t segment_named(int tile, Port port) const { return d_.segment_named(tile, port); }
  // The location the notation writes for a segment: the first side middle N, E, S, W it crosses
  // (roads, cities, bridges), else its first half-edge clockwise from NNW (fields), or
  // kCloisterPort / kInnerPort.
  Port canonical_location(int tile, int segment) const {
    return d_.canonical_location(tile, segment);
  }
  // The edge kind a placed tile shows on a side (a bridge end shows a road).
  EdgeKind shown_edge(int tile, Side side) const { return d_.shown_edge(tile, side); }
  int feature_tile_count(NodeId root) const { return d_.feature_tile_count(root); }
  bool feature_complete(NodeId root) const { return d_.feature_complete(root); }
  // What a feature is worth completed (the value a castle receives for it) and now at the end.
  int completed_value(NodeId root) const { return d_.feature_value(root, false, nullptr); }
  int final_value(NodeId root) const { return d_.feature_value(root, true, nullptr); }
  // Bit p set = player p has the greatest strength on the feature.
  std::uint8_t majority(NodeId root) const { return d_.majority(root); }

  // Rule predicates shared by legal_moves() and check().
  bool placement_fits(const FrontierSquare& square, Rotation rotation) const {
    return (fitting_rotations(d_.turn.in_hand, square.required) >> rotation) & 1u;
  }
  // Whether a figure of `kind` may be deployed on `segment` of the tile just placed now: exactly
  // when legal_moves() lists that deployment (a fast test for followers; a builder or pig asks
  // its mechanic through check()).
  bool can_deploy(int segment, FigureKind kind = FigureKind::Follower) const;

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

  // Consistency of every incremental structure with a recomputation, and of every mechanic's
  // invariants; a description of the first violation found, or empty. Used by tests after every
  // move.
  std::string check_invariants() const;

  // Optional log of what happens as moves are applied (events.h; not owned; may be null). Not
  // part of the game's value.
  void set_event_log(std::vector<GameEvent>* log) { d_.log_sink.events = log; }

  bool operator==(const GameState& other) const = default;

 private:
  friend class Observation;
  GameState() = default;
  static std::size_t index(PlayerId p) { return static_cast<std::size_t>(p); }

  GameData d_;
};

// What one player may see of a game: a GameState whose undrawn tiles are in a canonical order
// (sorted), so it carries their multiset (public) and not their order (hidden). Bots decide from
// this; a search samples possible worlds from it.
class Observation {
 public:
  Observation(const GameState& state, PlayerId viewer);
  PlayerId viewer() const { return viewer_; }
  // The game as the viewer sees it (its deck order is meaningless: sorted).
  const GameState& state() const { return state_; }
  // A possible world: the undrawn tiles in a random order.
  GameState sample_world(Pcg32& rng) const;

 private:
  GameState state_;
  PlayerId viewer_;
};

}  // namespace carcassonne
