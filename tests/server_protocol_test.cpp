// The game server's protocol (docs/PROTOCOL.md), tested end to end: a real server on a loopback
// port and WebSocket clients. Every refused request must name its problem with the documented
// error code and leave the game unchanged; no message may carry the hidden deck order.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/figures.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/random.h"
#include "core/rules.h"
#include "core/tiles.h"
#include "protocol_client.h"
#include "record/record.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/storage.h"

namespace carcassonne::testing {
namespace {

using server::GameService;
using server::HttpServer;
using server::Storage;

class ProtocolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto storage = Storage::open(":memory:");
    ASSERT_TRUE(storage.ok()) << storage.error().message;
    storage_ = std::move(storage.value());
    server::ServiceOptions options;
    options.bot_threads = 2;
    // These tests send requests faster than any player, all from 127.0.0.1; the budgets per
    // client have tests of their own (BudgetTest).
    options.requests = {};
    options.games_created = {};
    // The tiny external engine of the engine-protocol tests, seatable as "engine:tiny".
    options.engines.engines["tiny"] = std::string(CARCASSONNE_TEST_PYTHON) + " " +
                                      std::string(CARCASSONNE_SOURCE_DIR) +
                                      "/tests/engine/tiny_engine.py last";
    options.engines.engine_milliseconds = 200;
    service_ = std::make_unique<GameService>(*storage_, options);
    server::HttpServerOptions http;
    http.port = 0;
    http_ = std::make_unique<HttpServer>(http, *service_);
    auto port = http_->start();
    ASSERT_TRUE(port.ok()) << port.error().message;
    port_ = *port;
  }
  void TearDown() override {
    http_->stop();
    http_.reset();
    service_.reset();
  }

  std::unique_ptr<ProtocolClient> client() {
    auto c = std::make_unique<ProtocolClient>();
    EXPECT_TRUE(c->connect(port_));
    return c;
  }

  // A game with the given seats ("human" or a bot spec); returns the created reply.
  json create(ProtocolClient& c, const std::vector<std::string>& seats,
              json extra = json::object()) {
    json players = json::array();
    for (std::size_t s = 0; s < seats.size(); ++s) {
      json player = {{"name", "P" + std::to_string(s)}};
      if (seats[s] == "human") {
        player["seat"] = "human";
      } else {
        player["seat"] = "bot";
        player["bot"] = seats[s];
      }
      players.push_back(player);
    }
    json message = {{"type", "create"}, {"players", players}};
    message.update(extra);
    json reply = c.request(message);
    EXPECT_EQ(reply.value("type", ""), "created") << reply.dump();
    return reply;
  }

  static std::string token_of(const json& created, int seat) {
    for (const json& s : created["seats"])
      if (s["seat"] == seat) return s["token"].get<std::string>();
    return "";
  }

  // Joins and returns the full state that follows the joined reply.
  static json join(ProtocolClient& c, const std::string& game, const std::string& token = "") {
    json message = {{"type", "join"}, {"game", game}};
    if (!token.empty()) message["token"] = token;
    const json joined = c.request(message);
    EXPECT_EQ(joined.value("type", ""), "joined") << joined.dump();
    return c.wait_for([&](const json& m) { return m["type"] == "state" && m["game"] == game; });
  }

  // The game's last state, as a spectator who joins now sees it once the game is over.
  json wait_until_over(const std::string& game) {
    auto spectator = client();
    join(*spectator, game);
    return spectator->wait_for(
        [](const json& m) { return m["type"] == "state" && m["status"] == "over"; },
        std::chrono::milliseconds(60000));
  }

  // The game's current version, as a fresh spectator sees it.
  int version_of(const std::string& game) {
    auto spectator = client();
    return join(*spectator, game)["version"].get<int>();
  }

  static json expect_error(const json& reply, const std::string& code) {
    EXPECT_EQ(reply.value("type", ""), "error") << reply.dump();
    EXPECT_EQ(reply.value("code", ""), code) << reply.dump();
    EXPECT_FALSE(reply.value("message", "").empty()) << reply.dump();
    return reply;
  }

  std::unique_ptr<Storage> storage_;
  std::unique_ptr<GameService> service_;
  std::unique_ptr<HttpServer> http_;
  std::uint16_t port_ = 0;
};

TEST_F(ProtocolTest, WelcomesAndNegotiatesTheVersion) {
  auto c = client();
  const json hello = c->request({{"type", "hello"}, {"protocol", 2}});
  EXPECT_EQ(hello["type"], "welcome");
  EXPECT_EQ(hello["protocol"], 2);
  // Version 1 sent whole states only; its clients would misread updates.
  expect_error(c->request({{"type", "hello"}, {"protocol", 1}}), "unsupported_protocol");
  expect_error(c->request({{"type", "hello"}, {"protocol", 3}}), "unsupported_protocol");
  EXPECT_EQ(c->request({{"type", "ping"}})["type"], "pong");
}

TEST_F(ProtocolTest, CatalogueListsEveryTileType) {
  auto c = client();
  const json catalogue = c->request({{"type", "catalogue"}});
  ASSERT_EQ(catalogue["type"], "catalogue");
  EXPECT_EQ(catalogue["tiles"].size(), static_cast<std::size_t>(kTileTypeCount));
  EXPECT_EQ(catalogue["ports"].size(), 12u);
  const json& d = catalogue["tiles"][3];
  EXPECT_EQ(d["id"], "D");
  EXPECT_TRUE(d["start"].get<bool>());
  EXPECT_EQ(d["segments"][0]["kind"], "city");
  EXPECT_EQ(d["segments"][0]["ports"], json::array({"N"}));
}

TEST_F(ProtocolTest, CatalogueListsTheBotLevelsWeakestFirstAndCreateAcceptsThem) {
  auto c = client();
  const json catalogue = c->request({{"type", "catalogue"}});
  std::vector<std::string> names;
  for (const json& level : catalogue["bot_levels"]) {
    names.push_back(level["name"]);
    EXPECT_FALSE(level["title"].get<std::string>().empty());
    EXPECT_FALSE(level["summary"].get<std::string>().empty());
  }
  EXPECT_EQ(names,
            (std::vector<std::string>{"beginner", "intermediate", "advanced", "expert", "master"}));
  create(*c, {"human", "beginner", "intermediate", "advanced", "expert:ms=300"});
  expect_error(c->request({{"type", "create"},
                           {"players",
                            {{{"name", "A"}, {"seat", "human"}},
                             {{"name", "B"}, {"seat", "bot"}, {"bot", "expert:ms=60000"}}}}}),
               "bad_game_setup");
}

TEST_F(ProtocolTest, CatalogueListsTheRegistrysExpansionsOptionsAndFigures) {
  auto c = client();
  const json catalogue = c->request({{"type", "catalogue"}});
  ASSERT_EQ(catalogue["type"], "catalogue");
  const json& expansions = catalogue["expansions"];
  ASSERT_EQ(expansions.size(), kExpansionTable.size());
  for (std::size_t e = 0; e < kExpansionTable.size(); ++e) {
    const ExpansionInfo& info = kExpansionTable[e];
    EXPECT_EQ(expansions[e]["name"], std::string(info.name));
    EXPECT_EQ(expansions[e]["title"], std::string(info.title));
    EXPECT_EQ(expansions[e]["summary"], std::string(info.summary));
    EXPECT_EQ(expansions[e]["base"].get<bool>(), info.expansion == Expansion::Base);
    EXPECT_EQ(expansions[e]["mechanics"].size(),
              static_cast<std::size_t>(std::popcount(info.mechanics)));
  }
  const json& options = catalogue["options"];
  ASSERT_EQ(options.size(), kRuleOptionTable.size());
  for (std::size_t o = 0; o < kRuleOptionTable.size(); ++o) {
    const RuleOptionInfo& info = kRuleOptionTable[o];
    EXPECT_EQ(options[o]["name"], std::string(info.name));
    EXPECT_EQ(options[o]["summary"], std::string(info.summary));
    EXPECT_EQ(options[o]["default"], std::string(info.values[0]));
    ASSERT_EQ(options[o]["values"].size(), static_cast<std::size_t>(info.value_count));
    for (int v = 0; v < info.value_count; ++v) {
      EXPECT_EQ(options[o]["values"][v]["name"],
                std::string(info.values[static_cast<std::size_t>(v)]));
      EXPECT_EQ(options[o]["values"][v]["summary"],
                std::string(info.value_summaries[static_cast<std::size_t>(v)]));
    }
    std::size_t needed = 0;
    for (const ExpansionInfo& expansion : kExpansionTable)
      if (info.needs_expansions >> static_cast<int>(expansion.expansion) & 1u) ++needed;
    EXPECT_EQ(options[o]["expansions"].size(), needed);
  }
  ASSERT_EQ(catalogue["figures"].size(), static_cast<std::size_t>(kFigureKindCount));
  for (int f = 0; f < kFigureKindCount; ++f) {
    EXPECT_EQ(catalogue["figures"][f]["name"], std::string(kFigureTable[f].name));
    EXPECT_EQ(catalogue["figures"][f]["strength"], kFigureTable[f].strength);
  }
  // Every expansion, and every option value that applies to it, is accepted by `create`.
  for (const ExpansionInfo& info : kExpansionTable) {
    if (info.expansion == Expansion::Base) continue;
    RuleSet with_expansion;
    with_expansion.add(info.expansion);
    json rules = json::object();
    for (const RuleOptionInfo& option : kRuleOptionTable)
      if (rule_option_applies(with_expansion, option.option))
        rules[std::string(option.name)] = std::string(option.values[option.value_count - 1]);
    const json created = create(*c, {"human", "human"},
                                {{"expansions", {std::string(info.name)}}, {"rules", rules}});
    EXPECT_EQ(created["type"], "created");
  }
}

