// The notation's verbs (notation.h), each held by whoever owns the action: a mechanic's verbs are
// part of its row (mechanics.h: `verbs` to read them, `writers` to write its kinds of move), the
// base game's are here (kBaseVerbs, kBaseWriters). A figure's deployment needs no verb of its
// own: its name in figures.h is the verb (`meeple`, `large`, `mayor`, ...).
//
// Promise: every MoveKind has exactly one writer (checked at compile time in mechanics.cpp); a
// verb is read the same whether its mechanic is in play or not (check() says when it is not), so
// a record always parses to the moves it names. A reader reports text that is not the verb's form
// as BadNotation and a location that names no feature as IllegalMove.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "core/move.h"
#include "core/result.h"
#include "core/types.h"

namespace carcassonne {

class GameState;

// What a verb's reader gets: the game (to resolve locations), the whole action's text (for
// messages) and the words after the verb.
struct VerbInput {
  const GameState& state;
  std::string_view text;
  std::span<const std::string_view> args;
};

// A verb and how its words are read. A verb that is a word alone (`skip`, `castle`, `buy`) has no
// reader: it is the move `kind`, and any word after it is an error.
struct Verb {
  std::string_view word;
  MoveKind kind;
  Result<Move> (*read)(const VerbInput&) = nullptr;
};

// How a kind of move is written: by `write`, or, without one, as `word` alone.
struct MoveWriter {
  MoveKind kind;
  std::string_view word;
  std::string (*write)(const GameState&, const Move&) = nullptr;
};

// The base game's actions: placing the tile, deploying a figure (the verb is the figure's name in
// figures.h: meeple, large, builder, pig, mayor, wagon), `skip`, and `pass` (a bid, a wagon or an
// abbey round declined, which three mechanics share).
Result<Move> read_place(const VerbInput& in);
std::string write_place(const GameState& state, const Move& move);
std::string write_deployment(const GameState& state, const Move& move);
inline constexpr Verb kBaseVerbs[] = {
    {"place", MoveKind::Place, &read_place},
    {"skip", MoveKind::Skip},
    {"pass", MoveKind::Pass},
};
inline constexpr MoveWriter kBaseWriters[] = {
    {MoveKind::Place, "place", &write_place},
    {MoveKind::Skip, "skip"},
    {MoveKind::Pass, "pass"},
    {MoveKind::Meeple, "meeple", &write_deployment},
    {MoveKind::Large, "large", &write_deployment},
    {MoveKind::Builder, "builder", &write_deployment},
    {MoveKind::Pig, "pig", &write_deployment},
    {MoveKind::Mayor, "mayor", &write_deployment},
    {MoveKind::Wagon, "wagon", &write_deployment},
};

// The verb named `word`: the base game's, a mechanic's (every mechanic's, in play or not), or a
// figure's deployment; null if none.
const Verb* find_verb(std::string_view word);
// The writer of a kind of move.
const MoveWriter& move_writer(MoveKind kind);

// Helpers for readers and writers.
namespace notation {

// BadNotation: `text` is not an action of that form.
Error bad(std::string_view text, std::string_view why);
// BadNotation naming the expected form, unless there are exactly `count` words after the verb.
std::optional<Error> expect_args(const VerbInput& in, std::size_t count, std::string_view form);
// A decimal integer as the notation writes it: an optional minus sign, no plus sign, no leading
// zeros and no "-0".
std::optional<int> parse_int(std::string_view text);
// "X,Y" -> coordinates within the int16 range of moves.
std::optional<std::pair<int, int>> parse_square(std::string_view text);
// The square argument `index`, or BadNotation "expected coordinates X,Y".
Result<std::pair<int, int>> square_arg(const VerbInput& in, std::size_t index);
// The segment of the tile on `square` at the location word `location`: BadNotation for a word
// that is no location, IllegalMove when no tile lies there or the location names nothing on it.
Result<std::uint8_t> segment_on(const VerbInput& in, std::pair<int, int> square,
                                std::string_view location);
// "X,Y" of a move's square.
std::string square_text(const Move& move);
// "X,Y LOC": a move's square and the canonical location of its segment on the tile there.
std::string square_and_location(const GameState& state, const Move& move);

}  // namespace notation
}  // namespace carcassonne
