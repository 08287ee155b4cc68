// The C++ side of the Python bindings (src/python without pybind): action ids, observation
// arrays and batches, over every combination of expansions. Run in the sanitizer build too, where
// an observation written past its buffer or an id outside its range is caught.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "core/random.h"
#include "core/rules.h"
#include "python/action_codec.h"
#include "python/observation_tensor.h"
#include "python/sessions.h"
#include "record/record.h"

namespace carcassonne::python {
namespace {

Record record_for(unsigned subset, int players, std::uint64_t seed) {
  Record record;
  for (int p = 0; p < players; ++p) record.players.push_back("P" + std::to_string(p + 1));
  int bit = 0;
  for (const ExpansionInfo& info : kExpansionTable) {
    if (info.expansion == Expansion::Base) continue;
    if (subset >> bit++ & 1u) record.rules.add(info.expansion);
  }
  record.seed = seed;
  return record;
}

// Buffers of exactly the sizes the layout names (so the sanitizer sees any write past them).
struct ObservationBuffers {
  std::vector<std::vector<std::uint8_t>> storage;
  std::vector<void*> pointers;
  explicit ObservationBuffers(const ObservationLayout& layout) {
    for (const ArraySpec& spec : observation_arrays(layout)) {
      storage.emplace_back(spec.elements() * spec.element_bytes());
      pointers.push_back(storage.back().data());
    }
  }
};

class LearningApiCombination : public testing::TestWithParam<unsigned> {};

TEST_P(LearningApiCombination, IdsAreDistinctInRangeAndDecodeToTheirMoves) {
  const unsigned subset = GetParam();
  const int players = 2 + static_cast<int>(subset % 5);
  auto spec = GameSpec::from_record(record_for(subset, players, subset), 0);
  ASSERT_TRUE(spec.ok()) << spec.error().message;
  const GameSpec& game = **spec;
  auto state = game.initial_state();
  ASSERT_TRUE(state.ok());
  ObservationBuffers buffers(game.layout);
  Pcg32 rng(subset);
  MoveList moves;
  std::vector<int> ids;
  int decisions = 0;
  while (!state->over()) {
    state->legal_moves(moves);
    game.codec.encode_all(*state, moves, ids);
    ASSERT_EQ(ids.size(), static_cast<std::size_t>(moves.size()));
    std::set<int> distinct;
    for (int i = 0; i < moves.size(); ++i) {
      const int id = ids[static_cast<std::size_t>(i)];
      ASSERT_GE(id, 0);
      ASSERT_LT(id, game.codec.size());
      ASSERT_EQ(id, game.codec.encode(*state, moves[i]));
      auto decoded = game.codec.decode(*state, id);
      ASSERT_TRUE(decoded.ok()) << decoded.error().message;
      ASSERT_TRUE(*decoded == moves[i]) << "id " << id << " of decision " << decisions;
      distinct.insert(id);
    }
    ASSERT_EQ(distinct.size(), ids.size()) << "two legal moves share an id";
    if (decisions % 7 == 0)
      write_observation(*state, state->current_player(), game.layout, buffers.pointers);
    state->apply_unchecked(
        moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
    ++decisions;
  }
  write_observation(*state, 0, game.layout, buffers.pointers);
  EXPECT_LE(static_cast<int>(state->placed_tiles().size()), game.codec.slots());
}

INSTANTIATE_TEST_SUITE_P(EveryCombination, LearningApiCombination, testing::Range(0u, 32u));

TEST(LearningApi, IdsOutsideTheBoardOrTheRangeAreRefused) {
  auto spec = GameSpec::from_record(record_for(0, 2, 1), 0);
  ASSERT_TRUE(spec.ok());
  auto state = (*spec)->initial_state();
  ASSERT_TRUE(state.ok());
  const ActionCodec& codec = (*spec)->codec;
  EXPECT_EQ(codec.decode(*state, -1).error().code, ErrorCode::OutOfRange);
  EXPECT_EQ(codec.decode(*state, codec.size()).error().code, ErrorCode::OutOfRange);
  // Slot 1 is not placed yet: a placement beside it names nothing.
  EXPECT_EQ(codec.decode(*state, 16).error().code, ErrorCode::OutOfRange);
  // North of the start tile, rotated 0..3: the start tile's square, named through slot 0.
  auto north = codec.decode(*state, 0);
  ASSERT_TRUE(north.ok());
  EXPECT_TRUE(*north == Move::place(0, -1, 0));
}

TEST(LearningApi, BatchedGamesKeepTheirInvariantsAndReportEveryFinish) {
  auto spec = GameSpec::from_record(record_for(31, 3, 0), 0);
  ASSERT_TRUE(spec.ok());
  auto batch = SessionBatch::start(*spec, 3, 10, /*auto_reset=*/true);
  ASSERT_TRUE(batch.ok());
  std::vector<std::int32_t> actions(3);
  std::vector<std::uint8_t> done(3);
  std::int64_t ended = 0;
  for (int step = 0; batch->games_finished() < 4; ++step) {
    batch->random_actions(actions.data());
    ASSERT_FALSE(batch->step(actions.data(), done.data()).has_value());
    ended += std::count(done.begin(), done.end(), 1);
    if (step % 50 != 0) continue;
    for (int i = 0; i < 3; ++i) ASSERT_EQ(batch->state(i).check_invariants(), "");
  }
  EXPECT_EQ(ended, batch->games_finished());
  EXPECT_EQ(static_cast<std::int64_t>(batch->take_results().size()), ended);
}

}  // namespace
}  // namespace carcassonne::python
