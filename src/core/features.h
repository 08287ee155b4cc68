// The feature graph: every segment of every placed tile is a node; connected segments of the same
// kind form one feature (road, city, field, cloister), kept by union-find.
//
// Promise: the data of a feature (open edge count, pennants, followers, member count) lives at its
// root and is exact after every merge; members of a feature form a circular list so scoring can
// walk them without allocating. Unions are by size with path halving (states are copied, never
// undone, so compression is safe).
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/types.h"

namespace carcassonne {

using NodeId = std::uint16_t;

struct FeatureNode {
  NodeId parent = 0;
  NodeId next_member = 0;         // circular list of the feature's members
  std::uint16_t placed_tile = 0;  // index of the placed tile this segment lies on
  std::uint8_t segment = 0;       // segment index on that tile
  FeatureKind kind = FeatureKind::Field;
  // Valid at the root only:
  std::uint16_t member_count = 1;
  std::int16_t open_edges = 0;  // side middles of roads/cities not yet matched by a neighbour
  std::uint8_t pennants = 0;
  std::uint8_t followers = 0;
  bool scored = false;  // a completed feature that has been scored (never again)
  bool castle = false;  // a small city turned into a castle (Bridges, Castles and Bazaars)
  bool barn = false;    // a farm holding a barn (Abbey & Mayor)

  bool operator==(const FeatureNode&) const = default;
};

class FeatureGraph {
 public:
  NodeId add(FeatureKind kind, std::uint16_t placed_tile, std::uint8_t segment, int open_edges,
             int pennants) {
    const auto id = static_cast<NodeId>(nodes_.size());
    // Filled in place: a local copied in would be written in narrow stores and read back in one
    // wide load, which the processor cannot forward (a stall on every segment placed).
    FeatureNode& node = nodes_.emplace_back();
    node.parent = id;
    node.next_member = id;
    node.placed_tile = placed_tile;
    node.segment = segment;
    node.kind = kind;
    node.open_edges = static_cast<std::int16_t>(open_edges);
    node.pennants = static_cast<std::uint8_t>(pennants);
    return id;
  }

  NodeId find(NodeId id) {
    while (nodes_[id].parent != id) {
      nodes_[id].parent = nodes_[nodes_[id].parent].parent;
      id = nodes_[id].parent;
    }
    return id;
  }
  NodeId find_const(NodeId id) const {
    while (nodes_[id].parent != id) id = nodes_[id].parent;
    return id;
  }

  // Joins the features of a and b (same kind); returns the new root. Whether they are one
  // feature already, and which of the two becomes the root, are coin tosses to the branch
  // predictor, so neither is a branch: joining a feature with itself adds nothing (its own data
  // times zero, its member list swapped with itself).
  NodeId unite(NodeId a, NodeId b) {
    a = find(a);
    b = find(b);
    assert(nodes_[a].kind == nodes_[b].kind);
    const bool smaller = nodes_[a].member_count < nodes_[b].member_count;
    const NodeId root_id = smaller ? b : a;
    const NodeId child_id = smaller ? a : b;
    const int distinct = a != b ? 1 : 0;
    FeatureNode& root = nodes_[root_id];
    FeatureNode& child = nodes_[child_id];
    child.parent = root_id;
    root.member_count =
        static_cast<std::uint16_t>(root.member_count + distinct * child.member_count);
    root.open_edges = static_cast<std::int16_t>(root.open_edges + distinct * child.open_edges);
    root.pennants = static_cast<std::uint8_t>(root.pennants + distinct * child.pennants);
    root.followers = static_cast<std::uint8_t>(root.followers + distinct * child.followers);
    root.scored = static_cast<bool>(root.scored | child.scored);
    root.castle = static_cast<bool>(root.castle | child.castle);
    root.barn = static_cast<bool>(root.barn | child.barn);
    std::swap(root.next_member, child.next_member);  // splice the two circular lists
    return root_id;
  }

  FeatureNode& node(NodeId id) { return nodes_[id]; }
  const FeatureNode& node(NodeId id) const { return nodes_[id]; }
  FeatureNode& root_data(NodeId id) { return nodes_[find(id)]; }
  int size() const { return static_cast<int>(nodes_.size()); }
  void reserve(std::size_t n) { nodes_.reserve(n); }

  // Logical equality: the same partition into features with the same data at the roots (parent
  // pointers may differ, as path compression depends on the order of queries).
  bool operator==(const FeatureGraph& other) const {
    if (nodes_.size() != other.nodes_.size()) return false;
    for (std::size_t id = 0; id < nodes_.size(); ++id) {
      const NodeId a = find_const(static_cast<NodeId>(id));
      const NodeId b = other.find_const(static_cast<NodeId>(id));
      if (a != b) return false;
      const FeatureNode& x = nodes_[a];
      const FeatureNode& y = other.nodes_[b];
      if (x.kind != y.kind || x.member_count != y.member_count || x.open_edges != y.open_edges ||
          x.pennants != y.pennants || x.followers != y.followers || x.scored != y.scored ||
          x.castle != y.castle || x.barn != y.barn ||
          nodes_[id].placed_tile != other.nodes_[id].placed_tile ||
          nodes_[id].segment != other.nodes_[id].segment)
        return false;
    }
    return true;
  }

 private:
  std::vector<FeatureNode> nodes_;
};

}  // namespace carcassonne
