#include "core/notation.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "core/mechanics/mechanics.h"
#include "core/verbs.h"

namespace carcassonne {

namespace {

// The words of an action, which are separated by single spaces; nullopt for any other spacing
// (leading, trailing or doubled spaces, tabs): the notation has one spelling per action.
std::optional<std::vector<std::string_view>> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    if (end == start) return std::nullopt;
    words.push_back(text.substr(start, end - start));
    if (end == text.size()) return words;
    start = end + 1;
  }
}

}  // namespace

std::optional<Port> parse_location(std::string_view text) {
  if (text == "cloister") return kCloisterPort;
  if (text == "inner") return kInnerPort;
  if (text == "inner2") return kInner2Port;
  for (Port p = 0; p < kPortCount; ++p)
    if (kPortNames[p] == text) return p;
  return std::nullopt;
}

std::string_view location_name(Port port) {
  if (port == kCloisterPort) return "cloister";
  if (port == kInnerPort) return "inner";
  if (port == kInner2Port) return "inner2";
  return port < kPortCount ? kPortNames[port] : "?";
}

std::string format_move(const GameState& state, const Move& move) {
  const MoveWriter& writer = move_writer(move.kind);
  return writer.write != nullptr ? writer.write(state, move) : std::string(writer.word);
}

Result<Move> parse_move(const GameState& state, std::string_view text) {
  if (text.empty()) return notation::bad(text, "empty action");
  const std::optional<std::vector<std::string_view>> words = split_words(text);
  if (!words) {
    return notation::bad(text, "words are separated by single spaces, with none before or after");
  }
  const Verb* verb = find_verb(words->front());
  if (verb == nullptr) return notation::bad(text, "unknown action");
  const VerbInput in{state, text, std::span<const std::string_view>(*words).subspan(1)};
  if (verb->read != nullptr) return verb->read(in);
  if (auto error = notation::expect_args(in, 0, verb->word)) return *error;
  return Move::simple(verb->kind);
}

// The base game's actions.

Result<Move> read_place(const VerbInput& in) {
  if (auto e = notation::expect_args(in, 2, "place X,Y rR")) return *e;
  const auto square = notation::square_arg(in, 0);
  if (!square) return square.error();
  static constexpr std::string_view kRotations[] = {"r0", "r90", "r180", "r270"};
  for (Rotation r = 0; r < kRotationCount; ++r)
    if (in.args[1] == kRotations[r]) return Move::place(square->first, square->second, r);
  return notation::bad(in.text, "rotation must be r0, r90, r180 or r270");
}

std::string write_place(const GameState&, const Move& move) {
  return "place " + notation::square_text(move) + " r" + std::to_string(90 * move.rotation);
}

namespace {

// "meeple LOC", or "meeple X,Y LOC" naming the tile just placed (likewise every figure of
// figures.h); on another tile, a follower through the magic portal (check() says when that is
// legal).
Result<Move> read_deployment(const VerbInput& in) {
  const std::string_view verb = in.text.substr(0, in.text.find(' '));
  const FigureInfo* figure = nullptr;
  for (const FigureInfo& info : kFigureTable)
    if (info.name == verb) figure = &info;
  const std::size_t args = in.args.size();
  if (figure == nullptr || (args != 1 && args != 2))
    return notation::bad(in.text, "expected \"" + std::string(verb) + " LOCATION\"");
  const auto port = parse_location(in.args[args - 1]);
  if (!port) {
    return notation::bad(
        in.text, "unknown location (NNW N NNE ENE E ESE SSE S SSW WSW W WNW cloister inner)");
  }
  const GameState& state = in.state;
  const int tile = state.turn_tile();
  if (tile < 0 || state.phase() != Phase::Follower)
    return Error{ErrorCode::WrongPhase,
                 quote_text(in.text) + ": the game is not waiting for a figure now"};
  if (args == 2) {
    const auto square = notation::square_arg(in, 0);
    if (!square) return square.error();
    const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
    if (square->first != placed.x || square->second != placed.y) {
      const auto segment = notation::segment_on(in, *square, in.args[1]);
      if (!segment) return segment.error();
      return Move::at(MoveKind::PortalDeploy, square->first, square->second, *segment,
                      static_cast<int>(figure->kind));
    }
  }
  const std::uint8_t segment = state.segment_named(tile, *port);
  if (segment == kNoSegment)
    return Error{ErrorCode::IllegalMove,
                 quote_text(in.text) + ": no feature there on the tile just placed"};
  return Move::deploy(figure->deploy, segment);
}

// A verb per figure, its name (figures.h).
constexpr auto kFigureVerbs = [] {
  std::array<Verb, kFigureKindCount> verbs{};
  for (int k = 0; k < kFigureKindCount; ++k)
    verbs[static_cast<std::size_t>(k)] = {kFigureTable[k].name, kFigureTable[k].deploy,
                                          &read_deployment};
  return verbs;
}();

}  // namespace

