// The step table of a turn part, the decision table, and the loop that runs them.
#include "core/turn_flow.h"

#include "core/mechanics/abbey.h"
#include "core/mechanics/barn.h"
#include "core/mechanics/bazaar.h"
#include "core/mechanics/builder.h"
#include "core/mechanics/castles.h"
#include "core/mechanics/dragon.h"
#include "core/mechanics/mechanics.h"
#include "core/mechanics/trade_goods.h"
#include "core/mechanics/wagon.h"

namespace carcassonne {

namespace {

StepResult begin_part_step(GameData& d, bool /*entering*/) {
  d.turn.tile = -1;
  d.turn.in_hand = kNoTile;
  d.turn.figure_done = false;
  d.turn.tile_closed = false;
  ++d.turn.number;
  d.flow.decider = d.turn.player;
  for_each_mechanic(d, kHookMasks.begin_part, [&](const MechanicHooks& m) {
    if (m.begin_part != nullptr) m.begin_part(d);
  });
  return StepResult::Done;
}

StepResult next_part_step(GameData& d, bool /*entering*/) {
  // An abbey of the end-of-game abbey round: back to the round (the end of the game).
  if (d.turn.part == PartKind::AbbeyRound) return StepResult::GameOver;
  return start_part(d, static_cast<PlayerId>((d.turn.player + 1) % d.player_count),
                    PartKind::Normal, kNoTile);
}

constexpr MechanicMask kBase = 0;
constexpr MechanicMask kBuilder = mechanic_bit(Mechanic::Builder);
constexpr MechanicMask kBazaar = mechanic_bit(Mechanic::Bazaar);
constexpr MechanicMask kDragon = mechanic_bit(Mechanic::Dragon);

// The order of play (record-format-bigbox.md, "Order of play"), one row per step.
constexpr std::array kTurnSteps = {
    TurnStepRow{TurnStep::BeginPart, "begin part", kBase, &begin_part_step},
    TurnStepRow{TurnStep::AbbeyChoice, "abbey", mechanic_bit(Mechanic::Abbey), &abbey::choice_step},
    TurnStepRow{TurnStep::PlaceTile, "place tile", kBase, &place_step},
    TurnStepRow{TurnStep::Figure, "figure", kBase, &figure_step},
    TurnStepRow{TurnStep::DragonBeforeScoring, "dragon before scoring", kDragon,
                &dragon::journey_before_scoring},
    TurnStepRow{TurnStep::CollectCompletions, "completions", kBase, &collect_completions_step},
    TurnStepRow{TurnStep::CastleChoices, "castle choices", mechanic_bit(Mechanic::Castles),
                &castles::run_choices},
    TurnStepRow{TurnStep::ScoreFeatures, "score features", kBase, &score_features_step},
    TurnStepRow{TurnStep::TradeGoods, "trade goods", mechanic_bit(Mechanic::TradeGoods),
                &trade_goods::take_step},
    TurnStepRow{TurnStep::CastleRounds, "castle rounds", mechanic_bit(Mechanic::Castles),
                &castles::run_rounds},
    TurnStepRow{TurnStep::BarnFarms, "barn farms", mechanic_bit(Mechanic::Barn),
                &barn::score_barn_farms},
    TurnStepRow{TurnStep::WagonMoves, "wagons", mechanic_bit(Mechanic::Wagon), &wagon::roll_step},
    TurnStepRow{TurnStep::DragonAfterScoring, "dragon", kDragon, &dragon::journey_after_scoring},
    // The steps of a turn part end here: a part that ends early continues with the next row.
    // What follows a part: its builder second part at once inside a bazaar round; a bazaar;
    // the second part of a normal part, before the auction (builder-first) or after the bazaar;
    // then (builder-first) the bazaars delayed from second parts, each with its round.
    TurnStepRow{TurnStep::SecondPartAtOnce, "second part at once", kBuilder,
                &builder::second_part_at_once},
    TurnStepRow{TurnStep::BazaarReveal, "bazaar reveal", kBazaar, &bazaar::reveal},
    TurnStepRow{TurnStep::SecondPartFirst, "second part first", kBuilder,
                &builder::second_part_first},
    TurnStepRow{TurnStep::BazaarAuction, "bazaar", kBazaar, &bazaar::run},
    TurnStepRow{TurnStep::SecondPart, "second part", kBuilder, &builder::second_part},
    TurnStepRow{TurnStep::DelayedBazaars, "delayed bazaars", kBazaar, &bazaar::start_delayed},
    TurnStepRow{TurnStep::NextPart, "next turn", kBase, &next_part_step},
};
constexpr std::uint8_t kAfterPart = static_cast<std::uint8_t>(TurnStep::SecondPartAtOnce);

// Rows are listed in the order of TurnStep, so a step's row is its enum value.
constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < kTurnSteps.size(); ++i)
    if (static_cast<std::size_t>(kTurnSteps[i].step) != i) return false;
  return true;
}
static_assert(rows_in_enum_order());

std::optional<Error> explain_choice(const GameData&, const Move&) {
  return Error{ErrorCode::WrongPhase,
               "the game is waiting for the owner of the completed small city to choose castle or "
               "score"};
}

void no_moves(const GameData&, MoveList&) {}
std::optional<Error> explain_over(const GameData&, const Move&) {
  return Error{ErrorCode::GameOver, "the game is over"};
}
StepResult apply_nothing(GameData&, const Move&) {
  return StepResult::Wait;
}

