#include "server/state_stream.h"

#include <algorithm>
#include <cstddef>

#include "server/game_view.h"

namespace carcassonne::server {
namespace {

using json = nlohmann::json;

std::string dumped(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

void append_field(std::string& out, const std::string& key, const std::string& value_text) {
  out += ',';
  out += dumped(json(key));
  out += ':';
  out += value_text;
}

}  // namespace

std::string fields_text(const json& object) {
  std::string out;
  for (const auto& [key, value] : object.items()) append_field(out, key, dumped(value));
  return out;
}

const std::string& StateStream::board_entry(const PlacedTile& tile, std::size_t index) {
  if (index >= board_.size()) board_.resize(index + 1);
  BoardEntry& entry = board_[index];
  if (entry.text.empty() || !(entry.tile == tile)) {
    entry.tile = tile;
    entry.text = dumped(board_entry_json(tile));
  }
  return entry.text;
}

void StateStream::append_board(const std::vector<PlacedTile>& board, std::size_t from,
                               std::string& out) {
  out += ",\"board\":[";
  for (std::size_t i = from; i < board.size(); ++i) {
    if (i > from) out += ',';
    out += board_entry(board[i], i);
  }
  out += ']';
}

std::string StateStream::whole() {
  std::string out;
  for (const auto& [key, text] : sent_fields_) append_field(out, key, text);
  append_board(sent_board_, 0, out);
  return out;
}

std::string StateStream::update(const GameState& state, const json& fields) {
  std::string out;
  // Fields: both lists are in key order (a JSON object iterates its keys sorted).
  std::vector<std::pair<std::string, std::string>> now;
  now.reserve(fields.size());
  for (const auto& [key, value] : fields.items()) now.emplace_back(key, dumped(value));
  auto sent = sent_fields_.begin();
  for (const auto& [key, text] : now) {
    for (; sent != sent_fields_.end() && sent->first < key; ++sent)
      append_field(out, sent->first, "null");  // gone since
    const bool same =
        started_ && sent != sent_fields_.end() && sent->first == key && sent->second == text;
    if (sent != sent_fields_.end() && sent->first == key) ++sent;
    if (!same) append_field(out, key, text);
  }
  for (; sent != sent_fields_.end(); ++sent) append_field(out, sent->first, "null");
  sent_fields_ = std::move(now);

  // The board: tiles are only ever added, and a placed tile changes only when a bridge is added.
  const auto& placed = state.placed_tiles();
  std::size_t first = 0;
  const std::size_t before = sent_board_.size();
  const std::size_t common = std::min(placed.size(), before);
  while (first < common && placed[first] == sent_board_[first]) ++first;
  sent_board_.resize(first);
  sent_board_.insert(sent_board_.end(), placed.begin() + static_cast<std::ptrdiff_t>(first),
                     placed.end());
  if (!started_ || first < placed.size() || placed.size() != before) {
    out += ",\"board_from\":" + std::to_string(first);
    append_board(sent_board_, first, out);
  }
  started_ = true;
  return out;
}

}  // namespace carcassonne::server
