// The bazaar (Bridges, Castles and Bazaars). See bazaar.h for the rules.
#include "core/mechanics/bazaar.h"

#include <algorithm>

#include "core/game.h"
#include "core/game_data.h"
#include "core/mechanics/mechanics.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::bazaar {

namespace {

bool auction_variant(const GameData& d) {
  return !d.mechanics.bazaar.free_choice;
}

bool up_to_score(const GameData& d) {
  return d.rules.bids() == BidsRule::UpToScore;
}

// Under "up-to-score", the auctioneer buys only for what they have.
bool may_buy(const GameData& d) {
  const BazaarState& b = d.mechanics.bazaar;
  return !up_to_score(d) || d.players.scores[GameData::index(b.auctioneer)] >= b.highest_bid;
}

PlayerId next_without_tile(const GameData& d, PlayerId after) {
  for (int i = 1; i <= d.player_count; ++i) {
    const auto p = static_cast<PlayerId>((after + i) % d.player_count);
    if (d.mechanics.bazaar.taken[GameData::index(p)] == kNoTile) return p;
  }
  return kNoPlayer;
}

void give_tile(GameData& d, PlayerId player, TileType tile) {
  BazaarState& b = d.mechanics.bazaar;
  b.taken[GameData::index(player)] = tile;
  b.offer.erase(std::find(b.offer.begin(), b.offer.end(), tile));
}

StepResult play_purchase(GameData& d, PlayerId player, TileType tile) {
  return start_part(d, player, PartKind::BazaarRound, tile);
}

StepResult next_auction(GameData& d);
StepResult take_face_down(GameData& d);

bool builder_first(const GameData& d) {
  return d.rules.builder_bazaar() == BuilderBazaarRule::BuilderFirst;
}

// Bazaar round: the next player's purchased tile, or the end of the bazaar.
StepResult continue_round(GameData& d) {
  BazaarState& b = d.mechanics.bazaar;
  if (!auction_variant(d)) {
    // Variant: the next player without a tile chooses, until all have played.
    b.auctioneer = next_without_tile(d, b.auctioneer);
    if (b.auctioneer != kNoPlayer) return next_auction(d);
  } else if (b.turns_left > 0) {
    --b.turns_left;
    b.round_player = static_cast<PlayerId>((b.round_player + 1) % d.player_count);
    return play_purchase(d, b.round_player, b.taken[GameData::index(b.round_player)]);
  }
  b.stage = BazaarStage::None;
  b.offer.clear();
  b.taken.fill(kNoTile);
  b.auctioneer = kNoPlayer;
  b.tile = kNoTile;
  b.free_choice = false;
  d.turn.player = b.host;  // play resumes left of the bazaar's host
  return StepResult::Done;
}

// The next choice of the bazaar: another auction (or, in the variant, the next player's pick),
// the last tile given away, or the bazaar round.
StepResult next_auction(GameData& d) {
  BazaarState& b = d.mechanics.bazaar;
  b.stage = BazaarStage::Auction;
  b.tile = kNoTile;
  b.highest_bid = -1;
  b.highest_bidder = kNoPlayer;
  b.bidder = kNoPlayer;
  int without = 0;
  for (int p = 0; p < d.player_count; ++p)
    without += b.taken[GameData::index(static_cast<PlayerId>(p))] == kNoTile;
  if (without == 1) {
    // The last tile goes to the last player without an action.
    const PlayerId last = next_without_tile(d, b.auctioneer == kNoPlayer ? 0 : b.auctioneer);
    const TileType tile = b.offer.front();
    give_tile(d, last, tile);
    if (!auction_variant(d)) {
      b.stage = BazaarStage::Round;
      b.round_player = last;
      return play_purchase(d, last, tile);
    }
    without = 0;
  }
  if (without == 0) {
    // Auction variant: every player has a tile; they play them from the host's left.
    b.stage = BazaarStage::Round;
    b.round_player = b.host;
    b.turns_left = d.player_count;
    return continue_round(d);
  }
  d.flow.phase = Phase::AuctionChoose;
  d.flow.decider = b.auctioneer;
  return StepResult::Wait;
}

StepResult finish_auction(GameData& d, bool auctioneer_takes) {
  BazaarState& b = d.mechanics.bazaar;
  const PlayerId taker = auctioneer_takes ? b.auctioneer : b.highest_bidder;
  const PlayerId payee = auctioneer_takes ? b.highest_bidder : b.auctioneer;
  const int bid = b.highest_bid;
  const auto pay = [&](PlayerId player, int points) {
    d.add_points(static_cast<std::uint8_t>(1u << player), points, ScoreCategory::Bazaar);
    ScoreEvent event;
    event.category = ScoreCategory::Bazaar;
    event.points = points;
    event.winners = static_cast<std::uint8_t>(1u << player);
    d.log(event);
  };
  pay(taker, -bid);
  if (payee == taker) {
    b.bank += bid;  // nobody outbid the auctioneer: the bid goes to the bank
  } else {
    pay(payee, bid);
  }
  give_tile(d, taker, b.tile);
  // The next auctioneer: the first player without a tile clockwise after the previous auctioneer
  // (new edition), counting that auctioneer first (RGG), or after the buyer (ZMG).
  PlayerId next = kNoPlayer;
  switch (d.rules.next_auctioneer()) {
    case NextAuctioneerRule::AfterAuctioneer:
      next = next_without_tile(d, b.auctioneer);
      break;
    case NextAuctioneerRule::FromAuctioneer:
      next = b.taken[GameData::index(b.auctioneer)] == kNoTile ? b.auctioneer
                                                               : next_without_tile(d, b.auctioneer);
      break;
    case NextAuctioneerRule::AfterBuyer:
      next = next_without_tile(d, taker);
      break;
  }
  if (next != kNoPlayer) b.auctioneer = next;
  return next_auction(d);
}

}  // namespace

