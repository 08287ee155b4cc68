// What a client holds of a game after a `state` message (docs/PROTOCOL.md, "state"), as the web
// app's mergeState (web/protocol.js) computes it: a whole state (`full`) as it is; an update
// merged into the state before it — the fields it carries replace those held, "board" is spliced
// in at "board_from", the log grows by its entries, and the connection's own fields ("you",
// "legal", "actions", "needs_bridge") are those it carries.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

namespace carcassonne::testing {

inline nlohmann::json merge_state(const nlohmann::json& held, const nlohmann::json& message) {
  if (message.value("full", false) || !held.is_object()) return message;
  nlohmann::json next = held;
  for (const char* own : {"you", "legal", "actions", "needs_bridge"}) next.erase(own);
  for (const auto& [key, value] : message.items())
    if (key != "board" && key != "board_from" && key != "log") next[key] = value;
  if (message.contains("board_from")) {
    nlohmann::json board = nlohmann::json::array();
    const std::size_t from = message["board_from"].get<std::size_t>();
    for (std::size_t i = 0; i < from && i < held["board"].size(); ++i)
      board.push_back(held["board"][i]);
    for (const nlohmann::json& entry : message["board"]) board.push_back(entry);
    next["board"] = std::move(board);
  }
  for (const nlohmann::json& entry : message.value("log", nlohmann::json::array()))
    next["log"].push_back(entry);
  return next;
}

}  // namespace carcassonne::testing
