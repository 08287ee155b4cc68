#include "core/notation.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

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

// "X,Y" -> coordinates within the int16 range of moves.
std::optional<std::pair<int, int>> parse_square(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto x = parse_int(text.substr(0, comma));
  auto y = parse_int(text.substr(comma + 1));
  if (!x || !y || *x < -32768 || *x > 32767 || *y < -32768 || *y > 32767) return std::nullopt;
  return std::pair{*x, *y};
}

// The figure a deployment verb names ("meeple", "large", "builder", "pig"), or null.
const FigureInfo* deploy_verb(std::string_view verb) {
  for (const FigureInfo& info : kFigureTable)
    if (info.name == verb) return &info;
  return nullptr;
}

Error bad(std::string_view text, std::string_view why) {
  return Error{ErrorCode::BadNotation, quote_text(text) + ": " + std::string(why)};
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
  auto square = [&] { return std::to_string(move.x) + "," + std::to_string(move.y); };
  switch (move.kind) {
    case MoveKind::Place:
      return "place " + square() + " r" + std::to_string(90 * move.rotation);
    case MoveKind::Discard:
      return "discard";
    case MoveKind::Bridge:
      return "bridge " + square() +
             (move.aux == static_cast<int>(BridgeAxis::NorthSouth) ? " NS" : " EW");
    case MoveKind::Barn:
      return "barn " + std::string(move.segment < kCornerCount ? kCornerNames[move.segment] : "?");
    case MoveKind::Abbey:
      return "abbey " + square();
    case MoveKind::Draw:
      return "draw";
    case MoveKind::Meeple:
    case MoveKind::Large:
    case MoveKind::Builder:
    case MoveKind::Pig:
    case MoveKind::Mayor:
    case MoveKind::Wagon: {
      const std::string verb(figure_info(deployed_figure(move.kind)).name);
      const int tile = state.turn_tile();
      if (tile < 0) return verb + " ?";
      return verb + " " + std::string(location_name(state.canonical_location(tile, move.segment)));
    }
    case MoveKind::PortalDeploy:
    case MoveKind::Princess:
    case MoveKind::WagonMove:
    case MoveKind::Fairy: {
      const std::string verb =
          move.kind == MoveKind::Fairy       ? "fairy"
          : move.kind == MoveKind::Princess  ? "princess"
          : move.kind == MoveKind::WagonMove ? "move"
          : move.aux < kFigureKindCount
              ? std::string(figure_info(static_cast<FigureKind>(move.aux)).name)
              : "?";
      if (move.kind == MoveKind::Fairy && move.aux == 0) return verb + " " + square();
      const int tile = state.board().tile_at(move.x, move.y);
      if (tile < 0) return verb + " " + square() + " ?";
      return verb + " " + square() + " " +
             std::string(location_name(state.canonical_location(tile, move.segment)));
    }
    case MoveKind::DragonStep:
      return "dragon " + square();
    case MoveKind::Skip:
      return "skip";
    case MoveKind::Castle:
      return "castle";
    case MoveKind::Score:
      return "score";
    case MoveKind::Claim:
      return "claim " + square() + " " + std::string(location_name(move.segment));
    case MoveKind::Choose:
      return "choose " + std::string(move.aux < kTileTypeCount ? tile_spec(move.aux).id
                                                               : std::string_view("?"));
    case MoveKind::Bid:
      return "bid " + std::to_string(move.amount);
    case MoveKind::Pass:
      return "pass";
    case MoveKind::Buy:
      return "buy";
    case MoveKind::Sell:
      return "sell";
  }
  return "?";
}