// The structured form of each legal action says what its text says.
void expect_structured_matches_text(const json& state) {
  ASSERT_TRUE(state.contains("actions")) << state.dump();
  const json& legal = state["legal"];
  const json& actions = state["actions"];
  ASSERT_EQ(actions.size(), legal.size());
  std::set<std::string> needs_bridge;
  for (const json& text : state["needs_bridge"]) needs_bridge.insert(text.get<std::string>());
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const std::string text = legal[i];
    const json& a = actions[i];
    EXPECT_EQ(a["action"], text);
    const std::string verb = a["verb"];
    EXPECT_EQ(text.substr(0, text.find(' ')), verb);
    const auto at = [&] {
      return std::to_string(a["x"].get<int>()) + "," + std::to_string(a["y"].get<int>());
    };
    if (verb == "place") {
      EXPECT_EQ(text, "place " + at() + " r" + std::to_string(90 * a["rotation"].get<int>()));
      EXPECT_EQ(a["needs_bridge"].get<bool>(), needs_bridge.count(text) == 1) << text;
    } else if (verb == "bridge") {
      EXPECT_EQ(text, "bridge " + at() + " " + a["axis"].get<std::string>());
    } else if ((verb == "meeple" || verb == "large" || verb == "mayor" || verb == "wagon") &&
               a.value("portal", false)) {
      // Through a magic portal, onto another tile (Princess & Dragon).
      EXPECT_EQ(a["figure"], verb);
      EXPECT_EQ(text, verb + " " + at() + " " + a["location"].get<std::string>());
    } else if (verb == "meeple" || verb == "large" || verb == "builder" || verb == "pig" ||
               verb == "mayor" || verb == "wagon") {
      EXPECT_EQ(a["figure"], verb);
      EXPECT_EQ(text, verb + " " + a["location"].get<std::string>());
      EXPECT_EQ(a["x"], state["last_placed"]["x"]);
      EXPECT_EQ(a["y"], state["last_placed"]["y"]);
      const std::set<std::string> kinds = {"city", "road", "field", "cloister", "bridge"};
      EXPECT_EQ(kinds.count(a["feature"].get<std::string>()), 1u) << a.dump();
    } else if (verb == "barn") {
      // Abbey & Mayor: a corner of the tile just placed.
      EXPECT_EQ(text, "barn " + a["corner"].get<std::string>());
      EXPECT_EQ(a["location"], a["corner"]);
      EXPECT_EQ(a["feature"], "field");
      EXPECT_EQ(a["x"], state["last_placed"]["x"]);
    } else if (verb == "abbey") {
      EXPECT_EQ(text, "abbey " + at());
    } else if (verb == "move") {
      EXPECT_EQ(text, "move " + at() + " " + a["location"].get<std::string>());
      EXPECT_EQ(a["figure"], "wagon");
      EXPECT_TRUE(a.contains("feature")) << a.dump();
    } else if (verb == "claim") {
      EXPECT_EQ(text, "claim " + at() + " " + a["location"].get<std::string>());
      EXPECT_TRUE(a.contains("feature")) << a.dump();
    } else if (verb == "choose") {
      EXPECT_EQ(text, "choose " + a["tile"].get<std::string>());
    } else if (verb == "bid") {
      EXPECT_EQ(text, "bid " + std::to_string(a["amount"].get<int>()));
    } else if (verb == "dragon") {
      EXPECT_EQ(text, "dragon " + at());
    } else if (verb == "fairy") {
      EXPECT_EQ(text, "fairy " + at() +
                          (a.contains("location") ? " " + a["location"].get<std::string>() : ""));
    } else if (verb == "princess") {
      EXPECT_EQ(text, "princess " + at() + " " + a["location"].get<std::string>());
      EXPECT_EQ(a["feature"], "city") << a.dump();
    } else {
      EXPECT_EQ(a.size(), 2u) << a.dump();  // action and verb only
    }
  }
}

// Traders & Builders with a fixed deck: Ann's follower and then her builder on a road; extending
// it earns her a second turn part ("part": "second"), in which she completes a city with grain.
TEST_F(ProtocolTest, TradersAndBuildersShowsFiguresGoodsAndTheSecondPart) {
  auto host = client();
  const json created =
      create(*host, {"human", "human"},
             {{"expansions", {"tb"}}, {"deck", {"U", "TB-G", "U", "U", "U", "E"}}});
  const std::string game = created["game"];
  auto player = client();
  join(*player, game, token_of(created, 0));
  json state = join(*player, game, token_of(created, 1));
  EXPECT_EQ(state["expansions"], json::array({"tb"}));
  EXPECT_EQ(state["part"], "normal");
  for (const json& p : state["players"]) {
    EXPECT_EQ(p["figures"], json({{"meeple", 7}, {"builder", 1}, {"pig", 1}}));
    EXPECT_EQ(p["goods"], json({{"wine", 0}, {"grain", 0}, {"cloth", 0}}));
    EXPECT_EQ(p["breakdown"]["goods"], 0);
  }
  const std::vector<std::pair<std::string, int>> script = {
      {"place 1,0 r90", 0}, {"meeple E", 0},  {"place 0,-1 r180", 1}, {"skip", 1},
      {"place 2,0 r90", 0}, {"builder E", 0}, {"place 0,1 r90", 1},   {"skip", 1},
      {"place 3,0 r90", 0}, {"skip", 0},      {"place 1,-1 r270", 0}, {"skip", 0}};
  std::vector<std::string> texts;
  int version = state["version"];
  for (const auto& [action, seat] : script) {
    expect_structured_matches_text(state);
    ASSERT_EQ(state["pending"]["seat"], seat) << action;
    if (action == "builder E" || action == "meeple E") {
      bool pig_offered = false;
      for (const json& a : state["actions"]) {
        if (a["action"] == action) {
          EXPECT_EQ(a["figure"], action.substr(0, action.find(' ')));
          EXPECT_EQ(a["feature"], "road");
          EXPECT_EQ(a["x"], state["last_placed"]["x"]);
        }
        if (a["verb"] == "pig") pig_offered = true;
      }
      EXPECT_FALSE(pig_offered) << "the pig needs a farmer of its owner";
    }
    if (action == "place 1,-1 r270") {
      EXPECT_EQ(state["part"], "second");
      EXPECT_EQ(state["turn_seat"], 0);
    }
    const json ack = player->request({{"type", "act"},
                                      {"game", game},
                                      {"seat", seat},
                                      {"action", action},
                                      {"version", version}});
    ASSERT_EQ(ack["type"], "ack") << ack.dump() << action;
    ++version;
    state = player->wait_for(
        [&](const json& m) { return m["type"] == "state" && m["version"] == version; });
    for (const json& entry : state["log"]) texts.push_back(entry["text"]);
    if (action == "builder E") {
      EXPECT_EQ(state["players"][0]["figures"]["builder"], 0);
      bool builder_on_board = false;
      for (const json& f : state["followers"])
        if (f["figure"] == "builder" && f["seat"] == 0 && f["x"] == 2 && f["y"] == 0 &&
            f["feature"] == "road")
          builder_on_board = true;
      EXPECT_TRUE(builder_on_board) << state["followers"].dump();
    }
  }
  EXPECT_EQ(state["status"], "over");
  EXPECT_EQ(state["players"][0]["goods"], json({{"wine", 0}, {"grain", 1}, {"cloth", 0}}));
  EXPECT_EQ(state["players"][0]["breakdown"]["goods"], 10);
  EXPECT_EQ(state["players"][1]["breakdown"]["goods"], 0);
  const auto told = [&](const std::string& text) {
    return std::find(texts.begin(), texts.end(), text) != texts.end();
  };
  EXPECT_TRUE(told("P0 placed the builder on the road"));
  EXPECT_TRUE(told("P0's builder earns a second turn part"));
  EXPECT_TRUE(told("P0 took 1 grain"));
  EXPECT_TRUE(told("P0 had the most grain: 10 points"));
}

