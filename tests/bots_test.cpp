// Bots: they only ever play legal moves, identical seeds give identical games, and the search bot
// takes a win that an exhaustive search proves is there.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "bots/mcts_bot.h"
#include "core/notation.h"
#include "record/record.h"

namespace carcassonne {
namespace {

double test_scale() {
  const char* scale = std::getenv("CARCASSONNE_FUZZ_SCALE");
  return scale != nullptr ? std::atof(scale) : 1.0;
}
int scaled(int n) {
  return std::max(2, static_cast<int>(n * test_scale()));
}

struct RuleCase {
  std::vector<std::string> expansions;
  std::string bazaar;
};
const std::vector<RuleCase> kRuleCases = {
    {{}, "auction"}, {{"bcb"}, "auction"}, {{"bcb"}, "no-auction"}};

Record new_record(const RuleCase& rules, int players, std::uint64_t seed) {
  Record record;
  for (int p = 0; p < players; ++p) record.players.push_back("p" + std::to_string(p));
  for (const std::string& name : rules.expansions) record.rules.add(*parse_expansion_name(name));
  EXPECT_TRUE(set_rule_option(record.rules, "bazaar", rules.bazaar).ok());
  record.seed = seed;
  return record;
}

// Plays a whole game with the given bot specs (one per seat), checking every move; returns the
// record.
Record play_checked(const RuleCase& rules, const std::vector<std::string>& specs,
                    std::uint64_t seed) {
  Record record = new_record(rules, static_cast<int>(specs.size()), seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    auto bot = make_bot(specs[i], seed * 31 + i);
    EXPECT_TRUE(bot.ok()) << bot.error().message;
    bots.push_back(std::move(bot).value());
  }
  GameState state = *replay(record);
  while (!state.over()) {
    const PlayerId player = state.pending().player;
    const Move move = bots[static_cast<std::size_t>(player)]->choose_move(
        state.observation(state.current_player()));
    const auto illegal = state.check_as(player, move);
    EXPECT_FALSE(illegal.has_value()) << specs[static_cast<std::size_t>(player)] << " played "
                                      << format_move(state, move) << ": " << illegal->message;
    if (illegal) break;
    record_and_apply(record, state, move);
  }
  EXPECT_EQ(state.check_invariants(), "");
  return record;
}

TEST(Bots, RandomAndGreedyPlayOnlyLegalMovesInEveryRuleSet) {
  for (const RuleCase& rules : kRuleCases)
    for (int g = 0; g < scaled(30); ++g) {
      const int players = 2 + g % 5;
      std::vector<std::string> specs;
      for (int p = 0; p < players; ++p) specs.push_back(p % 2 == 0 ? "greedy" : "random");
      play_checked(rules, specs, 500 + static_cast<std::uint64_t>(g));
    }
}

TEST(Bots, MctsPlaysOnlyLegalMovesInEveryRuleSet) {
  for (const RuleCase& rules : kRuleCases)
    for (int g = 0; g < scaled(4); ++g) {
      const int players = 2 + g % 3;
      std::vector<std::string> specs = {"mcts:playouts=24", "greedy"};
      while (static_cast<int>(specs.size()) < players) specs.push_back("random");
      play_checked(rules, specs, 700 + static_cast<std::uint64_t>(g));
    }
}

TEST(Bots, IdenticalSeedsGiveIdenticalGames) {
  const RuleCase bcb = {{"bcb"}, "auction"};
  for (const std::vector<std::string>& specs :
       {std::vector<std::string>{"random", "random", "random"},
        std::vector<std::string>{"greedy", "random"},
        std::vector<std::string>{"mcts:playouts=40", "greedy"}}) {
    const Record first = play_checked(bcb, specs, 42);
    const Record second = play_checked(bcb, specs, 42);
    EXPECT_EQ(first.actions, second.actions) << specs[0];
    const Record other = play_checked(bcb, specs, 43);
    EXPECT_NE(first.actions, other.actions) << specs[0];
  }
}

TEST(Bots, SpecsAreCheckedAndExplained) {
  EXPECT_TRUE(make_bot("random", 1).ok());
  EXPECT_TRUE(make_bot("greedy", 1).ok());
  EXPECT_TRUE(make_bot("mcts", 1).ok());
  EXPECT_TRUE(make_bot("mcts:ms=50:threads=2:c=0.5:rollout=2:widening=3", 1).ok());
  for (const char* bad : {"alphazero", "random:x=1", "greedy:ms=5", "mcts:ms", "mcts:ms=abc",
                          "mcts:playouts=0", "mcts:threads=0", "mcts:speed=3", "mcts:ms=-1", ""}) {
    auto bot = make_bot(bad, 1);
    EXPECT_FALSE(bot.ok()) << bad;
    if (!bot.ok()) {
      EXPECT_FALSE(bot.error().message.empty());
    }
  }
}

// ---- A forced win ----

// Whether the player deciding now can end the game as the sole winner, by exhaustive search
// over the rest of this (last) turn; the game must end with this turn.
bool can_win(const GameState& state, PlayerId player) {
  if (state.over()) {
    for (int p = 0; p < state.player_count(); ++p)
      if (p != player && state.score(static_cast<PlayerId>(p)) >= state.score(player)) return false;
    return true;
  }
  if (state.pending().player != player) return false;  // someone else decides: not forced
  MoveList moves;
  state.legal_moves(moves);
  for (const Move& move : moves) {
    GameState next = state;
    next.apply_unchecked(move);
    if (can_win(next, player)) return true;
  }
  return false;
}

TEST(Bots, MctsTakesAForcedWin) {
  // Search seeded 2-player games, played at random to their last tile, for a position where the
  // player holding it can win, but most placements lose.
  int positions = 0;
  for (std::uint64_t seed = 1; seed < 400 && positions < 2; ++seed) {
    Record record = new_record({{}, "auction"}, 2, seed);
    GameState state = *replay(record);
    Pcg32 rng(seed);
    MoveList moves;
    while (!state.over() &&
           !(state.tiles_left_in_deck() == 0 && state.phase() == Phase::PlaceTile)) {
      state.legal_moves(moves);
      state.apply_unchecked(
          moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
    }
    if (state.over()) continue;
    const PlayerId player = state.pending().player;
    if (!can_win(state, player)) continue;
    state.legal_moves(moves);
    int winning_placements = 0;
    for (const Move& move : moves) {
      GameState next = state;
      next.apply_unchecked(move);
      winning_placements += can_win(next, player);
    }
    if (winning_placements * 2 >= moves.size() || winning_placements == 0)
      continue;  // not a test: most moves win anyway
    ++positions;
    MctsOptions options;
    options.playouts = 3000;
    options.seed = seed;
    MctsBot bot(options);
    while (!state.over()) {
      ASSERT_EQ(state.pending().player, player);
      const Move move = bot.choose_move(state.observation(state.current_player()));
      ASSERT_FALSE(state.check(move).has_value());
      const std::string text = format_move(state, move);
      state.apply_unchecked(move);
      ASSERT_TRUE(can_win(state, player))
          << "seed " << seed << ": the bot let the win slip with " << text;
    }
  }
  EXPECT_EQ(positions, 2) << "no test positions found";
}

}  // namespace
}  // namespace carcassonne
