// Rule sets and the one registry of expansions, mechanics and rule options.
//
// Promise: a RuleSet is a small value with ==, fixed when a game is created. An *expansion* is a
// named preset of *mechanics* (the units the engine is built from: bridges, castles, bazaar,
// large follower, inn, cathedral, builder, pig, trade goods, ...); the rules of a game are its
// mechanics plus the values of its rule options. Every front end (records, command line, server,
// lobby, bindings) reads names, titles, defaults and explanations from the tables here, so they all
// accept exactly the same spellings and no one keeps a list of its own.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/tiles.h"

namespace carcassonne {

// The mechanics the engine knows. The order is the order of kMechanicTable (mechanics.h).
enum class Mechanic : std::uint8_t {
  Bridges,
  Castles,
  Bazaar,
  LargeFollower,
  Inn,
  Cathedral,
  Builder,
  Pig,
  TradeGoods,
  Dragon,  // the volcano, the dragon's journeys and the dragon tiles set aside before it
  Fairy,
  Portal,  // the magic portal
  Princess,
  Abbey,  // each player's abbey tile, played into a hole instead of a draw; the abbey round
  Mayor,
  Wagon,
  Barn,
};
inline constexpr int kMechanicCount = 17;
using MechanicMask = std::uint32_t;
constexpr MechanicMask mechanic_bit(Mechanic m) {
  return MechanicMask{1} << static_cast<int>(m);
}

struct ExpansionInfo {
  Expansion expansion;
  std::string_view name;   // record name ("bcb"); the base game's is "base" (never written)
  std::string_view title;  // "Bridges, Castles and Bazaars"
  std::string_view summary;
  MechanicMask mechanics;
};

// Rule options, in the order of kRuleOptionTable.
enum class RuleOption : std::uint8_t {
  Bazaar,
  BuilderBazaar,
  Dragon,
  Fairy,
  Princess,
  Wagon,
  Bids,
  NextAuctioneer,
  CastleCities
};
inline constexpr int kRuleOptionCount = 9;
inline constexpr int kMaxOptionValues = 4;

struct RuleOptionInfo {
  RuleOption option;
  std::string_view name;  // record key
  std::string_view summary;
  // Values; the first is the default. Each with a one-line explanation.
  std::array<std::string_view, kMaxOptionValues> values;
  std::array<std::string_view, kMaxOptionValues> value_summaries;
  // Which printing or ruling each value comes from ("Big Box", "ZMG", ...).
  std::array<std::string_view, kMaxOptionValues> value_sources;
  int value_count;
  // Expansions the option belongs to (setting it to a non-default value without them is an
  // error; the default is accepted always, so records of the base game may spell it out).
  std::uint32_t needs_expansions;
};

namespace detail {
constexpr std::uint32_t expansion_bit(Expansion e) {
  return std::uint32_t{1} << static_cast<int>(e);
}
}  // namespace detail

inline constexpr std::array<ExpansionInfo, kExpansionCount> kExpansionTable = {{
    {Expansion::Base, "base", "Carcassonne", "the base game: roads, cities, cloisters and farms",
     0},
    {Expansion::BridgesCastlesBazaars, "bcb", "Bridges, Castles and Bazaars",
     "bridges carry roads over fields, small cities become castles, bazaar tiles start auctions",
     mechanic_bit(Mechanic::Bridges) | mechanic_bit(Mechanic::Castles) |
         mechanic_bit(Mechanic::Bazaar)},
    {Expansion::InnsCathedrals, "ic", "Inns & Cathedrals",
     "a large follower worth two; inns and cathedrals double the stakes of roads and cities",
     mechanic_bit(Mechanic::LargeFollower) | mechanic_bit(Mechanic::Inn) |
         mechanic_bit(Mechanic::Cathedral)},
    {Expansion::TradersBuilders, "tb", "Traders & Builders",
     "a builder earns a second turn part, a pig makes farms worth more, completed cities yield "
     "trade goods",
     mechanic_bit(Mechanic::Builder) | mechanic_bit(Mechanic::Pig) |
         mechanic_bit(Mechanic::TradeGoods)},
    {Expansion::PrincessDragon, "pd", "Princess & Dragon",
     "a dragon from the volcano eats figures, a fairy guards them, magic portals and princesses",
     mechanic_bit(Mechanic::Dragon) | mechanic_bit(Mechanic::Fairy) |
         mechanic_bit(Mechanic::Portal) | mechanic_bit(Mechanic::Princess)},
    {Expansion::AbbeyMayor, "am", "Abbey & Mayor",
     "an abbey tile fills a hole, a mayor counts pennants, a wagon rolls on, a barn scores farms",
     mechanic_bit(Mechanic::Abbey) | mechanic_bit(Mechanic::Mayor) | mechanic_bit(Mechanic::Wagon) |
         mechanic_bit(Mechanic::Barn)},
}};

inline constexpr std::array<RuleOptionInfo, kRuleOptionCount> kRuleOptionTable = {{
    {RuleOption::Bazaar,
     "bazaar",
     "how the tiles revealed by a bazaar are shared out",
     {"auction", "no-auction"},
     {"each tile is auctioned: bid, then the auctioneer buys or sells",
      "from the left of the bazaar's player, each takes one tile for free and plays it at once"},
     {"the rulebook", "the rulebook's variant"},
     2,
     detail::expansion_bit(Expansion::BridgesCastlesBazaars)},
    {RuleOption::BuilderBazaar,
     "builder-bazaar",
     "which comes first when a turn earns both a bazaar and a builder's second part",
     {"bazaar-first", "builder-first"},
     {"the bazaar's auction and round first, then the builder's second part",
      "the bazaar's tiles are set aside, the second part is played, then they are auctioned"},
     {"Hans im Glück, 2021", "an earlier clarification, as digital versions play it"},
     2,
     detail::expansion_bit(Expansion::BridgesCastlesBazaars) |
         detail::expansion_bit(Expansion::TradersBuilders)},
    {RuleOption::Dragon,
     "dragon",
     "when a dragon tile's journey comes in the turn",
     {"after-scoring", "before-scoring"},
     {"after the turn's scoring", "after the figure step, before the scoring"},
     {"Big Box", "Big Box turn summary"},
     2,
     detail::expansion_bit(Expansion::PrincessDragon)},
    {RuleOption::Fairy,
     "fairy",
     "where the fairy stands",
     {"on-tile", "next-to-follower"},
     {"on a tile: every follower there is guarded and earns its bonuses",
      "beside one follower: only its owner earns the bonuses"},
     {"Big Box", "new edition"},
     2,
     detail::expansion_bit(Expansion::PrincessDragon)},
    {RuleOption::Princess,
     "princess",
     "whether the princess's removal of a knight is compulsory",
     {"must", "may"},
     {"a princess tile joining an occupied city must send one knight home",
      "sending a knight home is one more choice of the figure step"},
     {"Big Box", "new edition"},
     2,
     detail::expansion_bit(Expansion::PrincessDragon)},
    {RuleOption::Wagon,
     "wagon",
     "where a wagon may roll after its feature scored",
     {"connected", "nearby"},
     {"onto a free, unfinished feature touching the one that scored",
      "onto a free, unfinished feature on its tile or one of the eight around it"},
     {"Big Box", "new edition"},
     2,
     detail::expansion_bit(Expansion::AbbeyMayor)},
    // Publisher variants of Bridges, Castles and Bazaars (the first-edition pages' footnotes).
    {RuleOption::Bids,
     "bids",
     "how many points a player may bid in a bazaar",
     {"unlimited", "up-to-score"},
     {"any number of points: scores may go below 0",
      "no more than the bidder has, and buying no dearer than the buyer has; with every score "
      "at 0, the bazaar is shared out without an auction"},
     {"Hans im Glück", "Z-Man Games"},
     2,
     detail::expansion_bit(Expansion::BridgesCastlesBazaars)},
    {RuleOption::NextAuctioneer,
     "next-auctioneer",
     "who chooses the next tile to auction in a bazaar",
     {"after-auctioneer", "from-auctioneer", "after-buyer"},
     {"the first player without a tile clockwise after the previous auctioneer",
      "the same, counting the previous auctioneer first: one who sold chooses again",
      "the first player without a tile clockwise after the previous buyer"},
     {"new edition", "Rio Grande Games Big Box", "Z-Man Games"},
     3,
     detail::expansion_bit(Expansion::BridgesCastlesBazaars)},
    {RuleOption::CastleCities,
     "castle-cities",
     "which small cities may become castles",
     {"semicircles", "two-caps"},
     {"a city of two semicircular caps, each on one edge of its tile",
      "a city of any two caps that each touch one edge, pointed ones included"},
     {"Hans im Glück ruling, 2010", "Z-Man Games"},
     2,
     detail::expansion_bit(Expansion::BridgesCastlesBazaars)},
}};

enum class BazaarRule : std::uint8_t { Auction, NoAuction };
enum class BuilderBazaarRule : std::uint8_t { BazaarFirst, BuilderFirst };
enum class DragonRule : std::uint8_t { AfterScoring, BeforeScoring };
enum class FairyRule : std::uint8_t { OnTile, NextToFollower };
enum class PrincessRule : std::uint8_t { Must, May };
enum class WagonRule : std::uint8_t { Connected, Nearby };
enum class BidsRule : std::uint8_t { Unlimited, UpToScore };
enum class NextAuctioneerRule : std::uint8_t { AfterAuctioneer, FromAuctioneer, AfterBuyer };
enum class CastleCitiesRule : std::uint8_t { Semicircles, TwoCaps };

struct RuleSet {
  std::uint32_t expansions = detail::expansion_bit(Expansion::Base);
  MechanicMask mechanics = 0;                            // the union of the expansions' mechanics
  std::array<std::uint8_t, kRuleOptionCount> options{};  // value index per option (0 = default)