// Princess & Dragon over the protocol: a dragon tile drawn before any volcano waits in
// `set_aside`; the volcano brings the dragon; the dragon tile (back after the deck's last tile)
// starts a journey whose steps are structured actions with their squares; the state shows the
// dragon, the path so far and the steps left; the figure on the tile it enters is eaten.
TEST_F(ProtocolTest, PrincessAndDragonShowsTheDragonsJourneyAndWhatItAte) {
  auto host = client();
  const json created = create(*host, {"human", "human"},
                              {{"expansions", {"pd"}}, {"deck", {"PD-H", "PD-X", "U", "U", "U"}}});
  const std::string game = created["game"];
  auto player = client();
  join(*player, game, token_of(created, 0));
  json state = join(*player, game, token_of(created, 1));
  EXPECT_EQ(state["expansions"], json::array({"pd"}));
  EXPECT_EQ(state["tile"], "PD-X") << "the dragon tile drawn first waits for a volcano";
  EXPECT_EQ(state["set_aside"], json::array({"PD-H"}));
  EXPECT_TRUE(state["dragon"].is_null());
  EXPECT_TRUE(state["fairy"].is_null());
  EXPECT_TRUE(state["dragon_journey"].is_null());
  EXPECT_EQ(state["players"][0]["breakdown"]["fairy"], 0);

  // P0: the volcano east of the start tile; P1 and P0 roads; P0's follower on the road at -1,0;
  // P0 places the dragon tile at 1,3; the journey: P0 to 0,0, P1 to -1,0 (eating the follower),
  // where no unvisited tile is left.
  const std::vector<std::pair<std::string, int>> script = {
      {"place 1,0 r0", 0},   {"skip", 0},     {"place 1,1 r0", 1}, {"skip", 1},
      {"place -1,0 r90", 0}, {"meeple E", 0}, {"place 1,2 r0", 1}, {"skip", 1},
      {"place 1,3 r0", 0},   {"skip", 0},     {"dragon 0,0", 0},   {"dragon -1,0", 1}};
  std::vector<std::string> texts;
  int version = state["version"];
  for (const auto& [action, seat] : script) {
    expect_structured_matches_text(state);
    ASSERT_EQ(state["pending"]["seat"], seat) << action;
    if (action == "dragon 0,0") {
      EXPECT_EQ(state["pending"]["phase"], "dragon");
      EXPECT_EQ(state["dragon"], json({{"x", 1}, {"y", 0}}));
      EXPECT_EQ(state["dragon_journey"],
                json({{"squares", {{{"x", 1}, {"y", 0}}}}, {"steps_left", 6}}));
      std::set<std::pair<int, int>> squares;
      for (const json& a : state["actions"]) {
        EXPECT_EQ(a["verb"], "dragon") << a.dump();
        squares.insert({a["x"].get<int>(), a["y"].get<int>()});
      }
      EXPECT_EQ(squares, (std::set<std::pair<int, int>>{{0, 0}, {1, 1}}));
    }
    if (action == "dragon -1,0") {
      EXPECT_EQ(state["dragon"], json({{"x", 0}, {"y", 0}}));
      EXPECT_EQ(state["dragon_journey"]["steps_left"], 5);
      EXPECT_EQ(state["dragon_journey"]["squares"],
                json::array({{{"x", 1}, {"y", 0}}, {{"x", 0}, {"y", 0}}}));
      ASSERT_EQ(state["actions"].size(), 1u);
      EXPECT_EQ(state["actions"][0],
                json({{"action", "dragon -1,0"}, {"verb", "dragon"}, {"x", -1}, {"y", 0}}));
    }
    const json ack = player->request({{"type", "act"},
                                      {"game", game},
                                      {"seat", seat},
                                      {"action", action},
                                      {"version", version}});
    ASSERT_EQ(ack["type"], "ack") << ack.dump() << action;
    ++version;
    state = player->wait_for(
        [&](const json& m) { return m["type"] == "state" && m["version"] == version; });
    for (const json& entry : state["log"]) texts.push_back(entry["text"]);
    if (action == "place 1,0 r0") {
      EXPECT_EQ(state["dragon"], json({{"x", 1}, {"y", 0}}));
      EXPECT_EQ(state["set_aside"], json::array()) << "the volcano brings the dragon tile back";
    }
    if (action == "meeple E") {
      EXPECT_EQ(state["followers"].size(), 1u);
    }
  }
  // The journey is over: the dragon stays where it ate P0's follower.
  EXPECT_EQ(state["status"], "over");
  EXPECT_EQ(state["dragon"], json({{"x", -1}, {"y", 0}}));
  EXPECT_TRUE(state["dragon_journey"].is_null());
  EXPECT_EQ(state["followers"], json::array());
  EXPECT_EQ(state["players"][0]["figures"]["meeple"], 7);
  const auto told = [&](const std::string& text) {
    return std::find(texts.begin(), texts.end(), text) != texts.end();
  };
  EXPECT_TRUE(told("The dragon flies to the volcano at 1,0"));
  EXPECT_TRUE(told("The dragon tile starts a journey of up to 6 steps; P0 moves the dragon first"));
  EXPECT_TRUE(told("P0 moved the dragon to 0,0 (5 of 6 steps left)"));
  EXPECT_TRUE(told("The dragon ate P0's follower on the road at -1,0"));
  EXPECT_TRUE(told("The dragon's journey ends at -1,0"));
}

TEST_F(ProtocolTest, AbbeyAndMayorShowsTheAbbeyChoiceTheBarnAndTheRollingWagon) {
  auto host = client();
  const json created =
      create(*host, {"human", "human"},
             {{"expansions", {"am"}},
              {"deck", {"P",    "D", "N", "AM-E", "A", "E", "B", "F", "E", "U", "B",
                        "AM-C", "V", "V", "Q",    "E", "I", "U", "H", "R", "K"}}});
  const std::string game = created["game"];
  auto player = client();
  join(*player, game, token_of(created, 0));
  json state = join(*player, game, token_of(created, 1));
  EXPECT_EQ(state["expansions"], json::array({"am"}));
  EXPECT_EQ(state["players"][0]["abbey"], true);
  EXPECT_EQ(state["players"][0]["figures"],
            json({{"meeple", 7}, {"mayor", 1}, {"wagon", 1}, {"barn", 1}}));
  EXPECT_TRUE(state["rolling_wagon"].is_null());

  // P0's wagon on the road of A at -1,0; P0's barn at the NE corner of B at -1,1; P1 plays his
  // abbey into the hole at 1,0, which completes P0's road: P0's wagon rolls on to the cloister of
  // -1,0; later P0 plays her abbey into the hole at 2,1.
  const std::vector<std::pair<std::string, int>> script = {{"place 0,-1 r180", 0},
                                                           {"skip", 0},
                                                           {"place 1,-1 r270", 1},
                                                           {"meeple W", 1},
                                                           {"place 0,1 r90", 0},
                                                           {"skip", 0},
                                                           {"place 1,1 r270", 1},
                                                           {"mayor W", 1},
                                                           {"place -1,0 r270", 0},
                                                           {"wagon E", 0},
                                                           {"place 0,2 r0", 1},
                                                           {"meeple ENE", 1},
                                                           {"place -1,1 r0", 0},
                                                           {"barn NE", 0},
                                                           {"place 1,2 r90", 1},
                                                           {"mayor N", 1},
                                                           {"place -2,1 r0", 0},
                                                           {"skip", 0},
                                                           {"place 0,-2 r0", 1},
                                                           {"meeple NNE", 1},
                                                           {"place 2,-1 r0", 0},
                                                           {"skip", 0},
                                                           {"place 1,3 r0", 1},
                                                           {"wagon E", 1},
                                                           {"place 2,0 r0", 0},
                                                           {"skip", 0},
                                                           {"abbey 1,0", 1},
                                                           {"meeple cloister", 1},
                                                           {"move -1,0 cloister", 0},
                                                           {"place 3,0 r180", 0},
                                                           {"skip", 0},
                                                           {"place 2,3 r0", 1},
                                                           {"skip", 1},
                                                           {"place 1,4 r0", 0},
                                                           {"skip", 0},
                                                           {"place 2,2 r90", 1},
                                                           {"meeple NNW", 1},
                                                           {"place 3,1 r90", 0},
                                                           {"skip", 0},
                                                           {"place 3,2 r0", 1},
                                                           {"meeple W", 1},
                                                           {"abbey 2,1", 0},
                                                           {"skip", 0}};
  std::vector<std::string> texts;
  int version = state["version"];
  const auto action_of = [&](const std::string& text) {
    for (const json& a : state["actions"])
      if (a["action"] == text) return a;
    return json();
  };
  for (const auto& [action, seat] : script) {
    expect_structured_matches_text(state);
    ASSERT_EQ(state["pending"]["seat"], seat) << action;
    if (action == "barn NE") {
      EXPECT_EQ(action_of(action), json({{"action", "barn NE"},
                                         {"verb", "barn"},
                                         {"figure", "barn"},
                                         {"feature", "field"},
                                         {"corner", "NE"},
                                         {"location", "NE"},
                                         {"x", -1},
                                         {"y", 1}}));
    }
    if (action == "wagon E") {
      const json wagon = action_of(action);
      EXPECT_EQ(wagon["figure"], "wagon");
      EXPECT_EQ(wagon["location"], "E");
    }
    if (action.starts_with("abbey ")) {
      // The abbey is asked before the draw: no tile is shown, and every hole is offered.
      EXPECT_EQ(state["pending"]["phase"], "abbey");
      EXPECT_TRUE(state["tile"].is_null()) << "the tile is not drawn before `draw`";
      const json abbey = action_of(action);
      EXPECT_EQ(abbey["verb"], "abbey");
      EXPECT_EQ(abbey["x"], std::stoi(action.substr(6)));
      EXPECT_EQ(action_of("draw"), json({{"action", "draw"}, {"verb", "draw"}}));
    }
    if (action.starts_with("move ")) {
      EXPECT_EQ(state["pending"]["phase"], "wagon");
      EXPECT_EQ(state["rolling_wagon"],
                json({{"seat", 0}, {"from", {{"x", -1}, {"y", 0}}}, {"feature", "road"}}));
      EXPECT_EQ(action_of(action), json({{"action", action},
                                         {"verb", "move"},
                                         {"figure", "wagon"},
                                         {"x", -1},
                                         {"y", 0},
                                         {"location", "cloister"},
                                         {"feature", "cloister"}}));
      EXPECT_EQ(action_of("pass"), json({{"action", "pass"}, {"verb", "pass"}}));
    }
    const json ack = player->request({{"type", "act"},
                                      {"game", game},
                                      {"seat", seat},
                                      {"action", action},
                                      {"version", version}});
    ASSERT_EQ(ack["type"], "ack") << ack.dump() << action;
    ++version;
    state = player->wait_for(
        [&](const json& m) { return m["type"] == "state" && m["version"] == version; });
    for (const json& entry : state["log"]) texts.push_back(entry["text"]);
    if (action == "barn NE") {
      bool barn = false;
      for (const json& f : state["followers"])
        if (f["figure"] == "barn") {
          barn = true;
          EXPECT_EQ(f["corner"], "NE");
          EXPECT_EQ(f["feature"], "field");
          EXPECT_EQ(f["x"], -1);
          EXPECT_EQ(f["y"], 1);
        }
      EXPECT_TRUE(barn);
      EXPECT_EQ(state["players"][0]["figures"]["barn"], 0);
    }
    if (action == "abbey 1,0") {
      EXPECT_EQ(state["players"][1]["abbey"], false);
    }
    if (action.starts_with("move ")) {
      EXPECT_TRUE(state["rolling_wagon"].is_null());
    }
  }
  EXPECT_EQ(state["players"][0]["abbey"], false);
  const json catalogue = host->request({{"type", "catalogue"}});
  for (const json& tile : catalogue["tiles"])
    EXPECT_EQ(tile.value("abbey", false), tile["id"] == "AM-A") << tile["id"];
  const auto told = [&](const std::string& text) {
    return std::find(texts.begin(), texts.end(), text) != texts.end();
  };
  EXPECT_TRUE(told("P0 placed the barn at the NE corner"));
  EXPECT_TRUE(told("P0 placed the wagon on the road"));
  EXPECT_TRUE(told("P1 placed the mayor on the city"));
  EXPECT_TRUE(told("P1 played the abbey into the hole at 1,0"));
  EXPECT_TRUE(told("P0's wagon rolled on to the cloister at -1,0"));
  EXPECT_TRUE(told("P0 played the abbey into the hole at 2,1"));
}

