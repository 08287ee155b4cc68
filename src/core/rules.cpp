#include "core/rules.h"

namespace carcassonne {

Result<Expansion> parse_expansion_name(std::string_view name) {
  if (name == "bcb") return Expansion::BridgesCastlesBazaars;
  return Error{ErrorCode::UnknownExpansion, "unknown expansion " + quote_text(name) +
                                                " (known: bcb; the base game is always in)"};
}

std::string_view expansion_name(Expansion expansion) {
  switch (expansion) {
    case Expansion::Base:
      return "base";
    case Expansion::BridgesCastlesBazaars:
      return "bcb";
  }
  return "?";
}

std::string_view bazaar_rule_name(BazaarRule rule) {
  return rule == BazaarRule::Auction ? "auction" : "no-auction";
}

Result<bool> set_rule_option(RuleSet& rules, std::string_view name, std::string_view value) {
  if (name == "bazaar") {
    if (value == "auction") {
      rules.bazaar = BazaarRule::Auction;
      return true;
    }
    if (value == "no-auction") {
      rules.bazaar = BazaarRule::NoAuction;
      return true;
    }
    return Error{
        ErrorCode::BadRuleOption,
        "rule option \"bazaar\" must be \"auction\" or \"no-auction\", not " + quote_text(value)};
  }
  return Error{ErrorCode::BadRuleOption,
               "unknown rule option " + quote_text(name) + " (known: bazaar)"};
}

}  // namespace carcassonne
