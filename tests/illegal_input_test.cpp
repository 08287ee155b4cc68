// Untrusted input: malformed records, garbage notation and illegal actions of every verb give the
// documented error code and a message, never a crash, and never change the game.
#include <gtest/gtest.h>

#include <memory>

#include "core/notation.h"
#include "record/record.h"

namespace carcassonne {
namespace {

GameState game_with_deck(std::vector<std::string> ids) {
  GameConfig config;
  config.players = 2;
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  return *GameState::create(config);
}

// Parses and applies `text`; expects failure with `code` and the state left unchanged.
void expect_rejected(GameState& state, const std::string& text, ErrorCode code) {
  const GameState before = state;
  auto move = parse_move(state, text);
  if (move.ok()) {
    auto applied = state.apply(*move);
    ASSERT_FALSE(applied.ok()) << "\"" << text << "\" was accepted";
    EXPECT_EQ(applied.error().code, code) << "\"" << text << "\": " << applied.error().message;
    EXPECT_FALSE(applied.error().message.empty());
  } else {
    EXPECT_EQ(move.error().code, code) << "\"" << text << "\": " << move.error().message;
    EXPECT_FALSE(move.error().message.empty());
  }
  EXPECT_TRUE(state == before) << "a rejected action changed the game";
}

// A record may give a long deck (up to kMaxDeckSize tiles). After a line of 701 cloisters (B:
// fields on every side) from 0,0 eastwards, the frontier is the 701 squares above the line, the
// 701 below and one at each end: 1,404 squares, where the next cloister fits in all four
// rotations, so 5,616 placements, more than a move list first has room for (4,096). The list
// grows; nothing overflows, and the count is exact.
TEST(IllegalInput, ALongDeckHasMorePlacementsThanAMoveListFirstHolds) {
  const TileType cloister = *find_tile_type("B");
  GameConfig config;
  config.start_tile = cloister;
  config.deck.assign(702, cloister);
  auto created = GameState::create(config);
  ASSERT_TRUE(created.ok());
  GameState state = *created;
  for (int x = 1; x <= 700; ++x) {
    ASSERT_TRUE(state.apply(Move::place(x, 0, 0)).ok()) << x;
    ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok()) << x;
  }
  auto moves = std::make_unique<MoveList>();
  state.legal_moves(*moves);
  EXPECT_EQ(moves->size(), 4 * (701 + 701 + 2));
  EXPECT_GT(moves->size(), MoveList::kInitialCapacity);
  EXPECT_FALSE(state.check(Move::place(350, -1, 3)).has_value());
  EXPECT_FALSE(state.check(Move::place(701, 0, 2)).has_value());
  EXPECT_TRUE(state.check(Move::place(350, -2, 0)).has_value());
}

TEST(IllegalInput, EveryVerbInThePlacementPhase) {
  GameState state = game_with_deck({"E", "U"});
  ASSERT_EQ(state.phase(), Phase::PlaceTile);
  // Verbs that belong to other phases or to Bridges, Castles and Bazaars (not in this game).
  for (const char* text : {"meeple N", "skip", "discard", "bridge 0,0 NS", "castle", "score",
                           "claim 0,0 N", "choose E", "bid 3", "pass", "buy", "sell"})
    expect_rejected(state, text, ErrorCode::WrongPhase);
  // Placement itself: occupied, not adjacent, diagonal only, mismatched edges.
  expect_rejected(state, "place 0,0 r0", ErrorCode::IllegalMove);
  expect_rejected(state, "place 5,5 r0", ErrorCode::IllegalMove);
  expect_rejected(state, "place 1,1 r0", ErrorCode::IllegalMove);   // diagonal to the start tile
  expect_rejected(state, "place 0,-1 r0", ErrorCode::IllegalMove);  // field meets D's city
  expect_rejected(state, "place 1,0 r0", ErrorCode::IllegalMove);   // field meets D's road
  EXPECT_TRUE(state.apply(*parse_move(state, "place 0,-1 r180")).ok());
}

TEST(IllegalInput, EveryVerbInTheFollowerPhase) {
  GameState state = game_with_deck({"E", "U"});
  ASSERT_TRUE(state.apply(*parse_move(state, "place 0,1 r180")).ok());  // cap faces south
  ASSERT_EQ(state.phase(), Phase::Follower);
  for (const char* text : {"place 1,0 r90", "discard", "bridge 0,1 EW", "castle", "score",
                           "claim 0,1 S", "choose U", "bid 0", "pass", "buy", "sell"})
    expect_rejected(state, text, ErrorCode::WrongPhase);
  expect_rejected(state, "meeple cloister", ErrorCode::IllegalMove);  // E has no cloister
  EXPECT_TRUE(state.apply(*parse_move(state, "meeple S")).ok());
}

TEST(IllegalInput, OccupiedFeatureAndEmptySupply) {
  GameState state = game_with_deck({"U", "U"});
  ASSERT_TRUE(state.apply(*parse_move(state, "place 1,0 r90")).ok());
  ASSERT_TRUE(state.apply(*parse_move(state, "meeple E")).ok());  // thief on D's road
  ASSERT_TRUE(state.apply(*parse_move(state, "place -1,0 r90")).ok());
  expect_rejected(state, "meeple W", ErrorCode::IllegalMove);  // same road, already occupied
  expect_rejected(state, "meeple E", ErrorCode::IllegalMove);
  EXPECT_TRUE(state.apply(*parse_move(state, "meeple NNW")).ok());  // the field is free
}

TEST(IllegalInput, OutOfRangeNumbers) {
  GameState state = game_with_deck({"E"});
  expect_rejected(state, "place 40000,0 r0", ErrorCode::BadNotation);
  expect_rejected(state, "place 0,-99999999999 r0", ErrorCode::BadNotation);
  expect_rejected(state, "place 0,1 r45", ErrorCode::BadNotation);
  expect_rejected(state, "place 0,1 r360", ErrorCode::BadNotation);
  expect_rejected(state, "place 32767,32767 r0", ErrorCode::IllegalMove);
  // A Move built directly (as a network layer might) with an impossible rotation or segment.
  Move bad = Move::place(0, 1, 0);
  bad.rotation = 7;
  EXPECT_EQ(state.check(bad)->code, ErrorCode::OutOfRange);
  ASSERT_TRUE(state.apply(Move::place(0, 1, 2)).ok());
  EXPECT_EQ(state.check(Move::meeple(9))->code, ErrorCode::OutOfRange);
  EXPECT_EQ(state.check(Move::meeple(200))->code, ErrorCode::OutOfRange);
}

TEST(IllegalInput, GarbageNotation) {
  GameState state = game_with_deck({"E"});
  for (const char* text : {"",
                           "   ",
                           "place",
                           "place 0,1",
                           "place 0,1 r0 extra",
                           "place a,b r0",
                           "place 0;1 r0",
                           "place +1,0 r0",
                           "PLACE 0,1 r0",
                           "hello",
                           "meeple",
                           "meeple XYZ",
                           "bid",
                           "bid -1",
                           "bid x",
                           "bid 1.5",
                           "skip now",
                           "bridge 0,0 NE",
                           "claim 0,0",
                           "\x01\xff\xfe"})
    expect_rejected(state, text, ErrorCode::BadNotation);
  expect_rejected(state, "choose NOPE", ErrorCode::UnknownTile);
}

// One spelling per action: numbers without leading zeros or "-0", words separated by single
// spaces. The spellings a lenient reader would take are refused, and the canonical one is taken.
TEST(IllegalInput, OnlyTheCanonicalSpellingIsNotation) {
  GameState state = game_with_deck({"E"});
  for (const char* text :
       {"place 00,1 r0", "place 0,01 r0", "place -0,1 r0", "place 0,-01 r180", "place 0,1  r0",
        " place 0,1 r0", "place 0,1 r0 ", "place\t0,1 r0", "place 0,1 r090", "place 0 ,1 r0"})
    expect_rejected(state, text, ErrorCode::BadNotation);
  EXPECT_TRUE(parse_move(state, "place 0,-1 r180").ok());
  ASSERT_TRUE(state.apply(*parse_move(state, "place 0,1 r180")).ok());
  for (const char* text : {"meeple  N", "skip ", " skip"})
    expect_rejected(state, text, ErrorCode::BadNotation);
}

TEST(IllegalInput, WrongPlayer) {
  GameState state = game_with_deck({"E", "E"});
  const GameState before = state;
  auto result = state.apply_as(1, Move::place(0, -1, 2));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, ErrorCode::NotYourTurn);
  EXPECT_TRUE(state == before);
  EXPECT_TRUE(state.apply_as(0, Move::place(0, -1, 2)).ok());
  EXPECT_EQ(state.check_as(1, Move::simple(MoveKind::Skip))->code, ErrorCode::NotYourTurn);
}

