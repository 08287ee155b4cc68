// The engine protocol (docs/ENGINE-PROTOCOL.md): the public course of a game and the game an
// engine rebuilds from it, the engine's command interpreter, and external engines as bots.
//
// The central property: at every decision of random games with every combination of expansions
// and options, the game rebuilt from the public course (no seed, no deck order) looks to every
// player exactly like the real one (equal observations), though the hidden order differs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "bots/greedy_bot.h"
#include "core/notation.h"
#include "core/random.h"
#include "engine/engine_session.h"
#include "engine/external_bot.h"
#include "engine/public_course.h"
#include "record/record.h"
#include "rule_variants.h"

namespace carcassonne {
namespace {

struct Variant {
  std::string name;
  RuleSet rules;
};

// Every rule set (rule_variants.h), named "base+bcb+ic opt=value".
std::vector<Variant> every_variant() {
  std::vector<Variant> variants;
  for (const RuleVariant& rule_variant : every_rule_variant()) {
    Variant variant{"base", rule_variant.rules};
    for (const Expansion expansion : rule_variant.expansions)
      variant.name += "+" + std::string(expansion_name(expansion));
    if (rule_variant.option)
      variant.name += " " + rule_variant.option->first + "=" + rule_variant.option->second;
    variants.push_back(variant);
  }
  return variants;
}

// Worth a full comparison: the moments the course has to get right.
bool delicate(const GameState& before, const GameState& after) {
  return before.tiles_face_down() != after.tiles_face_down() ||
         before.bazaar_offer().size() != after.bazaar_offer().size() ||
         before.set_aside_tiles().size() != after.set_aside_tiles().size() ||
         before.discarded_tiles().size() != after.discarded_tiles().size();
}

void expect_rebuilt_equal(const Record& record, const GameState& real, const std::string& where) {
  auto course = public_course(record);
  ASSERT_TRUE(course.ok()) << where << ": " << course.error().message;
  auto setup = parse_setup(course->setup);
  ASSERT_TRUE(setup.ok()) << where << ": " << setup.error().message;
  // Through the line form, as a host sends it.
  auto rebuilt = rebuild_game(*setup, split_events(join_events(course->events)));
  ASSERT_TRUE(rebuilt.ok()) << where << ": " << rebuilt.error().message << "\n"
                            << join_events(course->events);
  for (int p = 0; p < real.player_count(); ++p) {
    const auto viewer = static_cast<PlayerId>(p);
    ASSERT_TRUE(Observation(real, viewer).state() == Observation(*rebuilt, viewer).state())
        << where << ": seat " << p << " sees another game";
  }
}

// The sanitizer build runs fewer checks (CARCASSONNE_FUZZ_SCALE, as the fuzz tests).
double fuzz_scale() {
  const char* scale = std::getenv("CARCASSONNE_FUZZ_SCALE");
  return scale != nullptr ? std::max(0.05, std::atof(scale)) : 1.0;
}

TEST(PublicCourse, RebuildsWhatEveryPlayerSeesInEveryVariant) {
  const int interval = static_cast<int>(13 / fuzz_scale());
  int checks = 0;
  for (const Variant& variant : every_variant()) {
    // A rule option's variant plays its first game only (the greedy one where bazaars and
    // builders meet): there are twice as many option variants as combinations.
    const bool option = variant.name.find('=') != std::string::npos;
    for (int g = 0; g < (option ? 1 : 2); ++g) {
      Record record;
      const int players = g == 0 ? 2 : 2 + static_cast<int>(variant.name.size()) % 5;
      for (int p = 0; p < players; ++p) record.players.push_back("p" + std::to_string(p));
      record.rules = variant.rules;
      record.seed = 500 + static_cast<std::uint64_t>(g) * 31 + variant.name.size();
      auto created = replay(record);
      ASSERT_TRUE(created.ok());
      GameState state = *created;
      Pcg32 rng(record.seed);
      MoveList moves;
      // With bazaars and builders, the greedy bot plays the first game: it builds and buys as
      // players do, which random moves seldom manage (a builder's second part after a bazaar's
      // tiles were taken face down).
      GreedyBot greedy;
      // (The sanitizer build leaves out the slow greedy games with the dragon or the abbey.)
      const bool by_greedy =
          g == 0 && variant.rules.has(Mechanic::Bazaar) && variant.rules.has(Mechanic::Builder) &&
          (fuzz_scale() >= 1.0 ||
           !(variant.rules.has(Mechanic::Dragon) || variant.rules.has(Mechanic::Abbey)));
      for (int step = 0; !state.over(); ++step) {
        state.legal_moves(moves);
        const GameState before = state;
        record_and_apply(
            record, state,
            by_greedy
                ? greedy.choose_move(state.observation(state.current_player()))
                : moves[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.size())))]);
        if (step % interval == 0 || delicate(before, state) || state.over()) {
          ASSERT_NO_FATAL_FAILURE(expect_rebuilt_equal(record, state,
                                                       variant.name + " seed " +
                                                           std::to_string(record.seed) + " step " +
                                                           std::to_string(step)));
          ++checks;
        }
      }
    }
  }
  EXPECT_GT(checks, 400);
}