constexpr std::array kDecisions = {
    DecisionRow{Phase::PlaceTile, "place", "the tile in hand to be placed", &place_moves,
                &explain_place, &apply_place},
    DecisionRow{Phase::Follower, "meeple", "a figure to be deployed or skip", &figure_moves,
                &explain_figure, &apply_figure},
    DecisionRow{Phase::CastleChoice, "castle",
                "the owner of the completed small city to choose castle or score",
                &castles::choice_moves, &explain_choice, &castles::apply_choice},
    DecisionRow{Phase::Claim, "claim", "the castle's owner to claim one of the completed features",
                &castles::claim_moves, &castles::explain_claim, &castles::apply_claim},
    DecisionRow{Phase::AuctionChoose, "choose", "a revealed tile to be chosen", &bazaar::moves,
                &bazaar::explain, &bazaar::apply},
    DecisionRow{Phase::AuctionBid, "bid", "a bid or a pass", &bazaar::moves, &bazaar::explain,
                &bazaar::apply},
    DecisionRow{Phase::AuctionDecide, "buy-or-sell", "the auctioneer to buy or sell",
                &bazaar::moves, &bazaar::explain, &bazaar::apply},
    DecisionRow{Phase::DragonMove, "dragon", "the dragon to be moved", &dragon::moves,
                &dragon::explain, &dragon::apply},
    DecisionRow{Phase::AbbeyChoice, "abbey", "the abbey to be played or a tile drawn",
                &abbey::choice_moves, &abbey::explain_choice, &abbey::apply_choice},
    DecisionRow{Phase::WagonMove, "wagon", "a wagon to move on or stay home", &wagon::moves,
                &wagon::explain_move, &wagon::apply_move},
    DecisionRow{Phase::AbbeyRound, "abbey-round", "an abbey to be played in the abbey round or not",
                &abbey::round_moves, &abbey::explain_round, &abbey::apply_round},
    DecisionRow{Phase::GameOver, "over", "nothing: the game is over", &no_moves, &explain_over,
                &apply_nothing},
};

constexpr bool decisions_in_enum_order() {
  for (std::size_t i = 0; i < kDecisions.size(); ++i)
    if (static_cast<std::size_t>(kDecisions[i].phase) != i) return false;
  return true;
}
static_assert(decisions_in_enum_order());

}  // namespace

const TurnStepRow& turn_step_row(int index) {
  return kTurnSteps[static_cast<std::size_t>(index)];
}
int turn_step_count() {
  return static_cast<int>(kTurnSteps.size());
}
const DecisionRow& decision_row(Phase phase) {
  return kDecisions[static_cast<std::size_t>(phase)];
}

StepResult start_part(GameData& d, PlayerId player, PartKind part, TileType given) {
  d.turn.player = player;
  d.turn.part = part;
  d.turn.given = given;
  if (d.listening()) {  // every turn: build nothing for nobody
    GameEvent event = GameEvent::of(GameEventKind::PartStarted);
    event.player = player;
    event.part = part;
    d.log(event);
  }
  return StepResult::StartPart;
}

void run_flow(GameData& d, StepResult result) {
  for (;;) {
    switch (result) {
      case StepResult::Wait:
        return;
      case StepResult::GameOver: {
        // No tile is left to play: mechanics may play on first (the abbey round).
        StepResult more = StepResult::Done;
        for_each_mechanic(d, [&](const MechanicHooks& m) {
          if (more == StepResult::Done && m.game_end != nullptr) more = m.game_end(d);
        });
        if (more == StepResult::Done) {
          finish_game(d);
          return;
        }
        result = more;
        continue;
      }
      case StepResult::Done:
        ++d.flow.step;
        d.flow.step_entered = false;
        break;
      case StepResult::Again:
        break;
      case StepResult::StartPart:
        d.flow.step = 0;
        d.flow.step_entered = false;
        break;
      case StepResult::EndPart:
        d.flow.step = kAfterPart;
        d.flow.step_entered = false;
        break;
    }
    const TurnStepRow& row = kTurnSteps[d.flow.step];
    if (row.needs != 0 && (row.needs & d.rules.mechanics) == 0) {
      result = StepResult::Done;
      continue;
    }
    const bool entering = !d.flow.step_entered;
    d.flow.step_entered = true;
    result = row.run(d, entering);
  }
}

bool tile_to_draw(const GameData& d) {
  for (std::size_t i = static_cast<std::size_t>(d.deck.next); i < d.deck.tiles.size(); ++i) {
    const TileType tile = d.deck.tiles[i];
    if (!mechanics_set_aside(d, tile) && d.has_any_placement(tile)) return true;
  }
  return false;
}

void log_discarded(const GameData& d, TileType tile) {
  GameEvent event = GameEvent::of(GameEventKind::TileDiscarded);
  event.tile = tile;
  d.log(event);
}

bool draw_tile(GameData& d) {
  while (d.deck.next < static_cast<int>(d.deck.tiles.size())) {
    d.arrange_next_take();
    const TileType drawn = d.deck.tiles[static_cast<std::size_t>(d.deck.next++)];
    if (set_aside_by_mechanics(d, drawn)) continue;  // a dragon tile before the first volcano
    if (d.has_any_placement(drawn)) {
      d.turn.in_hand = drawn;
      d.turn.tile_drawn = true;
      return true;
    }
    d.deck.discarded.push_back(drawn);  // no legal placement: out of the game, draw again
    log_discarded(d, drawn);
  }
  return false;
}

}  // namespace carcassonne
