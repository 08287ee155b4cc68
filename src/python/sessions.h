// Games for learning agents, without Python: one game stepped by action ids (Session) and many
// stepped together (SessionBatch). The module (module.cpp) is a thin layer over these.
//
// Promise: every action goes through the core: an id is decoded (action_codec.h) and the core
// checks it, or it is one of the ids the core's legal_moves() produced for this very state. A
// refused action changes nothing (a batch step is refused whole). Records, notation and the
// information state are written by replaying the moves from the initial state, so they are the
// contract's and never read the deck order. Nothing here throws: errors are values.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "python/action_codec.h"
#include "python/observation_tensor.h"
#include "record/record.h"

namespace carcassonne::python {

// What a Game fixes: the record's set-up (no actions), the codec and the observation layout.
struct GameSpec {
  Record setup;
  GameConfig config;
  ActionCodec codec;
  ObservationLayout layout;

  // From a record (its actions are ignored); `window` 0 takes the default.
  static Result<std::shared_ptr<const GameSpec>> from_record(const Record& record, int window);
  // The same game with another seed (a record-given deck stays as it is).
  std::shared_ptr<const GameSpec> with_seed(std::uint64_t seed) const;
  Result<GameState> initial_state() const;
  int players() const { return config.players; }
};

// The board window of observations when none is asked for: wide enough for every game of random
// play measured with all five expansions (docs/PYTHON.md).
inline constexpr int kDefaultWindow = 32;

class Session {
 public:
  Session(std::shared_ptr<const GameSpec> spec, GameState state, std::vector<Move> history)
      : spec_(std::move(spec)), state_(std::move(state)), history_(std::move(history)) {}
  static Result<Session> start(std::shared_ptr<const GameSpec> spec);
  static Result<Session> from_record(const Record& record, int window);

  const GameSpec& spec() const { return *spec_; }
  const std::shared_ptr<const GameSpec>& spec_ptr() const { return spec_; }
  const GameState& state() const { return state_; }
  const std::vector<Move>& history() const { return history_; }

  // Legal ids in ascending order, and the notation of each.
  std::vector<int> legal_actions() const;
  std::vector<std::string> legal_action_strings() const;
  void legal_mask(std::uint8_t* mask) const;  // size() bytes, 1 where legal
  Result<std::string> action_to_string(int id) const;
  Result<int> string_to_action(std::string_view text) const;
  std::optional<Error> apply(int id);
  std::optional<Error> apply(std::string_view text);
  // What the last action applied caused (core/events.h): scorings, figures sent home and why,
  // goods taken, the dragon's doings, turn parts begun, tiles set aside or discarded.
  const std::vector<GameEvent>& last_events() const { return last_events_; }
  Result<int> bot_action(std::string_view bot_spec, std::uint64_t seed) const;

  Record record() const;
  std::string information_state(PlayerId viewer) const;

 private:
  Result<Move> legal_move(int id) const;
  // The legal moves and, ascending by id, each id with the index of its move.
  struct Listing {
    MoveList moves;
    std::vector<std::pair<int, int>> order;
  };
  Listing listing() const;

  // Applies a legal move, hearing its events.
  void apply_legal(const Move& move);

  std::shared_ptr<const GameSpec> spec_;
  GameState state_;
  std::vector<Move> history_;
  std::vector<GameEvent> last_events_;
};

// N games stepped together. Each game keeps the legal moves it listed last, so a step applies
// an id found among them with no second generation.
class SessionBatch {
 public:
  static Result<SessionBatch> start(std::shared_ptr<const GameSpec> spec, int size,
                                    std::uint64_t seed, bool auto_reset);

  int size() const { return static_cast<int>(games_.size()); }
  const GameSpec& spec() const { return *spec_; }
  // Every game's legal ids (engine order), concatenated; offsets has size() + 1 entries.
  void legal_actions(std::vector<std::int32_t>& ids, std::vector<std::int32_t>& offsets);
  void legal_masks(std::uint8_t* masks);  // size() rows of codec().size() bytes
  // Applies actions[i] to game i (ignored for a finished game); refused whole if any is illegal.
  // done[i] = game i ended with this step (with auto-reset it has already started again).
  std::optional<Error> step(const std::int32_t* actions, std::uint8_t* done);
  // A legal id drawn uniformly in each game (-1 for a finished game): the random bot's policy,
  // drawn from the batch's own stream (seeded by the batch's seed) from the moves already listed.
  void random_actions(std::int32_t* out);
  // The bot's choice in each game (-1 for a finished game).
  std::optional<Error> bot_actions(std::string_view bot_spec, std::uint64_t seed,
                                   std::int32_t* out) const;
  void write_observations(int viewer, const std::vector<void*>& buffers) const;

  const GameState& state(int i) const { return games_[static_cast<std::size_t>(i)].state; }
  Session session(int i) const;
  std::int64_t games_finished() const { return finished_; }
  // Final scores of the games finished since the last call, in the order they ended.
  std::vector<std::array<int, kMaxPlayers>> take_results();

 private:
  struct Game {
    std::uint64_t seed = 0;
    GameState state;
    std::vector<Move> history;
    MoveList moves;        // the legal moves listed for this state
    std::vector<int> ids;  // their ids
    bool listed = false;
  };
  SessionBatch(std::shared_ptr<const GameSpec> spec, std::uint64_t seed, bool auto_reset)
      : spec_(std::move(spec)), next_seed_(seed), auto_reset_(auto_reset), random_(seed, 0x5eed) {}
  std::optional<Error> restart(Game& game);
  void list(Game& game) const;

  std::shared_ptr<const GameSpec> spec_;
  std::vector<Game> games_;
  std::uint64_t next_seed_;
  bool auto_reset_;
  std::int64_t finished_ = 0;
  std::vector<std::array<int, kMaxPlayers>> results_;
  Pcg32 random_;
  std::vector<int> chosen_;  // step()'s index of each game's action among its listed moves
};

}  // namespace carcassonne::python
