// Implementation of support.h: reading input, writing files, expansion names, bot seeds,
// one-line messages.
#include "cli/support.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>

#include "cli/commands.h"

namespace carcassonne::cli {

namespace {

Error input_error(const std::string& message) {
  return Error{ErrorCode::BadRecord, message};
}

std::uint64_t splitmix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30u)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27u)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31u);
}

}  // namespace

Result<std::string> read_input(const std::string& path) {
  const bool from_stdin = path == "-";
  const std::string name = from_stdin ? std::string("standard input") : "\"" + path + "\"";
  struct Closer {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  std::unique_ptr<std::FILE, Closer> owned;
  std::FILE* file = stdin;
  if (!from_stdin) {
    owned.reset(std::fopen(path.c_str(), "rb"));
    if (!owned) return input_error("cannot open " + name + ": " + std::strerror(errno));
    file = owned.get();
  }
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file);
    if (got > 0) {
      if (text.size() + got > kMaxInputBytes)
        return input_error("cannot read " + name + ": larger than " +
                           std::to_string(kMaxInputBytes >> 20) + " MiB, too large for a record");
      text.append(buffer, got);
    }
    if (got < sizeof buffer) {
      // Reading a directory, for one, opens fine and fails here with EISDIR.
      if (std::ferror(file))
        return input_error("cannot read " + name + ": " + std::strerror(errno));
      if (std::feof(file)) break;
    }
  }
  return text;
}

int finish_output(std::ostream& out, std::ostream& err) {
  out << std::flush;
  if (out) return kExitOk;
  err << "error: cannot write to standard output\n";
  return kExitFailure;
}

Result<bool> write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) return Error{ErrorCode::BadRecord, "cannot write " + path.string()};
  return true;
}

Result<RuleSet> rules_with_expansions(const std::vector<std::string>& names,
                                      const std::vector<std::string>& options) {
  RuleSet rules;
  for (const std::string& name : names) {
    auto expansion = parse_expansion_name(name);
    if (!expansion) return expansion.error();
    rules.add(*expansion);
  }
  for (const std::string& option : options) {
    const std::size_t equals = option.find('=');
    if (equals == std::string::npos)
      return Error{
          ErrorCode::BadRuleOption,
          "--rules expects NAME=VALUE (e.g. bazaar=no-auction), not " + quote_text(option)};
    auto set = set_rule_option(rules, std::string_view(option).substr(0, equals),
                               std::string_view(option).substr(equals + 1));
    if (!set) return set.error();
  }
  return rules;
}

std::vector<std::string> expansion_names(const RuleSet& rules) {
  std::vector<std::string> names;
  for (int e = 0; e < kExpansionCount; ++e) {
    const auto expansion = static_cast<Expansion>(e);
    if (expansion != Expansion::Base && rules.has(expansion))
      names.emplace_back(expansion_name(expansion));
  }
  return names;
}

std::string expansions_label(const RuleSet& rules) {
  std::string label = "base";
  for (const std::string& name : expansion_names(rules)) label += "+" + name;
  return label;
}

std::uint64_t bot_seed(std::uint64_t seed, std::uint64_t game, int seat) {
  return splitmix64(splitmix64(splitmix64(seed) + game) + static_cast<std::uint64_t>(seat));
}

std::string one_line(std::string_view message, std::size_t max_bytes) {
  std::string_view head = message;
  std::string_view tail;
  if (message.size() > max_bytes) {
    // Keep both ends: the start names the action, the end says why it failed.
    std::size_t head_size = max_bytes / 2;
    std::size_t tail_start = message.size() - max_bytes / 3;
    // Do not cut a UTF-8 sequence in two (continuation bytes are 10xxxxxx).
    auto continuation = [&](std::size_t i) {
      return (static_cast<unsigned char>(message[i]) & 0xC0u) == 0x80u;
    };
    while (head_size > 0 && continuation(head_size)) --head_size;
    while (tail_start < message.size() && continuation(tail_start)) ++tail_start;
    head = message.substr(0, head_size);
    tail = message.substr(tail_start);
  }
  std::string line;
  auto append = [&line](std::string_view part) {
    static constexpr char kHex[] = "0123456789abcdef";
    for (const char c : part) {
      const auto byte = static_cast<unsigned char>(c);
      if (c == '\n') {
        line += "\\n";
      } else if (c == '\r') {
        line += "\\r";
      } else if (c == '\t') {
        line += "\\t";
      } else if (byte < 0x20u || byte == 0x7Fu) {
        line += "\\x";
        line += kHex[byte >> 4u];
        line += kHex[byte & 0xFu];
      } else {
        line += c;
      }
    }
  };
  append(head);
  if (!tail.empty()) {
    line += " [... " + std::to_string(message.size() - head.size() - tail.size()) +
            " bytes elided ...] ";
    append(tail);
  }
  return line;
}

}  // namespace carcassonne::cli
