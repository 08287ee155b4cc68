#include "record/strict_json.h"

#include <unordered_set>
#include <utility>
#include <vector>

namespace carcassonne {

namespace {

using nlohmann::json;

// Builds the value as nlohmann's SAX events arrive, refusing what a strict reader must.
class StrictBuilder final : public nlohmann::json_sax<json> {
 public:
  StrictBuilder(int max_depth, std::string_view capture)
      : max_depth_(max_depth), capture_(capture) {}

  bool null() override { return value(json(nullptr)); }
  bool boolean(bool v) override { return value(json(v)); }
  bool number_integer(number_integer_t v) override {
    if (capturing_) captured_ = v;
    return value(json(v));
  }
  bool number_unsigned(number_unsigned_t v) override {
    if (capturing_) captured_ = v;
    return value(json(v));
  }
  bool number_float(number_float_t v, const string_t&) override { return value(json(v)); }
  bool string(string_t& v) override {
    if (capturing_ && v.size() <= kMaxCapturedChars) captured_ = v;
    return value(json(std::move(v)));
  }
  bool binary(binary_t&) override { return fail(JsonFault::Syntax, "binary data is not JSON"); }

  bool start_object(std::size_t) override { return open(json::object()); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool end_array() override { return close(); }

  bool key(string_t& name) override {
    std::unordered_set<std::string>& keys = frames_.back().keys;
    if (!keys.insert(name).second) {
      if (frames_.size() == 1 && name == capture_) captured_ = nullptr;  // which one is meant?
      return fail(JsonFault::DuplicateKey,
                  "the key \"" + name.substr(0, 40) + "\" appears twice in one object");
    }
    key_ = std::move(name);
    // The next value is the captured member when this key is the top level's.
    capturing_ = frames_.size() == 1 && !capture_.empty() && key_ == capture_;
    return true;
  }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& error) override {
    if (fault_ != JsonFault::None) return false;  // already explained
    if (complete_) {
      fault_ = JsonFault::TrailingData;
      message_ = "data after the JSON value, at byte " + std::to_string(position - 1);
    } else {
      fault_ = JsonFault::Syntax;
      message_ = error.what();
      // nlohmann's messages start "[json.exception.parse_error.101] parse error at ...".
      if (const std::size_t start = message_.find("] "); start != std::string::npos)
        message_.erase(0, start + 2);
    }
    return false;
  }

  StrictJson finish(bool parsed) {
    StrictJson result;
    result.captured = std::move(captured_);
    if (parsed && fault_ == JsonFault::None) {
      result.value = std::move(root_);
      return result;
    }
    result.fault = fault_ == JsonFault::None ? JsonFault::Syntax : fault_;
    result.message = message_.empty() ? "not valid JSON" : std::move(message_);
    return result;
  }

 private:
  struct Frame {
    json* container;
    std::unordered_set<std::string> keys;  // objects only
  };

  bool fail(JsonFault fault, std::string message) {
    fault_ = fault;
    message_ = std::move(message);
    return false;
  }

  // Places a value where the parser is: the root, the next array element or the pending key's
  // member. Returns where it went.
  json* place(json&& v) {
    capturing_ = false;
    if (frames_.empty()) {
      root_ = std::move(v);
      complete_ = true;
      return &root_;
    }
    json& container = *frames_.back().container;
    if (container.is_array()) {
      container.push_back(std::move(v));
      return &container.back();
    }
    json& member = container[key_];
    member = std::move(v);
    return &member;
  }

  bool value(json&& v) {
    place(std::move(v));
    return true;
  }

  bool open(json&& empty) {
    if (static_cast<int>(frames_.size()) >= max_depth_)
      return fail(JsonFault::TooDeep,
                  "JSON nested deeper than " + std::to_string(max_depth_) + " levels");
    json* container = place(std::move(empty));
    complete_ = false;
    frames_.push_back({container, {}});
    return true;
  }

  bool close() {
    frames_.pop_back();
    complete_ = frames_.empty();
    return true;
  }

  const int max_depth_;
  const std::string_view capture_;
  json root_;
  std::vector<Frame> frames_;
  std::string key_;
  bool complete_ = false;
  bool capturing_ = false;
  json captured_;
  JsonFault fault_ = JsonFault::None;
  std::string message_;
};

}  // namespace

StrictJson parse_strict_json(std::string_view text, int max_depth, std::string_view capture) {
  // nlohmann's reader takes a NUL byte for the end of the input: read only what precedes it (for
  // the captured member) and refuse the message.
  const std::size_t nul = text.find('\0');
  StrictBuilder builder(max_depth, capture);
  const std::string_view readable = text.substr(0, nul);
  const bool parsed = json::sax_parse(readable.begin(), readable.end(), &builder,
                                      nlohmann::detail::input_format_t::json, /*strict=*/true);
  if (nul != std::string_view::npos) {
    StrictJson result = builder.finish(false);
    result.fault = JsonFault::NulByte;
    result.message = "a NUL byte at byte " + std::to_string(nul);
    return result;
  }
  return builder.finish(parsed);
}

std::string_view fault_name(JsonFault fault) {
  switch (fault) {
    case JsonFault::None:
      return "none";
    case JsonFault::Syntax:
      return "syntax";
    case JsonFault::NulByte:
      return "nul_byte";
    case JsonFault::DuplicateKey:
      return "duplicate_key";
    case JsonFault::TrailingData:
      return "trailing_data";
    case JsonFault::TooDeep:
      return "too_deep";
  }
  return "syntax";
}

}  // namespace carcassonne
