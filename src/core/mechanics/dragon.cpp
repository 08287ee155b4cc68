// The dragon (Princess & Dragon). See dragon.h for the rules.
#include "core/mechanics/dragon.h"

#include <algorithm>
#include <cstdlib>

#include "core/game.h"
#include "core/game_data.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::dragon {

namespace {

const TileSpec& spec_of(const GameData& d, int tile) {
  return tile_spec(d.placed[static_cast<std::size_t>(tile)].type);
}

bool visited(const DragonState& s, int tile) {
  const auto end = s.visited.begin() + s.steps + 1;
  return std::find(s.visited.begin(), end, static_cast<std::int16_t>(tile)) != end;
}

// Calls f(tile) for each tile the dragon may enter now.
template <typename F>
void for_each_step(const GameData& d, F&& f) {
  const DragonState& s = d.mechanics.dragon;
  const PlacedTile& here = d.placed[static_cast<std::size_t>(s.tile)];
  for (int side = 0; side < kSideCount; ++side) {
    const int tile = d.board.tile_at(here.x + side_dx(static_cast<Side>(side)),
                                     here.y + side_dy(static_cast<Side>(side)));
    if (tile < 0 || visited(s, tile) || tile == d.mechanics.fairy.tile) continue;
    f(tile);
  }
}

bool can_step(const GameData& d) {
  bool any = false;
  for_each_step(d, [&](int) { any = true; });
  return any;
}

// The dragon enters `tile`: its figures go home (a castle's follower stays), then the special
// figures left without their owner's follower.
void enter(GameData& d, int tile) {
  DragonState& s = d.mechanics.dragon;
  s.tile = static_cast<std::int16_t>(tile);
  s.visited[static_cast<std::size_t>(++s.steps)] = s.tile;
  std::array<NodeId, 16> roots{};
  int n = 0;
  for (std::size_t i = d.followers.size(); i-- > 0;) {
    const Follower& f = d.followers[i];
    if (d.features.node(f.node).placed_tile != tile || figure_info(f.kind).permanent) continue;
    const NodeId root = d.features.find(f.node);
    if (d.features.node(root).castle) continue;
    if (n < static_cast<int>(roots.size())) roots[static_cast<std::size_t>(n++)] = root;
    d.remove_figure(i, ReturnCause::Dragon);
  }
  for (int i = 0; i < n; ++i) d.release_unaccompanied(roots[static_cast<std::size_t>(i)]);
}

// An event at the dragon's tile.
GameEvent dragon_event(const GameData& d, GameEventKind kind) {
  GameEvent event = GameEvent::of(kind);
  const PlacedTile& where = d.placed[static_cast<std::size_t>(d.mechanics.dragon.tile)];
  event.x = where.x;
  event.y = where.y;
  return event;
}

StepResult journey(GameData& d, bool entering, DragonRule when) {
  DragonState& s = d.mechanics.dragon;
  if (entering) {
    if (d.rules.dragon() != when || d.turn.tile < 0 || s.tile < 0 ||
        !spec_of(d, d.turn.tile).dragon)
      return StepResult::Done;
    s.journey = true;
    s.steps = 0;
    s.visited.fill(-1);
    s.visited[0] = s.tile;
  }
  if (s.steps >= kDragonJourneySteps || !can_step(d)) {
    s.journey = false;  // six steps, or a dead end
    // A journey that could not take its first step never began for the players.
    if (!entering) d.log(dragon_event(d, GameEventKind::JourneyEnded));
    return StepResult::Done;
  }
  d.flow.phase = Phase::DragonMove;
  d.flow.decider = static_cast<PlayerId>((d.turn.player + s.steps) % d.player_count);
  if (entering) {
    GameEvent started = GameEvent::of(GameEventKind::JourneyStarted);
    started.player = d.flow.decider;
    d.log(started);
  }
  return StepResult::Wait;
}

}  // namespace

bool sets_aside(const GameData& d, TileType tile, int take) {
  const DragonState& s = d.mechanics.dragon;
  return tile_spec(tile).dragon && (s.arrived_after_take < 0 || take < s.arrived_after_take);
}

void set_aside(GameData& d, TileType tile) {
  d.mechanics.dragon.set_aside.push_back(tile);
  GameEvent event = GameEvent::of(GameEventKind::TileSetAside);
  event.tile = tile;
  d.log(event);
}

