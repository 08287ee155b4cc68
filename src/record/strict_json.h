// Strict JSON for untrusted input (records, protocol messages): RFC 8259 and nothing else.
//
// Promise: parse_strict_json accepts exactly one JSON value, optionally surrounded by whitespace,
// and names the first fault otherwise, each kind with its own code: a NUL byte anywhere (a lenient
// reader would stop there and ignore the rest), a key repeated within one object (a lenient reader
// would keep one of them silently), data after the value, nesting deeper than the limit (refused
// as it is read, before anything deep is built), and any other syntax error. One pass; the input
// is never copied. Nothing here throws to the caller.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace carcassonne {

enum class JsonFault { None, Syntax, NulByte, DuplicateKey, TrailingData, TooDeep };

struct StrictJson {
  nlohmann::json value;  // null unless fault == None
  JsonFault fault = JsonFault::None;
  std::string message;  // what the fault is and its byte offset; empty without one
  // The top-level object's member named by `capture`, when it is an integer or a string of at
  // most kMaxCapturedChars characters read before any fault (null otherwise, and when the key
  // appears twice): lets a reply name the request it refuses.
  nlohmann::json captured;
};

inline constexpr std::size_t kMaxCapturedChars = 64;

StrictJson parse_strict_json(std::string_view text, int max_depth, std::string_view capture = {});

// A stable name for each fault ("nul_byte", "duplicate_key", ...; "none").
std::string_view fault_name(JsonFault fault);

}  // namespace carcassonne
