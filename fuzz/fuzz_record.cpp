// libFuzzer target: game records. Any bytes given to parse_record either fail with a typed error
// or give a record that replays to a game or to a typed error; a record that parses writes back
// to text that parses to the same record. Sanitizers report everything else.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "record/record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto record = carcassonne::parse_record(text);
  if (!record.ok()) return 0;
  const auto again = carcassonne::parse_record(carcassonne::write_record(*record));
  if (!again.ok() || !(*again == *record)) std::abort();  // the round trip must hold
  // Long decks replay slowly without telling anything new: the record's size is bounded by the
  // fuzzer's -max_len, and replay stops at the first illegal action.
  (void)carcassonne::replay(*record);
  return 0;
}