TEST(IllegalInput, AfterTheGameIsOver) {
  GameState state = game_with_deck({"E"});
  ASSERT_TRUE(state.apply(Move::place(0, -1, 2)).ok());
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  ASSERT_TRUE(state.over());
  for (const char* text : {"place 0,1 r0", "skip", "meeple N"}) {
    auto move = parse_move(state, text);
    if (move.ok()) {
      EXPECT_EQ(state.check(*move)->code, ErrorCode::GameOver) << text;
    }
  }
  MoveList moves;
  state.legal_moves(moves);
  EXPECT_TRUE(moves.empty());
}

// ---- Bridges, Castles and Bazaars ----

GameState bcb_game(std::vector<std::string> ids, const std::string& start = "D") {
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::BridgesCastlesBazaars);
  config.start_tile = *find_tile_type(start);
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  return *GameState::create(config);
}

TEST(IllegalInput, BridgeDecisions) {
  // U r0 at 1,0 puts U's west field against D's road: only "bridge 1,0 EW" may follow.
  GameState state = bcb_game({"U", "U"});
  ASSERT_TRUE(state.apply(*parse_move(state, "place 1,0 r0")).ok());
  ASSERT_TRUE(state.bridge_required());
  expect_rejected(state, "skip", ErrorCode::IllegalMove);
  expect_rejected(state, "meeple N", ErrorCode::IllegalMove);
  expect_rejected(state, "bridge 1,0 NS", ErrorCode::IllegalMove);  // ends on the road
  expect_rejected(state, "bridge 0,0 EW", ErrorCode::IllegalMove);  // D: ends on its road
  expect_rejected(state, "bridge 0,0 NS", ErrorCode::IllegalMove);  // D: north end on the city
  expect_rejected(state, "bridge 5,5 NS", ErrorCode::IllegalMove);  // far away
  expect_rejected(state, "bridge 2,0 NS", ErrorCode::IllegalMove);  // no tile there
  expect_rejected(state, "place 2,0 r90", ErrorCode::WrongPhase);
  expect_rejected(state, "discard", ErrorCode::WrongPhase);
  EXPECT_TRUE(state.apply(*parse_move(state, "bridge 1,0 EW")).ok());
  expect_rejected(state, "bridge 1,0 EW", ErrorCode::IllegalMove);  // one bridge a turn
  EXPECT_TRUE(state.apply(*parse_move(state, "meeple W")).ok());    // on the new bridge
  EXPECT_EQ(state.bridges_in_supply(0), 2);
  // Discard is refused while the tile has a placement without a bridge.
  expect_rejected(state, "discard", ErrorCode::IllegalMove);
}

