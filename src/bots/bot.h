// Bots: players that pick a move for the pending decision, using only the core's public API
// (legal_moves, check, apply, observations).
//
// Promise: a bot never returns an illegal move; given the same seed and the same sequence of
// states it returns the same moves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/result.h"
#include "record/record.h"

namespace carcassonne {

// How long a bot may think per decision, as its spec set it (for hosts that must bound it).
struct ThinkingBudget {
  double milliseconds = 0;     // wall-clock budget; 0 when the bot is not time-limited
  std::uint64_t playouts = 0;  // playout budget (used instead of time); 0 when none
  int threads = 1;
};

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string_view name() const = 0;
  // The default is a bot that decides in a moment, whatever the position.
  virtual ThinkingBudget budget() const { return {}; }
  // The move this bot plays for the pending decision (its own) of the game it sees: an
  // observation, which never holds the order of the undrawn tiles.
  virtual Move choose_move(const Observation& seen) = 0;
  // The same, for hosts that keep the game's record (every action so far): a bot that must tell
  // the course of the game to someone else (an external engine) needs it; the others ignore it.
  virtual Move choose_move_with_history(const Observation& seen, const Record& record) {
    (void)record;
    return choose_move(seen);
  }
};

// Bots by spec: a name, optionally followed by ":key=value" options, e.g. "random", "greedy",
// "mcts", "mcts:ms=1000", "mcts:playouts=5000:threads=2". Unknown names or options give an error
// that lists the known ones. The same spec and seed always make a bot that plays the same moves
// in the same states (for mcts: with a playout budget and one thread).
Result<std::unique_ptr<Bot>> make_bot(std::string_view spec, std::uint64_t seed);
// The names make_bot knows, for help texts.
std::vector<std::string_view> known_bot_names();

// Named strengths for people choosing an opponent, weakest first: each is a spec make_bot
// accepts (options after the name go to the bot it stands for: "expert:ms=5000"). The expert
// thinks for the time it is given, on two threads; the master searches a fixed number of games
// on one thread, its leaves judged by the learned evaluation (value_model.h), well under a second
// a decision (docs/BOTS.md).
struct BotLevel {
  std::string_view name;
  std::string_view title;
  std::string_view summary;
  std::string_view spec;
  bool timed;  // its strength grows with the thinking time chosen
};
inline constexpr BotLevel kBotLevels[] = {
    {"beginner", "Beginner", "sensible moves, little foresight: weaker than Intermediate",
     "mcts:playouts=100", false},
    {"intermediate", "Intermediate", "the best move for this turn's points, no more (greedy)",
     "greedy", false},
    {"advanced", "Advanced", "a search of 5,000 games per decision", "mcts:playouts=5000", false},
    {"expert", "Expert", "searches for the chosen time on two threads", "mcts:ms=2000:threads=2",
     true},
    {"master", "Master",
     "a search of 20,000 games per decision (5,000 with several expansions combined), judged by "
     "a learned evaluation: the strongest",
     "mcts:playouts=20000:learned=1:mixed=5000", false},
};

}  // namespace carcassonne