TEST_F(ProtocolTest, InnsAndCathedralsWithBcbPlayedToTheEndWithALargeFollower) {
  auto host = client();
  const json created =
      create(*host, {"human", "human"}, {{"expansions", {"bcb", "ic"}}, {"seed", 11}});
  const std::string game = created["game"];
  auto player = client();
  join(*player, game, token_of(created, 0));
  json state = join(*player, game, token_of(created, 1));
  EXPECT_EQ(state["expansions"], json::array({"bcb", "ic"}));
  EXPECT_EQ(state["mechanics"].size(), 6u);
  for (const json& p : state["players"]) {
    EXPECT_EQ(p["figures"]["meeple"], 7);
    EXPECT_EQ(p["figures"]["large"], 1);
  }
  bool large_deployed = false;
  bool large_seen_on_board = false;
  std::set<std::string> verbs;
  int version = state["version"];
  while (state["status"] != "over") {
    ASSERT_LT(version, 2000);
    expect_structured_matches_text(state);
    const json& actions = state["actions"];
    ASSERT_FALSE(actions.empty());
    json chosen = actions[0];
    for (const json& a : actions) {
      verbs.insert(a["verb"].get<std::string>());
      if (a["verb"] == "large" && !large_deployed) chosen = a;
    }
    // Bid low and pass, so that auctions end quickly.
    if (chosen["verb"] == "bid")
      for (const json& a : actions)
        if (a["verb"] == "pass") chosen = a;
    if (chosen["verb"] == "large") {
      large_deployed = true;
      // Both figures are offered for the same spot, as separate actions.
      bool meeple_too = false;
      for (const json& a : actions)
        if (a["verb"] == "meeple" && a["location"] == chosen["location"]) meeple_too = true;
      const int acting_now = state["pending"]["seat"];
      if (state["players"][acting_now]["figures"]["meeple"].get<int>() > 0) {
        EXPECT_TRUE(meeple_too) << chosen.dump();
      }
    }
    const int acting = state["pending"]["seat"];
    const json ack = player->request({{"type", "act"},
                                      {"game", game},
                                      {"seat", acting},
                                      {"action", chosen["action"]},
                                      {"version", version}});
    ASSERT_EQ(ack["type"], "ack") << ack.dump() << chosen.dump();
    ++version;
    state = player->wait_for(
        [&](const json& m) { return m["type"] == "state" && m["version"] == version; });
    for (const json& f : state["followers"])
      if (f["figure"] == "large") large_seen_on_board = true;
    if (chosen["verb"] == "large") {
      EXPECT_EQ(state["players"][acting]["figures"]["large"], 0);
    }
  }
  EXPECT_TRUE(large_deployed);
  EXPECT_TRUE(large_seen_on_board);
  EXPECT_EQ(verbs.count("large"), 1u);
  EXPECT_FALSE(state.contains("actions") && !state["actions"].empty());
  // The winners are the players with the best score, whatever its sign.
  int best = state["players"][0]["score"];
  for (const json& p : state["players"]) best = std::max(best, p["score"].get<int>());
  json winners = json::array();
  for (const json& p : state["players"])
    if (p["score"] == best) winners.push_back(p["seat"]);
  EXPECT_EQ(state["winners"], winners);
  const std::string last = state["log"].back()["text"];
  EXPECT_NE(last.find("Game over. P"), std::string::npos) << last;
  EXPECT_NE(last.find(std::to_string(best) + " point"), std::string::npos) << last;
}

TEST_F(ProtocolTest, UnknownExpansionsAndBadRuleOptionsAreRefusedWithTheirReason) {
  auto c = client();
  const json players = {{{"name", "A"}, {"seat", "human"}}, {{"name", "B"}, {"seat", "human"}}};
  json reply = expect_error(
      c->request({{"type", "create"}, {"players", players}, {"expansions", {"ic", "dragons"}}}),
      "bad_game_setup");
  EXPECT_EQ(reply["reason"], "unknown_expansion");
  EXPECT_NE(reply["message"].get<std::string>().find("dragons"), std::string::npos);
  reply = expect_error(c->request({{"type", "create"},
                                   {"players", players},
                                   {"expansions", {"bcb"}},
                                   {"rules", {{"bazaar", "lottery"}}}}),
                       "bad_game_setup");
  EXPECT_EQ(reply["reason"], "bad_rule_option");
  reply = expect_error(
      c->request({{"type", "create"}, {"players", players}, {"rules", {{"weather", "rain"}}}}),
      "bad_game_setup");
  EXPECT_EQ(reply["reason"], "bad_rule_option");
  EXPECT_EQ(c->request({{"type", "list"}})["games"].size(), 0u);  // no game was made
}

TEST_F(ProtocolTest, CreateJoinActAndSpectate) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"expansions", {"bcb"}}, {"seed", 7}});
  const std::string game = created["game"];
  ASSERT_EQ(created["seats"].size(), 2u);
  EXPECT_EQ(token_of(created, 0).size(), 32u);

  const json listed = host->request({{"type", "list"}});
  ASSERT_EQ(listed["type"], "games");
  ASSERT_FALSE(listed["games"].empty());
  EXPECT_EQ(listed["games"][0]["game"], game);
  EXPECT_EQ(listed["games"][0]["status"], "open");

  auto ann = client();
  const json state = join(*ann, game, token_of(created, 0));
  EXPECT_TRUE(state["full"].get<bool>());
  EXPECT_EQ(state["you"], json::array({0}));
  EXPECT_EQ(state["pending"]["seat"], 0);
  EXPECT_EQ(state["pending"]["phase"], "place");
  ASSERT_TRUE(state.contains("legal"));
  ASSERT_FALSE(state["legal"].empty());
  expect_structured_matches_text(state);
  EXPECT_EQ(state["players"][0]["figures"], json({{"meeple", 7}}));  // no large follower in BCB
  EXPECT_EQ(state["winners"], nullptr);

  auto spectator = client();
  const json watched = join(*spectator, game);
  EXPECT_EQ(watched["you"], json::array());
  EXPECT_FALSE(watched.contains("legal"));

  const std::string action = state["legal"][0];
  const json ack = ann->request(
      {{"type", "act"}, {"game", game}, {"seat", 0}, {"action", action}, {"version", 0}});
  ASSERT_EQ(ack["type"], "ack") << ack.dump();
  EXPECT_EQ(ack["version"], 1);
  const json seen =
      spectator->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 1; });
  ASSERT_EQ(seen["log"].size(), 1u);
  EXPECT_EQ(seen["log"][0]["action"], action);
  EXPECT_NE(seen["log"][0]["text"].get<std::string>().find("P0 placed"), std::string::npos);
  EXPECT_EQ(seen["board"].size(), 2u);
  EXPECT_EQ(seen["pending"]["phase"], "meeple");
}