void on_placed(GameData& d, bool /*fits_plainly*/) {
  if (!spec_of(d, d.turn.tile).volcano) return;
  DragonState& s = d.mechanics.dragon;
  if (s.tile < 0) s.arrived_after_take = static_cast<std::int16_t>(d.deck.next);
  s.tile = static_cast<std::int16_t>(d.turn.tile);
  d.turn.tile_closed = true;  // no figure on a volcano (PD-11)
  d.log(dragon_event(d, GameEventKind::DragonToVolcano));
  if (s.set_aside.empty()) return;
  GameEvent returned = GameEvent::of(GameEventKind::SetAsideReturned);
  returned.count = static_cast<int>(s.set_aside.size());
  d.log(returned);
  d.return_to_deck(s.set_aside);
  s.set_aside.clear();
}

StepResult journey_before_scoring(GameData& d, bool entering) {
  return journey(d, entering, DragonRule::BeforeScoring);
}

StepResult journey_after_scoring(GameData& d, bool entering) {
  return journey(d, entering, DragonRule::AfterScoring);
}

void moves(const GameData& d, MoveList& out) {
  for_each_step(d, [&](int tile) {
    const PlacedTile& p = d.placed[static_cast<std::size_t>(tile)];
    out.push(Move::dragon_step(p.x, p.y));
  });
}

std::optional<Error> explain(const GameData& d, const Move& move) {
  if (move.kind != MoveKind::DragonStep)
    return Error{ErrorCode::WrongPhase, "the game is waiting for player " +
                                            std::to_string(d.flow.decider + 1) +
                                            " to move the dragon (dragon X,Y)"};
  if (!(Move::dragon_step(move.x, move.y) == move))
    return Error{ErrorCode::BadNotation, "malformed dragon move"};
  const DragonState& s = d.mechanics.dragon;
  const PlacedTile& here = d.placed[static_cast<std::size_t>(s.tile)];
  const int tile = d.board.tile_at(move.x, move.y);
  if (std::abs(move.x - here.x) + std::abs(move.y - here.y) != 1)
    return Error{ErrorCode::IllegalMove, "the dragon moves one tile up, down, left or right"};
  if (tile < 0) return Error{ErrorCode::IllegalMove, "the dragon moves only onto placed tiles"};
  if (visited(s, tile))
    return Error{ErrorCode::IllegalMove, "the dragon visits no tile twice in one journey"};
  if (tile == d.mechanics.fairy.tile)
    return Error{ErrorCode::IllegalMove, "the dragon never enters the fairy's tile"};
  return std::nullopt;
}

StepResult apply(GameData& d, const Move& move) {
  enter(d, d.board.tile_at(move.x, move.y));
  return StepResult::Again;
}

std::string invariants(const GameData& d) {
  const DragonState& s = d.mechanics.dragon;
  if (s.tile >= static_cast<int>(d.placed.size())) return "the dragon stands on no tile";
  if (s.tile >= 0 && !s.set_aside.empty())
    return "dragon tiles still set aside with the dragon out";
  for (TileType t : s.set_aside)
    if (!tile_spec(t).dragon) return "a tile other than a dragon tile is set aside";
  if ((s.tile < 0) != (s.arrived_after_take < 0) || s.arrived_after_take > d.deck.next)
    return "the dragon's arrival does not match its tile";
  if (s.tile < 0) {
    for (const PlacedTile& p : d.placed)
      if (tile_spec(p.type).volcano) return "a volcano is placed but the dragon is off the board";
    return {};
  }
  if (s.tile == d.mechanics.fairy.tile) return "the dragon and the fairy share a tile";
  for (const Follower& f : d.followers)
    if (d.features.node(f.node).placed_tile == s.tile && !figure_info(f.kind).permanent &&
        !d.features.node(d.features.find_const(f.node)).castle)
      return "a figure shares a tile with the dragon";
  return {};
}

Result<Move> read_step(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 1, "dragon X,Y")) return *e;
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  return Move::dragon_step(square->first, square->second);
}

std::string write_step(const GameState&, const Move& move) {
  return "dragon " + notation::square_text(move);
}
}  // namespace carcassonne::dragon
