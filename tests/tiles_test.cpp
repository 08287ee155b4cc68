// The compiled tile catalogue against the shared reference file, and the rotation geometry.
#include "core/tiles.h"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/rules.h"
#include "record/record.h"

namespace carcassonne {
namespace {

// ---- A reader of ../shared/reference/tiles.txt, written only for this comparison ----

struct ReferenceSegment {
  std::string kind;
  PortMask ports = 0;
  int pennants = 0;
  bool castle_base = false;
  bool inn = false;
  bool cathedral = false;
  TradeGood good = TradeGood::None;
  bool princess = false;
  bool inner = false;  // "field inner": an enclosed field touching no tile edge
  std::uint16_t bordered = 0;
  std::string ends_at;  // roads: "cloister", "city#k", "junction", a building, or empty
};
struct ReferenceTile {
  std::string id;
  int count = 0;
  bool start = false;
  bool bazaar = false;
  bool cloister = false;
  bool volcano = false, dragon = false, portal = false;
  bool abbey = false;
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
    if (kind == "volcano") tile.volcano = true;
    if (kind == "dragon") tile.dragon = true;
    if (kind == "portal") tile.portal = true;
    if (kind == "abbey") tile.abbey = true;
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
      } else if (word == "cathedral") {
        segment.cathedral = true;
      } else if (word == "wine") {
        segment.good = TradeGood::Wine;
      } else if (word == "grain") {
        segment.good = TradeGood::Grain;
      } else if (word == "cloth") {
        segment.good = TradeGood::Cloth;
      } else if (word == "princess") {
        segment.princess = true;
      } else if (word == "inner" && kind == "field") {
        segment.inner = true;  // ports stay 0
      } else if (word == "borders") {
        borders = true;
      } else if (borders && word.size() > 1 && word[0] == '#') {
        segment.bordered =
            static_cast<std::uint16_t>(segment.bordered | (1u << (std::stoi(word.substr(1)) - 1)));
      } else if (word == "ends-at") {
        words >> segment.ends_at;
      }
    }
    tile.segments.push_back(segment);
  }
  return tiles;
}

// The expansion a reference ID belongs to, or nothing for a set not in the catalogue.
std::optional<Expansion> reference_expansion(const std::string& id) {
  if (id.find('-') == std::string::npos) return Expansion::Base;
  if (id.rfind("BCB-", 0) == 0) return Expansion::BridgesCastlesBazaars;
  if (id.rfind("IC-", 0) == 0) return Expansion::InnsCathedrals;
  if (id.rfind("TB-", 0) == 0) return Expansion::TradersBuilders;
  if (id.rfind("PD-", 0) == 0) return Expansion::PrincessDragon;
  if (id.rfind("AM-", 0) == 0) return Expansion::AbbeyMayor;
  return std::nullopt;
}

// Adjacencies the reference gives only as notes (tile, segment, segment in catalogue order).
struct NoteTouch {
  std::string_view tile;
  int a, b;
};
constexpr std::array kNoteTouches = {
    NoteTouch{"BCB-G", 0, 3},  // the cloister stands inside city #1
    NoteTouch{"PD-O", 0, 2},   // the cloister stands inside city #1
    // IC-I: both roads and both city gates meet at the village.
    NoteTouch{"IC-I", 0, 1},
    NoteTouch{"IC-I", 0, 2},
    NoteTouch{"IC-I", 0, 3},
    NoteTouch{"IC-I", 1, 2},
    NoteTouch{"IC-I", 1, 3},
    NoteTouch{"IC-I", 2, 3},
};