TEST_F(ProtocolTest, RefusedRequestsNameTheProblemAndChangeNothing) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"seed", 3}});
  const std::string game = created["game"];
  auto ann = client();
  const json state = join(*ann, game, token_of(created, 0));
  auto bob = client();
  join(*bob, game, token_of(created, 1));
  auto stranger = client();
  const std::string legal = state["legal"][0];

  expect_error(
      stranger->request({{"type", "join"}, {"game", game}, {"token", std::string(32, 'a')}}),
      "bad_token");
  expect_error(stranger->request({{"type", "join"}, {"game", "nosuchgm"}}), "unknown_game");
  expect_error(stranger->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}}),
               "not_joined");
  join(*stranger, game);  // a spectator holds no seat
  expect_error(stranger->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}}),
               "not_your_seat");
  expect_error(bob->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}}),
               "not_your_seat");
  expect_error(bob->request({{"type", "act"}, {"game", game}, {"seat", 1}, {"action", legal}}),
               "not_your_turn");
  expect_error(ann->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", "fly away"}}),
               "bad_action");
  expect_error(
      ann->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", "place 40,40 r0"}}),
      "illegal_action");
  expect_error(ann->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", "skip"}}),
               "illegal_action");
  expect_error(
      ann->request(
          {{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}, {"version", 5}}),
      "stale_version");
  expect_error(ann->request({{"type", "act"}, {"game", game}, {"seat", 9}, {"action", legal}}),
               "bad_request");
  expect_error(ann->request({{"type", "act"}, {"game", game}, {"seat", 0}}), "bad_request");
  expect_error(ann->request({{"type", "act"}, {"game", game}, {"seat", "0"}, {"action", legal}}),
               "bad_request");
  expect_error(
      ann->request(
          {{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}, {"extra", true}}),
      "bad_request");
  expect_error(ann->request({{"type", "dance"}}), "bad_request");
  expect_error(ann->request({{"type", "create"}, {"players", json::array()}}), "bad_game_setup");
  expect_error(ann->request({{"type", "create"},
                             {"players",
                              {{{"name", "A"}, {"seat", "human"}},
                               {{"name", "B"}, {"seat", "bot"}, {"bot", "genius"}}}}}),
               "bad_game_setup");
  expect_error(ann->request({{"type", "create"},
                             {"players",
                              {{{"name", "A"}, {"seat", "human"}},
                               {{"name", "B"}, {"seat", "bot"}, {"bot", "mcts:ms=60000"}}}}}),
               "bad_game_setup");
  // Bots that would think without bound are refused.
  for (const char* spec : {"mcts:playouts=100000000", "mcts:threads=64", "mcts:ms=5:ms=99999"}) {
    expect_error(ann->request({{"type", "create"},
                               {"players",
                                {{{"name", "A"}, {"seat", "human"}},
                                 {{"name", "B"}, {"seat", "bot"}, {"bot", spec}}}}}),
                 "bad_game_setup");
  }
  expect_error(
      ann->request(
          {{"type", "create"},
           {"players", {{{"name", "A"}, {"seat", "human"}}, {{"name", "B"}, {"seat", "human"}}}},
           {"expansions", {"dragons"}}}),
      "bad_game_setup");

  // Frames the parser must survive: each answered, none fatal.
  ann->send_text("{not json");
  expect_error(ann->next(), "bad_json");
  ann->send_text("[1,2,3]");
  expect_error(ann->next(), "bad_request");
  ann->send_text(std::string(200, '[') + std::string(200, ']'));
  expect_error(ann->next(), "bad_request");
  ann->send_text(R"({"type":"act","game":")" + game + R"(","seat":0,"action":")" +
                 std::string(70000, 'x') + R"("})");
  expect_error(ann->next(), "message_too_large");
  ASSERT_TRUE(ann->socket().send_binary("\x01\x02").ok());
  expect_error(ann->next(), "bad_request");

  // Strict JSON: what a lenient reader would take half of, or guess at, is refused with its own
  // code, and every refusal names the request's id when it had a readable one.
  const std::string ping = R"({"type":"ping","id":7})";
  ann->send_text(ping + std::string(1, '\0') + "garbage");
  EXPECT_EQ(expect_error(ann->next(), "nul_byte")["id"], 7);
  ann->send_text(R"({"type":"ping","id":8,"type":"catalogue"})");
  EXPECT_EQ(expect_error(ann->next(), "duplicate_key")["id"], 8);
  ann->send_text(R"({"type":"ping","id":"twice","id":"x"})");
  EXPECT_FALSE(expect_error(ann->next(), "duplicate_key").contains("id"));  // which one?
  ann->send_text(R"({"type":"ping","id":9} {"type":"ping"})");
  EXPECT_EQ(expect_error(ann->next(), "trailing_data")["id"], 9);
  ann->send_text(R"({"id":"b","type":"ping",})");
  EXPECT_EQ(expect_error(ann->next(), "bad_json")["id"], "b");
  ann->send_text(R"({"id":10,"type":"act","game":")" + game + R"(","seat":0,"action":")" +
                 std::string(70000, 'x') + R"("})");
  EXPECT_EQ(expect_error(ann->next(), "message_too_large")["id"], 10);
  ann->send_text(ping + "  \n");  // whitespace after the value is JSON
  EXPECT_EQ(ann->next()["type"], "pong");

  EXPECT_EQ(version_of(game), 0);  // nothing above changed the game
  const json ack = ann->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}});
  EXPECT_EQ(ack["type"], "ack") << ack.dump();  // and the connection still works
}

TEST_F(ProtocolTest, MutatedMessagesAreAnsweredAndChangeNoGame) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"seed", 12}});
  const std::string game = created["game"];
  auto fuzzer = client();
  join(*fuzzer, game);  // a spectator: no mutation can make a legal act of its
  const std::vector<std::string> seeds = {
      R"({"type":"act","game":")" + game + R"(","seat":0,"action":"place 1,0 r90","version":0})",
      R"({"type":"join","game":")" + game + R"(","token":"0123456789abcdef0123456789abcdef"})",
      R"({"type":"create","players":[{"name":"A","seat":"human"},{"name":"B","seat":"bot","bot":"random"}],"expansions":["bcb"],"seed":1})",
      R"({"type":"view_record","record":{"players":["A","B"],"deck":["E"],"actions":["place 0,-1 r180"]},"step":1})",
      R"({"type":"record","game":")" + game + R"("})",
      R"({"type":"hello","protocol":1,"id":"x"})"};
  const std::string alphabet = "{}[]\":,0123456789-.eE truefalsnul\\u00ff";
  Pcg32 rng(2026);
  int answered = 0;
  std::map<std::string, int> kinds;  // reply types and error codes seen
  for (int i = 0; i < 2000; ++i) {
    std::string text = seeds[rng.below(static_cast<std::uint32_t>(seeds.size()))];
    if (i % 2 == 0) {
      // Structural: replace, drop or add a field somewhere in the tree with a value of any type.
      const std::vector<json> values = {nullptr,
                                        -1,
                                        7,
                                        1.5,
                                        true,
                                        "",
                                        std::string(300, 'x'),
                                        json::array(),
                                        json::object(),
                                        "place 0,0 r0",
                                        json(std::uint64_t{1} << 63),
                                        json::array({1, "a"})};
      json message = json::parse(text);
      const int edits = 1 + static_cast<int>(rng.below(3));
      for (int e = 0; e < edits; ++e) {
        json* node = &message;
        while (node->is_structured() && !node->empty() && rng.below(2) == 0) {
          auto it = node->begin();
          std::advance(it, rng.below(static_cast<std::uint32_t>(node->size())));
          node = &*it;
        }
        const json& value = values[rng.below(static_cast<std::uint32_t>(values.size()))];
        if (node->is_object() && rng.below(3) == 0) {
          (*node)["unexpected"] = value;
        } else if (node->is_object() && !node->empty() && rng.below(2) == 0) {
          auto it = node->begin();
          std::advance(it, rng.below(static_cast<std::uint32_t>(node->size())));
          node->erase(it);
        } else if (node != &message) {
          *node = value;
        }
      }
      text = message.dump();
    } else {
      // Textual: flip, drop, insert characters, or cut the message short.
      const int edits = 1 + static_cast<int>(rng.below(4));
      for (int e = 0; e < edits && !text.empty(); ++e) {
        const auto at = rng.below(static_cast<std::uint32_t>(text.size()));
        switch (rng.below(4)) {
          case 0:
            text[at] = alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))];
            break;
          case 1:
            text.erase(at, 1 + rng.below(8));
            break;
          case 2:
            text.insert(at, 1, alphabet[rng.below(static_cast<std::uint32_t>(alphabet.size()))]);
            break;
          default:
            text.resize(at);
            break;
        }
      }
    }
    fuzzer->send_text(text);
    // Every message gets exactly one reply; a "state" may come first (a valid view_record is
    // answered with one, and a mutated "create" may start bot games nobody here watches).
    const json reply = fuzzer->next();
    ASSERT_FALSE(reply.is_null()) << "no reply to " << text;
    ++answered;
    ++kinds[reply["type"] == "error" ? reply["code"].get<std::string>()
                                     : reply["type"].get<std::string>()];
    if (reply["type"] == "error") {
      EXPECT_FALSE(reply["message"].get<std::string>().empty());
    }
    if (reply["type"] == "joined") fuzzer->next();  // its full state
  }
  EXPECT_EQ(answered, 2000);
  // The mutations reach past the JSON parser: several kinds of refusal, and some valid requests.
  EXPECT_GE(kinds.size(), 8u) << ::testing::PrintToString(kinds);
  EXPECT_EQ(version_of(game), 0);
  EXPECT_EQ(fuzzer->request({{"type", "ping"}})["type"], "pong");
}

