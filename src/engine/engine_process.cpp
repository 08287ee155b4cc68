#include "engine/engine_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace carcassonne {

namespace {

constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

Error io_error(const std::string& what) {
  return Error{ErrorCode::Io, what + ": " + std::strerror(errno)};
}

}  // namespace

std::vector<std::string> split_command_line(std::string_view command) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < command.size()) {
    if (command[start] == ' ') {
      ++start;
      continue;
    }
    const std::size_t end = std::min(command.find(' ', start), command.size());
    words.emplace_back(command.substr(start, end - start));
    start = end;
  }
  return words;
}

Result<std::unique_ptr<EngineProcess>> EngineProcess::start(const std::vector<std::string>& argv) {
  if (argv.empty()) return Error{ErrorCode::OutOfRange, "an engine needs a command"};
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    return io_error("socketpair");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 clears close-on-exec on the copies: the child keeps exactly its stdin and stdout.
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, sockets[1], STDOUT_FILENO);
  std::vector<char*> args;
  for (const std::string& word : argv) args.push_back(const_cast<char*>(word.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(sockets[1]);
  if (spawned != 0) {
    ::close(sockets[0]);
    errno = spawned;
    return io_error("cannot start " + quote_text(argv[0]));
  }
  return std::unique_ptr<EngineProcess>(new EngineProcess(pid, sockets[0]));
}

EngineProcess::~EngineProcess() {
  (void)send("quit");
  ::shutdown(socket_, SHUT_WR);
  // A moment to quit on its own, then no more.
  for (int i = 0; i < 50; ++i) {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
      ::close(socket_);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(4));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  ::close(socket_);
}

std::optional<Error> EngineProcess::send(std::string_view line) {
  std::string data(line);
  data += '\n';
  std::size_t written = 0;
  while (written < data.size()) {
    const ssize_t n = ::send(socket_, data.data() + written, data.size() - written, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return io_error("writing to the engine");
    written += static_cast<std::size_t>(n);
  }
  return std::nullopt;
}

Result<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
      std::string line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (buffer_.size() > kMaxLineBytes)
      return Error{ErrorCode::Io, "the engine sent a line longer than 1 MiB"};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      return Error{ErrorCode::Io,
                   "the engine did not answer within " + std::to_string(timeout.count()) + " ms"};
    pollfd ready{socket_, POLLIN, 0};
    const int polled = ::poll(&ready, 1, static_cast<int>(left.count()));
    if (polled < 0 && errno == EINTR) continue;
    if (polled < 0) return io_error("waiting for the engine");
    if (polled == 0) continue;
    char chunk[4096];
    const ssize_t n = ::recv(socket_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return io_error("reading from the engine");
    if (n == 0) return Error{ErrorCode::Io, "the engine closed its output (it ended)"};
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

}  // namespace carcassonne
