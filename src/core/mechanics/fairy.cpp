// The fairy (Princess & Dragon). See fairy.h for the rules.
#include "core/mechanics/fairy.h"

#include <algorithm>
#include <array>

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::fairy {

namespace {

bool beside_follower(const GameData& d) {
  return d.rules.fairy() == FairyRule::NextToFollower;
}

// Calls f(tile, segment) for each follower of `player` and each tile it stands on, with
// its segment there (a castle's follower: both castle tiles).
template <typename F>
void for_each_follower_tile(const GameData& d, PlayerId player, F&& f) {
  GameData::OwnFollowers own;
  const int n = d.own_followers(player, own);
  for (int i = 0; i < n; ++i) {
    const Follower& figure = *own[static_cast<std::size_t>(i)];
    d.for_each_tile_under(figure, [&](int tile, int segment) {
      f(tile, segment);
      return true;
    });
  }
}

bool allowed_tile(const GameData& d, int tile) {
  return tile != d.mechanics.fairy.tile && tile != d.mechanics.dragon.tile;
}

// The fairy's move onto `tile`; beside the follower standing on `segment` there (option).
inline Move fairy_move(const GameData& d, int tile, int segment) {
  const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
  if (!beside_follower(d)) return Move::at(MoveKind::Fairy, p.x, p.y, 0);
  return Move::at(MoveKind::Fairy, p.x, p.y, segment, 1);
}

void score(GameData& d, std::uint8_t winners, int points) {
  if (winners == 0) return;
  d.add_points(winners, points, ScoreCategory::Fairy);
  ScoreEvent event;
  event.category = ScoreCategory::Fairy;
  event.points = points;
  event.winners = winners;
  event.final_scoring = d.flow.phase == Phase::GameOver;  // the final scoring runs after the end
  const PlacedTile& where = d.placed[static_cast<std::size_t>(d.mechanics.fairy.tile)];
  event.x = where.x;
  event.y = where.y;
  d.log(event);
}

// Players whose followers the fairy favours among those for which `counts` holds.
template <typename Counts>
std::uint8_t favoured(const GameData& d, Counts counts) {
  const int tile = d.mechanics.fairy.tile;
  std::uint8_t players = 0;
  for (const Follower& f : d.followers) {
    if (!figure_info(f.kind).follower || !counts(f)) continue;
    if (beside_follower(d) ? f.with_fairy : d.stands_on(f, tile))
      players = static_cast<std::uint8_t>(players | (1u << f.player));
  }
  return players;
}

// Whether the fairy favours a follower of `player`: one beside it (option) or on its tile. Every
// figure is tested without a branch (whose figure it is, is a coin toss to the predictor); a
// castle's follower also stands on the castle's other tile, so the castles on the fairy's tile
// are asked after.
bool favours(const GameData& d, PlayerId player) {
  const int tile = d.mechanics.fairy.tile;
  const bool beside = beside_follower(d);
  unsigned hit = 0;
  for (const Follower& f : d.followers) {
    const unsigned here =
        beside ? static_cast<unsigned>(f.with_fairy) : static_cast<unsigned>(f.tile == tile);
    hit |= here & static_cast<unsigned>(f.player == player) &
           static_cast<unsigned>(figure_info(f.kind).follower);
  }
  if (hit != 0 || beside) return hit != 0;
  const PlacedTile& at = d.placed[static_cast<std::size_t>(tile)];
  for (const Castle& castle : d.mechanics.castles.castles) {
    if (!(castle.x[0] == at.x && castle.y[0] == at.y) &&
        !(castle.x[1] == at.x && castle.y[1] == at.y))
      continue;
    for (const Follower& f : d.followers)
      if (f.player == player && figure_info(f.kind).follower &&
          d.features.find_const(f.node) == castle.city)
        return true;
  }
  return false;
}

}  // namespace

void begin_part(GameData& d) {
  // PD-6, Y-1, Y-20: once per turn, never in a builder's second part nor in the abbey round; and
  // only in a turn that has a tile to play: after the last tile the game is over (rulebook
  // L259-261), no turn begins.
  if (d.mechanics.fairy.tile < 0 ||
      (d.turn.part != PartKind::Normal && d.turn.part != PartKind::BazaarRound))
    return;
  const PlayerId player = d.turn.player;
  if (!favours(d, player)) return;
  if (d.turn.part == PartKind::Normal && !tile_to_draw(d)) return;
  score(d, static_cast<std::uint8_t>(1u << player), 1);
}

void figure_moves(const GameData& d, MoveList& out) {
  if (beside_follower(d)) {
    for_each_follower_tile(d, d.turn.player, [&](int tile, int segment) {
      if (allowed_tile(d, tile)) out.push(fairy_move(d, tile, segment));
    });
    return;
  }
  // One move per tile, however many followers stand there: first the tiles of the player's
  // followers in order, then each the first time it comes.
  constexpr int kMaxTiles = 2 * GameData::kMaxFollowerRoots;  // a castle's follower: two tiles
  std::array<std::int16_t, kMaxTiles + 1> tiles;              // the slot past the last: scratch
  int n = 0;
  if (d.mechanics.castles.castles.empty()) {
    // One tile per follower, gathered without a branch (whose figure it is, is a coin toss to
    // the predictor).
    const PlayerId player = d.turn.player;
    const int fairy = d.mechanics.fairy.tile, dragon = d.mechanics.dragon.tile;
    for (const Follower& f : d.followers) {
      tiles[static_cast<std::size_t>(n)] = f.tile;
      n += static_cast<int>(f.player == player) & static_cast<int>(figure_info(f.kind).follower) &
           static_cast<int>(f.tile != fairy) & static_cast<int>(f.tile != dragon);
      n = std::min(n, kMaxTiles);
    }
  } else {
    for_each_follower_tile(d, d.turn.player, [&](int tile, int /*segment*/) {
      if (allowed_tile(d, tile) && n < kMaxTiles)
        tiles[static_cast<std::size_t>(n++)] = static_cast<std::int16_t>(tile);
    });
  }
  // The tiles seen so far: a filter of 64 bits on the tile index (most tiles find their bit
  // clear: new), then a look back along the list.
  std::uint64_t filter = 0;
  for (int i = 0; i < n; ++i) {
    const int tile = tiles[static_cast<std::size_t>(i)];
    const std::uint64_t bit = std::uint64_t{1} << (static_cast<unsigned>(tile) & 63u);
    if ((filter & bit) != 0) {
      bool seen = false;
      for (int j = 0; j < i; ++j) seen = seen || tiles[static_cast<std::size_t>(j)] == tile;
      if (seen) continue;
    }
    filter |= bit;
    out.push(fairy_move(d, tile, 0));
  }
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  const int tile = d.board.tile_at(move.x, move.y);
  if (tile < 0) return Error{ErrorCode::IllegalMove, "the fairy goes onto a placed tile"};
  if (tile == d.mechanics.fairy.tile)
    return Error{ErrorCode::IllegalMove, "the fairy stands on that tile already"};
  if (tile == d.mechanics.dragon.tile)
    return Error{ErrorCode::IllegalMove, "the fairy never goes onto the dragon's tile"};
  if (beside_follower(d) && move.aux == 0)
    return Error{ErrorCode::BadNotation,
                 "the fairy goes beside a follower: name its location (fairy X,Y LOC)"};
  if (!beside_follower(d) && move.aux != 0)
    return Error{ErrorCode::BadNotation, "the fairy goes onto a tile: fairy X,Y"};
  return Error{ErrorCode::IllegalMove,
               beside_follower(d) ? "the fairy goes only beside one of your followers"
                                  : "the fairy goes only onto a tile where you have a follower"};
}

void apply(GameData& d, const Move& move) {
  const int tile = d.board.tile_at(move.x, move.y);
  d.mechanics.fairy.tile = static_cast<std::int16_t>(tile);
  d.turn.figure_done = true;
  if (!beside_follower(d)) return;
  for (Follower& f : d.followers) f.with_fairy = false;
  for (Follower& f : d.followers)
    if (f.player == d.turn.player && figure_info(f.kind).follower &&
        d.segment_under(f, tile) == move.segment) {
      f.with_fairy = true;
      return;
    }
}

void feature_scored(GameData& d, NodeId root) {
  // PD-8, PD-9: 3 for each player with a follower of the feature by the fairy, majority or not.
  if (d.mechanics.fairy.tile < 0) return;
  score(d, favoured(d, [&](const Follower& f) { return d.features.find(f.node) == root; }), 3);
}

std::string invariants(const GameData& d) {
  const FairyState& s = d.mechanics.fairy;
  if (s.tile >= static_cast<int>(d.placed.size())) return "the fairy stands on no tile";
  int beside = 0;
  for (const Follower& f : d.followers) {
    if (!f.with_fairy) continue;
    ++beside;
    if (!beside_follower(d) || !figure_info(f.kind).follower || !d.stands_on(f, s.tile))
      return "the fairy's follower is not on the fairy's tile";
  }
  if (beside > 1) return "the fairy stands beside two followers";
  return {};
}

Result<Move> read_fairy(const VerbInput& in) {
  if (in.args.size() != 1 && in.args.size() != 2)
    return notation::bad(in.text, "expected \"fairy X,Y\" or \"fairy X,Y LOCATION\"");
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  if (in.args.size() == 1) return Move::at(MoveKind::Fairy, square->first, square->second, 0);
  const auto segment = notation::segment_on(in, *square, in.args[1]);
  if (!segment) return segment.error();
  return Move::at(MoveKind::Fairy, square->first, square->second, *segment, 1);
}

std::string write_fairy(const GameState& state, const Move& move) {
  if (move.aux == 0) return "fairy " + notation::square_text(move);
  return "fairy " + notation::square_and_location(state, move);
}
}  // namespace carcassonne::fairy