TEST_F(ProtocolTest, ReconnectingWithTheTokenRestoresTheSeat) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"seed", 11}});
  const std::string game = created["game"];
  std::string legal;
  {
    auto first = client();
    legal = join(*first, game, token_of(created, 0))["legal"][0];
    first->socket().close();
  }
  auto again = client();
  const json state = join(*again, game, token_of(created, 0));
  EXPECT_EQ(state["you"], json::array({0}));
  ASSERT_TRUE(state.contains("legal"));
  EXPECT_EQ(
      again->request({{"type", "act"}, {"game", game}, {"seat", 0}, {"action", legal}})["type"],
      "ack");
}

TEST_F(ProtocolTest, BotsPlayTheirSeatsOnTheirOwn) {
  auto host = client();
  const json created = create(*host, {"greedy", "random"}, {{"seed", 5}, {"expansions", {"bcb"}}});
  const std::string game = created["game"];
  EXPECT_TRUE(created["seats"].empty());
  const json over = wait_until_over(game);
  ASSERT_EQ(over["status"], "over");
  EXPECT_EQ(over["pending"], nullptr);
  // The last entry ends the game and keeps the figures as they stood before the final scoring
  // (which sent them home: the state lists none); every scoring entry says who scored what where.
  ASSERT_FALSE(over["log"].empty());
  const json& last = over["log"].back();
  EXPECT_EQ(last["text"].get<std::string>().rfind("Game over", 0), 0u) << last.dump();
  ASSERT_TRUE(last.contains("figures") && last["figures"].is_array()) << last.dump();
  EXPECT_FALSE(last["figures"].empty());
  EXPECT_TRUE(over["followers"].empty());
  int final_entries = 0;
  for (const json& entry : over["log"]) {
    if (!entry.value("score", false)) continue;
    ++final_entries;
    EXPECT_TRUE(entry["points"].is_number_integer() && entry["winners"].is_array() &&
                entry["x"].is_number_integer() && entry["y"].is_number_integer())
        << entry.dump();
  }
  EXPECT_GT(final_entries, 0);
  const json record = host->request({{"type", "record"}, {"game", game}});
  ASSERT_EQ(record["type"], "record");
  EXPECT_TRUE(record["complete"].get<bool>());
  EXPECT_EQ(record["record"]["seed"], 5);
  EXPECT_EQ(record["record"]["actions"].size(), over["version"].get<std::size_t>());
  // The finished game's record replays to the same final scores.
  const json view = host->request({{"type", "view_record"}, {"record", record["record"]}});
  ASSERT_EQ(view["type"], "state") << view.dump();
  EXPECT_EQ(view["status"], "over");
  for (std::size_t p = 0; p < 2; ++p)
    EXPECT_EQ(view["players"][p]["score"], over["players"][p]["score"]);
  EXPECT_EQ(view["replay"]["steps"], over["version"]);
}

TEST_F(ProtocolTest, AnEngineTheServerKnowsCanBeSeatedAndNoClientStartsAProgram) {
  auto host = client();
  // Clients name engines; they never give a command.
  expect_error(host->request({{"type", "create"},
                              {"players",
                               {{{"name", "A"}, {"seat", "bot"}, {"bot", "cmd:python3 x.py"}},
                                {{"name", "B"}, {"seat", "bot"}, {"bot", "greedy"}}}}}),
               "bad_game_setup");
  const json unknown = host->request({{"type", "create"},
                                      {"players",
                                       {{{"name", "A"}, {"seat", "bot"}, {"bot", "engine:other"}},
                                        {{"name", "B"}, {"seat", "bot"}, {"bot", "greedy"}}}}});
  expect_error(unknown, "bad_game_setup");
  EXPECT_NE(unknown["message"].get<std::string>().find("known: tiny"), std::string::npos);
  // The tiny engine (it plays the last legal move) against the beginner level, to the end.
  const json created = create(*host, {"engine:tiny", "beginner"},
                              {{"seed", 8}, {"expansions", {"bcb"}}, {"pace", 0}});
  const std::string game = created["game"];
  const json over = wait_until_over(game);
  ASSERT_EQ(over["status"], "over");
  // The engine's moves are in the record, and the record replays.
  const json record = host->request({{"type", "record"}, {"game", game}});
  auto parsed = parse_record(record["record"].dump());
  ASSERT_TRUE(parsed.ok());
  auto replayed = replay(*parsed);
  ASSERT_TRUE(replayed.ok()) << replayed.error().message;
  EXPECT_EQ(replayed->score(0), over["players"][0]["score"].get<int>());
  // Seat 0 played the last legal move every time: the engine decided, not a fallback.
  Record start = *parsed;
  start.actions.clear();
  GameState state = *replay(start);
  int engine_moves = 0;
  MoveList legal;
  for (const std::string& action : parsed->actions) {
    if (state.current_player() == 0) {
      state.legal_moves(legal);
      EXPECT_EQ(action, format_move(state, legal[legal.size() - 1]));
      ++engine_moves;
    }
    ASSERT_TRUE(state.apply(*parse_move(state, action)).ok());
  }
  EXPECT_GT(engine_moves, 30);
}

TEST_F(ProtocolTest, APreviewShowsTheTurnAndATurnIsSentAsAWhole) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"seed", 11}});
  const std::string game = created["game"];
  auto ann = client();
  const json start = join(*ann, game, token_of(created, 0));
  auto spectator = client();
  join(*spectator, game);
  const std::string place = start["legal"][0];
  const auto request = [&](const json& extra) {
    json message = {{"game", game}, {"seat", 0}, {"version", 0}};
    message.update(extra);
    return ann->request(message);
  };

  // A preview: the position after the placement, with the figure step's legal actions, for
  // Ann alone; the game itself does not move.
  const json preview = request({{"type", "preview"}, {"actions", {place}}});
  ASSERT_EQ(preview["type"], "preview") << preview.dump();
  EXPECT_EQ(preview["version"], 0);
  EXPECT_EQ(preview["actions"], json::array({place}));
  const json& after = preview["state"];
  EXPECT_EQ(after["pending"]["seat"], 0);
  EXPECT_EQ(after["pending"]["phase"], "meeple");
  EXPECT_EQ(after["board"].size(), 2u);
  ASSERT_TRUE(after["legal"].is_array());
  EXPECT_NE(std::find(after["legal"].begin(), after["legal"].end(), "skip"), after["legal"].end());
  EXPECT_EQ(after["log"].size(), 1u);
  EXPECT_EQ(version_of(game), 0);
  // Previewing the end of the turn would show the next player's tile: refused.
  expect_error(request({{"type", "preview"}, {"actions", {place, "skip"}}}), "reveals_tile");
  expect_error(request({{"type", "preview"}, {"actions", json::array()}}), "bad_request");
  expect_error(request({{"type", "preview"}, {"actions", {"place 9,9 r0"}}}), "illegal_action");

  // The turn as a whole: refused entire when any part is illegal, or when the list goes on past
  // the turn; else both actions are stored and applied, and everyone sees one state.
  expect_error(request({{"type", "act"}, {"actions", {place, "meeple Q"}}}), "bad_action");
  expect_error(request({{"type", "act"}, {"action", place}, {"actions", {place}}}), "bad_request");
  EXPECT_EQ(version_of(game), 0);
  const json ack = request({{"type", "act"}, {"actions", {place, "skip"}}});
  ASSERT_EQ(ack["type"], "ack") << ack.dump();
  EXPECT_EQ(ack["version"], 2);
  const json seen =
      spectator->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 2; });
  ASSERT_EQ(seen["log"].size(), 2u) << seen.dump();
  EXPECT_EQ(seen["log"][0]["action"], place);
  EXPECT_EQ(seen["log"][1]["action"], "skip");
  EXPECT_EQ(seen["pending"]["seat"], 1);
  // The record holds both, in order.
  const json record = host->request({{"type", "record"}, {"game", game}});
  EXPECT_EQ(record["record"]["actions"], json::array({place, "skip"}));
}

