#include "core/rules.h"

namespace carcassonne {

void RuleSet::add(Expansion expansion) {
  expansions |= detail::expansion_bit(expansion);
  mechanics |= expansion_info(expansion).mechanics;
}

const ExpansionInfo& expansion_info(Expansion expansion) {
  return kExpansionTable[static_cast<std::size_t>(expansion)];
}

const RuleOptionInfo& rule_option_info(RuleOption option) {
  return kRuleOptionTable[static_cast<std::size_t>(option)];
}

namespace {
std::string known_expansions() {
  std::string known;
  for (const ExpansionInfo& info : kExpansionTable) {
    if (info.expansion == Expansion::Base) continue;
    if (!known.empty()) known += ", ";
    known += info.name;
  }
  return known;
}
}  // namespace

Result<Expansion> parse_expansion_name(std::string_view name) {
  for (const ExpansionInfo& info : kExpansionTable)
    if (info.expansion != Expansion::Base && info.name == name) return info.expansion;
  return Error{ErrorCode::UnknownExpansion, "unknown expansion " + quote_text(name) +
                                                " (known: " + known_expansions() +
                                                "; the base game is always in)"};
}

std::string_view expansion_name(Expansion expansion) {
  return expansion_info(expansion).name;
}

Result<bool> set_rule_option(RuleSet& rules, std::string_view name, std::string_view value) {
  for (const RuleOptionInfo& info : kRuleOptionTable) {
    if (info.name != name) continue;
    std::string choices;
    for (int v = 0; v < info.value_count; ++v) {
      if (info.values[static_cast<std::size_t>(v)] == value) {
        if (v != 0 && (rules.expansions & info.needs_expansions) != info.needs_expansions)
          return Error{ErrorCode::BadRuleOption,
                       "rule option " + quote_text(name) + " needs its expansion"};
        rules.options[static_cast<std::size_t>(info.option)] = static_cast<std::uint8_t>(v);
        return true;
      }
      choices += (v == 0                      ? ""
                  : v + 1 == info.value_count ? " or "
                                              : ", ") +
                 std::string("\"") + std::string(info.values[static_cast<std::size_t>(v)]) + "\"";
    }
    return Error{ErrorCode::BadRuleOption, "rule option " + quote_text(name) + " must be " +
                                               choices + ", not " + quote_text(value)};
  }
  std::string known;
  for (const RuleOptionInfo& info : kRuleOptionTable)
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  return Error{ErrorCode::BadRuleOption,
               "unknown rule option " + quote_text(name) + " (known: " + known + ")"};
}

std::string_view rule_option_value(const RuleSet& rules, RuleOption option) {
  return rule_option_info(option).values[rules.option(option)];
}

bool rule_option_applies(const RuleSet& rules, RuleOption option) {
  const std::uint32_t needs = rule_option_info(option).needs_expansions;
  return (rules.expansions & needs) == needs;
}

std::vector<NamedOptionValue> applicable_rule_options(const RuleSet& rules) {
  std::vector<NamedOptionValue> out;
  for (const RuleOptionInfo& option : kRuleOptionTable)
    if (rule_option_applies(rules, option.option))
      out.push_back({option.name, rule_option_value(rules, option.option)});
  return out;
}

}  // namespace carcassonne