Result<Move> parse_move(const GameState& state, std::string_view text) {
  if (text.empty()) return bad(text, "empty action");
  const std::optional<std::vector<std::string_view>> split = split_words(text);
  if (!split) return bad(text, "words are separated by single spaces, with none before or after");
  const std::vector<std::string_view>& words = *split;
  const std::string_view verb = words[0];
  const std::size_t args = words.size() - 1;
  auto expect_args = [&](std::size_t n, std::string_view form) -> std::optional<Error> {
    if (args != n) return bad(text, "expected \"" + std::string(form) + "\"");
    return std::nullopt;
  };

  if (verb == "place") {
    if (auto e = expect_args(2, "place X,Y rR")) return *e;
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    static constexpr std::string_view kRotations[] = {"r0", "r90", "r180", "r270"};
    for (Rotation r = 0; r < kRotationCount; ++r)
      if (words[2] == kRotations[r]) return Move::place(square->first, square->second, r);
    return bad(text, "rotation must be r0, r90, r180 or r270");
  }
  if (verb == "bridge") {
    if (auto e = expect_args(2, "bridge X,Y NS|EW")) return *e;
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    if (words[2] == "NS")
      return Move::bridge(square->first, square->second, BridgeAxis::NorthSouth);
    if (words[2] == "EW") return Move::bridge(square->first, square->second, BridgeAxis::EastWest);
    return bad(text, "a bridge runs NS or EW");
  }
  if (verb == "barn") {
    // "barn C", or "barn X,Y C" naming the tile just placed.
    if (args != 1 && args != 2) return bad(text, "expected \"barn CORNER\" (NW NE SE SW)");
    int corner = -1;
    for (int c = 0; c < kCornerCount; ++c)
      if (words[args] == kCornerNames[static_cast<std::size_t>(c)]) corner = c;
    if (corner < 0) return bad(text, "a barn stands on a corner: NW, NE, SE or SW");
    const int tile = state.turn_tile();
    if (tile < 0 || state.phase() != Phase::Follower)
      return Error{ErrorCode::WrongPhase,
                   quote_text(text) + ": the game is not waiting for a figure now"};
    if (args == 2) {
      const auto square = parse_square(words[1]);
      if (!square) return bad(text, "expected coordinates X,Y");
      const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
      if (square->first != placed.x || square->second != placed.y)
        return Error{ErrorCode::IllegalMove,
                     quote_text(text) + ": a barn goes only on a corner of the tile just placed"};
    }
    return Move::deploy(MoveKind::Barn, corner);
  }
  if (verb == "abbey") {
    if (auto e = expect_args(1, "abbey X,Y")) return *e;
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    return Move::at(MoveKind::Abbey, square->first, square->second, 0);
  }
  if (verb == "move") {
    if (auto e = expect_args(2, "move X,Y LOCATION")) return *e;
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    const auto port = parse_location(words[2]);
    if (!port) return bad(text, "unknown location");
    const int tile = state.board().tile_at(square->first, square->second);
    if (tile < 0) return Error{ErrorCode::IllegalMove, quote_text(text) + ": no tile there"};
    const std::uint8_t segment = state.segment_named(tile, *port);
    if (segment == kNoSegment)
      return Error{ErrorCode::IllegalMove, quote_text(text) + ": no feature there on that tile"};
    return Move::at(MoveKind::WagonMove, square->first, square->second, segment);
  }
  if (const FigureInfo* figure = deploy_verb(verb)) {
    // "meeple LOC", or "meeple X,Y LOC" naming the tile just placed (likewise large, builder,
    // pig).
    if (args != 1 && args != 2) return bad(text, "expected \"" + std::string(verb) + " LOCATION\"");
    const auto port = parse_location(words[args]);
    if (!port)
      return bad(text, "unknown location (NNW N NNE ENE E ESE SSE S SSW WSW W WNW cloister inner)");
    const int tile = state.turn_tile();
    if (tile < 0 || state.phase() != Phase::Follower)
      return Error{ErrorCode::WrongPhase,
                   quote_text(text) + ": the game is not waiting for a figure now"};
    if (args == 2) {
      const auto square = parse_square(words[1]);
      if (!square) return bad(text, "expected coordinates X,Y");
      const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
      if (square->first != placed.x || square->second != placed.y) {
        // Another tile: a follower through the magic portal (check() says when that is legal).
        const int other = state.board().tile_at(square->first, square->second);
        if (other < 0) return Error{ErrorCode::IllegalMove, quote_text(text) + ": no tile there"};
        const std::uint8_t segment = state.segment_named(other, *port);
        if (segment == kNoSegment)
          return Error{ErrorCode::IllegalMove,
                       quote_text(text) + ": no feature there on that tile"};
        return Move::at(MoveKind::PortalDeploy, square->first, square->second, segment,
                        static_cast<int>(figure->kind));
      }
    }
    const std::uint8_t segment = state.segment_named(tile, *port);
    if (segment == kNoSegment)
      return Error{ErrorCode::IllegalMove,
                   quote_text(text) + ": no feature there on the tile just placed"};
    return Move::deploy(figure->deploy, segment);
  }
  if (verb == "claim") {
    if (auto e = expect_args(2, "claim X,Y LOCATION")) return *e;
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    const auto port = parse_location(words[2]);
    if (!port) return bad(text, "unknown location");
    // Any location of a claimable feature names it; the move carries its canonical name.
    if (auto canonical = state.canonical_claim(square->first, square->second, *port))
      return *canonical;
    return Move::claim(square->first, square->second, *port);
  }
  if (verb == "dragon") {
    if (auto e = expect_args(1, "dragon X,Y")) return *e;
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    return Move::dragon_step(square->first, square->second);
  }
  if (verb == "fairy" || verb == "princess") {
    // "fairy X,Y" (on a tile), "fairy X,Y LOC" (beside a follower), "princess X,Y LOC".
    const bool fairy = verb == "fairy";
    if (args != 2 && !(fairy && args == 1))
      return bad(text, fairy ? "expected \"fairy X,Y\" or \"fairy X,Y LOCATION\""
                             : "expected \"princess X,Y LOCATION\"");
    const auto square = parse_square(words[1]);
    if (!square) return bad(text, "expected coordinates X,Y");
    if (args == 1) return Move::at(MoveKind::Fairy, square->first, square->second, 0);
    const auto port = parse_location(words[2]);
    if (!port) return bad(text, "unknown location");
    const int tile = state.board().tile_at(square->first, square->second);
    if (tile < 0) return Error{ErrorCode::IllegalMove, quote_text(text) + ": no tile there"};
    const std::uint8_t segment = state.segment_named(tile, *port);
    if (segment == kNoSegment)
      return Error{ErrorCode::IllegalMove, quote_text(text) + ": no feature there on that tile"};
    return Move::at(fairy ? MoveKind::Fairy : MoveKind::Princess, square->first, square->second,
                    segment, fairy ? 1 : 0);
  }
  if (verb == "choose") {
    if (auto e = expect_args(1, "choose TILE")) return *e;
    const auto tile = find_tile_type(words[1]);
    if (!tile) return Error{ErrorCode::UnknownTile, quote_text(text) + ": unknown tile"};
    return Move::choose(*tile);
  }
  if (verb == "bid") {
    if (auto e = expect_args(1, "bid N")) return *e;
    const auto amount = parse_int(words[1]);
    if (!amount || *amount < 0) return bad(text, "a bid is a whole number of points, 0 or more");
    return Move::bid(*amount);
  }
  struct Simple {
    std::string_view word;
    MoveKind kind;
  };
  static constexpr Simple kSimple[] = {{"discard", MoveKind::Discard}, {"skip", MoveKind::Skip},
                                       {"castle", MoveKind::Castle},   {"score", MoveKind::Score},
                                       {"pass", MoveKind::Pass},       {"buy", MoveKind::Buy},
                                       {"sell", MoveKind::Sell},       {"draw", MoveKind::Draw}};
  for (const Simple& s : kSimple) {
    if (verb != s.word) continue;
    if (auto e = expect_args(0, s.word)) return *e;
    return Move::simple(s.kind);
  }
  return bad(text, "unknown action");
}

}  // namespace carcassonne