  bool has(Expansion expansion) const { return (expansions >> static_cast<int>(expansion)) & 1u; }
  bool has(Mechanic mechanic) const { return (mechanics >> static_cast<int>(mechanic)) & 1u; }
  void add(Expansion expansion);
  std::uint8_t option(RuleOption o) const { return options[static_cast<std::size_t>(o)]; }
  BazaarRule bazaar() const { return static_cast<BazaarRule>(option(RuleOption::Bazaar)); }
  BuilderBazaarRule builder_bazaar() const {
    return static_cast<BuilderBazaarRule>(option(RuleOption::BuilderBazaar));
  }
  DragonRule dragon() const { return static_cast<DragonRule>(option(RuleOption::Dragon)); }
  FairyRule fairy() const { return static_cast<FairyRule>(option(RuleOption::Fairy)); }
  PrincessRule princess() const { return static_cast<PrincessRule>(option(RuleOption::Princess)); }
  WagonRule wagon() const { return static_cast<WagonRule>(option(RuleOption::Wagon)); }
  BidsRule bids() const { return static_cast<BidsRule>(option(RuleOption::Bids)); }
  NextAuctioneerRule next_auctioneer() const {
    return static_cast<NextAuctioneerRule>(option(RuleOption::NextAuctioneer));
  }
  CastleCitiesRule castle_cities() const {
    return static_cast<CastleCitiesRule>(option(RuleOption::CastleCities));
  }
  bool operator==(const RuleSet&) const = default;
};

const ExpansionInfo& expansion_info(Expansion expansion);
const RuleOptionInfo& rule_option_info(RuleOption option);

// Record names: "bcb", "ic". The base game has no name in records: it is always in.
Result<Expansion> parse_expansion_name(std::string_view name);
std::string_view expansion_name(Expansion expansion);

// Sets one named option to a named value; unknown names or values, or an option whose
// expansions are absent (for a non-default value), fail with a message that lists the choices.
// Options are checked against the expansions added so far: add expansions first.
Result<bool> set_rule_option(RuleSet& rules, std::string_view name, std::string_view value);
// The value name of an option in a rule set ("auction").
std::string_view rule_option_value(const RuleSet& rules, RuleOption option);
// Whether the option applies to the rule set's expansions (it is written in records then).
bool rule_option_applies(const RuleSet& rules, RuleOption option);

struct NamedOptionValue {
  std::string_view name;   // "bazaar"
  std::string_view value;  // "auction"
};
// Every option that applies to the rule set, with its value, in table order: what records, views
// and reports write.
std::vector<NamedOptionValue> applicable_rule_options(const RuleSet& rules);

}  // namespace carcassonne