TEST(PublicCourse, HoldsNoSeedAndOnlyTheMultisetOfAnExplicitDeck) {
  Record record;
  record.players = {"a", "b"};
  record.seed = 12345;
  record.deck = std::vector<TileType>{*find_tile_type("V"), *find_tile_type("E"),
                                      *find_tile_type("U"), *find_tile_type("E")};
  auto course = public_course(record);
  ASSERT_TRUE(course.ok());
  EXPECT_EQ(course->setup.find("seed"), std::string::npos) << course->setup;
  EXPECT_NE(course->setup.find(R"("deck":["E","E","U","V"])"), std::string::npos) << course->setup;
  ASSERT_EQ(course->events.size(), 1u);
  EXPECT_EQ(course->events[0], "take V");  // the tile in hand: taken, so seen
}

TEST(PublicCourse, RefusesEventsThatDoNotFitTheSetUp) {
  Record setup;
  setup.players = {"a", "b"};
  // A tile the base set does not hold, a tile unknown, too few takes, a move that is not legal.
  for (const std::vector<std::string>& events :
       std::vector<std::vector<std::string>>{{"take BCB-A"},
                                             {"take NOPE"},
                                             {"take"},
                                             {},
                                             {"take V", "place 5,5 r0"},
                                             {"take V", "take U"}}) {
    auto rebuilt = rebuild_game(setup, events);
    EXPECT_FALSE(rebuilt.ok()) << join_events(events);
  }
  auto rebuilt = rebuild_game(setup, {"take V"});
  ASSERT_TRUE(rebuilt.ok()) << rebuilt.error().message;
  EXPECT_EQ(rebuilt->tile_in_hand(), *find_tile_type("V"));
}

// ---- The engine's command interpreter ----

std::string only(const std::vector<std::string>& lines) {
  return lines.size() == 1 ? lines[0] : "(" + std::to_string(lines.size()) + " lines)";
}

TEST(EngineSession, AnswersEveryCommandWithOneLineAndRefusesBadOnes) {
  EngineSession engine("greedy", 1);
  EXPECT_EQ(only(engine.handle("hello 1")), "hello 1 carcassonne greedy");
  EXPECT_EQ(only(engine.handle("hello 2")).rfind("error out_of_range", 0), 0u);
  EXPECT_EQ(only(engine.handle("go")).rfind("error wrong_phase", 0), 0u);
  EXPECT_EQ(only(engine.handle("position take V")).rfind("error wrong_phase", 0), 0u);
  EXPECT_EQ(only(engine.handle("fly")).rfind("error bad_notation", 0), 0u);
  EXPECT_EQ(only(engine.handle("setup {")).rfind("error", 0), 0u);
  EXPECT_EQ(only(engine.handle(R"(setup {"players":["a","b"],"seed":3})")).rfind("error", 0), 0u);
  EXPECT_EQ(
      only(engine.handle(R"(setup {"players":["a","b"],"expansions":["xx"]})")).rfind("error", 0),
      0u);
  EXPECT_TRUE(engine.handle("").empty());
  EXPECT_EQ(only(engine.handle(R"(setup {"players":["a","b"],"expansions":["bcb"]})")), "ok");
  EXPECT_EQ(only(engine.handle("go")).rfind("error wrong_phase", 0), 0u);
  EXPECT_EQ(only(engine.handle("position take V; place 9,9 r0")).rfind("error illegal_move", 0),
            0u);
  EXPECT_EQ(only(engine.handle("position take V")), "ok");
  // The host's legal moves must be the engine's.
  EXPECT_EQ(only(engine.handle("legal place 0,1 r0")).rfind("error illegal_move", 0), 0u);
  const std::string best = only(engine.handle("go ms 50"));
  ASSERT_EQ(best.rfind("bestmove place ", 0), 0u) << best;
  EXPECT_EQ(only(engine.handle("go soon")).rfind("error bad_notation", 0), 0u);
  // A refused position keeps the one before.
  EXPECT_EQ(only(engine.handle("position take QQ")).rfind("error", 0), 0u);
  EXPECT_EQ(only(engine.handle("go")), best);
  EXPECT_TRUE(engine.handle("quit").empty());
  EXPECT_TRUE(engine.quit());
}

