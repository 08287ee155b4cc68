#include "engine/engine_session.h"

#include <algorithm>
#include <charconv>
#include <chrono>

#include "bots/bot.h"
#include "bots/mcts_bot.h"
#include "core/notation.h"
#include "engine/public_course.h"

namespace carcassonne {

namespace {

std::string error_line(const Error& error) {
  std::string message = error.message;
  std::replace(message.begin(), message.end(), '\n', ' ');
  return "error " + std::string(error_code_name(error.code)) + " " + message;
}

std::vector<std::string> refuse(ErrorCode code, std::string message) {
  return {error_line(Error{code, std::move(message)})};
}

// The command word and the rest of the line.
std::pair<std::string_view, std::string_view> split_command(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) return {line, {}};
  std::string_view rest = line.substr(space + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return {line.substr(0, space), rest};
}

}  // namespace

std::vector<std::string> EngineSession::handle(std::string_view line) {
  const auto [command, rest] = split_command(line);
  if (command.empty()) return {};
  if (command == "hello") {
    if (!rest.empty() && rest != std::to_string(kEngineProtocolVersion))
      return refuse(ErrorCode::OutOfRange, "this engine speaks protocol version " +
                                               std::to_string(kEngineProtocolVersion));
    return {"hello " + std::to_string(kEngineProtocolVersion) + " carcassonne " + bot_spec_};
  }
  if (command == "setup") return setup(rest);
  if (command == "position") return position(rest);
  if (command == "legal") return legal(rest);
  if (command == "go") return go(rest);
  if (command == "quit") {
    quit_ = true;
    return {};
  }
  return refuse(ErrorCode::BadNotation, "unknown command " + quote_text(command) +
                                            " (known: hello, setup, position, legal, go, quit)");
}

std::vector<std::string> EngineSession::setup(std::string_view json) {
  auto parsed = parse_setup(json);
  if (!parsed) return {error_line(parsed.error())};
  if (auto start = GameState::create(setup_config(*parsed)); !start)
    return {error_line(start.error())};
  setup_ = std::move(parsed).value();
  state_.reset();  // until a position says which tiles were taken
  return {"ok"};
}

std::vector<std::string> EngineSession::position(std::string_view events) {
  if (!setup_) return refuse(ErrorCode::WrongPhase, "position before setup");
  auto rebuilt = rebuild_game(*setup_, split_events(events));
  if (!rebuilt) return {error_line(rebuilt.error())};
  state_ = std::move(rebuilt).value();
  return {"ok"};
}

// The host's list of legal moves must be this engine's: a cheap check that both agree on the game.
std::vector<std::string> EngineSession::legal(std::string_view moves) const {
  if (!state_) return refuse(ErrorCode::WrongPhase, "legal before position");
  std::vector<std::string> theirs = split_events(moves);
  MoveList list;
  state_->legal_moves(list);
  std::vector<std::string> ours;
  for (const Move& move : list) ours.push_back(format_move(*state_, move));
  std::sort(theirs.begin(), theirs.end());
  std::sort(ours.begin(), ours.end());
  if (theirs == ours) return {"ok"};
  std::vector<std::string> missing;
  std::set_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(),
                      std::back_inserter(missing));
  std::vector<std::string> extra;
  std::set_difference(theirs.begin(), theirs.end(), ours.begin(), ours.end(),
                      std::back_inserter(extra));
  return refuse(ErrorCode::IllegalMove,
                "the legal moves differ from this engine's (" + std::to_string(ours.size()) +
                    " here; first missing: " + (missing.empty() ? "none" : missing.front()) +
                    "; first unknown: " + (extra.empty() ? "none" : quote_text(extra.front())) +
                    ")");
}

std::vector<std::string> EngineSession::go(std::string_view options) {
  if (!state_) return refuse(ErrorCode::WrongPhase, "go before position");
  if (state_->over()) return refuse(ErrorCode::GameOver, "the game is over");
  // Limits from the host override the bot's own, for a bot that takes them (the search, directly
  // or through a level); the others decide at once.
  std::string spec = bot_spec_;
  const bool searches = make_bot(spec + ":ms=1", 0).ok();
  while (!options.empty()) {
    const auto [key, after_key] = split_command(options);
    const auto [value, after_value] = split_command(after_key);
    double number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if ((key != "ms" && key != "playouts") || ec != std::errc() ||
        end != value.data() + value.size() || !(number >= 1))
      return refuse(ErrorCode::BadNotation,
                    "go takes `ms N` and `playouts N` (N at least 1), not " + quote_text(options));
    if (searches) spec += ":" + std::string(key) + "=" + std::string(value);
    options = after_value;
  }
  auto made = make_bot(spec, seed_ + searches_++);
  if (!made) return {error_line(made.error())};
  Bot& bot = **made;
  const auto started = std::chrono::steady_clock::now();
  const Move move = bot.choose_move(state_->observation(state_->current_player()));
  std::vector<std::string> reply;
  if (const auto* mcts = dynamic_cast<const MctsBot*>(&bot)) {
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    reply.push_back("info playouts " + std::to_string(mcts->last_search().playouts) + " nodes " +
                    std::to_string(mcts->last_search().nodes) + " ms " +
                    std::to_string(static_cast<long long>(ms)));
  }
  reply.push_back("bestmove " + format_move(*state_, move));
  return reply;
}

}  // namespace carcassonne
