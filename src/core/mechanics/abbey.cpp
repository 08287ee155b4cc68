// The abbey (Abbey & Mayor). See abbey.h for the rules.
#include "core/mechanics/abbey.h"

#include <string>

#include "core/game.h"
#include "core/game_data.h"
#include "core/mechanics/mechanics.h"
#include "core/notation.h"
#include "core/turn_flow.h"

namespace carcassonne::abbey {

namespace {

constexpr TileType find_abbey_tile() {
  for (int t = 0; t < kTileTypeCount; ++t)
    if (kTileCatalogue[static_cast<std::size_t>(t)].abbey) return static_cast<TileType>(t);
  return kNoTile;
}
constexpr TileType kAbbeyTile = find_abbey_tile();

// An empty square with tiles on all four sides: a frontier square demanding all four edges.
bool is_hole(const FrontierSquare& square) {
  for (int s = 0; s < kSideCount; ++s)
    if (((square.required >> (2 * s)) & 3) == 0) return false;
  return true;
}

bool hole_exists(const GameData& d) {
  for (const FrontierSquare& square : d.board.frontier())
    if (is_hole(square)) return true;
  return false;
}

void push_holes(const GameData& d, MoveList& out) {
  for (const FrontierSquare& square : d.board.frontier())
    if (is_hole(square)) out.push(Move::at(MoveKind::Abbey, square.x, square.y, 0));
}

// Plays the turn player's abbey into the hole (x, y): it closes the roads and cities facing it.
void place_abbey(GameData& d, int x, int y) {
  static_assert(kAbbeyTile != kNoTile, "the catalogue has the abbey tile");
  d.mechanics.abbey.held =
      static_cast<std::uint8_t>(d.mechanics.abbey.held & ~(1u << d.turn.player));
  d.place_tile(x, y, kAbbeyTile, 0);
  d.turn.in_hand = kNoTile;
  d.turn.tile_drawn = false;
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    const int neighbour = d.board.tile_at(x + side_dx(side), y + side_dy(side));
    const std::uint8_t theirs = d.segment_at(neighbour, facing_port(side_middle(side)));
    if (theirs != kNoSegment) --d.features.root_data(d.node_of(neighbour, theirs)).open_edges;
  }
}

std::optional<Error> explain_hole(const GameData& d, const Move& move) {
  if (!(Move::at(MoveKind::Abbey, move.x, move.y, 0) == move))
    return Error{ErrorCode::BadNotation, "malformed abbey move"};
  const std::string where = std::to_string(move.x) + "," + std::to_string(move.y);
  if (d.board.occupied(move.x, move.y))
    return Error{ErrorCode::IllegalMove, "square " + where + " already holds a tile"};
  return Error{ErrorCode::IllegalMove,
               "the abbey goes only into an empty square with tiles on all four sides; " + where +
                   " is not one"};
}

}  // namespace

void setup(GameData& d) {
  d.mechanics.abbey.held = static_cast<std::uint8_t>((1u << d.player_count) - 1);
}

bool held(const GameData& d, PlayerId player) {
  return (d.mechanics.abbey.held >> player & 1u) != 0;
}

StepResult choice_step(GameData& d, bool entering) {
  if (!entering) return StepResult::Done;
  AbbeyState& s = d.mechanics.abbey;
  if (d.turn.part == PartKind::AbbeyRound) {
    place_abbey(d, s.x, s.y);
    return StepResult::Done;
  }
  // AM-9, X-22: never instead of a purchased tile; only when a tile would be drawn (with the deck
  // used up the game, or the second part, is over: the abbey waits for the abbey round).
  if (d.turn.given != kNoTile || d.turn.in_hand != kNoTile || !held(d, d.turn.player) ||
      !hole_exists(d) || !tile_to_draw(d))
    return StepResult::Done;
  d.flow.phase = Phase::AbbeyChoice;
  d.flow.decider = d.turn.player;
  return StepResult::Wait;
}

void choice_moves(const GameData& d, MoveList& out) {
  push_holes(d, out);
  out.push(Move::simple(MoveKind::Draw));
}

