// Google Benchmark micro-benchmarks of the engine's hot paths. Not tests: run with `make bench`.
#include <benchmark/benchmark.h>

#include "bots/evaluation.h"
#include "bots/random_bot.h"
#include "bots/value_model.h"
#include "core/game.h"
#include "core/random.h"

namespace carcassonne {
namespace {

GameState new_game(std::uint64_t seed, int players) {
  GameConfig config;
  config.players = players;
  config.deck = shuffled_deck(config.rules, config.start_tile, seed);
  return *GameState::create(config);
}

// A position about halfway through a 2-player game, reached by random play.
GameState mid_game() {
  GameState state = new_game(42, 2);
  Pcg32 rng(42);
  MoveList moves;
  while (state.tiles_left_in_deck() > 35) {
    state.legal_moves(moves);
    state.apply_unchecked(
        moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
  }
  return state;
}

void BM_RandomGame(benchmark::State& bench) {
  Pcg32 rng(1);
  MoveList moves;
  std::uint64_t seed = 0, total_moves = 0;
  for (auto _ : bench) {
    GameState state = new_game(++seed, static_cast<int>(bench.range(0)));
    total_moves += static_cast<std::uint64_t>(random_playout(state, rng, moves));
    benchmark::DoNotOptimize(state.score(0));
  }
  bench.counters["games/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(total_moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomGame)->Arg(2)->Arg(4)->Arg(6);

void BM_LegalPlacementsMidGame(benchmark::State& bench) {
  const GameState state = mid_game();
  MoveList moves;
  for (auto _ : bench) {
    state.legal_moves(moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_LegalPlacementsMidGame);

void BM_CopyMidGame(benchmark::State& bench) {
  const GameState state = mid_game();
  for (auto _ : bench) {
    GameState copy = state;
    benchmark::DoNotOptimize(copy.tiles_left_in_deck());
  }
}
BENCHMARK(BM_CopyMidGame);

void BM_PlayoutFromMidGame(benchmark::State& bench) {
  const GameState state = mid_game();
  Pcg32 rng(7);
  MoveList moves;
  for (auto _ : bench) {
    GameState copy = state;
    random_playout(copy, rng, moves);
    benchmark::DoNotOptimize(copy.score(0));
  }
  bench.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlayoutFromMidGame);

// The greedy evaluation and the learned one, as the search calls them at its leaves.
void BM_EvaluateAllMidGame(benchmark::State& bench) {
  const GameState state = mid_game();
  for (auto _ : bench) benchmark::DoNotOptimize(evaluate_all(state));
}
BENCHMARK(BM_EvaluateAllMidGame);

void BM_PredictedMarginsMidGame(benchmark::State& bench) {
  const GameState state = mid_game();
  for (auto _ : bench) benchmark::DoNotOptimize(predicted_margins(state));
}
BENCHMARK(BM_PredictedMarginsMidGame);

}  // namespace
}  // namespace carcassonne

BENCHMARK_MAIN();
