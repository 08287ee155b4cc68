// The game service at the table (part of GameService, game_service.h): the requests made while a
// game is played (`act`, `preview`, `feature`, `chat`), the state sent to the game's watchers, and
// the moves of its bots and turn clocks.
//
// Promise:
//  * An action changes a game only if the rules engine accepts it from the seat whose decision is
//    pending, sent by a connection holding that seat; actions sent together are checked as a
//    whole (check_turn) and stored in one transaction.
//  * An action is committed to storage before it is applied, acknowledged or broadcast, and the
//    game takes no other action meanwhile; once committed, it is applied once, as checked.
//  * Every watcher holds the same state: each change reaches them all, in order, as what changed
//    (broadcast); a whole state (send_state) is the state as of the last broadcast. No state
//    carries the order of the undrawn tiles.
//  * Bots think on the BotPool's threads (context.bots), without the game's lock, and play the
//    same move after a restart; a human seat's decision left past its turn clock is played by the
//    greedy bot. Nothing new is scheduled once the service is stopping.
// Thread-safe: handlers may be called from several threads at once; the methods marked so are
// called with the game's mutex held.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "server/connection.h"
#include "server/served_game.h"
#include "server/service_context.h"

namespace carcassonne::server {

class GameTable {
 public:
  explicit GameTable(ServiceContext context);

  void handle_act(const std::shared_ptr<Connection>& connection, Request& request);
  // Answers the position after the actions, for the asking seat; stores and broadcasts nothing.
  void handle_preview(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_feature(const std::shared_ptr<Connection>& connection, Request& request);
  void handle_chat(const std::shared_ptr<Connection>& connection, Request& request);

  // With the game's mutex held, after every change to what the state shows: a `state` with what
  // changed (the game's StateStream) and the log from `log_from` to every watcher but `except`
  // (a connection id; 0: none).
  void broadcast(ServedGame& game, std::size_t log_from, std::uint64_t except = 0);
  // With the game's mutex held: the whole state, with the whole log, to one connection holding
  // `seats`.
  void send_state(ServedGame& game, Connection& connection, std::uint8_t seats);
  // With the game's mutex held, whenever the pending decision may have changed hands: a bot's
  // decision is queued for its bot (after the game's pace), a human's under a turn clock for the
  // greedy bot once the time is up. Does nothing when its task is queued already, an action is
  // being committed, the game is over or the service is stopping.
  void schedule_bot(const std::shared_ptr<ServedGame>& game);

 private:
  // With the game's mutex held: whether this connection joined the game and holds `seat`
  // (`doing`: what it wanted to do, for the message); answers the problem itself when not.
  bool holds_seat(Connection& connection, const Request& request, const ServedGame& game,
                  std::int64_t seat, const std::string& doing);
  // With the game's mutex held: whether `seat` may decide now on this connection at `version`
  // (-1: any); answers the problem itself and returns false when there is one.
  bool seat_may_decide(Connection& connection, const Request& request, ServedGame& game,
                       std::int64_t seat, std::int64_t version);
  using Committed = std::function<void(ServedGame&, const std::optional<Error>&)>;
  // Why actions are refused: the protocol's error code and a message.
  struct Refusal {
    std::string code;
    std::string message;
  };
  // A turn checked on a copy of the game: its moves' canonical notation, the position after
  // them and the log entries that narrate them. The moves are applied once, here: what is
  // committed becomes the game's state as it is, and a preview shows it.
  struct CheckedTurn {
    int version = 0;  // the game's version the turn was checked against
    std::vector<std::string> notations;
    std::optional<GameState> after;
    std::vector<nlohmann::json> log;
  };
  // `texts` as the pending seat's next decisions, in order: each must be legal when it comes and
  // still the same seat's, and no tile may be drawn before the last (nor after it, unless
  // `last_may_draw`): what was sent together must not depend on a tile revealed in between.
  std::optional<Refusal> check_turn(const ServedGame& game, const std::vector<std::string>& texts,
                                    bool last_may_draw, CheckedTurn& turn) const;
  // With the game's mutex held: checks `texts` (check_turn) and queues them for storage, in one
  // transaction. Once they are committed, a worker thread, with the game's mutex held, makes the
  // checked position the game's (the game takes no other action while its actions are being
  // committed, so it is still the position they were checked against), calls `then` (with an
  // error if they could not be stored), broadcasts once and lets bots move. A refusal returned
  // here means nothing happens.
  std::optional<Refusal> submit_moves(const std::shared_ptr<ServedGame>& game,
                                      const std::vector<std::string>& texts, Committed then);
  // Plays the pending decision with the seat's bot; with `timed_out` (a version), the human
  // seat's turn clock ran out at that version: the greedy bot plays for it, if still pending.
  void run_bot(const std::weak_ptr<ServedGame>& weak_game, int timed_out);

  ServiceContext context_;
};

}  // namespace carcassonne::server
