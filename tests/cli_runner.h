// Running the built `carcassonne` program from tests, as a user would: a child process with its
// standard input, output and error in files under a private temporary directory.
//
// Promise: every test gets a fresh directory (ctest runs tests as separate processes in
// parallel), removed afterwards; run() never throws and reports the exit status (128 + signal
// number when the program was killed by a signal).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace carcassonne::testing {

namespace fs = std::filesystem;

struct RunResult {
  int status = -1;  // exit status; 128 + signal number when killed by a signal
  std::string out;
  std::string err;
};

inline std::string read_file(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

inline void write_file(const fs::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
}

// `text` as one shell word.
inline std::string quoted(const std::string& text) {
  std::string result = "'";
  for (char c : text) result += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return result + "'";
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

class CliFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("carcassonne-cli-" + std::to_string(::getpid()) + "-" +
                                        info->test_suite_name() + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  fs::path path(const std::string& name) const { return dir_ / name; }

  // Runs the program with `args` (already shell-quoted where needed), standard input from
  // `stdin_text` (empty: an empty file).
  RunResult run(const std::string& args, const std::string& stdin_text = "") {
    const fs::path in = path("stdin"), out = path("stdout"), err = path("stderr");
    write_file(in, stdin_text);
    const std::string command = quoted(CARCASSONNE_CLI_PATH) + " " + args + " < " +
                                quoted(in.string()) + " > " + quoted(out.string()) + " 2> " +
                                quoted(err.string());
    const int raw = std::system(command.c_str());
    RunResult result;
    if (WIFEXITED(raw)) result.status = WEXITSTATUS(raw);
    if (WIFSIGNALED(raw)) result.status = 128 + WTERMSIG(raw);
    result.out = read_file(out);
    result.err = read_file(err);
    return result;
  }

  // The summary line `replay FILE` prints for a record the program wrote ("{}" and a test
  // failure when the replay fails).
  std::string replay_summary(const fs::path& file) {
    const RunResult replayed = run("replay " + quoted(file.string()));
    if (replayed.status != 0) {
      ADD_FAILURE() << "replay of " << file << " failed: " << replayed.err;
      return "{}";
    }
    return replayed.out;
  }

  fs::path dir_;
};

}  // namespace carcassonne::testing
