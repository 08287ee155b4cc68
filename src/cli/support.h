// Small pieces shared by the subcommands: reading untrusted input, naming expansions, seeding
// bots, and turning error messages into one printable line.
//
// Promise: nothing here throws or aborts on bad input; failures come back as Result errors whose
// messages say what to fix. Seeds derived here are fixed functions of their arguments, so a
// command line replays the same games on every machine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/rules.h"

namespace carcassonne::cli {

// Records are a few hundred kilobytes at most; the cap keeps a mistaken `replay /dev/zero` or a
// multi-gigabyte file from exhausting memory.
inline constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// The whole text of `path`, or of standard input when `path` is "-".
Result<std::string> read_input(const std::string& path);
// The exit status of a command whose output is complete: flushes `out` and, if that failed
// (a closed pipe, a full disk), says so on `err` and fails.
int finish_output(std::ostream& out, std::ostream& err);

// Writes `text` to `path` (replacing it); an error names the file.
Result<bool> write_text(const std::filesystem::path& path, const std::string& text);

// The base rules plus the named expansions (record spellings, e.g. "bcb").
// The rules of `--expansions` names and `--rules` NAME=VALUE options (the registry's spellings).
Result<RuleSet> rules_with_expansions(const std::vector<std::string>& names,
                                      const std::vector<std::string>& options = {});
// The record names of the expansions in `rules` (the base game has none), and a display form
// such as "base" or "base+bcb".
std::vector<std::string> expansion_names(const RuleSet& rules);
std::string expansions_label(const RuleSet& rules);

// The seed of the bot in `seat` for game number `game` of a run started with `seed`: SplitMix64
// finalisers chained over the three numbers, so neighbouring games and seats are unrelated.
std::uint64_t bot_seed(std::uint64_t seed, std::uint64_t game, int seat);

// `message` as one line: control characters escaped (\n, \t, \xNN) and, past `max_bytes`, the
// middle elided, so an error quoting a huge or binary action still prints as a short single line.
std::string one_line(std::string_view message, std::size_t max_bytes = 600);

}  // namespace carcassonne::cli
