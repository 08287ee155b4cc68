// The compiled tile catalogue against the shared reference file, and the rotation geometry.
#include "core/tiles.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/notation.h"

namespace carcassonne {
namespace {

// ---- A reader of ../shared/reference/tiles.txt, written only for this comparison ----

struct ReferenceSegment {
  std::string kind;
  PortMask ports = 0;
  int pennants = 0;
  bool castle_base = false;
  bool inn = false;
  std::uint16_t bordered = 0;
};
struct ReferenceTile {
  std::string id;
  int count = 0;
  bool start = false;
  bool bazaar = false;
  bool cloister = false;
  std::vector<ReferenceSegment> segments;  // cities, roads, fields in file order
};

std::vector<ReferenceTile> read_reference(const std::string& path) {
  std::ifstream in(path);
  std::vector<ReferenceTile> tiles;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("tile ", 0) == 0) {
      std::istringstream words(line.substr(5));
      ReferenceTile tile;
      std::string count, word;
      words >> tile.id >> count;
      tile.count = std::stoi(count.substr(1));
      while (words >> word && word != "—")
        if (word == "start") tile.start = true;
      tiles.push_back(tile);
      continue;
    }
    if (tiles.empty() || line.size() < 3 || line[0] != ' ') continue;
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    ReferenceTile& tile = tiles.back();
    if (kind == "cloister") tile.cloister = true;
    if (kind == "bazaar") tile.bazaar = true;
    if (kind != "city" && kind != "road" && kind != "field") continue;
    ReferenceSegment segment;
    segment.kind = kind;
    std::string word;
    bool borders = false;
    while (words >> word) {
      if (auto port = parse_location(word); port && *port < kPortCount) {
        segment.ports = static_cast<PortMask>(segment.ports | port_bit(*port));
      } else if (word == "pennant") {
        ++segment.pennants;
      } else if (word == "x2") {
        ++segment.pennants;
      } else if (word == "castle-base") {
        segment.castle_base = true;
      } else if (word == "inn") {
        segment.inn = true;
      } else if (word == "borders") {
        borders = true;
      } else if (borders && word.size() > 1 && word[0] == '#') {
        segment.bordered =
            static_cast<std::uint16_t>(segment.bordered | (1u << (std::stoi(word.substr(1)) - 1)));
      } else if (word == "ends-at") {
        words >> word;  // where a road ends: not needed by these rules
      }
    }
    tile.segments.push_back(segment);
  }
  return tiles;
}

TEST(Tiles, CatalogueMatchesTheSharedReference) {
  const std::string path = std::string(CARCASSONNE_SOURCE_DIR) + "/../shared/reference/tiles.txt";
  if (!std::ifstream(path).good()) GTEST_SKIP() << "reference file not present: " << path;
  std::map<std::string, ReferenceTile> reference;
  for (ReferenceTile& tile : read_reference(path)) reference[tile.id] = tile;
  ASSERT_GE(reference.size(), 35u);
  for (const TileSpec& spec : kTileCatalogue) {
    SCOPED_TRACE(std::string(spec.id));
    auto found = reference.find(std::string(spec.id));
    ASSERT_NE(found, reference.end());
    const ReferenceTile& ref = found->second;
    EXPECT_EQ(spec.count, ref.count);
    EXPECT_EQ(spec.start_tile, ref.start);
    EXPECT_EQ(spec.bazaar, ref.bazaar);
    int printed = 0;
    bool cloister = false;
    for (int s = 0; s < spec.segment_count; ++s) {
      const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
      if (segment.kind == FeatureKind::Cloister) {
        cloister = true;
        continue;
      }
      ASSERT_LT(printed, static_cast<int>(ref.segments.size()));
      const ReferenceSegment& r = ref.segments[static_cast<std::size_t>(printed++)];
      EXPECT_EQ(std::string(feature_kind_name(segment.kind)), r.kind) << "segment " << s;
      EXPECT_EQ(segment.ports, r.ports) << "segment " << s;
      EXPECT_EQ(segment.pennants, r.pennants) << "segment " << s;
      EXPECT_EQ(segment.castle_base, r.castle_base) << "segment " << s;
      EXPECT_EQ(segment.inn, r.inn) << "segment " << s;
      EXPECT_EQ(segment.bordered_cities, r.bordered) << "segment " << s;
    }
    EXPECT_EQ(printed, static_cast<int>(ref.segments.size()));
    EXPECT_EQ(cloister, ref.cloister);
  }
}

TEST(Tiles, BoxCounts) {
  int base = 0, bcb = 0;
  for (const TileSpec& spec : kTileCatalogue)
    (spec.expansion == Expansion::Base ? base : bcb) += spec.count;
  EXPECT_EQ(base, 72);
  EXPECT_EQ(bcb, 12);
  EXPECT_EQ(kTileCatalogue[*find_tile_type("D")].start_tile, true);
  EXPECT_FALSE(find_tile_type("Y").has_value());
}

TEST(Tiles, RotationTurnsNorthToEast) {
  // "At r90 the tile's printed north edge faces east."
  EXPECT_EQ(rotate_port(1 /*N*/, 1), 4 /*E*/);
  EXPECT_EQ(rotate_port(0 /*NNW*/, 1), 3 /*ENE*/);
  EXPECT_EQ(rotate_port(11 /*WNW*/, 1), 2 /*NNE*/);
  EXPECT_EQ(rotate_port(9 /*WSW*/, 3), 6 /*SSE*/);
  const TileType d = *find_tile_type("D");
  // D printed: city N, road E and W, field S.
  EXPECT_EQ(signature_edge(rotated_tile(d, 0).edge_signature, Side::North), EdgeKind::City);
  EXPECT_EQ(signature_edge(rotated_tile(d, 0).edge_signature, Side::South), EdgeKind::Field);
  EXPECT_EQ(signature_edge(rotated_tile(d, 1).edge_signature, Side::East), EdgeKind::City);
  EXPECT_EQ(signature_edge(rotated_tile(d, 1).edge_signature, Side::North), EdgeKind::Road);
  EXPECT_EQ(signature_edge(rotated_tile(d, 2).edge_signature, Side::South), EdgeKind::City);
  EXPECT_EQ(signature_edge(rotated_tile(d, 3).edge_signature, Side::West), EdgeKind::City);
  // Facing points across a shared side.
  EXPECT_EQ(facing_port(1 /*N*/), 7 /*S*/);
  EXPECT_EQ(facing_port(3 /*ENE*/), 11 /*WNW*/);
  EXPECT_EQ(facing_port(6 /*SSE*/), 2 /*NNE*/);
}

TEST(Tiles, LocationNames) {
  for (Port p = 0; p < kPortCount; ++p) EXPECT_EQ(parse_location(location_name(p)), p);
  EXPECT_EQ(parse_location("cloister"), kCloisterPort);
  EXPECT_FALSE(parse_location("NW").has_value());  // corners are reserved for barns
  EXPECT_FALSE(parse_location("n").has_value());
}

}  // namespace
}  // namespace carcassonne