void setup(GameData& d) {
  d.mechanics.bazaar.taken.fill(kNoTile);
}

StepResult reveal(GameData& d, bool /*entering*/) {
  BazaarState& b = d.mechanics.bazaar;
  const bool bazaar_placed = d.turn.tile_drawn && d.turn.tile >= 0 &&
                             tile_spec(d.placed[static_cast<std::size_t>(d.turn.tile)].type).bazaar;
  // Builder-first: a second part (steps 2-8) starts no bazaar; its bazaar is delayed.
  if (d.turn.part == PartKind::Second && builder_first(d)) {
    if (bazaar_placed) {
      b.delayed.push_back(d.turn.player);
      GameEvent event = GameEvent::of(GameEventKind::BazaarDelayed);
      event.player = d.turn.player;
      d.log(event);
    }
    return StepResult::Done;
  }
  if (b.stage != BazaarStage::None) return StepResult::Done;  // one in progress
  if (!bazaar_placed) return StepResult::Done;
  return take_face_down(d);
}

StepResult start_delayed(GameData& d, bool entering) {
  BazaarState& b = d.mechanics.bazaar;
  if (!entering) return StepResult::Wait;  // decisions report their own outcome
  while (!b.delayed.empty()) {
    if (b.resume == kNoPlayer) b.resume = d.turn.player;
    // As if its player had just placed it: the tiles taken (the too-few test), the auction
    // opened on that player's left, the round (bazaar::run).
    d.turn.player = b.delayed.front();
    b.delayed.erase(b.delayed.begin());
    take_face_down(d);
    if (b.stage == BazaarStage::Revealed) return run(d, true);
  }
  if (b.resume != kNoPlayer) {
    d.turn.player = b.resume;  // play resumes left of the double turn's player
    b.resume = kNoPlayer;
  }
  return StepResult::Done;
}

namespace {

// The bazaar of the turn player: when the pile holds at least as many tiles as players, that many
// are taken face down (stage Revealed, hosted by the turn player); else nothing happens.
StepResult take_face_down(GameData& d) {
  BazaarState& b = d.mechanics.bazaar;
  // Too few tiles: only those no mechanic would set aside count.
  int available = 0;
  for (std::size_t i = static_cast<std::size_t>(d.deck.next);
       i < d.deck.tiles.size() && available < d.player_count; ++i)
    available += mechanics_set_aside(d, d.deck.tiles[i]) ? 0 : 1;
  if (available < d.player_count) return StepResult::Done;
  b.stage = BazaarStage::Revealed;
  b.host = d.turn.player;
  // Taken like any other tile, but face down: unseen until their auction (DeckState::face_down
  // says which takes they are). A tile set aside instead (a dragon tile before the first volcano)
  // is taken publicly, and the next one taken.
  d.deck.face_down.clear();
  d.deck.face_down_at.clear();
  while (static_cast<int>(d.deck.face_down.size()) < d.player_count) {
    d.arrange_next_take();
    const auto next = d.deck.tiles.begin() + d.deck.next;
    if (set_aside_by_mechanics(d, *next)) {
      ++d.deck.next;
      continue;
    }
    d.deck.face_down.push_back(*next);
    d.deck.face_down_at.push_back(static_cast<std::int16_t>(d.deck.next++));
  }
  return StepResult::Done;
}

}  // namespace

