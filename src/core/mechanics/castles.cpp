// Castles (Bridges, Castles and Bazaars).
#include "core/mechanics/castles.h"

#include <algorithm>
#include <bit>

#include "core/game.h"
#include "core/game_data.h"
#include "core/mechanics/mechanics.h"
#include "core/notation.h"

namespace carcassonne::castles {

namespace {

// A city segment that touches exactly one edge of its tile (ports 3k..3k+2 are side k's).
bool one_edge_cap(const SegmentSpec& segment) {
  if (segment.kind != FeatureKind::City) return false;
  int sides = 0;
  for (int side = 0; side < 4; ++side) sides += (segment.ports >> (3 * side) & 7u) != 0 ? 1 : 0;
  return sides == 1;
}

// A small city may become a castle: two segments, each a semicircular cap (castle_base), or
// under "castle-cities": "two-caps" (ZMG) any cap touching one edge, pointed ones included.
bool is_small_city(const GameData& d, NodeId root) {
  const FeatureNode& node = d.features.node(root);
  if (node.kind != FeatureKind::City || node.member_count != 2 || node.castle) return false;
  const bool any_cap = d.rules.castle_cities() == CastleCitiesRule::TwoCaps;
  NodeId member = root;
  do {
    const FeatureNode& m = d.features.node(member);
    const PlacedTile& placed = d.placed[m.placed_tile];
    const SegmentSpec& segment = tile_spec(placed.type).segments[m.segment];
    if (!(any_cap ? one_edge_cap(segment) : segment.castle_base)) return false;
    member = m.next_member;
  } while (member != root);
  return true;
}

// Bit p: player p has a follower in the feature. The owner of a small city is the one player
// whose followers occupy it, a mayor included whatever its strength (contract; X-9).
std::uint8_t occupants(const GameData& d, NodeId root) {
  std::uint8_t players = 0;
  for (const Follower& f : d.followers)
    if (figure_info(f.kind).follower && d.features.find_const(f.node) == root)
      players = static_cast<std::uint8_t>(players | (1u << f.player));
  return players;
}

PlayerId single_owner(const GameData& d, NodeId root) {
  return static_cast<PlayerId>(std::countr_zero(static_cast<unsigned>(occupants(d, root))));
}

void build_castle(GameData& d, NodeId city) {
  const NodeId root = d.features.find(city);
  const PlayerId owner = single_owner(d, root);
  Castle castle;
  castle.city = root;
  castle.owner = owner;
  castle.built_turn = d.turn.number;
  const FeatureNode& first = d.features.node(root);
  const FeatureNode& second = d.features.node(first.next_member);
  for (int i = 0; i < 2; ++i) {
    const PlacedTile& t = d.placed[(i == 0 ? first : second).placed_tile];
    castle.x[i] = t.x;
    castle.y[i] = t.y;
  }
  // The fief: the two squares and the two squares on each side of them, along the shared edge.
  castle.min_x = std::min(castle.x[0], castle.x[1]);
  castle.max_x = std::max(castle.x[0], castle.x[1]);
  castle.min_y = std::min(castle.y[0], castle.y[1]);
  castle.max_y = std::max(castle.y[0], castle.y[1]);
  if (castle.x[0] == castle.x[1]) {
    --castle.min_x;
    ++castle.max_x;
  } else {
    --castle.min_y;
    ++castle.max_y;
  }
  CastlesState& c = d.mechanics.castles;
  c.castles.push_back(castle);
  --c.tokens[GameData::index(owner)];
  FeatureNode& data = d.features.node(root);
  data.castle = true;
  data.scored = true;  // never scored as a city; its follower stays in the castle
  auto& completed = d.scoring.completed;
  completed.erase(std::find_if(completed.begin(), completed.end(),
                               [root](const Completion& x) { return x.root == root; }));
}

bool touches_fief(const GameData& d, const Castle& castle, const Completion& completion) {
  if (completion.castle >= 0) {
    const Castle& other = d.mechanics.castles.castles[static_cast<std::size_t>(completion.castle)];
    return castle.in_fief(other.x[0], other.y[0]) || castle.in_fief(other.x[1], other.y[1]);
  }
  // Any part of the feature; a cloister's only part is its own tile.
  NodeId member = completion.root;
  do {
    const FeatureNode& node = d.features.node(member);
    const PlacedTile& placed = d.placed[node.placed_tile];
    if (castle.in_fief(placed.x, placed.y)) return true;
    member = node.next_member;
  } while (member != completion.root);
  return false;
}

// Completions of the current round that castle `castle` may score: it must have been built in an
// earlier turn part and still hold its follower.
void claim_candidates(const GameData& d, int castle, std::vector<const Completion*>& out) {
  out.clear();
  const CastlesState& s = d.mechanics.castles;
  const Castle& c = s.castles[static_cast<std::size_t>(castle)];
  if (!c.occupied || c.built_turn >= d.turn.number) return;
  for (std::size_t i = s.round_begin; i < s.round_end; ++i)
    if (d.scoring.completed[i].castle != castle && touches_fief(d, c, d.scoring.completed[i]))
      out.push_back(&d.scoring.completed[i]);
}

void score_castle(GameData& d, int castle, Completion completion) {
  Castle& c = d.mechanics.castles.castles[static_cast<std::size_t>(castle)];
  const int value = completion.value;
  // The castle's follower scores; a mayor there has strength 0 and earns nothing.
  const std::uint8_t winners = d.majority(d.features.find(c.city));
  d.add_points(winners, value, ScoreCategory::Castle);
  ScoreEvent event;
  event.category = ScoreCategory::Castle;
  event.points = value;
  event.winners = winners;
  event.x = c.x[0];
  event.y = c.y[0];
  d.log(event);
  mechanics_feature_scored(d, d.features.find(c.city));  // the fairy's bonus
  d.return_followers(d.features.find(c.city), ReturnCause::Scored);
  c.occupied = false;
  d.scoring.completed.push_back(
      Completion{d.features.find(c.city), value, static_cast<std::int16_t>(castle)});
}

Move claim_move(const GameData& d, const Completion& completion) {
  // Canonical name: the member on the earliest placed tile, at its canonical location.
  NodeId best = completion.root;
  NodeId member = completion.root;
  do {
    const FeatureNode& a = d.features.node(member);
    const FeatureNode& b = d.features.node(best);
    if (a.placed_tile < b.placed_tile || (a.placed_tile == b.placed_tile && a.segment < b.segment))
      best = member;
    member = a.next_member;
  } while (member != completion.root);
  const FeatureNode& node = d.features.node(best);
  const PlacedTile& placed = d.placed[node.placed_tile];
  return Move::claim(placed.x, placed.y, d.canonical_location(node.placed_tile, node.segment));
}

std::optional<int> claim_target(const GameData& d, const Move& move) {
  if (d.flow.phase != Phase::Claim || move.kind != MoveKind::Claim) return std::nullopt;
  std::vector<const Completion*> candidates;
  claim_candidates(d, d.mechanics.castles.castle_cursor, candidates);
  for (const Completion* c : candidates)
    if (claim_move(d, *c) == move) return static_cast<int>(c - d.scoring.completed.data());
  return std::nullopt;
}

}  // namespace

int per_player(int players) {
  return players >= 5 ? 2 : 3;
}

void setup(GameData& d) {
  for (int p = 0; p < d.player_count; ++p)
    d.mechanics.castles.tokens[static_cast<std::size_t>(p)] =
        static_cast<std::uint8_t>(per_player(d.player_count));
}

StepResult run_choices(GameData& d, bool entering) {
  CastlesState& c = d.mechanics.castles;
  if (entering) {
    c.small_cities.clear();
    c.small_city_cursor = 0;
    for (const Completion& completion : d.scoring.completed) {
      if (!is_small_city(d, completion.root)) continue;
      const std::uint8_t owner = occupants(d, completion.root);
      if (std::popcount(static_cast<unsigned>(owner)) != 1) continue;  // unoccupied: nobody owns it
      if (c.tokens[static_cast<std::size_t>(std::countr_zero(owner))] > 0)
        c.small_cities.push_back(completion.root);
    }
  }
  if (c.small_city_cursor < static_cast<int>(c.small_cities.size())) {
    d.flow.phase = Phase::CastleChoice;
    d.flow.decider = single_owner(d, c.small_cities[static_cast<std::size_t>(c.small_city_cursor)]);
    return StepResult::Wait;
  }
  return StepResult::Done;
}

void choice_moves(const GameData& /*d*/, MoveList& out) {
  out.push(Move::simple(MoveKind::Castle));
  out.push(Move::simple(MoveKind::Score));
}

StepResult apply_choice(GameData& d, const Move& move) {
  CastlesState& c = d.mechanics.castles;
  const NodeId city = c.small_cities[static_cast<std::size_t>(c.small_city_cursor++)];
  if (move.kind == MoveKind::Castle) build_castle(d, city);
  return StepResult::Again;
}

StepResult run_rounds(GameData& d, bool entering) {
  CastlesState& c = d.mechanics.castles;
  if (entering) {
    c.round_begin = 0;
    c.round_end = d.scoring.completed.size();
    c.castle_cursor = 0;
  }
  std::vector<const Completion*> candidates;
  while (c.round_begin < c.round_end) {
    for (; c.castle_cursor < static_cast<int>(c.castles.size()); ++c.castle_cursor) {
      claim_candidates(d, c.castle_cursor, candidates);
      if (candidates.empty()) continue;
      if (candidates.size() == 1) {
        score_castle(d, c.castle_cursor, *candidates.front());
        continue;
      }
      d.flow.phase = Phase::Claim;
      d.flow.decider = c.castles[static_cast<std::size_t>(c.castle_cursor)].owner;
      return StepResult::Wait;
    }
    c.round_begin = c.round_end;
    c.round_end = d.scoring.completed.size();
    c.castle_cursor = 0;
  }
  return StepResult::Done;
}

void claim_moves(const GameData& d, MoveList& out) {
  std::vector<const Completion*> candidates;
  claim_candidates(d, d.mechanics.castles.castle_cursor, candidates);
  for (const Completion* c : candidates) out.push(claim_move(d, *c));
}

std::optional<Error> explain_claim(const GameData& /*d*/, const Move& move) {
  if (move.kind != MoveKind::Claim)
    return Error{ErrorCode::WrongPhase,
                 "the game is waiting for the castle's owner to claim one of the completed "
                 "features"};
  return Error{ErrorCode::IllegalMove,
               "that location names no feature the castle may claim (see the legal moves)"};
}

StepResult apply_claim(GameData& d, const Move& move) {
  const int target = *claim_target(d, move);
  CastlesState& c = d.mechanics.castles;
  score_castle(d, c.castle_cursor++, d.scoring.completed[static_cast<std::size_t>(target)]);
  return StepResult::Again;
}

std::optional<Move> canonical_claim(const GameData& d, int x, int y, Port port) {
  if (d.flow.phase != Phase::Claim) return std::nullopt;
  const int tile = d.board.tile_at(x, y);
  if (tile < 0) return std::nullopt;
  const std::uint8_t segment = d.segment_named(tile, port);
  if (segment == kNoSegment) return std::nullopt;
  const NodeId root = d.feature_of(tile, segment);
  std::vector<const Completion*> candidates;
  claim_candidates(d, d.mechanics.castles.castle_cursor, candidates);
  for (const Completion* c : candidates)
    if (c->root == root) return claim_move(d, *c);
  return std::nullopt;
}

int claiming_castle(const GameData& d) {
  return d.flow.phase == Phase::Claim ? d.mechanics.castles.castle_cursor : -1;
}

void finish(GameData& d) {
  for (Castle& castle : d.mechanics.castles.castles) {
    if (!castle.occupied) continue;
    d.return_followers(d.features.find(castle.city), ReturnCause::CastleEnd);
    castle.occupied = false;
  }
}

std::string invariants(const GameData& d) {
  const CastlesState& c = d.mechanics.castles;
  std::array<int, kMaxPlayers> on_board{};
  for (const Castle& castle : c.castles) ++on_board[GameData::index(castle.owner)];
  for (int p = 0; p < d.player_count; ++p)
    if (on_board[static_cast<std::size_t>(p)] + c.tokens[static_cast<std::size_t>(p)] !=
        per_player(d.player_count))
      return "castle tokens of player " + std::to_string(p) + " are not conserved";
  for (const Castle& castle : c.castles) {
    const NodeId root = d.features.find_const(castle.city);
    if (!d.features.node(root).castle || d.features.node(root).open_edges != 0)
      return "castle on something that is not a completed castle city";
    if ((d.features.node(root).followers == 1) != castle.occupied)
      return "castle occupancy differs";
  }
  return {};
}

Result<Move> read_claim(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 2, "claim X,Y LOCATION")) return *e;
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  const auto port = parse_location(in.args[1]);
  if (!port) return notation::bad(in.text, "unknown location");
  // Any location of a claimable feature names it; the move carries its canonical name.
  if (auto canonical = in.state.canonical_claim(square->first, square->second, *port))
    return *canonical;
  return Move::claim(square->first, square->second, *port);
}

std::string write_claim(const GameState&, const Move& move) {
  return "claim " + notation::square_text(move) + " " + std::string(location_name(move.segment));
}
}  // namespace carcassonne::castles
