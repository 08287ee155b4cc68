// The engine's side of the engine protocol (docs/ENGINE-PROTOCOL.md): one command line in, the
// reply lines out. `carcassonne engine` runs it on stdin and stdout; tests drive it directly.
//
// Promise: no input crashes it or leaves it in a half-changed position: every command is answered
// by exactly one line (`go` may send `info` lines first), a refused command by
// `error <code> <message>` on one line, and a refused `setup` or `position` keeps the position
// held before. The bot decides from an observation only (it never sees more than the host sent).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "record/record.h"

namespace carcassonne {

inline constexpr int kEngineProtocolVersion = 1;

class EngineSession {
 public:
  // `bot_spec`: the bot that answers `go` (make_bot's specs); `seed`: its random streams.
  EngineSession(std::string bot_spec, std::uint64_t seed)
      : bot_spec_(std::move(bot_spec)), seed_(seed) {}

  std::vector<std::string> handle(std::string_view line);
  bool quit() const { return quit_; }

 private:
  std::vector<std::string> setup(std::string_view json);
  std::vector<std::string> position(std::string_view events);
  std::vector<std::string> legal(std::string_view moves) const;
  std::vector<std::string> go(std::string_view options);

  std::string bot_spec_;
  std::uint64_t seed_;
  std::uint64_t searches_ = 0;
  std::optional<Record> setup_;
  std::optional<GameState> state_;
  bool quit_ = false;
};

}  // namespace carcassonne
