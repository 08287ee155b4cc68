// The bazaar (Bridges, Castles and Bazaars).
//
// Promise: owns the auction and the bazaar round. After a turn part (not in a bazaar round) whose
// drawn bazaar tile was placed, when the deck holds at least as many tiles as players, that many
// are revealed (with Traders & Builders' "builder-first", a builder's second part is played
// between their drawing, face down, and their auction). Auction (default): from the left of the
// bazaar's player, the auctioneer chooses a tile and opens with a bid (0 or more); each other
// player without a tile bids higher or passes, once, clockwise; then the auctioneer buys from or
// sells to the highest bidder; if nobody outbid the auctioneer, the bid goes to the bank. The next
// auctioneer is the next player clockwise from the previous auctioneer without a tile; the last
// tile goes free to the last player. Then, from the host's left, each plays their tile as a turn
// part (steps 1-8 of the order of play); play resumes left of the host. With "builder-first", a
// bazaar tile placed in a builder's second part (the player's own, or one inside a bazaar round)
// is delayed: it starts nothing at once; once the double turn and any bazaar round under way are
// over (row DelayedBazaars), each delayed bazaar starts in the order its tile was placed, as if
// that tile's player had just placed it (its tiles taken, the too-few test, the auction from that
// player's left, the round); bazaars placed in the second parts of those rounds are delayed
// again; then play resumes left of the double turn's player. No-auction variant: from
// the host's left, each chooses a revealed tile and plays it at once. Payments are score category
// Bazaar; the bank keeps what auctioneers paid to nobody, so payments plus bank add up to 0.
// Publisher variants (rule options): "bids": "up-to-score" (ZMG) lets nobody bid more than their
// score nor buy for more than it, and plays a bazaar that starts with every score at 0 as the
// no-auction variant; "next-auctioneer" counts from the previous auctioneer included
// ("from-auctioneer", RGG) or from the previous buyer ("after-buyer", ZMG).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/result.h"
#include "core/tiles.h"
#include "core/types.h"
#include "core/verbs.h"

namespace carcassonne {

struct GameData;
enum class StepResult : std::uint8_t;

// Bids are whole points from 0 to this bound, so that legal_moves() can list every bid. No tile
// is worth anywhere near this much; the rules themselves set no upper limit.
inline constexpr int kMaxBid = 100;

// Revealed: the tiles are taken from the deck (face down, DeckState::face_down) and wait for
// their auction; Auction: they are face up (`offer`) and being chosen, bid on, bought or sold.
enum class BazaarStage : std::uint8_t { None, Revealed, Auction, Round };

struct BazaarState {
  BazaarStage stage = BazaarStage::None;
  PlayerId host = kNoPlayer;  // who placed the bazaar tile
  std::vector<TileType> offer;
  std::array<TileType, kMaxPlayers> taken{};
  PlayerId auctioneer = kNoPlayer;
  TileType tile = kNoTile;  // on auction
  int highest_bid = -1;
  PlayerId highest_bidder = kNoPlayer;
  PlayerId bidder = kNoPlayer;        // whose bid or pass is pending
  PlayerId round_player = kNoPlayer;  // bazaar round: whose purchased tile is played
  int turns_left = 0;                 // bazaar round (auction): purchased tiles still to play
  int bank = 0;                       // points paid to the bank
  // This bazaar is shared out without an auction (the no-auction variant, or, under "bids":
  // "up-to-score", a bazaar that started with every score at 0).
  bool free_choice = false;
  // "builder-first": the players who placed a bazaar tile in a second part, in the order placed,
  // whose bazaars wait for the double turn and the bazaar round under way (delayed bazaars).
  std::vector<PlayerId> delayed;
  // While delayed bazaars are played: the double turn's player, at whose left play resumes.
  PlayerId resume = kNoPlayer;
  bool operator==(const BazaarState&) const = default;
};

namespace bazaar {
void setup(GameData& d);
// Step BazaarReveal: a due bazaar takes its tiles from the deck, face down. Due: the part's
// drawn tile is a bazaar, no bazaar is in progress, the deck holds at least as many tiles as
// players, and the part is not a builder's second part under "builder-first" (which plays steps
// 2-8 only: its bazaar is delayed, noted in `delayed`, even inside a bazaar round).
StepResult reveal(GameData& d, bool entering);
// Step BazaarAuction: starts the auction of revealed tiles, or goes on with the bazaar round
// (after each purchased tile's turn part); Done when there is none or it is over.
StepResult run(GameData& d, bool entering);
// Step DelayedBazaars ("builder-first"), after the double turn and its bazaar: starts the first
// delayed bazaar that has enough tiles (its auction, then the round), one at a time, until none
// is left; then play resumes left of the double turn's player.
StepResult start_delayed(GameData& d, bool entering);
// The most `player` may bid now: kMaxBid, or under "bids": "up-to-score" their score (never
// below 0: with no points, the auctioneer still opens at 0).
int highest_allowed_bid(const GameData& d, PlayerId player);
void moves(const GameData& d, MoveList& out);
std::optional<Error> explain(const GameData& d, const Move& move);
StepResult apply(GameData& d, const Move& move);
std::string invariants(const GameData& d);
// Its actions in the notation: `choose TILE`, `bid N`, `buy` and `sell`.
Result<Move> read_choose(const VerbInput& in);
Result<Move> read_bid(const VerbInput& in);
std::string write_choose(const GameState& state, const Move& move);
std::string write_bid(const GameState& state, const Move& move);
inline constexpr Verb kVerbs[] = {{"choose", MoveKind::Choose, &read_choose},
                                  {"bid", MoveKind::Bid, &read_bid},
                                  {"buy", MoveKind::Buy},
                                  {"sell", MoveKind::Sell}};
inline constexpr MoveWriter kWriters[] = {{MoveKind::Choose, "choose", &write_choose},
                                          {MoveKind::Bid, "bid", &write_bid},
                                          {MoveKind::Buy, "buy"},
                                          {MoveKind::Sell, "sell"}};
}  // namespace bazaar

}  // namespace carcassonne