StepResult run(GameData& d, bool entering) {
  BazaarState& b = d.mechanics.bazaar;
  if (!entering) return StepResult::Wait;  // decisions report their own outcome
  if (b.stage == BazaarStage::Round) return continue_round(d);  // a purchased tile was played
  if (b.stage != BazaarStage::Revealed) return StepResult::Done;
  b.offer = std::move(d.deck.face_down);
  d.deck.face_down.clear();
  d.deck.face_down_at.clear();
  b.taken.fill(kNoTile);
  b.auctioneer = static_cast<PlayerId>((b.host + 1) % d.player_count);
  // ZMG: with nobody able to bid anything, the tiles are shared out without an auction.
  bool all_zero = true;
  for (int p = 0; p < d.player_count; ++p)
    all_zero = all_zero && d.players.scores[GameData::index(static_cast<PlayerId>(p))] == 0;
  b.free_choice = d.rules.bazaar() == BazaarRule::NoAuction || (up_to_score(d) && all_zero);
  return next_auction(d);
}

int highest_allowed_bid(const GameData& d, PlayerId player) {
  if (!up_to_score(d)) return kMaxBid;
  return std::clamp(d.players.scores[GameData::index(player)], 0, kMaxBid);
}

void moves(const GameData& d, MoveList& out) {
  const BazaarState& b = d.mechanics.bazaar;
  switch (d.flow.phase) {
    case Phase::AuctionChoose:
      for (std::size_t i = 0; i < b.offer.size(); ++i)
        if (std::find(b.offer.begin(), b.offer.begin() + static_cast<long>(i), b.offer[i]) ==
            b.offer.begin() + static_cast<long>(i))
          out.push(Move::choose(b.offer[i]));  // identical tiles are one choice
      break;
    case Phase::AuctionBid: {
      const int most = highest_allowed_bid(d, b.bidder);
      for (int amount = b.highest_bid + 1; amount <= most; ++amount) out.push(Move::bid(amount));
      if (b.bidder != b.auctioneer) out.push(Move::simple(MoveKind::Pass));
      break;
    }
    case Phase::AuctionDecide:
      if (may_buy(d)) out.push(Move::simple(MoveKind::Buy));
      out.push(Move::simple(MoveKind::Sell));
      break;
    default:
      break;
  }
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  const BazaarState& b = d.mechanics.bazaar;
  switch (d.flow.phase) {
    case Phase::AuctionChoose:
      if (move.kind != MoveKind::Choose)
        return Error{ErrorCode::WrongPhase, "the game is waiting for a revealed tile to be chosen"};
      if (!(Move::choose(move.aux) == move))
        return Error{ErrorCode::BadNotation, "malformed choose"};
      return Error{ErrorCode::IllegalMove, "that tile is not among the revealed tiles left"};
    case Phase::AuctionBid:
      if (move.kind == MoveKind::Pass) {
        if (!(move == Move::simple(MoveKind::Pass)))
          return Error{ErrorCode::BadNotation, "malformed pass"};
        return Error{ErrorCode::IllegalMove,
                     "the auctioneer opens the auction with a bid (0 or more)"};
      }
      if (move.kind != MoveKind::Bid)
        return Error{ErrorCode::WrongPhase, "the game is waiting for a bid or a pass"};
      if (!(Move::bid(move.amount) == move)) return Error{ErrorCode::BadNotation, "malformed bid"};
      if (move.amount < 0 || move.amount > kMaxBid)
        return Error{ErrorCode::OutOfRange, "bids are 0 to " + std::to_string(kMaxBid) + " points"};
      if (move.amount > highest_allowed_bid(d, b.bidder))
        return Error{ErrorCode::IllegalMove,
                     "with \"bids\": \"up-to-score\" nobody bids more points than they have (" +
                         std::to_string(highest_allowed_bid(d, b.bidder)) + ")"};
      return Error{ErrorCode::IllegalMove, "a bid must be higher than the highest so far (" +
                                               std::to_string(b.highest_bid) + ")"};
    case Phase::AuctionDecide:
      if (move.kind == MoveKind::Buy && move == Move::simple(MoveKind::Buy) && !may_buy(d))
        return Error{ErrorCode::IllegalMove,
                     "with \"bids\": \"up-to-score\" the auctioneer buys only for what they "
                     "have (" +
                         std::to_string(d.players.scores[GameData::index(b.auctioneer)]) +
                         " points, the bid is " + std::to_string(b.highest_bid) + "): sell"};
      return Error{ErrorCode::WrongPhase, "the game is waiting for the auctioneer to buy or sell"};
    default:
      return Error{ErrorCode::WrongPhase, "no bazaar is in progress"};
  }
}

