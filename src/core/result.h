// Typed errors for untrusted input: a Result<T> holds either a value or an Error with a code and
// a message a person can act on.
//
// Promise: nothing in the core throws or aborts because of bad input; every parser and every
// checked entry point (apply, parse_move, ...) returns a Result. (std::expected is C++23; this is
// the small subset we need.)
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace carcassonne {

enum class ErrorCode {
  // Moves
  IllegalMove,  // well-formed but not allowed now; the message says why
  NotYourTurn,  // the decision pending belongs to another player
  WrongPhase,   // a kind of action the game is not asking for now
  GameOver,     // no action is possible after the end
  BadNotation,  // text that is not an action at all
  OutOfRange,   // numbers or names outside what the game knows
  // Records and setup
  BadRecord,
  UnknownTile,
  UnknownExpansion,
  BadRuleOption,
  BadPlayerCount,
  // Outside the core: storage, network and the operating system (layers above the core)
  Io,
};

std::string_view error_code_name(ErrorCode code);

// Untrusted text quoted for an error message: in double quotes, control characters, quotes and
// backslashes escaped, and cut to `max_chars` with "..." so a message stays one short line.
std::string quote_text(std::string_view text, std::size_t max_chars = 80);

struct Error {
  ErrorCode code;
  std::string message;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(data_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(data_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(data_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(data_);
  }

 private:
  std::variant<T, Error> data_;
};

inline std::string quote_text(std::string_view text, std::size_t max_chars) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == max_chars) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

inline std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::IllegalMove:
      return "illegal_move";
    case ErrorCode::NotYourTurn:
      return "not_your_turn";
    case ErrorCode::WrongPhase:
      return "wrong_phase";
    case ErrorCode::GameOver:
      return "game_over";
    case ErrorCode::BadNotation:
      return "bad_notation";
    case ErrorCode::OutOfRange:
      return "out_of_range";
    case ErrorCode::BadRecord:
      return "bad_record";
    case ErrorCode::UnknownTile:
      return "unknown_tile";
    case ErrorCode::UnknownExpansion:
      return "unknown_expansion";
    case ErrorCode::BadRuleOption:
      return "bad_rule_option";
    case ErrorCode::BadPlayerCount:
      return "bad_player_count";
    case ErrorCode::Io:
      return "io";
  }
  return "unknown";
}

}  // namespace carcassonne
