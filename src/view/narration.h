// The words of the game log. Every log entry says what happened as a key and its arguments (the
// entry's "say"), which a client turns into its player's language (web/locales/*.js, keys
// "log.<key>"); the entry's English "text" is written here from the same key and arguments, so
// the two never tell different stories. Each text belongs to whoever tells it: the base game's
// are in base_view.cpp, a mechanic's in its view row (mechanic_view.h, `words`).
//
// Arguments: a string or a number stands as it is (player names, tile ids, squares "x,y");
// {"t": KEY, ...} is another text of the log (KEY without "log."), with the object's other
// fields as its arguments; {"and": [...]} is a list of arguments joined as the language joins
// them ("Ann, Bob and Cid"). A text may have plural forms: the argument "count" chooses.
//
// Promise: english() writes every key of the base game's and every row's texts and throws
// nothing: a missing key or argument is written as it is, in braces.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>

#include "core/events.h"
#include "core/figures.h"

namespace carcassonne::view {

// A text of the log: its key (after "log."), and its English, with the form for a count of one
// when it has plural forms. The same texts as web/locales/en.js's "log.*", except that the web's
// name no tile id and no square: the page shows a `tile` as its picture and makes an entry with
// an `at` point to that square on the board (web/narration.js).
struct LogText {
  std::string_view key;
  std::string_view other;
  std::string_view one = {};
};

// {"key": KEY, "args": ARGS}.
nlohmann::json say(std::string_view key, nlohmann::json args = nlohmann::json::object());
// An argument that is another text: {"t": KEY, ...params}.
nlohmann::json text_arg(std::string_view key, nlohmann::json params = nlohmann::json::object());
// An argument that is a list.
nlohmann::json list_arg(nlohmann::json items);

// Arguments every teller uses.
nlohmann::json points_arg(int points);              // "8 points"
nlohmann::json figure_arg(FigureKind kind);         // "figure.<catalogue name>"
nlohmann::json feature_arg(std::string_view kind);  // "feature.<kind>"
std::string square_arg(int x, int y);               // "x,y"
nlohmann::json names_arg(std::uint8_t seats,        // the players of a bit set, as a list
                         std::span<const std::string> names);
// What a farm's scoring says it supplied: "3 cities" or "3 cities and 1 castle".
nlohmann::json farm_supplied_arg(const ScoreEvent& event);

// The English of a "say".
std::string english(const nlohmann::json& said);

// Every English text, key by key (the base game's and every row's).
nlohmann::json english_templates();

}  // namespace carcassonne::view
