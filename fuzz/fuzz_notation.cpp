// libFuzzer target: the move notation. The first byte picks one of a set of positions (every
// expansion, the turn's phases), the rest is the action text. Whatever parses is checked by the
// rules; a move that parses writes back (format_move) to text that parses to the same move, in
// its one canonical spelling.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation.h"
#include "core/random.h"
#include "record/record.h"

namespace {

using namespace carcassonne;

// Games of each kind played at random for 0 to 60 decisions: the positions inputs are read in.
std::vector<GameState> positions() {
  std::vector<GameState> result;
  const char* kinds[] = {R"({"players":["A","B"],"seed":3,"actions":[]})",
                         R"({"players":["A","B","C"],"expansions":["bcb"],"seed":4,"actions":[]})",
                         R"({"players":["A","B"],"expansions":["bcb","ic","tb","pd","am"],)"
                         R"("seed":5,"actions":[]})",
                         R"({"players":["A","B","C","D"],"expansions":["ic","tb","pd","am"],)"
                         R"("seed":6,"actions":[]})"};
  Pcg32 rng(2026);
  MoveList moves;
  for (const char* kind : kinds) {
    const auto record = parse_record(kind);
    if (!record.ok()) std::abort();
    auto start = replay(*record);
    if (!start.ok()) std::abort();
    for (int steps : {0, 1, 2, 7, 20, 41, 60}) {
      GameState state = *start;
      for (int i = 0; i < steps && !state.over(); ++i) {
        state.legal_moves(moves);
        state.apply_unchecked(
            moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
      }
      result.push_back(state);
    }
  }
  return result;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<GameState> kPositions = positions();
  if (size == 0) return 0;
  const GameState& state = kPositions[data[0] % kPositions.size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto move = parse_move(state, text);
  if (!move.ok()) return 0;
  if (state.check(*move)) return 0;  // refused by the rules, with a reason
  const std::string written = format_move(state, *move);
  const auto again = parse_move(state, written);
  if (!again.ok() || !(*again == *move)) std::abort();
  if (format_move(state, *again) != written) std::abort();
  GameState after = state;
  if (!after.apply(*move).ok()) std::abort();  // check() accepted it
  return 0;
}
