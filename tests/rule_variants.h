// Every rule set the engine knows, for the tests that sweep them all (fuzzing, bots, the engine
// protocol).
//
// Promise: generated from the registries, so a new expansion (kExpansionTable) or rule option
// (kRuleOptionTable) reaches every sweep without touching the tests. The order is fixed: for each
// subset of the expansions beyond the base game (by bit, in registry order), the subset with
// default options, then once per non-default value of each rule option that applies to it.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <set>
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

// How much of each sweep this run plays: CARCASSONNE_FUZZ_SCALE, 1 (everything) unless set. The
// sanitizer run sets it below 1.
inline double sweep_scale() {
  const char* scale = std::getenv("CARCASSONNE_FUZZ_SCALE");
  return scale != nullptr ? std::atof(scale) : 1.0;
}

// Which of `variants` a sweep plays in this run, as one flag per variant. At full scale, all of
// them. Below it (the sanitizer run), a sample that still reaches every rule: every k-th variant
// from `offset` (k = 1 / scale, so sweeps with different offsets play different ones), the base
// game, each expansion alone and all of them together with default options, and for each value
// of each rule option that the k-th variants miss, the first variant that sets it.
inline std::vector<bool> variants_played(const std::vector<RuleVariant>& variants,
                                         std::size_t offset = 0, double scale = sweep_scale()) {
  std::vector<bool> played(variants.size(), true);
  if (scale >= 1.0) return played;
  const auto stride = static_cast<std::size_t>(std::max(1.0, std::round(1.0 / scale)));
  std::set<std::pair<std::string, std::string>> options_met;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const RuleVariant& variant = variants[i];
    const std::size_t expansions = variant.expansions.size();
    const bool landmark =
        !variant.option && (expansions <= 1 || expansions + 1 == kExpansionTable.size());
    played[i] = landmark || i % stride == offset % stride;
    if (played[i] && variant.option) options_met.insert(*variant.option);
  }
  for (std::size_t i = 0; i < variants.size(); ++i)
    if (variants[i].option && options_met.insert(*variants[i].option).second) played[i] = true;
  return played;
}

}  // namespace carcassonne