StepResult apply(GameData& d, const Move& move) {
  BazaarState& b = d.mechanics.bazaar;
  switch (move.kind) {
    case MoveKind::Choose:
      b.tile = move.aux;
      if (!auction_variant(d)) {
        // Variant: the chooser takes the tile for free and plays it at once.
        give_tile(d, b.auctioneer, b.tile);
        b.stage = BazaarStage::Round;
        return play_purchase(d, b.auctioneer, b.tile);
      }
      d.flow.phase = Phase::AuctionBid;
      b.bidder = d.flow.decider = b.auctioneer;
      return StepResult::Wait;
    case MoveKind::Bid:
      b.highest_bid = move.amount;
      b.highest_bidder = b.bidder;
      [[fallthrough]];
    case MoveKind::Pass: {
      // Each other player without a tile, clockwise from the auctioneer, bids once.
      const PlayerId next = next_without_tile(d, b.bidder);
      if (next != b.auctioneer) {
        b.bidder = d.flow.decider = next;
        return StepResult::Wait;
      }
      if (b.highest_bidder == b.auctioneer) return finish_auction(d, /*auctioneer_takes=*/true);
      d.flow.phase = Phase::AuctionDecide;
      d.flow.decider = b.auctioneer;
      return StepResult::Wait;
    }
    case MoveKind::Buy:
      return finish_auction(d, true);
    case MoveKind::Sell:
      return finish_auction(d, false);
    default:
      assert(false && "not a bazaar move");
      return StepResult::Wait;
  }
}

std::string invariants(const GameData& d) {
  int payments = 0;
  for (int p = 0; p < d.player_count; ++p)
    payments += d.players.breakdown[static_cast<std::size_t>(p)]
                                   [static_cast<std::size_t>(ScoreCategory::Bazaar)];
  if (payments + d.mechanics.bazaar.bank != 0) return "bazaar payments do not sum to zero";
  const BazaarState& b = d.mechanics.bazaar;
  if (!builder_first(d) && (!b.delayed.empty() || b.resume != kNoPlayer))
    return "a delayed bazaar without \"builder-bazaar\": \"builder-first\"";
  for (const PlayerId p : b.delayed)
    if (p < 0 || p >= d.player_count) return "a delayed bazaar of no player";
  if (d.flow.phase == Phase::GameOver && (!b.delayed.empty() || b.resume != kNoPlayer))
    return "the game ended with a bazaar still delayed";
  return {};
}

Result<Move> read_choose(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 1, "choose TILE")) return *e;
  const auto tile = find_tile_type(in.args[0]);
  if (!tile) return Error{ErrorCode::UnknownTile, quote_text(in.text) + ": unknown tile"};
  return Move::choose(*tile);
}

Result<Move> read_bid(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 1, "bid N")) return *e;
  const auto amount = notation::parse_int(in.args[0]);
  if (!amount || *amount < 0)
    return notation::bad(in.text, "a bid is a whole number of points, 0 or more");
  return Move::bid(*amount);
}

std::string write_choose(const GameState&, const Move& move) {
  return "choose " +
         std::string(move.aux < kTileTypeCount ? tile_spec(move.aux).id : std::string_view("?"));
}

std::string write_bid(const GameState&, const Move& move) {
  return "bid " + std::to_string(move.amount);
}
}  // namespace carcassonne::bazaar