TEST(IllegalInput, CastleDecisionBelongsToTheOwner) {
  // E r180 at 0,-1 closes the small city of D's cap and E's cap; player 0's knight is in it.
  GameState state = bcb_game({"E", "E"});
  ASSERT_TRUE(state.apply(*parse_move(state, "place 0,-1 r180")).ok());
  ASSERT_TRUE(state.apply(*parse_move(state, "meeple S")).ok());
  ASSERT_EQ(state.phase(), Phase::CastleChoice);
  ASSERT_EQ(state.pending().player, 0);
  EXPECT_EQ(state.check_as(1, Move::simple(MoveKind::Castle))->code, ErrorCode::NotYourTurn);
  for (const char* text : {"place 0,1 r90", "skip", "meeple N", "bridge 0,0 NS", "claim 0,0 N",
                           "choose E", "bid 1", "pass", "buy", "sell", "discard"})
    expect_rejected(state, text, ErrorCode::WrongPhase);
  EXPECT_TRUE(state.apply_as(0, Move::simple(MoveKind::Castle)).ok());
  EXPECT_EQ(state.castles_in_supply(0), 2);
  EXPECT_EQ(state.phase(), Phase::PlaceTile);
  EXPECT_EQ(state.pending().player, 1);
}

TEST(IllegalInput, AuctionDecisions) {
  // A bazaar tile (BCB-A, fields all round) placed by player 0 with 2 tiles left: player 1 is
  // the first auctioneer of the revealed E and U.
  GameState state = bcb_game({"BCB-A", "E", "U"});
  ASSERT_TRUE(state.apply(*parse_move(state, "place 0,1 r0")).ok());
  ASSERT_TRUE(state.apply(*parse_move(state, "skip")).ok());
  ASSERT_EQ(state.phase(), Phase::AuctionChoose);
  ASSERT_EQ(state.pending().player, 1);
  EXPECT_EQ(state.check_as(0, Move::choose(*find_tile_type("E")))->code, ErrorCode::NotYourTurn);
  expect_rejected(state, "choose X", ErrorCode::IllegalMove);  // not revealed
  for (const char* text : {"bid 3", "pass", "buy", "sell", "place 0,2 r0", "skip", "castle"})
    expect_rejected(state, text, ErrorCode::WrongPhase);
  ASSERT_TRUE(state.apply(*parse_move(state, "choose E")).ok());
  expect_rejected(state, "pass", ErrorCode::IllegalMove);  // the auctioneer must open
  expect_rejected(state, "bid 101", ErrorCode::OutOfRange);
  expect_rejected(state, "buy", ErrorCode::WrongPhase);
  ASSERT_TRUE(state.apply(*parse_move(state, "bid 2")).ok());
  ASSERT_EQ(state.pending().player, 0);
  expect_rejected(state, "bid 2", ErrorCode::IllegalMove);  // not higher than 2
  expect_rejected(state, "bid 1", ErrorCode::IllegalMove);
  ASSERT_TRUE(state.apply(*parse_move(state, "bid 3")).ok());
  ASSERT_EQ(state.phase(), Phase::AuctionDecide);
  ASSERT_EQ(state.pending().player, 1);
  expect_rejected(state, "bid 4", ErrorCode::WrongPhase);
  ASSERT_TRUE(state.apply(*parse_move(state, "sell")).ok());
  // Player 1 sold E to player 0 for 3; U goes to player 1 for free; the round starts with 1.
  EXPECT_EQ(state.score(0), -3);
  EXPECT_EQ(state.score(1), 3);
  EXPECT_EQ(state.phase(), Phase::PlaceTile);
  EXPECT_EQ(state.pending().player, 1);
  EXPECT_EQ(state.tile_in_hand(), *find_tile_type("U"));
}

// ---- Records ----

