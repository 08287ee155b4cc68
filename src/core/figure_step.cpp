// The figure step: after the placement (and, with bridges, an optional bridge first), exactly
// one figure action: a follower (`meeple`), a figure some mechanic brings (`large`, ...), or
// `skip`.
#include "core/mechanics/mechanics.h"
#include "core/turn_flow.h"

namespace carcassonne {

StepResult figure_step(GameData& d, bool /*entering*/) {
  if (d.turn.figure_done) return StepResult::Done;
  d.flow.phase = Phase::Follower;
  d.flow.decider = d.turn.player;
  return StepResult::Wait;
}

bool can_deploy(const GameData& d, FigureKind kind, int segment) {
  if (!deploy_target_exists(d, kind, segment)) return false;
  return feature_open_to(kind, d.features.node(d.feature_of(d.turn.tile, segment)));
}

void push_follower_deployments(const GameData& d, FigureKind kind, MoveList& out) {
  push_deployments_where(
      d, kind,
      [kind](const GameData& g, int segment) {
        return feature_open_to(kind, g.features.node(g.feature_of(g.turn.tile, segment)));
      },
      out);
}

namespace {
// The mechanic whose figure actions are the only legal ones now (the princess), or null.
const MechanicHooks* compelling_mechanic(const GameData& d) {
  const MechanicHooks* compelling = nullptr;
  for_each_mechanic(d, kHookMasks.figure_compels, [&](const MechanicHooks& m) {
    if (compelling == nullptr && m.figure_compels != nullptr && m.figure_compels(d))
      compelling = &m;
  });
  return compelling;
}
}  // namespace

void figure_moves(const GameData& d, MoveList& out) {
  bool exclusive = false;
  for_each_mechanic(d, kHookMasks.figure_prelude, [&](const MechanicHooks& m) {
    if (!exclusive && m.figure_prelude != nullptr) exclusive = m.figure_prelude(d, out);
  });
  if (exclusive) return;
  if (const MechanicHooks* compelling = compelling_mechanic(d)) {
    compelling->figure_moves(d, out);
    return;
  }
  push_follower_deployments(d, FigureKind::Follower, out);
  for_each_mechanic(d, kHookMasks.figure_moves, [&](const MechanicHooks& m) {
    if (m.figure_moves != nullptr) m.figure_moves(d, out);
  });
  out.push(Move::simple(MoveKind::Skip));
}

std::optional<Error> explain_deploy_target(const GameData& d, FigureKind kind, int segment) {
  const PlacedTile& placed = d.placed[static_cast<std::size_t>(d.turn.tile)];
  const bool bridge = segment == kBridgeSegment && placed.has_bridge();
  if (!bridge && segment >= tile_spec(placed.type).segment_count)
    return Error{ErrorCode::OutOfRange, "no such feature on the tile just placed"};
  if (d.turn.tile_closed)
    return Error{ErrorCode::IllegalMove,
                 "no figure may be deployed on a volcano: the dragon has landed on it"};
  if (d.figures_of(d.turn.player, kind) == 0)
    return Error{ErrorCode::IllegalMove,
                 kind == FigureKind::Follower
                     ? std::string("no follower left in supply")
                     : "no " + std::string(figure_info(kind).name) + " figure left in supply"};
  return std::nullopt;
}

std::optional<Error> explain_deploy(const GameData& d, FigureKind kind, int segment) {
  if (auto basic = explain_deploy_target(d, kind, segment)) return basic;
  if (can_deploy(d, kind, segment)) return std::nullopt;
  return explain_feature_closed(d, kind, d.feature_of(d.turn.tile, segment));
}

Error explain_feature_closed(const GameData& d, FigureKind kind, NodeId root) {
  const FeatureNode& node = d.features.node(root);
  const std::string what(feature_kind_name(node.kind));
  if (!stands_on_kind(kind, node.kind))
    return Error{ErrorCode::IllegalMove,
                 "the " + std::string(figure_info(kind).name) + " may not stand on a " + what};
  if (node.castle) return Error{ErrorCode::IllegalMove, "the castle already has its follower"};
  if (node.barn && node.followers == 0)
    return Error{ErrorCode::IllegalMove, "no follower may join a farm with a barn"};
  return Error{ErrorCode::IllegalMove, "the " + what + " already has a follower"};
}

std::optional<Error> figure_blocked(const GameData& d) {
  std::optional<Error> blocked;
  for_each_mechanic(d, kHookMasks.figure_blocked, [&](const MechanicHooks& m) {
    if (m.figure_blocked != nullptr && !blocked) blocked = m.figure_blocked(d);
  });
  return blocked;
}

std::optional<Error> explain_figure(const GameData& d, const Move& move) {
  const MechanicHooks* owner = figure_action_owner(d, move.kind);
  if (owner != nullptr && owner->figure_prelude != nullptr) return owner->explain(d, move);
  const std::optional<Error> blocked = figure_blocked(d);
  const bool figure_action =
      owner != nullptr || move.kind == MoveKind::Meeple || move.kind == MoveKind::Skip;
  if (!figure_action) {
    if (blocked) return Error{ErrorCode::WrongPhase, blocked->message};
    // "a bridge, a follower, a large follower or skip": what the mechanics in play offer.
    std::string offers;
    auto add = [&](std::string_view phrase) {
      if (!phrase.empty()) offers += (offers.empty() ? "" : ", ") + std::string(phrase);
    };
    for_each_mechanic(d, [&](const MechanicHooks& m) {
      if (m.figure_prelude != nullptr) add(m.figure_phrase);
    });
    add("a follower");
    for_each_mechanic(d, [&](const MechanicHooks& m) {
      if (m.figure_prelude == nullptr) add(m.figure_phrase);
    });
    return Error{ErrorCode::WrongPhase, "the game is waiting for " + offers + " or skip"};
  }
  // A compelled action (the princess's) is explained by its own mechanic.
  if (owner != nullptr && owner == compelling_mechanic(d)) return owner->explain(d, move);
  if (blocked) return blocked;
  if (owner != nullptr) return owner->explain(d, move);
  if (move.kind == MoveKind::Skip) {
    if (move == Move::simple(MoveKind::Skip)) return std::nullopt;
    return Error{ErrorCode::BadNotation, "malformed skip"};
  }
  if (!(Move::meeple(move.segment) == move))
    return Error{ErrorCode::BadNotation, "malformed meeple move"};
  return explain_deploy(d, FigureKind::Follower, move.segment);
}

StepResult apply_figure(GameData& d, const Move& move) {
  const MechanicHooks* owner = figure_action_owner(d, move.kind);
  if (owner == nullptr || owner->figure_prelude == nullptr) {
    for_each_mechanic(d, kHookMasks.before_figure_action, [&](const MechanicHooks& m) {
      if (m.before_figure_action != nullptr) m.before_figure_action(d);
    });
  }
  if (owner != nullptr) {
    owner->apply(d, move);
  } else {
    if (move.kind == MoveKind::Meeple)
      d.deploy(d.turn.player, FigureKind::Follower, d.node_of(d.turn.tile, move.segment));
    d.turn.figure_done = true;
  }
  return d.turn.figure_done ? StepResult::Done : StepResult::Again;
}

}  // namespace carcassonne