// The touches masks (catalogue segment order: printed segments, then the cloister) that the
// reference's ends-at words give, plus the note adjacencies above.
std::vector<std::uint16_t> expected_touches(const ReferenceTile& tile) {
  const std::size_t printed = tile.segments.size();
  std::vector<std::uint16_t> touches(printed + (tile.cloister ? 1 : 0), 0);
  const auto touch = [&](std::size_t a, std::size_t b) {
    touches[a] = static_cast<std::uint16_t>(touches[a] | (1u << b));
    touches[b] = static_cast<std::uint16_t>(touches[b] | (1u << a));
  };
  std::vector<std::size_t> junction;
  for (std::size_t i = 0; i < printed; ++i) {
    const std::string& end = tile.segments[i].ends_at;
    if (end == "cloister") {
      touch(i, printed);
    } else if (end.rfind("city#", 0) == 0) {
      touch(i, static_cast<std::size_t>(std::stoi(end.substr(5)) - 1));
    } else if (end == "junction") {
      for (std::size_t other : junction) touch(i, other);
      junction.push_back(i);
    }
  }
  for (const NoteTouch& note : kNoteTouches)
    if (note.tile == tile.id)
      touch(static_cast<std::size_t>(note.a), static_cast<std::size_t>(note.b));
  return touches;
}

TEST(Tiles, CatalogueMatchesTheSharedReference) {
  const std::string path = std::string(CARCASSONNE_SOURCE_DIR) + "/../shared/reference/tiles.txt";
  if (!std::ifstream(path).good()) GTEST_SKIP() << "reference file not present: " << path;
  std::map<std::string, ReferenceTile> reference;
  for (ReferenceTile& tile : read_reference(path)) reference[tile.id] = tile;
  ASSERT_GE(reference.size(), 52u);
  // Every reference tile of the catalogued sets is in the catalogue, and no other.
  std::set<std::string> expected_ids, catalogue_ids;
  for (const auto& [id, tile] : reference)
    if (reference_expansion(id)) expected_ids.insert(id);
  for (const TileSpec& spec : kTileCatalogue) catalogue_ids.insert(std::string(spec.id));
  EXPECT_EQ(catalogue_ids, expected_ids);
  EXPECT_EQ(expected_ids.size(), 24u + 11u + 17u + 24u + 29u + 13u);
  for (const TileSpec& spec : kTileCatalogue) {
    SCOPED_TRACE(std::string(spec.id));
    auto found = reference.find(std::string(spec.id));
    ASSERT_NE(found, reference.end());
    const ReferenceTile& ref = found->second;
    EXPECT_EQ(reference_expansion(ref.id), spec.expansion);
    EXPECT_EQ(spec.count, ref.count);
    EXPECT_EQ(spec.start_tile, ref.start);
    EXPECT_EQ(spec.bazaar, ref.bazaar);
    EXPECT_EQ(spec.volcano, ref.volcano);
    EXPECT_EQ(spec.dragon, ref.dragon);
    EXPECT_EQ(spec.portal, ref.portal);
    EXPECT_EQ(spec.abbey, ref.abbey);
    const std::vector<std::uint16_t> touches = expected_touches(ref);
    ASSERT_EQ(static_cast<std::size_t>(spec.segment_count), touches.size());
    for (int s = 0; s < spec.segment_count; ++s)
      EXPECT_EQ(spec.segments[static_cast<std::size_t>(s)].touches,
                touches[static_cast<std::size_t>(s)])
          << "touches of segment " << s;
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
      EXPECT_EQ(segment.cathedral, r.cathedral) << "segment " << s;
      EXPECT_EQ(segment.good, r.good) << "segment " << s;
      EXPECT_EQ(segment.princess, r.princess) << "segment " << s;
      if (r.inner) {
        EXPECT_EQ(segment.ports, 0) << "segment " << s;
      }
      EXPECT_EQ(segment.bordered_cities, r.bordered) << "segment " << s;
    }
    EXPECT_EQ(printed, static_cast<int>(ref.segments.size()));
    EXPECT_EQ(cloister, ref.cloister);
  }
}

