// `carcassonne replay FILE|-`: the binding replay contract of ../shared/spec/record-format.md.
//
// Promise: exit 0 with exactly one JSON line (state_summary_json) on standard output, or exit 1
// with exactly one line on standard error ("error: " and the first problem found; for an action,
// its 0-based index and why it is illegal) and nothing on standard output. Any bytes at all are
// safe input: size and nesting are bounded before parsing, and nothing below throws.
#include <ostream>

#include "cli/commands.h"
#include "cli/support.h"
#include "record/record.h"

namespace carcassonne::cli {

namespace {

int fail(std::ostream& err, const Error& error) {
  err << "error: " << one_line(error.message) << '\n';
  return kExitFailure;
}

}  // namespace

int run_replay(const ReplayOptions& options, std::ostream& out, std::ostream& err) {
  auto text = read_input(options.path);
  if (!text) return fail(err, text.error());
  auto record = parse_record(*text);
  if (!record) return fail(err, record.error());
  auto state = replay(*record);
  if (!state) return fail(err, state.error());
  // Built in full before writing, so a failure can never leave half a line on stdout.
  const std::string summary = state_summary_json(*state, *record) + "\n";
  out << summary;
  return finish_output(out, err);
}

}  // namespace carcassonne::cli
