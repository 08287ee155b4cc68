// `carcassonne demo`: one game between two random bots, told turn by turn (the `make run` show).
//
// Promise: the same seed prints the same game. Each turn is one line: the player, the tile drawn,
// the turn's actions in record notation and what they scored; then the final scoring, the final
// scores with their breakdown, and the game's record, which is replayed before it is printed so
// the demo also checks that the record reproduces the scores.
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "bots/bot.h"
#include "cli/commands.h"
#include "cli/support.h"
#include "record/record.h"

namespace carcassonne::cli {

namespace {

// What scored, in the singular, for one line of narration.
std::string_view category_noun(ScoreCategory category) {
  switch (category) {
    case ScoreCategory::Road:
      return "road";
    case ScoreCategory::City:
      return "city";
    case ScoreCategory::Cloister:
      return "cloister";
    case ScoreCategory::Farm:
      return "farm";
    case ScoreCategory::Castle:
      return "castle";
    case ScoreCategory::Bazaar:
      return "bazaar payment";
    case ScoreCategory::Goods:
      return "trade goods majority";
    case ScoreCategory::Fairy:
      return "fairy";
  }
  return "?";
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::string describe(const ScoreEvent& event, const Record& record) {
  std::string text(category_noun(event.category));
  if (event.pig) text = "pig in the farm";
  if (event.category == ScoreCategory::Farm) {
    text += " (" + std::to_string(event.cities) + (event.cities == 1 ? " city" : " cities");
    if (event.castles > 0)
      text += ", " + std::to_string(event.castles) + (event.castles == 1 ? " castle" : " castles");
    text += ")";
  } else if (event.category != ScoreCategory::Castle && event.category != ScoreCategory::Bazaar &&
             event.category != ScoreCategory::Goods && event.category != ScoreCategory::Fairy) {
    text += " (" + std::to_string(event.tiles) + (event.tiles == 1 ? " tile)" : " tiles)");
  }
  std::string names;
  for (std::size_t p = 0; p < record.players.size(); ++p) {
    if (!(event.winners >> p & 1u)) continue;
    names += (names.empty() ? "" : " & ") + record.players[p];
  }
  return text + " " + names + " " + (event.points < 0 ? "" : "+") + std::to_string(event.points);
}

std::string scores_line(const GameState& state, const Record& record) {
  std::string line;
  for (int p = 0; p < state.player_count(); ++p)
    line += (p == 0 ? "" : "  ") + record.players[static_cast<std::size_t>(p)] + " " +
            std::to_string(state.score(static_cast<PlayerId>(p)));
  return line;
}

}  // namespace

int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err) {
  Record record;
  record.players = {"Ann", "Bob"};
  record.seed = options.seed;
  auto rules = rules_with_expansions(options.expansions, options.rules);
  if (!rules) {
    err << "error: " << one_line(rules.error().message) << '\n';
    return kExitUsage;
  }
  record.rules = *rules;
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < 2; ++seat) {
    auto bot = make_bot("random", bot_seed(options.seed, 0, seat));
    if (!bot) {
      err << "error: " << bot.error().message << '\n';
      return kExitFailure;
    }
    bots.push_back(std::move(bot).value());
  }
  auto created = replay(record);
  if (!created) {
    err << "error: " << created.error().message << '\n';
    return kExitFailure;
  }
  GameState& state = *created;
  std::vector<GameEvent> all_events;
  state.set_event_log(&all_events);
  // The scorings among them, gathered as they come.
  std::vector<ScoreEvent> events;
  const auto gather = [&] {
    for (const GameEvent& e : all_events)
      if (e.kind == GameEventKind::Scored) events.push_back(e.score);
    all_events.clear();
  };

  out << "Carcassonne demo (" << expansions_label(record.rules)
      << "): Ann and Bob, two random bots, deck seed " << options.seed << ".\n"
      << "The start tile " << tile_spec(record.start_tile).id << " lies at 0,0; "
      << state.tiles_left_in_deck() + 1 << " tiles to draw.\n\n"
      << "turn  player  tile   actions                         scored\n";