TEST(Tiles, BoxCounts) {
  std::array<int, kExpansionCount> tiles{}, types{};
  for (const TileSpec& spec : kTileCatalogue) {
    tiles[static_cast<std::size_t>(spec.expansion)] += spec.count;
    ++types[static_cast<std::size_t>(spec.expansion)];
  }
  EXPECT_EQ(tiles[static_cast<std::size_t>(Expansion::Base)], 72);
  EXPECT_EQ(types[static_cast<std::size_t>(Expansion::Base)], 24);
  EXPECT_EQ(tiles[static_cast<std::size_t>(Expansion::BridgesCastlesBazaars)], 12);
  EXPECT_EQ(types[static_cast<std::size_t>(Expansion::BridgesCastlesBazaars)], 11);
  EXPECT_EQ(tiles[static_cast<std::size_t>(Expansion::InnsCathedrals)], 18);
  EXPECT_EQ(types[static_cast<std::size_t>(Expansion::InnsCathedrals)], 17);
  EXPECT_EQ(tiles[static_cast<std::size_t>(Expansion::TradersBuilders)], 24);
  EXPECT_EQ(types[static_cast<std::size_t>(Expansion::TradersBuilders)], 24);
  EXPECT_EQ(tiles[static_cast<std::size_t>(Expansion::PrincessDragon)], 30);
  EXPECT_EQ(types[static_cast<std::size_t>(Expansion::PrincessDragon)], 29);
  // Abbey & Mayor: 12 land tiles of 12 types and 6 abbeys (one type).
  EXPECT_EQ(tiles[static_cast<std::size_t>(Expansion::AbbeyMayor)], 12 + 6);
  EXPECT_EQ(types[static_cast<std::size_t>(Expansion::AbbeyMayor)], 13);
  int abbeys = 0;
  for (const TileSpec& spec : kTileCatalogue)
    if (spec.abbey) {
      EXPECT_EQ(spec.id, "AM-A");
      abbeys += spec.count;
    }
  EXPECT_EQ(abbeys, 6);
  EXPECT_EQ(kTileCatalogue[*find_tile_type("D")].start_tile, true);
  EXPECT_FALSE(find_tile_type("Y").has_value());
  // The full deck of all six sets: every land tile but the start tile; no abbey.
  RuleSet rules;
  for (int e = 1; e < kExpansionCount; ++e) rules.add(static_cast<Expansion>(e));
  EXPECT_EQ(shuffled_deck(rules, *find_tile_type("D"), 7).size(),
            static_cast<std::size_t>(72 + 12 + 18 + 24 + 30 + 12 - 1));
}

// The abbey is held in hand: no seed ever shuffles one into the draw pile.
TEST(Tiles, ShuffledDeckNeverHoldsTheAbbey) {
  RuleSet rules;
  rules.add(Expansion::AbbeyMayor);
  const TileType abbey = *find_tile_type("AM-A");
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const std::vector<TileType> deck = shuffled_deck(rules, *find_tile_type("D"), seed);
    EXPECT_EQ(deck.size(), static_cast<std::size_t>(72 + 12 - 1));
    for (TileType t : deck) EXPECT_NE(t, abbey);
  }
}

// record-format-bigbox.md: "`deck` may not name `AM-A`", even with Abbey & Mayor in play.
TEST(Tiles, RecordDeckMayNotNameTheAbbey) {
  auto record =
      parse_record(R"({"players":["Ann","Bob"],"expansions":["am"],"deck":["E","AM-A"]})");
  ASSERT_FALSE(record.ok());
  EXPECT_NE(record.error().message.find("AM-A"), std::string::npos) << record.error().message;
  auto land = parse_record(R"({"players":["Ann","Bob"],"expansions":["am"],"deck":["E","AM-B"]})");
  EXPECT_TRUE(land.ok()) << land.error().message;
  // Nor is it ever the start tile.
  auto start = parse_record(R"({"players":["Ann","Bob"],"expansions":["am"],"start":"AM-A"})");
  ASSERT_FALSE(start.ok());
  EXPECT_NE(start.error().message.find("start"), std::string::npos) << start.error().message;
}

// The adjacencies given as notes are in the catalogue, and the reference's notes say so.
TEST(Tiles, NoteAdjacencies) {
  for (const NoteTouch& note : kNoteTouches) {
    SCOPED_TRACE(std::string(note.tile));
    const TileSpec& spec = tile_spec(*find_tile_type(note.tile));
    EXPECT_TRUE(spec.segments[static_cast<std::size_t>(note.a)].touches >> note.b & 1u);
    EXPECT_TRUE(spec.segments[static_cast<std::size_t>(note.b)].touches >> note.a & 1u);
  }
  // BCB-G and PD-O: city #1 (segment 0) and the cloister (the last segment).
  for (std::string_view id : {"BCB-G", "PD-O"}) {
    const TileSpec& spec = tile_spec(*find_tile_type(id));
    EXPECT_EQ(spec.segments[static_cast<std::size_t>(spec.segment_count - 1)].kind,
              FeatureKind::Cloister)
        << id;
  }
  // A road passing a cloister (BCB-F) or a tunnel under a city (PD-Q, AM-L) touches nothing.
  for (std::string_view id : {"BCB-F", "PD-Q", "AM-L", "AM-M"}) {
    const TileSpec& spec = tile_spec(*find_tile_type(id));
    for (int s = 0; s < spec.segment_count; ++s)
      EXPECT_EQ(spec.segments[static_cast<std::size_t>(s)].touches, 0) << id << " segment " << s;
  }
}

