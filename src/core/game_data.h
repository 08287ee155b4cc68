// The data of a game, and the primitives every mechanic shares. Internal to the core: front ends
// and bots use GameState (game.h), whose value this is.
//
// Promise: GameData is a plain value, grouped by concern, every group with a defaulted ==, so
// that copying gives an independent game and == compares everything that decides the game's
// future (the feature graph compares partitions, not parent pointers). The members here are the
// base game's: the board and its feature graph, the followers, the players' supplies and scores,
// the deck and the pending decision. Each mechanic keeps its own state in `mechanics`.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/events.h"
#include "core/features.h"
#include "core/figures.h"
#include "core/mechanics/mechanic_states.h"
#include "core/move.h"
#include "core/rules.h"
#include "core/tiles.h"

namespace carcassonne {

inline constexpr int kFollowersPerPlayer = 7;
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
  DragonMove,
  AbbeyChoice,  // Abbey & Mayor: `abbey X,Y` or `draw` before a turn part's draw
  WagonMove,    // Abbey & Mayor: `move X,Y LOC` or `pass` for a wagon a scoring sent home
  AbbeyRound,   // Abbey & Mayor: `abbey X,Y` or `pass` in the end-of-game abbey round
  GameOver,
};

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

// Calls visit(city) with the root of each city the field `field` borders (the cities its farmers
// score at the end), once for every printed mention: a city the field touches on several tiles
// comes several times, and each caller keeps the distinct ones in its own way (the final scoring
// in a list, the bots' leaves without allocating).
template <typename Visit>
void for_each_bordering_city(const FeatureGraph& graph, const std::vector<PlacedTile>& placed,
                             NodeId field, Visit&& visit) {
  NodeId member = field;
  do {
    const FeatureNode& node = graph.node(member);
    const PlacedTile& tile = placed[node.placed_tile];
    const std::uint16_t bordered = tile_spec(tile.type).segments[node.segment].bordered_cities;
    for (int k = 0; bordered >> k != 0; ++k)
      if (bordered >> k & 1u) visit(graph.find_const(static_cast<NodeId>(tile.first_node + k)));
    member = node.next_member;
  } while (member != field);
}

// A figure on the board (the name is historical: the first figures were all followers).
struct Follower {
  PlayerId player = kNoPlayer;
  FigureKind kind = FigureKind::Follower;
  NodeId node = 0;  // the segment it stands on
  // Where that segment lies (its node's placed tile and segment index, which never change): read
  // on every turn by the fairy, the dragon and the portal, so kept beside the figure.
  std::int16_t tile = 0;
  std::uint8_t segment = 0;
  // Princess & Dragon, with the fairy beside a follower (option): the fairy stands beside this
  // figure. The mark leaves with the figure, and the fairy stays on its tile unassigned.
  bool with_fairy = false;
  // Abbey & Mayor, a barn: the corner of its tile it stands on (it holds the farm of `node`).
  Corner corner = Corner::NW;
  bool operator==(const Follower&) const = default;
};

// A feature or castle that completed in this turn part's scoring, as castles see it.
struct Completion {
  NodeId root = 0;  // feature root (for a castle: its city's root)
  std::int32_t value = 0;
  std::int16_t castle = -1;  // >= 0: this completion is castle #castle scoring
  bool operator==(const Completion&) const = default;
};

// What a step of the turn flow (turn_flow.h) or a decision reports: it waits for a decision (the
// pending phase is set), it is done (the next step follows), the current step goes on (Again),
// or the flow jumps: a new turn part, the end of this part, the end of the game.
enum class StepResult : std::uint8_t { Wait, Done, Again, StartPart, EndPart, GameOver };

// The pending decision and where the turn flow stands.
struct FlowState {
  Phase phase = Phase::GameOver;
  PlayerId decider = 0;
  std::uint8_t step = 0;      // row of kTurnSteps being run
  bool step_entered = false;  // the step has started (a resumed step goes on where it was)
  bool operator==(const FlowState&) const = default;
};

// The current turn part.
struct TurnState {
  PlayerId player = 0;  // whose turn part it is
  PartKind part = PartKind::Normal;
  TileType in_hand = kNoTile;
  TileType given = kNoTile;  // a tile to play instead of a draw (a purchased bazaar tile)
  bool tile_drawn = false;   // this part's tile came from the deck
  int tile = -1;             // index of the tile placed in this part, or -1
  bool figure_done = false;  // the figure step's action has been taken
  // No figure may be deployed on the tile just placed (a volcano: the dragon lands on it).
  bool tile_closed = false;
  std::int32_t number = 0;  // turn parts begun so far
  // The player of the last turn part that had a land tile to play (placed or discarded): the
  // end-of-game abbey round begins at his left and ends with him.
  PlayerId last_land_player = kNoPlayer;
  bool operator==(const TurnState&) const = default;
};

