// The words of the game log. Every log entry says what happened as a key and its arguments (the
// entry's "say"), which a client turns into its player's language (web/locales/*.js, keys
// "log.<key>"); the entry's English "text" is written here from the same key and arguments, so
// the two never tell different stories.
//
// Arguments: a string or a number stands as it is (player names, tile ids, squares "x,y");
// {"t": KEY, ...} is another text of the log (KEY without "log."), with the object's other
// fields as its arguments; {"and": [...]} is a list of arguments joined as the language joins
// them ("Ann, Bob and Cid"). A text may have plural forms: the argument "count" chooses.
//
// Promise: english() writes every key of kEnglish and throws nothing: a missing key or argument
// is written as it is, in braces.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace carcassonne::server {

// {"key": KEY, "args": ARGS}.
nlohmann::json say(std::string_view key, nlohmann::json args = nlohmann::json::object());
// An argument that is another text: {"t": KEY, ...params}.
nlohmann::json text_arg(std::string_view key, nlohmann::json params = nlohmann::json::object());
// An argument that is a list.
nlohmann::json list_arg(nlohmann::json items);

// The English of a "say".
std::string english(const nlohmann::json& said);

// Every English template, key by key (for tests that hold the web app's English to them).
nlohmann::json english_templates();

}  // namespace carcassonne::server
