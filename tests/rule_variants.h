// Every rule set the engine knows, for the tests that sweep them all (fuzzing, bots, the engine
// protocol).
//
// Promise: generated from the registries, so a new expansion (kExpansionTable) or rule option
// (kRuleOptionTable) reaches every sweep without touching the tests. The order is fixed: for each
// subset of the expansions beyond the base game (by bit, in registry order), the subset with
// default options, then once per non-default value of each rule option that applies to it.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/rules.h"

namespace carcassonne {

struct RuleVariant {
  std::vector<Expansion> expansions;  // beyond the base game, in registry order
  // The one option set to a value other than its default (name, value), if any.
  std::optional<std::pair<std::string, std::string>> option;
  RuleSet rules;
};

inline std::vector<RuleVariant> every_rule_variant() {
  std::vector<Expansion> optional;
  for (const ExpansionInfo& info : kExpansionTable)
    if (info.expansion != Expansion::Base) optional.push_back(info.expansion);
  std::vector<RuleVariant> variants;
  for (unsigned subset = 0; subset < (1u << optional.size()); ++subset) {
    RuleVariant chosen;
    for (std::size_t i = 0; i < optional.size(); ++i)
      if ((subset >> i) & 1u) {
        chosen.expansions.push_back(optional[i]);
        chosen.rules.add(optional[i]);
      }
    variants.push_back(chosen);
    for (const RuleOptionInfo& option : kRuleOptionTable) {
      if (!rule_option_applies(chosen.rules, option.option)) continue;
      for (int v = 1; v < option.value_count; ++v) {
        RuleVariant varied = chosen;
        varied.option.emplace(option.name, option.values[static_cast<std::size_t>(v)]);
        EXPECT_TRUE(
            set_rule_option(varied.rules, varied.option->first, varied.option->second).ok());
        variants.push_back(varied);
      }
    }
  }
  return variants;
}

}  // namespace carcassonne