TEST_F(ProtocolTest, AFeatureIsDescribedForItsOutline) {
  // Start tile D at 0,0 (city N, road E-W); Ann places U (a straight road) east of it, r90 so
  // its road runs west-east, then a follower on that road: one road over two tiles, open at both
  // ends, worth 2 now (1 per tile) and 2 completed, held by Ann.
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"deck", {"U", "U", "E"}}});
  const std::string game = created["game"];
  auto ann = client();
  join(*ann, game, token_of(created, 0));
  const auto act = [&](const std::string& action, int version) {
    const json ack = ann->request(
        {{"type", "act"}, {"game", game}, {"seat", 0}, {"action", action}, {"version", version}});
    ASSERT_EQ(ack["type"], "ack") << ack.dump();
  };
  act("place 1,0 r90", 0);
  act("meeple E", 1);
  auto spectator = client();
  join(*spectator, game);
  const json road = spectator->request(
      {{"type", "feature"}, {"game", game}, {"x", 0}, {"y", 0}, {"location", "W"}});
  ASSERT_EQ(road["type"], "feature") << road.dump();
  EXPECT_EQ(road["kind"], "road");
  EXPECT_EQ(road["complete"], false);
  EXPECT_EQ(road["tiles"], 2);
  EXPECT_EQ(road["value"], 2);
  EXPECT_EQ(road["if_complete"], 2);
  EXPECT_EQ(road["holders"], json::array({0}));
  EXPECT_EQ(road["members"].size(), 2u);
  // The city of the start tile: one open cap, worth 1 at the end and 2 completed, no holder.
  const json city = spectator->request(
      {{"type", "feature"}, {"game", game}, {"x", 0}, {"y", 0}, {"location", "N"}});
  EXPECT_EQ(city["kind"], "city");
  EXPECT_EQ(city["value"], 1);
  EXPECT_EQ(city["if_complete"], 2);
  EXPECT_EQ(city["holders"], json::array());
  // A farm has no feature value; nowhere, or no such location: refused.
  const json farm = spectator->request(
      {{"type", "feature"}, {"game", game}, {"x", 0}, {"y", 0}, {"location", "SSE"}});
  EXPECT_EQ(farm["kind"], "field");
  EXPECT_EQ(farm["value"], nullptr);
  expect_error(spectator->request(
                   {{"type", "feature"}, {"game", game}, {"x", 5}, {"y", 5}, {"location", "N"}}),
               "no_feature");
  expect_error(spectator->request(
                   {{"type", "feature"}, {"game", game}, {"x", 0}, {"y", 0}, {"location", "Q"}}),
               "bad_request");
}

TEST_F(ProtocolTest, TheSeatsChatAndWatchersRead) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"seed", 2}});
  const std::string game = created["game"];
  auto ann = client();
  auto bob = client();
  auto watcher = client();
  join(*ann, game, token_of(created, 0));
  join(*bob, game, token_of(created, 1));
  join(*watcher, game);
  const json ack =
      ann->request({{"type", "chat"}, {"game", game}, {"seat", 0}, {"text", "Good luck, Bob! ☺"}});
  ASSERT_EQ(ack["type"], "ack") << ack.dump();
  for (ProtocolClient* reader : {bob.get(), watcher.get()}) {
    const json seen = reader->wait_for([](const json& m) { return m["type"] == "chat"; });
    ASSERT_EQ(seen["messages"].size(), 1u) << seen.dump();
    EXPECT_EQ(seen["messages"][0]["seat"], 0);
    EXPECT_EQ(seen["messages"][0]["name"], "P0");
    EXPECT_EQ(seen["messages"][0]["text"], "Good luck, Bob! ☺");
  }
  // A spectator reads but does not write; nobody writes for a seat not held, nor nothing, nor
  // control characters, nor a novel.
  expect_error(watcher->request({{"type", "chat"}, {"game", game}, {"seat", 0}, {"text", "hi"}}),
               "not_your_seat");
  expect_error(bob->request({{"type", "chat"}, {"game", game}, {"seat", 0}, {"text", "hi"}}),
               "not_your_seat");
  expect_error(bob->request({{"type", "chat"}, {"game", game}, {"seat", 1}, {"text", ""}}),
               "bad_request");
  expect_error(bob->request({{"type", "chat"}, {"game", game}, {"seat", 1}, {"text", "a\u0007b"}}),
               "bad_request");
  expect_error(
      bob->request(
          {{"type", "chat"}, {"game", game}, {"seat", 1}, {"text", std::string(301, 'x')}}),
      "bad_request");
  // Who joins later receives what was said.
  auto late = client();
  const json joined = late->request({{"type", "join"}, {"game", game}});
  ASSERT_EQ(joined["type"], "joined");
  const json history = late->wait_for([](const json& m) { return m["type"] == "chat"; });
  ASSERT_EQ(history["messages"].size(), 1u);
  EXPECT_EQ(history["messages"][0]["text"], "Good luck, Bob! ☺");
}

TEST_F(ProtocolTest, WhenTheTurnClockRunsOutTheGreedyBotPlaysForTheSeat) {
  auto host = client();
  expect_error(
      host->request(
          {{"type", "create"},
           {"players", {{{"name", "A"}, {"seat", "human"}}, {{"name", "B"}, {"seat", "human"}}}},
           {"clock", 3601}}),
      "bad_game_setup");
  const json created = create(*host, {"human", "human"}, {{"seed", 4}, {"clock", 1}});
  const std::string game = created["game"];
  auto ann = client();
  const json start = join(*ann, game, token_of(created, 0));
  ASSERT_TRUE(start["clock"].is_object()) << start.dump();
  EXPECT_EQ(start["clock"]["seconds"], 1);
  EXPECT_LE(start["clock"]["left_ms"].get<int>(), 1000);
  // Ann does nothing: after a second her placement is made for her, then her figure step.
  const json placed =
      ann->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 1; },
                    std::chrono::milliseconds(5000));
  ASSERT_EQ(placed["version"], 1) << placed.dump();
  ASSERT_FALSE(placed["log"].empty());
  EXPECT_EQ(placed["log"].back()["seat"], 0);
  EXPECT_EQ(placed["log"].back()["action"].get<std::string>().rfind("place ", 0), 0u);
  // A decision made in time is not played for: Ann skips at once, and Bob's clock starts.
  const json ack = ann->request(
      {{"type", "act"}, {"game", game}, {"seat", 0}, {"action", "skip"}, {"version", 1}});
  if (ack["type"] == "ack") {
    const json bobs =
        ann->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 2; });
    EXPECT_EQ(bobs["pending"]["seat"], 1);
    EXPECT_EQ(bobs["log"][1]["action"], "skip");  // after the placement
  }
}

TEST_F(ProtocolTest, BotsActAtTheGamesPace) {
  auto host = client();
  // The catalogue names the server's default pace and the longest a game may choose.
  const json catalogue = host->request({{"type", "catalogue"}});
  EXPECT_EQ(catalogue["pace"], json({{"default", 0}, {"max", 5000}}));
  // Out of range or not a whole number: refused, nothing created.
  for (const json& bad : {json(-1), json(5001), json("700"), json(0.5)})
    expect_error(host->request({{"type", "create"},
                                {"players",
                                 {{{"name", "A"}, {"seat", "human"}},
                                  {{"name", "B"}, {"seat", "bot"}, {"bot", "random"}}}},
                                {"pace", bad}}),
                 "bad_game_setup");
  // A bot seated first waits the game's pace before its first action, and again after the
  // human's: each bot action comes no sooner than 400 ms after the action before it.
  const auto started = std::chrono::steady_clock::now();
  const json created = create(*host, {"random", "human"}, {{"seed", 3}, {"pace", 400}});
  const std::string game = created["game"];
  auto ann = client();
  join(*ann, game, token_of(created, 1));
  const json first =
      ann->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 1; },
                    std::chrono::milliseconds(10000));
  ASSERT_EQ(first["version"], 1) << first.dump();
  EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(400));
  // The bot's figure step (its turn's second action) follows its placement at the same pace.
  const json second =
      ann->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 2; },
                    std::chrono::milliseconds(10000));
  ASSERT_EQ(second["version"], 2) << second.dump();
  EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(800));
}