void expect_record_error(const std::string& json, ErrorCode code, const std::string& phrase) {
  auto record = parse_record(json);
  if (record.ok()) {
    auto state = replay(*record);
    ASSERT_FALSE(state.ok()) << json;
    EXPECT_EQ(state.error().code, code) << state.error().message;
    EXPECT_NE(state.error().message.find(phrase), std::string::npos) << state.error().message;
    return;
  }
  EXPECT_EQ(record.error().code, code) << record.error().message;
  EXPECT_NE(record.error().message.find(phrase), std::string::npos) << record.error().message;
}

TEST(IllegalInput, MalformedRecords) {
  expect_record_error("", ErrorCode::BadRecord, "JSON");
  expect_record_error("{", ErrorCode::BadRecord, "JSON");
  expect_record_error("[]", ErrorCode::BadRecord, "object");
  expect_record_error("{}", ErrorCode::BadRecord, "players");
  expect_record_error(R"({"players":"Ann"})", ErrorCode::BadRecord, "players");
  expect_record_error(R"({"players":["Ann"]})", ErrorCode::BadPlayerCount, "2 to 6");
  expect_record_error(R"({"players":["a","b","c","d","e","f","g"]})", ErrorCode::BadPlayerCount,
                      "2 to 6");
  expect_record_error(R"({"players":["a",3]})", ErrorCode::BadRecord, "string");
  expect_record_error(R"({"players":["a","b"],"colour":1})", ErrorCode::BadRecord, "colour");
  expect_record_error(R"({"players":["a","b"],"expansions":["river"]})",
                      ErrorCode::UnknownExpansion, "river");
  expect_record_error(R"({"players":["a","b"],"expansions":"bcb"})", ErrorCode::BadRecord,
                      "expansions");
  expect_record_error(R"({"players":["a","b"],"rules":{"bazaar":"silent"}})",
                      ErrorCode::BadRuleOption, "silent");
  expect_record_error(R"({"players":["a","b"],"rules":{"dragon":"on"}})", ErrorCode::BadRuleOption,
                      "dragon");
  expect_record_error(R"({"players":["a","b"],"start":"Z"})", ErrorCode::UnknownTile, "Z");
  expect_record_error(R"({"players":["a","b"],"deck":["E","Q7"]})", ErrorCode::UnknownTile, "Q7");
  expect_record_error(R"({"players":["a","b"],"deck":"E"})", ErrorCode::BadRecord, "deck");
  expect_record_error(R"({"players":["a","b"],"seed":-4})", ErrorCode::BadRecord, "seed");
  expect_record_error(R"({"players":["a","b"],"seed":"7"})", ErrorCode::BadRecord, "seed");
  expect_record_error(R"({"players":["a","b"],"actions":[1]})", ErrorCode::BadRecord, "actions");
  expect_record_error(R"({"players":["a","b"],"actions":"skip"})", ErrorCode::BadRecord, "actions");
  // Illegal actions name their 0-based index and the reason.
  expect_record_error(R"({"players":["a","b"],"deck":["E","E"],
                          "actions":["place 0,-1 r180","skip","place 0,-2 r180"]})",
                      ErrorCode::IllegalMove, "action 2 \"place 0,-2 r180\"");
  expect_record_error(R"({"players":["a","b"],"deck":["E"],"actions":["skip"]})",
                      ErrorCode::WrongPhase, "action 0");
  expect_record_error(
      R"({"players":["a","b"],"deck":["E"],"actions":["place 0,-1 r180","skip","skip"]})",
      ErrorCode::GameOver, "action 2");
}

TEST(IllegalInput, RecordRoundTripAndDefaults) {
  auto record = parse_record(R"({"players":["Ann","Bob","Cid"],"deck":["E","U"],"seed":7,
                                  "actions":["place 0,-1 r180","meeple N"]})");
  ASSERT_TRUE(record.ok()) << record.error().message;
  EXPECT_EQ(record->start_tile, *find_tile_type("D"));
  EXPECT_EQ(record->rules, RuleSet{});
  auto again = parse_record(write_record(*record));
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(*again == *record);
}

// ---- Inns & Cathedrals: the large follower ----

TEST(IllegalInput, LargeFollowerDecisions) {
  // Without the expansion nobody has a large follower: the action is refused with a reason.
  GameState base = game_with_deck({"U", "U", "U"});
  ASSERT_TRUE(base.apply(Move::place(1, 0, 1)).ok());
  expect_rejected(base, "large E", ErrorCode::WrongPhase);
  EXPECT_NE(base.check(Move::large(0))->message.find("follower"), std::string::npos);

  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::InnsCathedrals);
  for (const char* id : {"U", "U", "U"}) config.deck.push_back(*find_tile_type(id));
  GameState state = *GameState::create(config);
  expect_rejected(state, "large N", ErrorCode::WrongPhase);  // the tile is not placed yet
  ASSERT_TRUE(state.apply(Move::place(1, 0, 1)).ok());
  for (const char* text : {"large", "large E W", "large 1,0", "large XYZ", "large 1;0 E"})
    expect_rejected(state, text, ErrorCode::BadNotation);
  expect_rejected(state, "large 5,5 E", ErrorCode::IllegalMove);  // not the tile just placed
  expect_rejected(state, "large cloister", ErrorCode::IllegalMove);
  EXPECT_EQ(state.check(Move::large(9))->code, ErrorCode::OutOfRange);
  ASSERT_TRUE(state.apply(*parse_move(state, "large 1,0 E")).ok());  // the long form is accepted
  // Player 1 continues the road: it is occupied, for the large follower too.
  ASSERT_TRUE(state.apply(Move::place(2, 0, 1)).ok());
  expect_rejected(state, "large W", ErrorCode::IllegalMove);
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  // Player 0 has no large follower left.
  ASSERT_TRUE(state.apply(Move::place(3, 0, 1)).ok());
  expect_rejected(state, "large NNW", ErrorCode::IllegalMove);
  EXPECT_NE(state.check(Move::large(1))->message.find("left"), std::string::npos);
}