TEST(EngineSession, PlaysTheMoveItsBotPlaysFromTheSameObservation) {
  Record record;
  record.players = {"a", "b", "c"};
  record.rules.add(Expansion::BridgesCastlesBazaars);
  record.seed = 77;
  auto state = replay(record);
  ASSERT_TRUE(state.ok());
  GreedyBot greedy;
  EngineSession engine("greedy", 1);
  for (int step = 0; step < 60 && !state->over(); ++step) {
    auto course = public_course(record);
    ASSERT_TRUE(course.ok());
    ASSERT_EQ(only(engine.handle("setup " + course->setup)), "ok");
    ASSERT_EQ(only(engine.handle("position " + join_events(course->events))), "ok");
    MoveList legal;
    state->legal_moves(legal);
    std::vector<std::string> texts;
    for (const Move& m : legal) texts.push_back(format_move(*state, m));
    ASSERT_EQ(only(engine.handle("legal " + join_events(texts))), "ok");
    const Move expected = greedy.choose_move(state->observation(state->current_player()));
    ASSERT_EQ(only(engine.handle("go")), "bestmove " + format_move(*state, expected));
    record_and_apply(record, *state, expected);
  }
}

// ---- External engines as bots ----

std::vector<std::string> tiny_engine(const std::string& mode) {
  return {CARCASSONNE_TEST_PYTHON,
          std::string(CARCASSONNE_SOURCE_DIR) + "/tests/engine/tiny_engine.py", mode};
}

// Plays a whole game: seat 0 by `first`, the others greedy. Returns the record.
Record play(Bot& first, const RuleSet& rules, std::uint64_t seed) {
  Record record;
  record.players = {"x", "y"};
  record.rules = rules;
  record.seed = seed;
  GameState state = *replay(record);
  GreedyBot greedy;
  while (!state.over()) {
    Bot& bot = state.current_player() == 0 ? first : greedy;
    record_and_apply(
        record, state,
        bot.choose_move_with_history(state.observation(state.current_player()), record));
  }
  return record;
}

TEST(ExternalBot, OurEngineBehindTheProtocolPlaysExactlyAsTheBotItRuns) {
  RuleSet all;
  for (const ExpansionInfo& info : kExpansionTable)
    if (info.expansion != Expansion::Base) all.add(info.expansion);
  ExternalBot external({CARCASSONNE_CLI_PATH, "engine", "--bot", "greedy"}, 0);
  GreedyBot greedy;
  const Record through_protocol = play(external, all, 4);
  EXPECT_TRUE(external.failure().empty()) << external.failure();
  EXPECT_GT(external.moves_played(), 50);
  EXPECT_EQ(through_protocol.actions, play(greedy, all, 4).actions);
}

TEST(ExternalBot, ATinyEnginePlaysWholeGames) {
  RuleSet rules;
  rules.add(Expansion::BridgesCastlesBazaars);
  ExternalBot first(tiny_engine("first"), 0);
  const Record record = play(first, rules, 9);
  EXPECT_TRUE(first.failure().empty()) << first.failure();
  EXPECT_TRUE(replay(record).ok());
  EXPECT_GT(first.moves_played(), 30);
}

TEST(ExternalBot, AFailingEngineIsReplacedByTheGreedyBot) {
  for (const std::string mode : {"illegal", "garbage", "crash", "silent"}) {
    ExternalBot bot(tiny_engine(mode), mode == "silent" ? 100 : 0, std::chrono::milliseconds(300));
    const Record record = play(bot, RuleSet{}, 3);
    EXPECT_FALSE(bot.failure().empty()) << mode;
    EXPECT_EQ(bot.moves_played(), 0) << mode;
    EXPECT_TRUE(replay(record).ok()) << mode;
  }
  ExternalBot missing({"/nonexistent/engine"}, 0);
  EXPECT_TRUE(replay(play(missing, RuleSet{}, 3)).ok());
  EXPECT_NE(missing.failure().find("cannot start"), std::string::npos) << missing.failure();
}

TEST(ExternalBot, HostsChooseWhichProgramsMayBeSeated) {
  EXPECT_FALSE(make_any_bot("cmd:python3", 0, BotSources{}).ok());
  EXPECT_TRUE(make_any_bot("cmd:python3 x.py", 0, BotSources{true, {}, 0}).ok());
  EXPECT_TRUE(make_any_bot("cmd:ms=200:python3 x.py", 0, BotSources{true, {}, 0}).ok());
  EXPECT_FALSE(make_any_bot("cmd:ms=0:python3", 0, BotSources{true, {}, 0}).ok());
  EXPECT_FALSE(make_any_bot("cmd:", 0, BotSources{true, {}, 0}).ok());
  BotSources server;
  server.engines["tiny"] = "python3 tiny.py";
  EXPECT_TRUE(make_any_bot("engine:tiny", 0, server).ok());
  auto unknown = make_any_bot("engine:huge", 0, server);
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().message.find("known: tiny"), std::string::npos);
  EXPECT_FALSE(make_any_bot("cmd:python3", 0, server).ok());
  EXPECT_TRUE(make_any_bot("mcts:playouts=10", 0, server).ok());
}

}  // namespace
}  // namespace carcassonne
