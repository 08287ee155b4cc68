#include "view/narration.h"

#include <array>
#include <cstdlib>

#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// The text of `key`: the base game's, or a mechanic's (every row's, in play or not: a record's log
// reads the same whatever is asked of it).
const LogText* find_text(std::string_view key) {
  return find_in_views(&BaseView::words, &MechanicView::words,
                       [key](const LogText& text) { return text.key == key; });
}

std::string render(std::string_view key, const json& args);

std::string argument(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_object() && value.contains("t") && value["t"].is_string())
    return render(value["t"].get<std::string>(), value);
  if (value.is_object() && value.contains("and") && value["and"].is_array()) {
    const json& items = value["and"];
    if (items.empty()) return {};
    std::string joined = argument(items[0]);
    for (std::size_t i = 1; i < items.size(); ++i)
      joined = render(i + 1 == items.size() ? "list.two" : "list.more",
                      {{"a", joined}, {"b", argument(items[i])}});
    return joined;
  }
  return value.dump();
}

std::string render(std::string_view key, const json& args) {
  const LogText* entry = find_text(key);
  if (entry == nullptr) return "{" + std::string(key) + "}";
  std::string_view text = entry->other;
  if (!entry->one.empty() && args.is_object() && args.contains("count") &&
      args["count"].is_number_integer() && std::llabs(args["count"].get<std::int64_t>()) == 1)
    text = entry->one;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t close = text[i] == '{' ? text.find('}', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += text[i];
      continue;
    }
    const std::string name(text.substr(i + 1, close - i - 1));
    if (args.is_object() && args.contains(name)) {
      out += argument(args[name]);
    } else {
      out += "{" + name + "}";
    }
    i = close;
  }
  return out;
}

}  // namespace

json say(std::string_view key, json args) {
  return {{"key", std::string(key)}, {"args", std::move(args)}};
}

json text_arg(std::string_view key, json params) {
  params["t"] = std::string(key);
  return params;
}

json list_arg(json items) {
  return {{"and", std::move(items)}};
}

std::string english(const json& said) {
  if (!said.is_object() || !said.contains("key") || !said["key"].is_string()) return {};
  return render(said["key"].get<std::string>(), said.value("args", json::object()));
}

json english_templates() {
  json out = json::object();
  find_in_views(&BaseView::words, &MechanicView::words, [&](const LogText& text) {
    if (text.one.empty()) {
      out[std::string(text.key)] = std::string(text.other);
    } else {
      out[std::string(text.key)] = {{"one", std::string(text.one)},
                                    {"other", std::string(text.other)}};
    }
    return false;  // every text
  });
  return out;
}

json points_arg(int points) {
  return text_arg("points", {{"count", points}});
}

json figure_arg(FigureKind kind) {
  return text_arg("figure." + std::string(figure_info(kind).name));
}

json feature_arg(std::string_view kind) {
  return text_arg("feature." + std::string(kind));
}

std::string square_arg(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}

json names_arg(std::uint8_t seats, std::span<const std::string> names) {
  json list = json::array();
  for (std::size_t p = 0; p < names.size(); ++p)
    if (seats >> p & 1u) list.push_back(names[p]);
  return list_arg(std::move(list));
}

json farm_supplied_arg(const ScoreEvent& event) {
  const json cities = text_arg("cities", {{"count", event.cities}});
  if (event.castles == 0) return text_arg("supplied", {{"cities", cities}});
  return text_arg(
      "suppliedCastles",
      {{"cities", cities}, {"castles", text_arg("castles", {{"count", event.castles}})}});
}

}  // namespace carcassonne::view
