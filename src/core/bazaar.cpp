// The bazaar (Bridges, Castles and Bazaars).
//
// After a turn in which a drawn bazaar tile was placed, when at least as many tiles remain as
// there are players, that many tiles are revealed.
//   Auction (default): starting with the player left of the bazaar's host, the auctioneer chooses
//   a tile and opens with a bid (0 or more); each other player still without a tile bids higher
//   or passes, once, clockwise; then the auctioneer buys the tile from the highest bidder (paying
//   the bid) or sells it to them (receiving the bid). If nobody outbid the auctioneer, the
//   auctioneer pays the bid to the bank. The next auctioneer is the next player clockwise from
//   the previous auctioneer who has no tile yet; the last tile goes free to the last player.
//   Then, from the host's left, everyone plays their tile as a normal turn (a bought bazaar tile
//   starts no auction), and play resumes left of the host.
//   No-auction variant: from the host's left, each player chooses a revealed tile and plays it at
//   once; the last tile goes to the last player.
#include <algorithm>

#include "core/game.h"

namespace carcassonne {

namespace {
bool auction_variant(const RuleSet& rules) {
  return rules.bazaar == BazaarRule::Auction;
}
}  // namespace

PlayerId GameState::next_without_bazaar_tile(PlayerId after) const {
  for (int i = 1; i <= player_count_; ++i) {
    const auto p = static_cast<PlayerId>((after + i) % player_count_);
    if (bazaar_taken_[index(p)] == kNoTile) return p;
  }
  return kNoPlayer;
}

void GameState::start_bazaar() {
  bazaar_stage_ = BazaarStage::Auction;
  bazaar_host_ = turn_player_;
  bazaar_offer_.assign(deck_.begin() + next_draw_, deck_.begin() + next_draw_ + player_count_);
  next_draw_ += player_count_;
  bazaar_taken_.fill(kNoTile);
  auctioneer_ = static_cast<PlayerId>((bazaar_host_ + 1) % player_count_);
  next_auction();
}

// The next choice of the bazaar: another auction (or, in the variant, the next player's pick),
// the last tile given away, or the bazaar round.
void GameState::next_auction() {
  bazaar_stage_ = BazaarStage::Auction;
  auction_tile_ = kNoTile;
  highest_bid_ = -1;
  highest_bidder_ = kNoPlayer;
  bidder_ = kNoPlayer;
  int without = 0;
  for (int p = 0; p < player_count_; ++p)
    without += bazaar_taken_[index(static_cast<PlayerId>(p))] == kNoTile;
  if (without == 1) {
    // The last tile goes to the last player without an action.
    const PlayerId last = next_without_bazaar_tile(auctioneer_ == kNoPlayer ? 0 : auctioneer_);
    const TileType tile = bazaar_offer_.front();
    give_bazaar_tile(last, tile);
    if (!auction_variant(rules_)) {
      bazaar_stage_ = BazaarStage::Round;
      round_player_ = last;
      start_turn_with(last, tile);
      return;
    }
    without = 0;
  }
  if (without == 0) {
    // Auction variant: every player has a tile; they play them from the host's left.
    bazaar_stage_ = BazaarStage::Round;
    round_player_ = bazaar_host_;
    bazaar_turns_left_ = player_count_;
    continue_bazaar_round();
    return;
  }
  phase_ = Phase::AuctionChoose;
  decider_ = auctioneer_;
}

void GameState::give_bazaar_tile(PlayerId player, TileType tile) {
  bazaar_taken_[index(player)] = tile;
  bazaar_offer_.erase(std::find(bazaar_offer_.begin(), bazaar_offer_.end(), tile));
}

// Bazaar round: the next player's purchased tile, or the end of the bazaar.
void GameState::continue_bazaar_round() {
  if (!auction_variant(rules_)) {
    // Variant: the next player without a tile chooses, until all have played.
    auctioneer_ = next_without_bazaar_tile(auctioneer_);
    if (auctioneer_ != kNoPlayer) {
      next_auction();
      return;
    }
  } else if (bazaar_turns_left_ > 0) {
    --bazaar_turns_left_;
    round_player_ = static_cast<PlayerId>((round_player_ + 1) % player_count_);
    start_turn_with(round_player_, bazaar_taken_[index(round_player_)]);
    return;
  }
  bazaar_stage_ = BazaarStage::None;
  bazaar_offer_.clear();
  bazaar_taken_.fill(kNoTile);
  auctioneer_ = kNoPlayer;
  auction_tile_ = kNoTile;
  start_turn(static_cast<PlayerId>((bazaar_host_ + 1) % player_count_));
}

void GameState::finish_auction(bool auctioneer_takes) {
  const PlayerId taker = auctioneer_takes ? auctioneer_ : highest_bidder_;
  const PlayerId payee = auctioneer_takes ? highest_bidder_ : auctioneer_;
  const int bid = highest_bid_;
  const auto pay = [&](PlayerId player, int points) {
    add_points(static_cast<std::uint8_t>(1u << player), points, ScoreCategory::Bazaar);
    ScoreEvent event;
    event.category = ScoreCategory::Bazaar;
    event.points = points;
    event.winners = static_cast<std::uint8_t>(1u << player);
    log(event);
  };
  pay(taker, -bid);
  if (payee == taker) {
    bank_ += bid;  // nobody outbid the auctioneer: the bid goes to the bank
  } else {
    pay(payee, bid);
  }
  give_bazaar_tile(taker, auction_tile_);
  if (next_without_bazaar_tile(auctioneer_) != kNoPlayer)
    auctioneer_ = next_without_bazaar_tile(auctioneer_);
  next_auction();
}

void GameState::bazaar_moves(MoveList& out) const {
  switch (phase_) {
    case Phase::AuctionChoose:
      for (std::size_t i = 0; i < bazaar_offer_.size(); ++i)
        if (std::find(bazaar_offer_.begin(), bazaar_offer_.begin() + static_cast<long>(i),
                      bazaar_offer_[i]) == bazaar_offer_.begin() + static_cast<long>(i))
          out.push(Move::choose(bazaar_offer_[i]));  // identical tiles are one choice
      break;
    case Phase::AuctionBid:
      for (int amount = highest_bid_ + 1; amount <= kMaxBid; ++amount) out.push(Move::bid(amount));
      if (bidder_ != auctioneer_) out.push(Move::simple(MoveKind::Pass));
      break;
    case Phase::AuctionDecide:
      out.push(Move::simple(MoveKind::Buy));
      out.push(Move::simple(MoveKind::Sell));
      break;
    default:
      break;
  }
}

std::optional<Error> GameState::check_bazaar(const Move& move) const {
  switch (phase_) {
    case Phase::AuctionChoose: {
      if (move.kind != MoveKind::Choose)
        return Error{ErrorCode::WrongPhase, "the game is waiting for a revealed tile to be chosen"};
      if (!(Move::choose(move.aux) == move))
        return Error{ErrorCode::BadNotation, "malformed choose"};
      if (std::find(bazaar_offer_.begin(), bazaar_offer_.end(), move.aux) == bazaar_offer_.end())
        return Error{ErrorCode::IllegalMove, "that tile is not among the revealed tiles left"};
      return std::nullopt;
    }
    case Phase::AuctionBid: {
      if (move.kind == MoveKind::Pass) {
        if (!(move == Move::simple(MoveKind::Pass)))
          return Error{ErrorCode::BadNotation, "malformed pass"};
        if (bidder_ == auctioneer_)
          return Error{ErrorCode::IllegalMove,
                       "the auctioneer opens the auction with a bid (0 or more)"};
        return std::nullopt;
      }
      if (move.kind != MoveKind::Bid)
        return Error{ErrorCode::WrongPhase, "the game is waiting for a bid or a pass"};
      if (!(Move::bid(move.amount) == move)) return Error{ErrorCode::BadNotation, "malformed bid"};
      if (move.amount < 0 || move.amount > kMaxBid)
        return Error{ErrorCode::OutOfRange, "bids are 0 to " + std::to_string(kMaxBid) + " points"};
      if (move.amount <= highest_bid_)
        return Error{ErrorCode::IllegalMove, "a bid must be higher than the highest so far (" +
                                                 std::to_string(highest_bid_) + ")"};
      return std::nullopt;
    }
    case Phase::AuctionDecide:
      if (move == Move::simple(MoveKind::Buy) || move == Move::simple(MoveKind::Sell))
        return std::nullopt;
      return Error{ErrorCode::WrongPhase, "the game is waiting for the auctioneer to buy or sell"};
    default:
      return Error{ErrorCode::WrongPhase, "no bazaar is in progress"};
  }
}

void GameState::apply_bazaar(const Move& move) {
  switch (move.kind) {
    case MoveKind::Choose:
      auction_tile_ = move.aux;
      if (!auction_variant(rules_)) {
        // Variant: the chooser takes the tile for free and plays it at once.
        give_bazaar_tile(auctioneer_, auction_tile_);
        bazaar_stage_ = BazaarStage::Round;
        start_turn_with(auctioneer_, auction_tile_);
        return;
      }
      phase_ = Phase::AuctionBid;
      bidder_ = decider_ = auctioneer_;
      return;
    case MoveKind::Bid:
      highest_bid_ = move.amount;
      highest_bidder_ = bidder_;
      [[fallthrough]];
    case MoveKind::Pass: {
      // Each other player without a tile, clockwise from the auctioneer, bids once.
      const PlayerId next = next_without_bazaar_tile(bidder_);
      if (next != auctioneer_) {
        bidder_ = decider_ = next;
        return;
      }
      if (highest_bidder_ == auctioneer_) {
        finish_auction(/*auctioneer_takes=*/true);
        return;
      }
      phase_ = Phase::AuctionDecide;
      decider_ = auctioneer_;
      return;
    }
    case MoveKind::Buy:
      finish_auction(true);
      return;
    case MoveKind::Sell:
      finish_auction(false);
      return;
    default:
      assert(false && "not a bazaar move");
  }
}

// A turn with a tile that was not drawn: a purchased (or chosen) bazaar tile.
void GameState::start_turn_with(PlayerId player, TileType tile) {
  turn_player_ = decider_ = player;
  turn_tile_ = -1;
  bridge_built_ = bridge_required_ = false;
  bridge_tile_ = -1;
  ++turn_number_;
  if (!has_any_placement(tile)) {
    discarded_.push_back(tile);  // no legal placement: the player's bazaar turn is over
    continue_bazaar_round();
    return;
  }
  tile_in_hand_ = tile;
  tile_was_drawn_ = false;
  phase_ = Phase::PlaceTile;
}

}  // namespace carcassonne