// ---- Traders & Builders: the builder and the pig ----

TEST(IllegalInput, BuilderAndPigDecisions) {
  // Without the expansion nobody has a builder or a pig.
  GameState base = game_with_deck({"U", "U", "U"});
  ASSERT_TRUE(base.apply(Move::place(1, 0, 1)).ok());
  expect_rejected(base, "builder E", ErrorCode::WrongPhase);
  expect_rejected(base, "pig NNE", ErrorCode::WrongPhase);

  // U tiles east of D at r90: one east-west road with a north and a south field.
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::TradersBuilders);
  for (int i = 0; i < 8; ++i) config.deck.push_back(*find_tile_type("U"));
  GameState state = *GameState::create(config);
  expect_rejected(state, "builder E", ErrorCode::WrongPhase);  // the tile is not placed yet
  ASSERT_TRUE(state.apply(Move::place(1, 0, 1)).ok());
  for (const char* text : {"builder", "builder E W", "pig 1,0", "pig XYZ", "builder 1;0 E"})
    expect_rejected(state, text, ErrorCode::BadNotation);
  expect_rejected(state, "builder 5,5 E", ErrorCode::IllegalMove);  // not the tile just placed
  // A builder without the player's follower on the road, a pig without his farmer.
  expect_rejected(state, "builder E", ErrorCode::IllegalMove);
  EXPECT_NE(state.check(Move::deploy(MoveKind::Builder, 0))->message.find("follower"),
            std::string::npos);
  EXPECT_FALSE(state.can_deploy(0, FigureKind::Builder));  // the road is U's segment 0
  EXPECT_TRUE(state.can_deploy(0, FigureKind::Follower));
  expect_rejected(state, "pig NNE", ErrorCode::IllegalMove);
  EXPECT_NE(state.check(*parse_move(state, "pig NNE"))->message.find("farmer"), std::string::npos);
  // Never a builder on a field, never a pig on a road.
  expect_rejected(state, "builder NNE", ErrorCode::IllegalMove);
  EXPECT_NE(state.check(*parse_move(state, "builder NNE"))->message.find("field"),
            std::string::npos);
  expect_rejected(state, "pig E", ErrorCode::IllegalMove);
  EXPECT_EQ(state.check(Move::deploy(MoveKind::Pig, 9))->code, ErrorCode::OutOfRange);
  ASSERT_TRUE(state.apply(*parse_move(state, "meeple E")).ok());
  // Player 1 extends player 0's road: his own builder needs his own follower there.
  ASSERT_TRUE(state.apply(Move::place(2, 0, 1)).ok());
  expect_rejected(state, "builder W", ErrorCode::IllegalMove);
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  ASSERT_TRUE(state.apply(Move::place(3, 0, 1)).ok());
  EXPECT_TRUE(state.can_deploy(0, FigureKind::Builder));
  EXPECT_FALSE(state.can_deploy(0, FigureKind::Follower));  // his own follower holds the road
  ASSERT_TRUE(state.apply(*parse_move(state, "builder 3,0 E")).ok());  // the long form
  ASSERT_TRUE(state.apply(Move::place(4, 0, 1)).ok());
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  // Player 0's builder stands on the board: none left to deploy.
  ASSERT_TRUE(state.apply(Move::place(5, 0, 1)).ok());
  expect_rejected(state, "builder E", ErrorCode::IllegalMove);
  EXPECT_NE(state.check(Move::deploy(MoveKind::Builder, 0))->message.find("left"),
            std::string::npos);
  // The tile extended his builder's road: his second part follows; it earns no third, though
  // its tile extends the road again.
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  EXPECT_EQ(state.turn_player(), 0);
  EXPECT_EQ(state.turn_part(), PartKind::Second);
  ASSERT_TRUE(state.apply(Move::place(6, 0, 1)).ok());
  ASSERT_TRUE(state.apply(Move::simple(MoveKind::Skip)).ok());
  EXPECT_EQ(state.turn_player(), 1);
  EXPECT_EQ(state.turn_part(), PartKind::Normal);
}