struct DeckState {
  // Every tile taken from the pile so far, in the order taken (tiles[0, next): drawn, set aside,
  // discarded, a bazaar's), then the undrawn pile in its draw order (tiles[next, end)).
  std::vector<TileType> tiles;
  int next = 0;  // next tile to draw: the number of takes so far
  std::vector<TileType> discarded;
  // Tiles taken from the deck face down (a bazaar's, set aside until its auction): hidden from
  // players like the pile, but no longer in it; each is also the take tiles[face_down_at[i]].
  std::vector<TileType> face_down;
  std::vector<std::int16_t> face_down_at;
  // A deck shuffled from a seed: tiles that come back to it later (dragon tiles set aside) are
  // shuffled in from the seed; a fixed deck takes them after its last tile, in order.
  bool seeded = false;
  std::uint64_t seed = 0;
  // Scripted draws (GameConfig::scripted_draws): what the next takes from the pile must be, in
  // order (kNoTile: a tile taken face down, unseen); `script_broken` once one named a tile that
  // was not among the undrawn tiles.
  std::vector<TileType> script;
  int script_next = 0;
  bool script_broken = false;
  int taken = 0;  // takes from the pile so far (public: every player sees a tile leave it)
  int left() const { return static_cast<int>(tiles.size()) - next; }
  // The face-down tiles dealt anew (an observation, a sampled world): their takes follow.
  void record_face_down_takes() {
    for (std::size_t i = 0; i < face_down.size(); ++i)
      tiles[static_cast<std::size_t>(face_down_at[i])] = face_down[i];
  }
  bool operator==(const DeckState&) const = default;
};

struct PlayersState {
  std::array<std::uint8_t, kFigureKindCount> per_player{};  // figures each player starts with
  std::array<std::array<std::uint8_t, kFigureKindCount>, kMaxPlayers> figures{};  // in supply
  std::array<int, kMaxPlayers> scores{};
  std::array<std::array<int, kScoreCategoryCount>, kMaxPlayers> breakdown{};
  bool operator==(const PlayersState&) const = default;
};

// Scoring of the current turn part (mechanics' decisions may pause it).
struct TurnScoring {
  std::vector<Completion> completed;  // features completed this part (then castles)
  bool operator==(const TurnScoring&) const = default;
};

// Where game events go: not part of the game's value (two games equal whoever listens).
struct EventSink {
  std::vector<GameEvent>* events = nullptr;
  bool operator==(const EventSink&) const { return true; }
};

struct GameData {
  RuleSet rules;
  int player_count = 0;
  FlowState flow;
  TurnState turn;
  DeckState deck;
  Board board;
  std::vector<PlacedTile> placed;
  FeatureGraph features;
  std::vector<Follower> followers;
  PlayersState players;
  TurnScoring scoring;
  MechanicStates mechanics;
  EventSink log_sink;

  bool operator==(const GameData&) const = default;

  static std::size_t index(PlayerId p) { return static_cast<std::size_t>(p); }
  bool has(Mechanic m) const { return rules.has(m); }
  std::uint8_t& figures_of(PlayerId p, FigureKind kind) {
    return players.figures[index(p)][static_cast<std::size_t>(kind)];
  }
  int figures_of(PlayerId p, FigureKind kind) const {
    return players.figures[index(p)][static_cast<std::size_t>(kind)];
  }

  // ---- Queries (game_data.cpp, the smallest inline: every figure step asks them) ----
  // Node of segment `segment` (kBridgeSegment for the bridge) of placed tile `tile`.
  NodeId node_of(int tile, int segment) const {
    const PlacedTile& p = placed[static_cast<std::size_t>(tile)];
    if (segment == kBridgeSegment) return p.bridge_node;
    return static_cast<NodeId>(p.first_node + segment);
  }
  NodeId feature_of(int tile, int segment) const {
    return features.find_const(node_of(tile, segment));
  }
  // The segment at border point `port` (board orientation), or kNoSegment; a bridge's ends are
  // kBridgeSegment.
  std::uint8_t segment_at(int tile, Port port) const;
  PortMask segment_ports(int tile, int segment) const;
  // The segment a location names: any border point the segment touches, a half-edge of a city
  // side for that city, kCloisterPort for the cloister, kInnerPort for an enclosed field.
  std::uint8_t segment_named(int tile, Port port) const;
  Port canonical_location(int tile, int segment) const;
  FeatureKind segment_kind(int tile, int segment) const {
    if (segment == kBridgeSegment) return FeatureKind::Road;
    return tile_spec(placed[static_cast<std::size_t>(tile)].type)
        .segments[static_cast<std::size_t>(segment)]
        .kind;
  }
  EdgeKind shown_edge(int tile, Side side) const;
  int feature_tile_count(NodeId root) const;
  bool feature_complete(NodeId root) const;
  // The features (roots) of the followers of `player`, one per follower (a feature may repeat);
  // returns how many (at most kMaxFollowerRoots: more follower figures than a player has).
  static constexpr int kMaxFollowerRoots = 16;
  int follower_roots(PlayerId player, std::array<NodeId, kMaxFollowerRoots>& out) const;
  // The follower figures of `player` (figures.h), in the order of `followers`; returns how many
  // (at most kMaxFollowerRoots). Gathered without a branch per figure: the players' figures
  // alternate in the list, and a test per figure is a coin toss to the branch predictor.
  using OwnFollowers = std::array<const Follower*, kMaxFollowerRoots + 1>;
  int own_followers(PlayerId player, OwnFollowers& out) const {
    int n = 0;
    for (const Follower& f : followers) {
      out[static_cast<std::size_t>(n)] = &f;
      n += static_cast<int>(f.player == player) & static_cast<int>(figure_info(f.kind).follower);
      n = std::min(n, kMaxFollowerRoots);  // the slot past the last is scratch
    }
    return n;
  }
  // Bit p set = player p has the greatest strength (above 0) on the feature.
  std::uint8_t majority(NodeId root) const;
  // What a feature is worth now: completed (final_scoring false) or at the end; mechanics may
  // change the value (inns, cathedrals).
  int feature_value(NodeId root, bool final_scoring, int* tiles_out) const;
  // Whether a printed segment of the feature carries `flag` (an inn, a cathedral, ...).
  bool any_printed_segment(NodeId root, bool SegmentSpec::*flag) const;
  bool has_plain_placement(TileType type) const;
  bool has_any_placement(TileType type) const;