TEST_F(ProtocolTest, AThinkingBotDoesNotHoldUpOtherGames) {
  auto host = client();
  // Game A: a bot that thinks for 1.5 s moves first.
  const json slow = create(*host, {"mcts:ms=1500", "human"}, {{"seed", 8}});
  auto spectator = client();
  join(*spectator, slow["game"]);
  // Game B: a human acts while A's bot is still thinking; the action is acknowledged before A's
  // bot has moved (ordering, not timing: A is still at version 0 when B's ack arrives).
  const json other = create(*host, {"human", "human"}, {{"seed", 9}});
  auto ann = client();
  const json state = join(*ann, other["game"], token_of(other, 0));
  const json ack = ann->request(
      {{"type", "act"}, {"game", other["game"]}, {"seat", 0}, {"action", state["legal"][0]}});
  EXPECT_EQ(ack["type"], "ack");
  const json listed = host->request({{"type", "list"}});
  for (const json& game : listed["games"]) {
    if (game["game"] == slow["game"]) {
      EXPECT_EQ(game["version"], 0);
    }
  }
  // And the bot does move in the end.
  const json moved =
      spectator->wait_for([](const json& m) { return m["type"] == "state" && m["version"] == 1; });
  EXPECT_EQ(moved["log"][0]["seat"], 0);
}

TEST(ProtocolLimits, ConnectionsBeyondTheLimitAreToldBusyAndClosed) {
  auto storage = Storage::open(":memory:");
  ASSERT_TRUE(storage.ok());
  server::ServiceOptions options;
  options.max_connections = 2;
  GameService service(**storage, options);
  server::HttpServerOptions http;
  http.port = 0;
  HttpServer server(http, service);
  auto port = server.start();
  ASSERT_TRUE(port.ok());
  ProtocolClient first, second;
  ASSERT_TRUE(first.connect(*port));
  ASSERT_TRUE(second.connect(*port));
  netclient::WsClient third;
  ASSERT_TRUE(third.connect("127.0.0.1", *port).ok());
  auto refusal = third.receive(std::chrono::milliseconds(5000));
  ASSERT_TRUE(refusal.ok());
  EXPECT_EQ(json::parse(*refusal)["code"], "busy");
  EXPECT_FALSE(third.receive(std::chrono::milliseconds(5000)).ok());  // closed
  EXPECT_TRUE(third.closed());
  // The others are served as before, and a freed place can be taken again.
  EXPECT_EQ(first.request({{"type", "ping"}})["type"], "pong");
  second.socket().close();
  for (int attempt = 0; attempt < 50; ++attempt) {
    ProtocolClient again;
    auto connected = again.socket().connect("127.0.0.1", *port);
    ASSERT_TRUE(connected.ok());
    auto greeting = again.socket().receive(std::chrono::milliseconds(5000));
    ASSERT_TRUE(greeting.ok());
    if (json::parse(*greeting)["type"] == "welcome") return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the close is still on its way
  }
  ADD_FAILURE() << "a freed connection place was never given again";
}

// Every array of tile ids in a message must be made of tiles already drawn; "remaining" must
// count exactly the undrawn tiles; a running game's record must carry only the drawn prefix.
void expect_no_hidden_deck(const json& message, const std::vector<std::string>& deck, int left) {
  const std::size_t drawn = deck.size() - static_cast<std::size_t>(left);
  std::map<std::string, int> visible = {{"D", 1}};
  for (std::size_t i = 0; i < drawn; ++i) ++visible[deck[i]];
  std::map<std::string, int> hidden;
  for (std::size_t i = drawn; i < deck.size(); ++i) ++hidden[deck[i]];
  std::function<void(const json&, const std::string&)> walk = [&](const json& value,
                                                                  const std::string& key) {
    if (value.is_object()) {
      for (const auto& item : value.items()) walk(item.value(), item.key());
    } else if (value.is_array()) {
      std::map<std::string, int> ids;
      bool all_ids = !value.empty();
      for (const json& element : value) {
        if (!element.is_string() || !find_tile_type(element.get<std::string>())) {
          all_ids = false;
        } else {
          ++ids[element.get<std::string>()];
        }
        walk(element, key);
      }
      if (all_ids && key != "ports") {
        for (const auto& [id, count] : ids) {
          EXPECT_LE(count, visible[id]) << "\"" << key << "\" shows undrawn tile " << id;
        }
      }
    }
  };
  walk(message, "");
  if (message.contains("deck")) {
    std::map<std::string, int> remaining;
    for (const auto& item : message["deck"]["remaining"].items())
      remaining[item.key()] = item.value();
    EXPECT_EQ(remaining, hidden);
  }
}

TEST_F(ProtocolTest, NoMessageRevealsTheDeckOrder) {
  auto host = client();
  const json created = create(*host, {"human", "human"}, {{"seed", 21}, {"expansions", {"bcb"}}});
  const std::string game = created["game"];
  RuleSet rules;
  rules.add(Expansion::BridgesCastlesBazaars);
  std::vector<std::string> deck;
  for (TileType t : shuffled_deck(rules, 3, 21)) deck.emplace_back(tile_spec(t).id);

  auto ann = client();
  auto bob = client();
  ProtocolClient* players[2] = {ann.get(), bob.get()};
  json latest[2] = {join(*ann, game, token_of(created, 0)), join(*bob, game, token_of(created, 1))};
  json state = latest[0];
  int actions = 0;
  while (state["status"] != "over" && actions < 400) {
    const int seat = state["pending"]["seat"];
    ProtocolClient& me = *players[seat];
    const json& mine = latest[seat];
    ASSERT_TRUE(mine.contains("legal")) << mine.dump();
    ASSERT_FALSE(latest[1 - seat].contains("legal"));
    const json& legal = mine["legal"];
    ASSERT_FALSE(legal.empty());
    // Mid-game, the record's deck is the drawn prefix, then the undrawn tiles sorted (their
    // multiset is public, their order is not).
    if (actions % 25 == 0) {
      json record = me.request({{"type", "record"}, {"game", game}});
      EXPECT_FALSE(record["complete"].get<bool>());
      EXPECT_FALSE(record["record"].contains("seed") && record["record"]["seed"] != 0);
      const int left = mine["deck"]["left"];
      const std::size_t drawn = deck.size() - static_cast<std::size_t>(left);
      std::vector<std::string> written = record["record"]["deck"];
      ASSERT_EQ(written.size(), deck.size());
      std::vector<std::string> undrawn(deck.begin() + static_cast<std::ptrdiff_t>(drawn),
                                       deck.end());
      std::vector<std::string> tail(written.begin() + static_cast<std::ptrdiff_t>(drawn),
                                    written.end());
      const auto by_type = [](const std::string& a, const std::string& b) {
        return *find_tile_type(a) < *find_tile_type(b);
      };
      EXPECT_TRUE(std::is_sorted(tail.begin(), tail.end(), by_type));
      std::sort(undrawn.begin(), undrawn.end(), by_type);
      EXPECT_EQ(tail, undrawn);
      written.resize(drawn);
      record["record"]["deck"] = written;
      expect_no_hidden_deck(record, deck, left);
      const json view = me.request({{"type", "view_record"}, {"record", record["record"]}});
      EXPECT_EQ(view["version"], mine["version"]);
      EXPECT_EQ(view["pending"], mine["pending"]);
      EXPECT_EQ(view["board"], mine["board"]);
    }
    const std::string action = legal[static_cast<std::size_t>(actions * 7919) % legal.size()];
    const json ack =
        me.request({{"type", "act"}, {"game", game}, {"seat", seat}, {"action", action}});
    ASSERT_EQ(ack["type"], "ack") << ack.dump();
    for (int p = 0; p < 2; ++p)
      latest[p] = players[p]->wait_for(
          [&](const json& m) { return m["type"] == "state" && m["version"] == ack["version"]; });
    state = latest[0];
    ++actions;
  }
  EXPECT_EQ(state["status"], "over");
  for (ProtocolClient* c : {ann.get(), bob.get()}) {
    json held;  // the game as the updates so far left it: what the deck count was then
    for (const std::string& text : c->received()) {
      const json message = json::parse(text);
      if (message["type"] == "state") {
        held = merge_state(held, message);
        expect_no_hidden_deck(message, deck, held["deck"]["left"]);
      }
      EXPECT_EQ(text.find(token_of(created, c == ann.get() ? 1 : 0)), std::string::npos)
          << "another seat's token leaked";
    }
  }
}

TEST_F(ProtocolTest, ViewRecordStepsAndRejectsBadRecords) {
  auto c = client();
  const json record = {{"players", {"Ann", "Bob"}},
                       {"deck", {"E", "K"}},
                       {"actions", {"place 0,-1 r180", "meeple S", "place 1,0 r0", "skip"}}};
  const json step2 = c->request({{"type", "view_record"}, {"record", record}, {"step", 2}});
  ASSERT_EQ(step2["type"], "state") << step2.dump();
  EXPECT_EQ(step2["replay"]["step"], 2);
  EXPECT_EQ(step2["replay"]["steps"], 4);
  EXPECT_EQ(step2["players"][0]["score"], 4);  // Ann's follower completed the two-tile city
  expect_error(
      c->request({{"type", "view_record"},
                  {"record", {{"players", {"Ann", "Bob"}}, {"actions", {"place 9,9 r0"}}}}}),
      "bad_record");
  expect_error(c->request({{"type", "view_record"}, {"record", {{"players", {"Ann"}}}}}),
               "bad_record");
  expect_error(c->request({{"type", "view_record"}, {"record", record}, {"step", 9}}),
               "bad_request");
}

}  // namespace
}  // namespace carcassonne::testing