TEST(IllegalInput, BuilderBazaarOptionNeedsBothExpansions) {
  RuleSet tb_only;
  tb_only.add(Expansion::TradersBuilders);
  EXPECT_FALSE(set_rule_option(tb_only, "builder-bazaar", "builder-first").ok());
  EXPECT_TRUE(set_rule_option(tb_only, "builder-bazaar", "bazaar-first").ok());  // the default
  RuleSet both = tb_only;
  both.add(Expansion::BridgesCastlesBazaars);
  EXPECT_TRUE(set_rule_option(both, "builder-bazaar", "builder-first").ok());
  EXPECT_EQ(both.builder_bazaar(), BuilderBazaarRule::BuilderFirst);
  const auto wrong = set_rule_option(both, "builder-bazaar", "builder-last");
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message.find("bazaar-first"), std::string::npos);
}

// Princess & Dragon: a game of the expansion with a fixed deck, actions applied from notation.
GameState pd_game(std::vector<std::string> ids, const std::vector<std::string>& actions) {
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::PrincessDragon);
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  GameState state = *GameState::create(config);
  for (const std::string& text : actions) {
    auto move = parse_move(state, text);
    EXPECT_TRUE(move.ok()) << text;
    if (!move.ok()) break;
    EXPECT_TRUE(state.apply(*move).ok()) << text;
  }
  return state;
}

TEST(IllegalInput, PrincessDragonOptionsNeedTheExpansion) {
  RuleSet base;
  for (const char* option : {"dragon", "fairy", "princess"}) {
    const std::string variant = std::string(option) == "dragon"  ? "before-scoring"
                                : std::string(option) == "fairy" ? "next-to-follower"
                                                                 : "may";
    EXPECT_FALSE(set_rule_option(base, option, variant).ok()) << option;
    RuleSet pd;
    pd.add(Expansion::PrincessDragon);
    EXPECT_TRUE(set_rule_option(pd, option, variant).ok()) << option;
  }
  RuleSet pd;
  pd.add(Expansion::PrincessDragon);
  EXPECT_EQ(pd.dragon(), DragonRule::AfterScoring);
  EXPECT_EQ(pd.fairy(), FairyRule::OnTile);
  EXPECT_EQ(pd.princess(), PrincessRule::Must);
}

TEST(IllegalInput, NoFigureOnAVolcano) {
  // PD-H (dragon) is set aside; PD-2, a volcano, goes below D and the dragon lands on it.
  GameState state = pd_game({"PD-H", "PD-2", "U"}, {"place 0,1 r0"});
  ASSERT_EQ(state.phase(), Phase::Follower);
  for (const char* text : {"meeple NNW", "meeple N", "meeple 0,1 S"})
    expect_rejected(state, text, ErrorCode::IllegalMove);
  expect_rejected(state, "fairy 0,1", ErrorCode::IllegalMove);  // no follower there; the dragon
  expect_rejected(state, "dragon 0,0", ErrorCode::WrongPhase);  // no journey now
  EXPECT_TRUE(state.apply(*parse_move(state, "skip")).ok());
}

TEST(IllegalInput, DragonStepsNeverRevisitNorEnterTheFairy) {
  // As CliTest.ReplayReportsTheDragonAndTheFairy: the journey starts at the volcano 0,1 with the
  // fairy on 1,0; Bob steps to 0,0, then Ann may go only to -1,0.
  GameState state =
      pd_game({"PD-H", "PD-2", "U", "V"}, {"place 0,1 r0", "skip", "place 1,0 r90", "meeple E",
                                           "place 2,0 r0", "skip", "place -1,0 r90", "fairy 1,0"});
  ASSERT_EQ(state.phase(), Phase::DragonMove);
  ASSERT_EQ(state.current_player(), 1);
  expect_rejected(state, "dragon 1,1", ErrorCode::IllegalMove);  // no tile there
  expect_rejected(state, "dragon 1,0", ErrorCode::IllegalMove);  // diagonal from 0,1
  expect_rejected(state, "dragon 0,1", ErrorCode::IllegalMove);  // its start counts as visited
  expect_rejected(state, "meeple N", ErrorCode::WrongPhase);
  expect_rejected(state, "dragon", ErrorCode::BadNotation);
  expect_rejected(state, "dragon 0,0 N", ErrorCode::BadNotation);
  ASSERT_TRUE(state.apply(*parse_move(state, "dragon 0,0")).ok());
  ASSERT_EQ(state.current_player(), 0);
  expect_rejected(state, "dragon 1,0", ErrorCode::IllegalMove);    // the fairy's tile
  expect_rejected(state, "dragon 0,1", ErrorCode::IllegalMove);    // visited
  expect_rejected(state, "dragon -1,-1", ErrorCode::IllegalMove);  // diagonal
  auto wrong_player = state.apply_as(1, *parse_move(state, "dragon -1,0"));
  EXPECT_FALSE(wrong_player.ok());
  EXPECT_TRUE(state.apply(*parse_move(state, "dragon -1,0")).ok());
  EXPECT_TRUE(state.over());  // a dead end, and the deck is empty
}