  // ---- Primitives shared by the mechanics (game_data.cpp) ----
  void place_tile(int x, int y, TileType type, Rotation rotation);
  void unite_with_neighbours(int tile);
  void deploy(PlayerId player, FigureKind kind, NodeId node);
  void add_points(std::uint8_t winners, int points, ScoreCategory category);
  // Sends every figure on the feature home (followers and the special figures with them); a barn
  // only with `including_permanent` (the final scoring). Each is logged as returned by `cause`.
  void return_followers(NodeId root, ReturnCause cause, bool including_permanent = false);
  // Sends figure `index` (of `followers`) home, logged as returned by `cause`; the last figure
  // takes its place in the list.
  void remove_figure(std::size_t index, ReturnCause cause);
  // Special figures (builder, pig) of the feature whose owner has no follower left in it go home
  // (a barn stays).
  void release_unaccompanied(NodeId root);
  // Calls visit(tile, segment) for each placed tile a figure stands on, with its segment there:
  // its segment's tile (a bridge's is the tile it spans), and for a castle's follower also the
  // castle's other tile. Stops when visit returns false.
  template <typename Visit>
  void for_each_tile_under(const Follower& figure, Visit&& visit) const {
    if (!visit(static_cast<int>(figure.tile), static_cast<int>(figure.segment))) return;
    // Castles are cities: with no castle on the board (asked first: the figure's kind is a coin
    // toss to the branch predictor), or elsewhere, there is no root to look up.
    if (mechanics.castles.castles.empty()) return;
    const FeatureNode& own = features.node(figure.node);
    if (own.kind != FeatureKind::City) return;
    const NodeId root = features.find_const(figure.node);
    if (!features.node(root).castle) return;
    NodeId member = root;
    do {
      const FeatureNode& node = features.node(member);
      if (node.placed_tile != own.placed_tile &&
          !visit(static_cast<int>(node.placed_tile), static_cast<int>(node.segment)))
        return;
      member = node.next_member;
    } while (member != root);
  }
  // The segment a figure stands on at placed tile `tile` (for_each_tile_under), or -1.
  int segment_under(const Follower& figure, int tile) const {
    int segment = -1;
    for_each_tile_under(figure, [&](int under, int s) {
      if (under == tile) segment = s;
      return under != tile;
    });
    return segment;
  }
  bool stands_on(const Follower& figure, int tile) const {
    return segment_under(figure, tile) >= 0;
  }
  // Tiles back into the deck: shuffled into the undrawn ones (seeded deck) or after them.
  void return_to_deck(const std::vector<TileType>& tiles);
  // Called before every take from the pile (counts it): with scripted draws, brings the scripted
  // tile to the head of the undrawn tiles (deck.next < deck.tiles.size() is the caller's to
  // ensure).
  void arrange_next_take();
  // Scores a feature for its majority and sends its figures home (completed: marks it scored).
  void score_feature(NodeId root, bool final_scoring);
  // Reports an event to the listener, if any (nothing is built when nobody listens: callers
  // that must work to describe an event ask listening() first).
  bool listening() const { return log_sink.events != nullptr; }
  void log(const GameEvent& event) const {
    if (log_sink.events != nullptr) log_sink.events->push_back(event);
  }
  void log(const ScoreEvent& event) const {
    if (log_sink.events != nullptr) log_sink.events->push_back(GameEvent::scored(event));
  }
  // A figure leaving the board for its owner's supply (the test inline: figures return often).
  void log_return(const Follower& figure, ReturnCause cause) const {
    if (listening()) log_returned(figure, cause);
  }
  void log_returned(const Follower& figure, ReturnCause cause) const;
};

}  // namespace carcassonne