std::optional<Error> explain_choice(const GameData& d, const Move& move) {
  if (move.kind == MoveKind::Draw)
    return move == Move::simple(MoveKind::Draw)
               ? std::nullopt
               : std::optional<Error>(Error{ErrorCode::BadNotation, "malformed draw"});
  if (move.kind != MoveKind::Abbey)
    return Error{ErrorCode::WrongPhase,
                 "the game is waiting for the abbey to be played (abbey X,Y) or a tile drawn "
                 "(draw)"};
  return explain_hole(d, move);
}

StepResult apply_choice(GameData& d, const Move& move) {
  if (move.kind == MoveKind::Abbey) place_abbey(d, move.x, move.y);
  return StepResult::Done;
}

StepResult game_end(GameData& d) {
  AbbeyState& s = d.mechanics.abbey;
  const bool began = !s.round;
  s.round = true;
  const PlayerId last =
      d.turn.last_land_player != kNoPlayer ? d.turn.last_land_player : d.turn.player;
  while (s.round_asked < d.player_count) {
    const auto player = static_cast<PlayerId>((last + 1 + s.round_asked) % d.player_count);
    ++s.round_asked;
    if (held(d, player) && hole_exists(d)) {
      d.turn.player = player;
      d.turn.tile = -1;
      d.turn.in_hand = kNoTile;
      d.flow.phase = Phase::AbbeyRound;
      d.flow.decider = player;
      if (began) {  // the round begins for the players with its first question
        GameEvent event = GameEvent::of(GameEventKind::AbbeyRoundBegan);
        event.player = player;
        d.log(event);
      }
      return StepResult::Wait;
    }
  }
  return StepResult::Done;
}

void round_moves(const GameData& d, MoveList& out) {
  push_holes(d, out);
  out.push(Move::simple(MoveKind::Pass));
}

std::optional<Error> explain_round(const GameData& d, const Move& move) {
  if (move.kind == MoveKind::Pass)
    return move == Move::simple(MoveKind::Pass)
               ? std::nullopt
               : std::optional<Error>(Error{ErrorCode::BadNotation, "malformed pass"});
  if (move.kind != MoveKind::Abbey)
    return Error{ErrorCode::WrongPhase,
                 "the game is waiting, in the abbey round, for the abbey to be played (abbey "
                 "X,Y) or not (pass)"};
  return explain_hole(d, move);
}

StepResult apply_round(GameData& d, const Move& move) {
  if (move.kind == MoveKind::Pass) return StepResult::GameOver;  // on with the abbey round
  AbbeyState& s = d.mechanics.abbey;
  s.x = move.x;
  s.y = move.y;
  return start_part(d, d.flow.decider, PartKind::AbbeyRound, kNoTile);
}

int part_nodes(const GameData& d, NodeId* out) {
  if (d.turn.tile < 0) return 0;
  const PlacedTile& p = d.placed[static_cast<std::size_t>(d.turn.tile)];
  if (!tile_spec(p.type).abbey) return 0;
  int n = 0;
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    const int neighbour = d.board.tile_at(p.x + side_dx(side), p.y + side_dy(side));
    if (neighbour < 0) continue;
    const std::uint8_t theirs = d.segment_at(neighbour, facing_port(side_middle(side)));
    if (theirs != kNoSegment) out[n++] = d.node_of(neighbour, theirs);
  }
  return n;
}

std::string invariants(const GameData& d) {
  int abbeys = 0;
  for (const PlacedTile& p : d.placed) abbeys += tile_spec(p.type).abbey ? 1 : 0;
  int held_count = 0;
  for (int p = 0; p < d.player_count; ++p) held_count += held(d, static_cast<PlayerId>(p)) ? 1 : 0;
  if (abbeys + held_count != d.player_count) return "abbeys placed and held do not add up";
  if ((d.mechanics.abbey.held >> d.player_count) != 0) return "an abbey held by no player";
  return {};
}

Result<Move> read_abbey(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 1, "abbey X,Y")) return *e;
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  return Move::at(MoveKind::Abbey, square->first, square->second, 0);
}

std::string write_abbey(const GameState&, const Move& move) {
  return "abbey " + notation::square_text(move);
}
}  // namespace carcassonne::abbey