TEST(IllegalInput, NothingButThePrincessWhenSheMust) {
  // Ann's N at 0,-1 r90 (city S and E) joins D's cap; her knight on it. Bob's PD-B at 1,-1 joins
  // its princess city to that city: under "must" only `princess 0,-1 E` is legal (the notation
  // writes a city by its first side, N E S W).
  GameState state = pd_game({"N", "PD-B", "U"}, {"place 0,-1 r90", "meeple S", "place 1,-1 r0"});
  ASSERT_EQ(state.phase(), Phase::Follower);
  MoveList moves;
  state.legal_moves(moves);
  ASSERT_EQ(moves.size(), 1);
  EXPECT_EQ(format_move(state, moves[0]), "princess 0,-1 E");
  for (const char* text : {"skip", "meeple SSE", "meeple W", "fairy 0,-1"})
    expect_rejected(state, text, ErrorCode::IllegalMove);
  expect_rejected(state, "princess 0,0 S", ErrorCode::IllegalMove);  // no knight there
  expect_rejected(state, "princess 0,-1", ErrorCode::BadNotation);
  // Any location of the knight's segment names it.
  ASSERT_TRUE(state.apply(*parse_move(state, "princess 0,-1 S")).ok());
  EXPECT_EQ(state.followers_in_supply(0), 7);
  // The figure action is taken: no figure follows on this tile.
  EXPECT_EQ(state.phase(), Phase::PlaceTile);
  expect_rejected(state, "meeple SSE", ErrorCode::WrongPhase);
}

TEST(IllegalInput, PortalDeploymentsOnlyOntoOpenUnfinishedFeatures) {
  // PD-R (portal) at 1,0 continues D's road; the portal opens any other tile's free features.
  GameState state = pd_game({"PD-R", "E", "U"}, {"place 1,0 r0"});
  expect_rejected(state, "meeple 5,5 N", ErrorCode::IllegalMove);         // no tile there
  expect_rejected(state, "meeple 0,0 cloister", ErrorCode::IllegalMove);  // nothing there
  ASSERT_TRUE(state.apply(*parse_move(state, "meeple 0,0 N")).ok());
  // Bob's E at 0,-1 r180 completes that city (Ann scores it); then U, no portal: only the tile
  // just placed.
  ASSERT_TRUE(state.apply(*parse_move(state, "place 0,-1 r180")).ok());
  expect_rejected(state, "meeple 1,0 E", ErrorCode::IllegalMove);
}

// Abbey & Mayor: a game of the expansion with a fixed deck, actions applied from notation.
GameState am_game(std::vector<std::string> ids, const std::vector<std::string>& actions) {
  GameConfig config;
  config.players = 2;
  config.rules.add(Expansion::AbbeyMayor);
  for (const std::string& id : ids) config.deck.push_back(*find_tile_type(id));
  GameState state = *GameState::create(config);
  for (const std::string& text : actions) {
    auto move = parse_move(state, text);
    EXPECT_TRUE(move.ok()) << text;
    if (!move.ok()) break;
    auto applied = state.apply(*move);
    EXPECT_TRUE(applied.ok()) << text << ": " << (applied.ok() ? "" : applied.error().message);
    if (!applied.ok()) break;
  }
  return state;
}

// Like expect_rejected, for actions the contract refuses without fixing which of the two codes
// (a verb of another decision: not now, or not in this phase).
void expect_refused(GameState& state, const std::string& text) {
  const GameState before = state;
  auto move = parse_move(state, text);
  if (move.ok()) {
    auto applied = state.apply(*move);
    ASSERT_FALSE(applied.ok()) << "\"" << text << "\" was accepted";
    EXPECT_TRUE(applied.error().code == ErrorCode::IllegalMove ||
                applied.error().code == ErrorCode::WrongPhase)
        << "\"" << text << "\": " << applied.error().message;
    EXPECT_FALSE(applied.error().message.empty());
  } else {
    EXPECT_TRUE(move.error().code == ErrorCode::IllegalMove ||
                move.error().code == ErrorCode::WrongPhase)
        << "\"" << text << "\": " << move.error().message;
  }
  EXPECT_TRUE(state == before) << "a rejected action changed the game";
}

TEST(IllegalInput, AbbeyMayorOptionNeedsTheExpansion) {
  RuleSet base;
  EXPECT_FALSE(set_rule_option(base, "wagon", "nearby").ok());
  RuleSet am;
  am.add(Expansion::AbbeyMayor);
  EXPECT_EQ(am.wagon(), WagonRule::Connected);
  EXPECT_TRUE(set_rule_option(am, "wagon", "nearby").ok());
  EXPECT_EQ(am.wagon(), WagonRule::Nearby);
  const auto wrong = set_rule_option(am, "wagon", "far");
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().code, ErrorCode::BadRuleOption);
  EXPECT_NE(wrong.error().message.find("connected"), std::string::npos);
  expect_record_error(R"({"players":["a","b"],"rules":{"wagon":"nearby"}})",
                      ErrorCode::BadRuleOption, "wagon");
}