  int turn = 0;
  std::string line;   // the turn being told
  std::string notes;  // discards revealed by the turn, told after it
  std::size_t events_told = 0;
  std::size_t discards_told = state.discarded_tiles().size();
  PlayerId turn_player = kNoPlayer;
  std::string turn_actions;
  std::string turn_scored;
  auto finish_line = [&] {
    if (turn == 0) return;
    std::string text = padded(line, 21) + padded(turn_actions, 31) + " " + turn_scored;
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << '\n' << notes;
    notes.clear();
  };

  while (!state.over()) {
    const PendingDecision pending = state.pending();
    if (pending.phase == Phase::PlaceTile) {
      finish_line();
      ++turn;
      turn_player = pending.player;
      line = padded(std::to_string(turn), 4) + "  " +
             padded(record.players[static_cast<std::size_t>(pending.player)], 6) + "  " +
             std::string(tile_spec(state.tile_in_hand()).id);
      turn_actions.clear();
      turn_scored.clear();
    }
    const Move move = bots[static_cast<std::size_t>(pending.player)]->choose_move(
        state.observation(state.current_player()));
    record_and_apply(record, state, move);
    if (!turn_actions.empty()) turn_actions += ", ";
    if (pending.player != turn_player)  // a decision by someone else inside this turn
      turn_actions += record.players[static_cast<std::size_t>(pending.player)] + ": ";
    turn_actions += record.actions.back();
    gather();
    for (; events_told < events.size() && !events[events_told].final_scoring; ++events_told)
      turn_scored += (turn_scored.empty() ? "" : ", ") + describe(events[events_told], record);
    for (; discards_told < state.discarded_tiles().size(); ++discards_told)
      notes += "      (" + std::string(tile_spec(state.discarded_tiles()[discards_told]).id) +
               " drawn: no legal place for it, discarded)\n";
  }
  finish_line();

  out << "\nFinal scoring (incomplete features and farms):\n";
  if (events_told == events.size()) out << "  nothing to score\n";
  for (; events_told < events.size(); ++events_told)
    out << "  " << describe(events[events_told], record) << '\n';

  const Outcome outcome = state.outcome();  // right with negative scores too
  std::string winners;
  for (int p = 0; p < state.player_count(); ++p)
    if (outcome.is_winner(static_cast<PlayerId>(p)))
      winners += (winners.empty() ? "" : " and ") + record.players[static_cast<std::size_t>(p)];
  out << "\nFinal scores: " << scores_line(state, record) << "  (" << winners
      << (winners.find(" and ") == std::string::npos ? " wins" : " tie") << ")\n";
  for (int p = 0; p < state.player_count(); ++p) {
    out << "  " << padded(record.players[static_cast<std::size_t>(p)], 6) << " ";
    for (int c = 0; c < kScoreCategoryCount; ++c) {
      const auto category = static_cast<ScoreCategory>(c);
      if (!score_category_applies(state.rules(), category)) continue;
      out << (c == 0 ? "" : ", ") << score_category_name(category) << " "
          << state.score_in(static_cast<PlayerId>(p), category);
    }
    out << '\n';
  }

  // The record must reproduce the game; a demo that cannot replay itself is a bug worth a failure.
  auto replayed = replay(record);
  bool same = replayed.ok();
  for (int p = 0; same && p < state.player_count(); ++p)
    same = replayed->score(static_cast<PlayerId>(p)) == state.score(static_cast<PlayerId>(p));
  if (!same) {
    err << "error: the demo's record does not replay to the same scores\n";
    return kExitFailure;
  }
  // On one line: the indented form puts each of the ~140 actions on a line of its own.
  const std::string compact = nlohmann::ordered_json::parse(write_record(record)).dump();
  out << "\nThe game's record (" << record.actions.size()
      << " actions; save it and run `carcassonne replay FILE` to get the same scores):\n"
      << compact << '\n'
      << std::flush;
  return out ? kExitOk : kExitFailure;
}

}  // namespace carcassonne::cli