std::string write_deployment(const GameState& state, const Move& move) {
  const std::string verb(figure_info(deployed_figure(move.kind)).name);
  const int tile = state.turn_tile();
  if (tile < 0) return verb + " ?";
  return verb + " " + std::string(location_name(state.canonical_location(tile, move.segment)));
}

const Verb* find_verb(std::string_view word) {
  for (const Verb& verb : kBaseVerbs)
    if (verb.word == word) return &verb;
  // Before the figures: a mechanic's own verb for its figure (`barn C`) reads it.
  for (const MechanicHooks& mechanic : kMechanicTable)
    for (const Verb& verb : mechanic.verbs)
      if (verb.word == word) return &verb;
  for (const Verb& verb : kFigureVerbs)
    if (verb.word == word) return &verb;
  return nullptr;
}

namespace notation {

Error bad(std::string_view text, std::string_view why) {
  return Error{ErrorCode::BadNotation, quote_text(text) + ": " + std::string(why)};
}

std::optional<Error> expect_args(const VerbInput& in, std::size_t count, std::string_view form) {
  if (in.args.size() != count) return bad(in.text, "expected \"" + std::string(form) + "\"");
  return std::nullopt;
}

// A decimal integer as the notation writes it: an optional minus sign, no plus sign, no leading
// zeros and no "-0".
std::optional<int> parse_int(std::string_view text) {
  const std::string_view digits = text.substr(!text.empty() && text[0] == '-' ? 1 : 0);
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  if (digits[0] == '0' && (digits.size() > 1 || digits.size() < text.size())) return std::nullopt;
  int value = 0;
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(text.data(), last, value);
  if (ec != std::errc() || end != last) return std::nullopt;
  return value;
}

std::optional<std::pair<int, int>> parse_square(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto x = parse_int(text.substr(0, comma));
  auto y = parse_int(text.substr(comma + 1));
  if (!x || !y || *x < -32768 || *x > 32767 || *y < -32768 || *y > 32767) return std::nullopt;
  return std::pair{*x, *y};
}

Result<std::pair<int, int>> square_arg(const VerbInput& in, std::size_t index) {
  const auto square = parse_square(in.args[index]);
  if (!square) return bad(in.text, "expected coordinates X,Y");
  return *square;
}

Result<std::uint8_t> segment_on(const VerbInput& in, std::pair<int, int> square,
                                std::string_view location) {
  const auto port = parse_location(location);
  if (!port) return bad(in.text, "unknown location");
  const int tile = in.state.board().tile_at(square.first, square.second);
  if (tile < 0) return Error{ErrorCode::IllegalMove, quote_text(in.text) + ": no tile there"};
  const std::uint8_t segment = in.state.segment_named(tile, *port);
  if (segment == kNoSegment)
    return Error{ErrorCode::IllegalMove, quote_text(in.text) + ": no feature there on that tile"};
  return segment;
}

std::string square_text(const Move& move) {
  return std::to_string(move.x) + "," + std::to_string(move.y);
}

std::string square_and_location(const GameState& state, const Move& move) {
  const int tile = state.board().tile_at(move.x, move.y);
  if (tile < 0) return square_text(move) + " ?";
  return square_text(move) + " " +
         std::string(location_name(state.canonical_location(tile, move.segment)));
}

}  // namespace notation
}  // namespace carcassonne