TEST(IllegalInput, AbbeyMayorNotationErrors) {
  // Parse errors, whatever the game: malformed corners, squares and locations.
  GameState state = am_game({"E", "U"}, {"place 0,-1 r180"});
  ASSERT_EQ(state.phase(), Phase::Follower);
  for (const char* text :
       {"barn", "barn N", "barn XX", "barn 0,-1 NW SE", "abbey", "abbey 0,1 N", "abbey north",
        "move 0,0", "move 0,0 N E", "move x,y N", "mayor", "mayor 0,-1", "wagon", "wagon sideways"})
    expect_rejected(state, text, ErrorCode::BadNotation);
  expect_rejected(state, "move 9,9 N", ErrorCode::IllegalMove);         // no tile there
  expect_rejected(state, "move 0,0 cloister", ErrorCode::IllegalMove);  // D has no cloister
  expect_rejected(state, "barn 0,0 NW", ErrorCode::IllegalMove);        // not the tile just placed
}

TEST(IllegalInput, AbbeyMayorFiguresNeedTheExpansion) {
  // The base game: no mayor, wagon, barn or abbey; refused with a reason, as the large follower
  // and the builder are without their expansions (contract: a figure action of a figure the
  // player has not got, or of an expansion not in play, is illegal).
  GameState state = game_with_deck({"E", "U"});
  ASSERT_TRUE(state.apply(*parse_move(state, "place 0,-1 r180")).ok());
  for (const char* text : {"mayor S", "wagon S", "barn NW"})
    expect_rejected(state, text, ErrorCode::WrongPhase);
  for (const char* text : {"abbey 0,1", "draw", "move 0,0 N"}) expect_refused(state, text);
  EXPECT_TRUE(state.apply(*parse_move(state, "meeple S")).ok());
}

TEST(IllegalInput, AbbeyMayorFigureStep) {
  // E r180 at 0,-1 closes D's city: no figure on the field but a follower; no barn (corners
  // incomplete); after the mayor is out, no second mayor.
  GameState state = am_game({"E", "U", "F", "U"}, {"place 0,-1 r180"});
  ASSERT_EQ(state.phase(), Phase::Follower);
  for (const char* text : {"mayor NNW", "wagon NNW", "barn NW", "barn SE"})
    expect_rejected(state, text, ErrorCode::IllegalMove);
  expect_refused(state, "mayor 0,0 N");  // another tile without a portal
  for (const char* text : {"abbey 0,1", "draw", "move 0,0 N", "place 1,0 r90"})
    expect_refused(state, text);
  ASSERT_TRUE(state.apply(*parse_move(state, "mayor S")).ok());  // 0 pennants: nobody scores
  EXPECT_EQ(state.score(0), 0);
}

TEST(IllegalInput, AbbeyDecisionAcceptsOnlyAHoleOrDraw) {
  // Six tiles leave the hole 0,1 below D (scenario_am_test's kHole); Red is asked.
  GameState state =
      am_game({"U", "U", "B", "B", "B", "B", "B", "B"},
              {"place -1,0 r90", "skip", "place 1,0 r90", "skip", "place -1,1 r0", "skip",
               "place 1,1 r0", "skip", "place 1,2 r0", "skip", "place 0,2 r0", "skip"});
  ASSERT_EQ(state.current_player(), 0);
  expect_rejected(state, "abbey -1,2", ErrorCode::IllegalMove);  // two sides only
  expect_rejected(state, "abbey 0,0", ErrorCode::IllegalMove);   // occupied
  expect_rejected(state, "abbey 7,7", ErrorCode::IllegalMove);   // nowhere near
  for (const char* text : {"place -1,2 r0", "skip", "meeple N", "pass", "move 0,0 N"})
    expect_refused(state, text);
  auto wrong_player = state.apply_as(1, *parse_move(state, "abbey 0,1"));
  EXPECT_FALSE(wrong_player.ok());
  ASSERT_TRUE(state.apply(*parse_move(state, "draw")).ok());
  expect_refused(state, "draw");  // once per turn part
  expect_refused(state, "abbey 0,1");
  EXPECT_TRUE(state.apply(*parse_move(state, "place -1,2 r0")).ok());
}

TEST(IllegalInput, WagonMoveOnlyToADestination) {
  // scenario_am_test's EX-AM6: Blue's wagon on the road W-D-U-A, closed by Red's A; Blue may
  // move to 2,0 cloister or -1,0 S, or pass.
  GameState state = am_game({"W", "U", "A"}, {"place -1,0 r0", "meeple W", "place 1,0 r90",
                                              "wagon E", "place 2,0 r90", "skip"});
  ASSERT_EQ(state.current_player(), 1);
  expect_rejected(state, "move -1,0 W", ErrorCode::IllegalMove);   // Red's follower there
  expect_rejected(state, "move 0,0 E", ErrorCode::IllegalMove);    // the scored road itself
  expect_rejected(state, "move 0,0 N", ErrorCode::IllegalMove);    // D's city: not touching
  expect_rejected(state, "move 1,0 NNW", ErrorCode::IllegalMove);  // a field
  for (const char* text : {"skip", "meeple E", "draw", "place 3,0 r0"}) expect_refused(state, text);
  auto wrong_player = state.apply_as(0, *parse_move(state, "pass"));
  EXPECT_FALSE(wrong_player.ok());
  ASSERT_TRUE(state.apply(*parse_move(state, "move 2,0 cloister")).ok());
  EXPECT_TRUE(state.over());
}

}  // namespace
}  // namespace carcassonne
