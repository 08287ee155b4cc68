// Rule options of a game: which expansions are in and how optional rules are set.
//
// Promise: a RuleSet is a small value with ==; it is fixed when a game is created and never
// changes during the game. Parsing the names of expansions and options from text lives in
// rules.cpp so every front end (records, server, bindings) accepts exactly the same spellings.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "core/tiles.h"

namespace carcassonne {

enum class BazaarRule : std::uint8_t { Auction, NoAuction };

struct RuleSet {
  std::uint32_t expansions = 1u << static_cast<int>(Expansion::Base);
  BazaarRule bazaar = BazaarRule::Auction;

  bool has(Expansion expansion) const { return (expansions >> static_cast<int>(expansion)) & 1u; }
  void add(Expansion expansion) { expansions |= 1u << static_cast<int>(expansion); }
  bool operator==(const RuleSet&) const = default;
};

// Record names: "bcb" for Bridges, Castles and Bazaars. The base game has no name: it is always in.
Result<Expansion> parse_expansion_name(std::string_view name);
std::string_view expansion_name(Expansion expansion);

// Sets one named option ("bazaar" = "auction" | "no-auction"); unknown names or values fail.
Result<bool> set_rule_option(RuleSet& rules, std::string_view name, std::string_view value);
std::string_view bazaar_rule_name(BazaarRule rule);

}  // namespace carcassonne