// TB-1: one token per symbol; the box holds 9 wine, 6 grain and 5 cloth, all on city segments.
TEST(Tiles, TradeGoodsMatchTheBox) {
  std::array<int, kTradeGoodCount + 1> goods{};
  for (const TileSpec& spec : kTileCatalogue)
    for (int s = 0; s < spec.segment_count; ++s) {
      const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
      if (segment.good == TradeGood::None) continue;
      EXPECT_EQ(segment.kind, FeatureKind::City) << spec.id;
      EXPECT_EQ(spec.expansion, Expansion::TradersBuilders) << spec.id;
      goods[static_cast<std::size_t>(segment.good)] += spec.count;
    }
  EXPECT_EQ(goods[static_cast<std::size_t>(TradeGood::Wine)], 9);
  EXPECT_EQ(goods[static_cast<std::size_t>(TradeGood::Grain)], 6);
  EXPECT_EQ(goods[static_cast<std::size_t>(TradeGood::Cloth)], 5);
}

TEST(Tiles, InnsAndCathedrals) {
  int tiles = 0, types = 0, cathedral_copies = 0;
  std::set<std::pair<std::string, PortMask>> inns;  // (tile, road ports) of every inn
  for (const TileSpec& spec : kTileCatalogue) {
    if (spec.expansion == Expansion::InnsCathedrals) {
      tiles += spec.count;
      ++types;
    }
    for (int s = 0; s < spec.segment_count; ++s) {
      const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
      if (segment.cathedral) {
        EXPECT_EQ(segment.kind, FeatureKind::City) << spec.id;
        cathedral_copies += spec.count;
      }
      if (segment.inn) {
        EXPECT_EQ(segment.kind, FeatureKind::Road) << spec.id;
        inns.emplace(spec.id, segment.ports);
      }
    }
  }
  EXPECT_EQ(tiles, 18);
  EXPECT_EQ(types, 17);
  EXPECT_EQ(cathedral_copies, 2);
  const TileSpec& cathedral = tile_spec(*find_tile_type("IC-K"));
  EXPECT_EQ(cathedral.count, 2);
  EXPECT_TRUE(cathedral.segments[0].cathedral);
  // Port numbers: N 1, E 4, S 7, W 10.
  const auto side = [](Port p) { return port_bit(p); };
  const std::set<std::pair<std::string, PortMask>> expected = {
      {"BCB-C", side(7)},
      {"BCB-J", side(7)},
      {"IC-A", static_cast<PortMask>(side(7) | side(10))},
      {"IC-B", static_cast<PortMask>(side(4) | side(10))},
      {"IC-C", side(4)},  // the east road only
      {"IC-L", static_cast<PortMask>(side(4) | side(7))},
      {"IC-M", static_cast<PortMask>(side(7) | side(10))},
      {"IC-N", side(7)},
  };
  EXPECT_EQ(inns, expected);
  // IC-H: four caps round an enclosed field that touches no edge but borders all four.
  const TileSpec& h = tile_spec(*find_tile_type("IC-H"));
  ASSERT_EQ(h.segment_count, 5);
  EXPECT_EQ(h.segments[4].kind, FeatureKind::Field);
  EXPECT_EQ(h.segments[4].ports, 0);
  EXPECT_EQ(h.segments[4].bordered_cities, 0b1111);
  // IC-D: the cloister comes after its two roads and two fields.
  EXPECT_EQ(rotated_tile(*find_tile_type("IC-D"), 0).cloister_segment, 4);
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
