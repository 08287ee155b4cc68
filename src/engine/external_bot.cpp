#include "engine/external_bot.h"

#include <algorithm>
#include <charconv>
#include <iostream>

#include "bots/greedy_bot.h"
#include "core/notation.h"
#include "engine/engine_session.h"
#include "engine/public_course.h"

namespace carcassonne {

namespace {

constexpr std::chrono::milliseconds kUnboundedGo{60000};

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

}  // namespace

ExternalBot::ExternalBot(std::vector<std::string> command, double milliseconds,
                         std::chrono::milliseconds grace)
    : command_(std::move(command)), milliseconds_(milliseconds), grace_(grace) {}

Move ExternalBot::choose_move(const Observation& seen) {
  return fall_back(seen, "the host gave no record of the game");
}

Move ExternalBot::choose_move_with_history(const Observation& seen, const Record& record) {
  if (!failure_.empty()) return fall_back(seen, "");
  auto move = ask(seen, record);
  if (!move) {
    process_.reset();
    return fall_back(seen, move.error().message);
  }
  ++moves_played_;
  return *move;
}

Move ExternalBot::fall_back(const Observation& seen, std::string why) {
  if (failure_.empty()) {
    failure_ = why;
    std::cerr << "engine " << quote_text(command_.empty() ? "" : command_.front())
              << " failed, the greedy bot plays for it: " << why << "\n";
  }
  GreedyBot greedy;
  return greedy.choose_move(seen);
}

Result<Move> ExternalBot::ask(const Observation& seen, const Record& record) {
  const GameState& state = seen.state();
  // One exchange: a command, then lines until one that is not `info`.
  auto exchange = [&](const std::string& command, std::chrono::milliseconds timeout,
                      std::string_view expect) -> Result<std::string> {
    if (auto failed = process_->send(command)) return *failed;
    for (;;) {
      auto line = process_->read_line(timeout);
      if (!line) return line.error();
      if (starts_with(*line, "info")) continue;
      if (!starts_with(*line, expect))
        return Error{ErrorCode::IllegalMove,
                     "to " + quote_text(command, 40) + " the engine said " + quote_text(*line)};
      return line;
    }
  };
  if (!process_) {
    auto started = EngineProcess::start(command_);
    if (!started) return started.error();
    process_ = std::move(started).value();
    setup_sent_.clear();
    auto hello = exchange("hello " + std::to_string(kEngineProtocolVersion), grace_, "hello");
    if (!hello) return hello.error();
  }
  auto course = public_course(record);
  if (!course) return course.error();
  if (course->setup != setup_sent_) {
    auto ok = exchange("setup " + course->setup, grace_, "ok");
    if (!ok) return ok.error();
    setup_sent_ = course->setup;
  }
  if (auto ok = exchange("position " + join_events(course->events), grace_, "ok"); !ok)
    return ok.error();
  MoveList legal;
  state.legal_moves(legal);
  std::vector<std::string> texts;
  for (const Move& move : legal) texts.push_back(format_move(state, move));
  if (auto ok = exchange("legal " + join_events(texts), grace_, "ok"); !ok) return ok.error();
  const auto budget =
      milliseconds_ > 0 ? std::chrono::milliseconds(static_cast<long long>(milliseconds_)) + grace_
                        : std::max(kUnboundedGo, grace_);
  auto best =
      exchange(milliseconds_ > 0 ? "go ms " + std::to_string(static_cast<long long>(milliseconds_))
                                 : std::string("go"),
               budget, "bestmove ");
  if (!best) return best.error();
  const std::string text = best->substr(std::string_view("bestmove ").size());
  auto move = parse_move(state, text);
  if (!move)
    return Error{move.error().code, "bestmove " + quote_text(text) + ": " + move.error().message};
  if (!std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return m == *move; }))
    return Error{ErrorCode::IllegalMove, "bestmove " + quote_text(text) + " is not legal now"};
  return move;
}

Result<std::unique_ptr<Bot>> make_any_bot(std::string_view spec, std::uint64_t seed,
                                          const BotSources& sources) {
  if (starts_with(spec, "cmd:")) {
    if (!sources.commands)
      return Error{ErrorCode::OutOfRange, "programs cannot be seated here (name an engine)"};
    std::string_view rest = spec.substr(4);
    double ms = 0;
    if (starts_with(rest, "ms=")) {
      const std::size_t colon = rest.find(':');
      const std::string_view number =
          rest.substr(3, colon == std::string_view::npos ? 0 : colon - 3);
      const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), ms);
      if (colon == std::string_view::npos || ec != std::errc() ||
          end != number.data() + number.size() || !(ms >= 1))
        return Error{ErrorCode::OutOfRange,
                     "bot " + quote_text(spec) + ": write cmd:ms=N:PROGRAM with N at least 1"};
      rest.remove_prefix(colon + 1);
    }
    std::vector<std::string> command = split_command_line(rest);
    if (command.empty())
      return Error{ErrorCode::OutOfRange, "bot " + quote_text(spec) + ": cmd: needs a program"};
    return std::unique_ptr<Bot>(std::make_unique<ExternalBot>(std::move(command), ms));
  }
  if (starts_with(spec, "engine:")) {
    const auto found = sources.engines.find(spec.substr(7));
    if (found == sources.engines.end()) {
      std::string known;
      for (const auto& [name, command] : sources.engines)
        known += (known.empty() ? "" : ", ") + name;
      return Error{ErrorCode::OutOfRange, "unknown engine " + quote_text(spec.substr(7)) +
                                              " (known: " + (known.empty() ? "none" : known) + ")"};
    }
    return std::unique_ptr<Bot>(std::make_unique<ExternalBot>(split_command_line(found->second),
                                                              sources.engine_milliseconds));
  }
  return make_bot(spec, seed);
}

}  // namespace carcassonne
