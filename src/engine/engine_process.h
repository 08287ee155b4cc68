// A child process spoken to in lines: an external engine on the other end of the engine protocol.
//
// Promise: no outcome of the child (crash, silence, garbage, a flood of output) blocks the caller
// past the timeout it gives, raises a signal in the caller or leaks the process: the destructor
// asks it to quit, and kills and reaps it when it does not within a moment.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace carcassonne {

class EngineProcess {
 public:
  // Runs argv[0] (looked up in PATH when it has no slash) with the arguments argv[1..], its
  // standard input and output connected to this object, its standard error shared with ours.
  static Result<std::unique_ptr<EngineProcess>> start(const std::vector<std::string>& argv);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes `line` and a newline.
  std::optional<Error> send(std::string_view line);
  // The next line (without its newline), waiting at most `timeout`.
  Result<std::string> read_line(std::chrono::milliseconds timeout);

 private:
  EngineProcess(pid_t pid, int socket) : pid_(pid), socket_(socket) {}
  pid_t pid_;
  int socket_;  // both directions: a socket pair, written with MSG_NOSIGNAL (no SIGPIPE)
  std::string buffer_;
};

// A command line split at spaces (no shell, no quoting): "prog --flag value".
std::vector<std::string> split_command_line(std::string_view command);

}  // namespace carcassonne
