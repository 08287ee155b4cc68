// A bot that is another program speaking the engine protocol (docs/ENGINE-PROTOCOL.md), and the
// bot factory of hosts that may seat one.
//
// Promise: an ExternalBot still never returns an illegal move and never blocks past its budget
// plus a grace period: when the program fails (does not start, errs, stays silent, answers an
// illegal or unparsable move), the greedy bot plays for it from then on and failure() says why.
// It tells the program only the public course of the game (public_course.h), never the seed.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "engine/engine_process.h"

namespace carcassonne {

class ExternalBot final : public Bot {
 public:
  // `command`: the program and its arguments; `milliseconds`: what `go` asks for (0: a plain
  // `go`, the program decides how long; the host then waits up to a minute).
  // `grace`: how much longer than asked the program may take to answer anything.
  ExternalBot(std::vector<std::string> command, double milliseconds,
              std::chrono::milliseconds grace = std::chrono::milliseconds(5000));
  std::string_view name() const override { return "cmd"; }
  ThinkingBudget budget() const override { return {milliseconds_, 0, 1}; }
  // Without the game's record the course cannot be told: the greedy bot decides.
  Move choose_move(const Observation& seen) override;
  Move choose_move_with_history(const Observation& seen, const Record& record) override;
  // Empty while the program has played every move asked of it; else the first failure.
  const std::string& failure() const { return failure_; }
  int moves_played() const { return moves_played_; }

 private:
  Result<Move> ask(const Observation& seen, const Record& record);
  Move fall_back(const Observation& seen, std::string why);

  std::vector<std::string> command_;
  double milliseconds_;
  std::chrono::milliseconds grace_;
  std::unique_ptr<EngineProcess> process_;
  std::string setup_sent_;
  std::string failure_;
  int moves_played_ = 0;
};

// Where hosts may take bots from besides make_bot's: programs given as "cmd:PROGRAM ARGS..."
// (the arena, selfplay: the person running them chose the program), and engines named by the
// host's configuration as "engine:NAME" (the server: a client only names one).
struct BotSources {
  bool commands = false;
  std::map<std::string, std::string, std::less<>> engines;  // name -> command line
  double engine_milliseconds = 1000;                        // `go ms` for named engines
};

// make_bot, plus "cmd:[ms=N:]PROGRAM ARGS..." when sources.commands and "engine:NAME" when
// NAME is in sources.engines.
Result<std::unique_ptr<Bot>> make_any_bot(std::string_view spec, std::uint64_t seed,
                                          const BotSources& sources);

}  // namespace carcassonne
