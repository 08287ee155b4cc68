// Queries and primitives of GameData, shared by the turn flow and every mechanic.
#include "core/game_data.h"

#include <algorithm>
#include <bit>

#include "core/mechanics/mechanics.h"
#include "core/random.h"

namespace carcassonne {

std::uint8_t GameData::segment_at(int tile, Port port) const {
  const PlacedTile& p = placed[static_cast<std::size_t>(tile)];
  if (p.has_bridge() && is_side_middle(port)) {
    const int side = static_cast<int>(port_side(port));
    // A north-south bridge covers the N and S middles, an east-west one the E and W middles.
    if ((side % 2 == 0) == (p.bridge_axis() == BridgeAxis::NorthSouth)) return kBridgeSegment;
  }
  return rotated_tile(p.type, p.rotation).port_segment[port];
}

PortMask GameData::segment_ports(int tile, int segment) const {
  const PlacedTile& p = placed[static_cast<std::size_t>(tile)];
  if (segment == kBridgeSegment) {
    if (!p.has_bridge()) return 0;
    return p.bridge_axis() == BridgeAxis::NorthSouth
               ? static_cast<PortMask>(port_bit(side_middle(Side::North)) |
                                       port_bit(side_middle(Side::South)))
               : static_cast<PortMask>(port_bit(side_middle(Side::East)) |
                                       port_bit(side_middle(Side::West)));
  }
  return rotated_tile(p.type, p.rotation).segment_ports[static_cast<std::size_t>(segment)];
}

std::uint8_t GameData::segment_named(int tile, Port port) const {
  const PlacedTile& p = placed[static_cast<std::size_t>(tile)];
  if (port == kCloisterPort) {
    const int cloister = rotated_tile(p.type, p.rotation).cloister_segment;
    return cloister >= 0 ? static_cast<std::uint8_t>(cloister) : kNoSegment;
  }
  if (port == kInnerPort || port == kInner2Port) {
    // Enclosed fields, in the order the catalogue lists them.
    int wanted = port == kInnerPort ? 0 : 1;
    const TileSpec& spec = tile_spec(p.type);
    for (int s = 0; s < spec.segment_count; ++s) {
      const SegmentSpec& seg = spec.segments[static_cast<std::size_t>(s)];
      if (seg.kind == FeatureKind::Field && seg.ports == 0 && wanted-- == 0)
        return static_cast<std::uint8_t>(s);
    }
    return kNoSegment;
  }
  if (port >= kPortCount) return kNoSegment;
  std::uint8_t segment = segment_at(tile, port);
  // A half-edge of a city side touches the city (the city fills the whole side).
  if (segment == kNoSegment && !is_side_middle(port)) {
    const std::uint8_t middle = segment_at(tile, side_middle(port_side(port)));
    if (middle != kNoSegment && middle != kBridgeSegment &&
        tile_spec(p.type).segments[middle].kind == FeatureKind::City)
      segment = middle;
  }
  return segment;
}

Port GameData::canonical_location(int tile, int segment) const {
  const PortMask ports = segment_ports(tile, segment);
  if (ports == 0) {
    if (segment_kind(tile, segment) != FeatureKind::Field) return kCloisterPort;
    // An enclosed field: the first or the second of its tile.
    const TileSpec& spec = tile_spec(placed[static_cast<std::size_t>(tile)].type);
    for (int s = 0; s < segment; ++s)
      if (spec.segments[static_cast<std::size_t>(s)].kind == FeatureKind::Field &&
          spec.segments[static_cast<std::size_t>(s)].ports == 0)
        return kInner2Port;
    return kInnerPort;
  }
  const PortMask middles = ports & side_middles_mask();
  const PortMask pick = middles != 0 ? middles : ports;
  return static_cast<Port>(std::countr_zero(static_cast<unsigned>(pick)));
}

EdgeKind GameData::shown_edge(int tile, Side side) const {
  return signature_edge(placed[static_cast<std::size_t>(tile)].shown_edges, side);
}

int GameData::feature_tile_count(NodeId root) const {
  // Members on the same tile count once: a member is a duplicate if an earlier segment of its
  // tile (printed segments in order, then the bridge) belongs to the same feature. Tiles have few
  // segments, so this needs no scratch memory.
  int tiles = 0;
  NodeId member = root;
  do {
    const FeatureNode& node = features.node(member);
    const PlacedTile& p = placed[node.placed_tile];
    const int earlier =
        node.segment == kBridgeSegment ? tile_spec(p.type).segment_count : node.segment;
    bool duplicate = false;
    for (int s = 0; s < earlier && !duplicate; ++s)
      duplicate = features.find_const(static_cast<NodeId>(p.first_node + s)) == root;
    if (!duplicate) ++tiles;
    member = node.next_member;
  } while (member != root);
  return tiles;
}

bool GameData::feature_complete(NodeId root) const {
  const FeatureNode& node = features.node(root);
  switch (node.kind) {
    case FeatureKind::Road:
    case FeatureKind::City:
      return node.open_edges == 0;
    case FeatureKind::Cloister: {
      const PlacedTile& p = placed[node.placed_tile];
      return board.occupied_neighbours8(p.x, p.y) == 8;
    }
    case FeatureKind::Field:
      return false;
  }
  return false;
}

int GameData::follower_roots(PlayerId player, std::array<NodeId, kMaxFollowerRoots>& out) const {
  OwnFollowers own;
  const int n = own_followers(player, own);
  for (int i = 0; i < n; ++i)
    out[static_cast<std::size_t>(i)] = features.find_const(own[static_cast<std::size_t>(i)]->node);
  return n;
}

std::uint8_t GameData::majority(NodeId root) const {
  std::array<int, kMaxPlayers> strength{};
  for (const Follower& f : followers) {
    if (features.find_const(f.node) != root) continue;
    const FigureInfo& info = figure_info(f.kind);
    // The mayor counts its city's pennants (none in a castle: a castle is no city).
    const FeatureNode& data = features.node(root);
    strength[index(f.player)] +=
        info.pennant_strength ? (data.castle ? 0 : data.pennants) : info.strength;
  }
  const int best = *std::max_element(strength.begin(), strength.end());
  std::uint8_t winners = 0;
  if (best == 0) return 0;
  for (int p = 0; p < player_count; ++p)
    if (strength[static_cast<std::size_t>(p)] == best)
      winners = static_cast<std::uint8_t>(winners | (1u << p));
  return winners;
}

int GameData::feature_value(NodeId root, bool final_scoring, int* tiles_out) const {
  const FeatureNode& node = features.node(root);
  int tiles = 0, value = 0;
  switch (node.kind) {
    case FeatureKind::Road:
      tiles = feature_tile_count(root);
      value = tiles;
      break;
    case FeatureKind::City:
      tiles = feature_tile_count(root);
      value = final_scoring ? tiles + node.pennants : 2 * (tiles + node.pennants);
      break;
    case FeatureKind::Cloister: {
      const PlacedTile& p = placed[node.placed_tile];
      tiles = 1 + board.occupied_neighbours8(p.x, p.y);
      value = tiles;
      break;
    }
    case FeatureKind::Field:
      break;
  }
  value = mechanics_feature_value(*this, root, final_scoring, tiles, value);
  if (tiles_out != nullptr) *tiles_out = tiles;
  return value;
}

bool GameData::any_printed_segment(NodeId root, bool SegmentSpec::*flag) const {
  NodeId member = root;
  do {
    const FeatureNode& node = features.node(member);
    if (node.segment != kBridgeSegment &&
        tile_spec(placed[node.placed_tile].type).segments[node.segment].*flag)
      return true;
    member = node.next_member;
  } while (member != root);
  return false;
}

bool GameData::has_plain_placement(TileType type) const {
  for (const FrontierSquare& square : board.frontier())
    if (fitting_rotations(type, square.required) != 0) return true;
  return false;
}

bool GameData::has_any_placement(TileType type) const {
  if (has_plain_placement(type)) return true;
  bool any = false;  // a placement some mechanic makes possible (a bridge)
  for_each_mechanic(*this, kHookMasks.has_placement, [&](const MechanicHooks& m) {
    any = any || (m.has_placement != nullptr && m.has_placement(*this, type));
  });
  return any;
}

void GameData::place_tile(int x, int y, TileType type, Rotation rotation) {
  const int idx = static_cast<int>(placed.size());
  const auto first = static_cast<NodeId>(features.size());
  // Filled in place: a local copied in would be written in narrow stores and read back in one
  // wide load, which the processor cannot forward (a stall on every placement).
  PlacedTile& p = placed.emplace_back();
  p.x = static_cast<std::int16_t>(x);
  p.y = static_cast<std::int16_t>(y);
  p.type = type;
  p.rotation = rotation;
  p.first_node = first;
  const TileSpec& spec = tile_spec(type);
  const RotatedTile& rotated = rotated_tile(type, rotation);
  p.shown_edges = rotated.edge_signature;
  for (int s = 0; s < spec.segment_count; ++s) {
    const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
    const int open = side_middle_count(rotated.segment_ports[static_cast<std::size_t>(s)]);
    features.add(segment.kind, static_cast<std::uint16_t>(idx), static_cast<std::uint8_t>(s), open,
                 segment.pennants);
  }
  board.place(x, y, idx, rotated.edge_signature);
  unite_with_neighbours(idx);
  turn.tile = idx;
}

// Joins the segments of a new `tile` with those of its neighbours, side by side (N, E, S, W) and
// on each side its three border points in order: the middle for roads and cities (closing two
// open ends), the two halves for fields. (Gathering the pairs first to join them without a branch
// on the neighbours was measured slower: the predictor learns the sides well.)
void GameData::unite_with_neighbours(int tile) {
  const PlacedTile& p = placed[static_cast<std::size_t>(tile)];
  const RotatedTile& rotated = rotated_tile(p.type, p.rotation);  // no bridge yet on a new tile
  for (int s = 0; s < kSideCount; ++s) {
    const Side side = static_cast<Side>(s);
    const int neighbour = board.tile_at(p.x + side_dx(side), p.y + side_dy(side));
    if (neighbour < 0) continue;
    const Port middle = side_middle(side);
    for (int k = -1; k <= 1; ++k) {
      const auto port = static_cast<Port>(middle + k);
      const std::uint8_t mine = rotated.port_segment[port];
      const std::uint8_t theirs = segment_at(neighbour, facing_port(port));
      // A road may meet a field until this turn's bridge arrives: then nothing joins here yet.
      if (mine == kNoSegment || theirs == kNoSegment) continue;
      const NodeId root =
          features.unite(static_cast<NodeId>(p.first_node + mine), node_of(neighbour, theirs));
      if (k == 0) features.node(root).open_edges -= 2;  // both ends of the crossing
    }
  }
}

void GameData::deploy(PlayerId player, FigureKind kind, NodeId node) {
  const FeatureNode& where = features.node(node);
  Follower& figure = followers.emplace_back();  // filled in place (see place_tile)
  figure.player = player;
  figure.kind = kind;
  figure.node = node;
  figure.tile = static_cast<std::int16_t>(where.placed_tile);
  figure.segment = where.segment;
  --figures_of(player, kind);
  if (figure_info(kind).follower) ++features.root_data(node).followers;
}

void GameData::add_points(std::uint8_t winners, int points, ScoreCategory category) {
  for (int p = 0; p < player_count; ++p) {
    if (!(winners >> p & 1u)) continue;
    players.scores[static_cast<std::size_t>(p)] += points;
    players.breakdown[static_cast<std::size_t>(p)][static_cast<std::size_t>(category)] += points;
  }
}

void GameData::log_returned(const Follower& figure, ReturnCause cause) const {
  GameEvent event = GameEvent::of(GameEventKind::FigureReturned);
  event.player = figure.player;
  event.figure = figure.kind;
  event.cause = cause;
  const PlacedTile& where = placed[static_cast<std::size_t>(figure.tile)];
  event.x = where.x;
  event.y = where.y;
  event.segment = figure.segment;
  log(event);
}

void GameData::return_followers(NodeId root, ReturnCause cause, bool including_permanent) {
  for (std::size_t i = followers.size(); i-- > 0;) {
    if (features.find(followers[i].node) != root) continue;
    if (!including_permanent && figure_info(followers[i].kind).permanent) continue;
    log_return(followers[i], cause);
    ++figures_of(followers[i].player, followers[i].kind);
    if (figure_info(followers[i].kind).follower) --features.node(root).followers;
    followers[i] = followers.back();
    followers.pop_back();
  }
}

void GameData::remove_figure(std::size_t i, ReturnCause cause) {
  const Follower figure = followers[i];
  log_return(figure, cause);
  ++figures_of(figure.player, figure.kind);
  if (figure_info(figure.kind).follower) --features.root_data(figure.node).followers;
  followers[i] = followers.back();
  followers.pop_back();
}

void GameData::release_unaccompanied(NodeId root) {
  root = features.find(root);
  std::uint8_t accompanied = 0;  // bit p: player p has a follower in the feature
  for (const Follower& f : followers)
    if (figure_info(f.kind).follower && features.find_const(f.node) == root)
      accompanied = static_cast<std::uint8_t>(accompanied | (1u << f.player));
  for (std::size_t i = followers.size(); i-- > 0;)
    if (!figure_info(followers[i].kind).follower && !figure_info(followers[i].kind).permanent &&
        !(accompanied >> followers[i].player & 1u) && features.find(followers[i].node) == root)
      remove_figure(i, ReturnCause::Unaccompanied);
}

void GameData::return_to_deck(const std::vector<TileType>& tiles) {
  deck.tiles.insert(deck.tiles.end(), tiles.begin(), tiles.end());
  if (!deck.seeded) return;
  // Shuffled in with the undrawn tiles: the stream depends on the turn, so two returns differ.
  Pcg32 rng(deck.seed, static_cast<std::uint64_t>(turn.number) * 2 + 1);
  rng.shuffle(deck.tiles.begin() + deck.next, deck.tiles.end());
}

void GameData::arrange_next_take() {
  ++deck.taken;
  if (deck.script_next >= static_cast<int>(deck.script.size())) return;
  const TileType wanted = deck.script[static_cast<std::size_t>(deck.script_next++)];
  const auto head = deck.tiles.begin() + deck.next;
  const auto end = deck.tiles.end();
  auto found = end;
  if (wanted != kNoTile) {
    found = std::find(head, end, wanted);
  } else {
    // Taken unseen (a bazaar's tiles face down): any tile no mechanic sets aside, as long as
    // enough copies stay undrawn for the scripted takes still to come that name it.
    const auto later = deck.script.begin() + deck.script_next;
    for (auto it = head; it != end && found == end; ++it)
      if (!mechanics_set_aside(*this, *it) &&
          std::count(head, end, *it) > std::count(later, deck.script.end(), *it))
        found = it;
  }
  if (found == end) {
    deck.script_broken = true;
    return;
  }
  std::iter_swap(head, found);
}

namespace {
constexpr ScoreCategory category_of(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::Road:
      return ScoreCategory::Road;
    case FeatureKind::City:
      return ScoreCategory::City;
    case FeatureKind::Cloister:
      return ScoreCategory::Cloister;
    case FeatureKind::Field:
      return ScoreCategory::Farm;
  }
  return ScoreCategory::Road;
}
}  // namespace

void GameData::score_feature(NodeId root, bool final_scoring) {
  FeatureNode& node = features.node(root);
  if (!final_scoring) node.scored = true;
  if (node.followers == 0) return;  // nobody scores an unoccupied feature
  const std::uint8_t winners = majority(root);
  ScoreEvent event;
  event.category = category_of(node.kind);
  event.final_scoring = final_scoring;
  event.points = feature_value(root, final_scoring, &event.tiles);
  event.pennants = node.kind == FeatureKind::City ? node.pennants : 0;
  event.winners = winners;
  const PlacedTile& where = placed[node.placed_tile];
  event.x = where.x;
  event.y = where.y;
  add_points(winners, event.points, event.category);
  log(event);
  mechanics_feature_scored(*this, root);  // the fairy's bonus
  return_followers(root, final_scoring ? ReturnCause::FinalScoring : ReturnCause::Scored);
}

}  // namespace carcassonne
