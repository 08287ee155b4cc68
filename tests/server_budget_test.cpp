// Budgets per client and the fair bot scheduler: one client spending too much is told to wait and
// costs the others nothing; bots of many games share the threads round-robin between clients.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "protocol_client.h"
#include "server/bot_pool.h"
#include "server/client_budget.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/storage.h"
#include "service_harness.h"

namespace carcassonne::testing {
namespace {

using json = nlohmann::json;
using server::BotPool;
using server::BudgetRate;
using server::ClientBudget;
using namespace std::chrono_literals;

// ---- ClientBudget ----

TEST(ClientBudget, ABurstIsGrantedThenTheRateAndEachClientHasItsOwn) {
  ClientBudget budget(BudgetRate{60, 3});  // one token a second, three at once
  const auto t0 = ClientBudget::Clock::time_point{} + 1h;
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(budget.take("a", 1, t0).has_value()) << i;
  const auto refusal = budget.take("a", 1, t0);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->wait, 1000ms);  // one token at one a second
  EXPECT_EQ(refusal->recent, 1);
  EXPECT_FALSE(budget.take("b", 1, t0).has_value());  // another client is not affected
  // Half a second refills half a token: still half a second to wait.
  EXPECT_EQ(budget.take("a", 1, t0 + 500ms)->wait, 500ms);
  EXPECT_FALSE(budget.take("a", 1, t0 + 1000ms).has_value());
  // A long rest refills to the burst, no more.
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(budget.take("a", 1, t0 + 1h).has_value()) << i;
  EXPECT_TRUE(budget.take("a", 1, t0 + 1h).has_value());
}

TEST(ClientBudget, RefusalsCostNothingAndACostAboveTheBurstTakesAFullBucket) {
  ClientBudget budget(BudgetRate{60, 3});
  const auto t0 = ClientBudget::Clock::time_point{} + 1h;
  EXPECT_FALSE(budget.take("a", 2, t0).has_value());
  EXPECT_EQ(budget.take("a", 2, t0)->wait, 1000ms);  // 1 left, 2 needed
  const auto again = budget.take("a", 2, t0);
  EXPECT_EQ(again->wait, 1000ms);  // the refusal took nothing
  EXPECT_EQ(again->recent, 2);
  EXPECT_FALSE(budget.take("a", 1, t0).has_value());
  const auto whole = budget.take("a", 50, t0);
  EXPECT_EQ(whole->wait, 3000ms);  // needs the whole burst
  EXPECT_EQ(whole->recent, 3);     // a grant in between does not start the count again
  EXPECT_FALSE(budget.take("a", 50, t0 + 3s).has_value());
}

TEST(ClientBudget, RefusalsAreForgottenTenASecondNotByAGrant) {
  ClientBudget budget(BudgetRate{60, 1});
  const auto t0 = ClientBudget::Clock::time_point{} + 1h;
  EXPECT_FALSE(budget.take("a", 1, t0).has_value());
  for (int i = 1; i <= 30; ++i) EXPECT_EQ(budget.take("a", 1, t0)->recent, i);
  // Half a second forgets 5 of them; a grant (a second later) forgets none more.
  EXPECT_EQ(budget.take("a", 1, t0 + 500ms)->recent, 26);
  EXPECT_FALSE(budget.take("a", 1, t0 + 1000ms).has_value());
  EXPECT_EQ(budget.take("a", 1, t0 + 1000ms)->recent, 22);
  EXPECT_FALSE(budget.take("a", 1, t0 + 10s).has_value());
  EXPECT_EQ(budget.take("a", 1, t0 + 10s)->recent, 1);  // nine seconds forgot them all
}

TEST(ClientBudget, UnlimitedGrantsEverythingAndKeepsNoClients) {
  ClientBudget budget(BudgetRate{});
  for (int i = 0; i < 10000; ++i) EXPECT_FALSE(budget.take("a", 100).has_value());
  EXPECT_EQ(budget.clients(), 0u);
}

TEST(ClientBudget, ClientsWithFullBucketsAreForgotten) {
  ClientBudget budget(BudgetRate{60, 3});
  const auto t0 = ClientBudget::Clock::time_point{} + 1h;
  for (int i = 0; i < 5000; ++i) budget.take("client " + std::to_string(i), 1, t0);
  EXPECT_EQ(budget.clients(), 5000u);  // all spent a token within the last 2 seconds
  // A minute later every bucket is full again; new clients sweep the old ones out.
  for (int i = 0; i < 5000; ++i) budget.take("later " + std::to_string(i), 1, t0 + 60s);
  EXPECT_LT(budget.clients(), 5000u + 2048u);
  // A forgotten client starts with a full bucket, which is what it had.
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(budget.take("client 0", 1, t0 + 60s).has_value());
  EXPECT_TRUE(budget.take("client 0", 1, t0 + 60s).has_value());
}

// ---- BotPool ----

// A gate the first task waits at, so that everything else is queued before anything more runs.
struct Gate {
  std::mutex mutex;
  std::condition_variable opened_cv;
  bool opened = false;
  void open() {
    {
      std::lock_guard lock(mutex);
      opened = true;
    }
    opened_cv.notify_all();
  }
  bool wait(std::chrono::milliseconds timeout = 10s) {
    std::unique_lock lock(mutex);
    return opened_cv.wait_for(lock, timeout, [&] { return opened; });
  }
};

TEST(BotPool, OwnersTakeTurnsWhateverHowManyTasksEachPosted) {
  std::mutex mutex;
  std::vector<std::string> order;
  std::promise<void> all_done, first_started;
  std::atomic<int> left = 9;
  Gate gate;
  {
    BotPool pool(1);
    const auto task = [&](std::string name) {
      return [&, name] {
        {
          std::lock_guard lock(mutex);
          order.push_back(name);
        }
        if (name == "A1") {
          first_started.set_value();
          gate.wait();
        }
        if (--left == 0) all_done.set_value();
      };
    };
    pool.post("a", task("A1"));
    ASSERT_EQ(first_started.get_future().wait_for(10s), std::future_status::ready);
    for (const char* name : {"A2", "A3", "A4", "A5"}) pool.post("a", task(name));
    pool.post("b", task("B1"));
    pool.post("b", task("B2"));
    pool.post("c", task("C1"));
    pool.post("a", task("A6"));
    gate.open();
    ASSERT_EQ(all_done.get_future().wait_for(10s), std::future_status::ready);
  }
  // While A1 ran, A queued four more before B or C queued anything: A is first in the rotation,
  // and then B and C wait one turn each, not four.
  EXPECT_EQ(order,
            (std::vector<std::string>{"A1", "A2", "B1", "C1", "A3", "B2", "A4", "A5", "A6"}));
}

TEST(BotPool, OneOwnerLeavesAThreadForTheOthers) {
  Gate released;  // opened by B's task: A's tasks hold their threads until then
  std::promise<void> b_ran;
  std::atomic<int> a_running = 0, most_a_running = 0;
  {
    BotPool pool(2);  // at most one thread per owner
    for (int i = 0; i < 4; ++i) {
      pool.post("a", [&] {
        const int now = ++a_running;
        int seen = most_a_running.load();
        while (now > seen && !most_a_running.compare_exchange_weak(seen, now)) {
        }
        released.wait();
        --a_running;
      });
    }
    pool.post_after(20ms, "b", [&] {
      b_ran.set_value();
      released.open();
    });
    // Without the limit both threads would wait for B, which would never run: this would time out.
    EXPECT_EQ(b_ran.get_future().wait_for(10s), std::future_status::ready);
  }
  EXPECT_EQ(most_a_running.load(), 1);
}

TEST(BotPool, TasksFallDueInTheirOrderAndDestructionDropsWaitingOnes) {
  std::mutex mutex;
  std::vector<int> order;
  std::promise<void> second;
  {
    BotPool pool(1);
    pool.post_after(60ms, "a", [&] {
      std::lock_guard lock(mutex);
      order.push_back(2);
      second.set_value();
    });
    pool.post_after(10ms, "a", [&] {
      std::lock_guard lock(mutex);
      order.push_back(1);
    });
    pool.post_after(1h, "a", [&] { ADD_FAILURE() << "a task due in an hour ran"; });
    ASSERT_EQ(second.get_future().wait_for(10s), std::future_status::ready);
    // The second task counts as finished once it returns, a moment after it signalled.
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (pool.pending() > 1u && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(1ms);
    EXPECT_EQ(pool.pending(), 1u);
  }
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
}

// ---- The game service's budgets ----

class BudgetTest : public ::testing::Test {
 protected:
  void start(const server::ServiceOptions& options) { ASSERT_TRUE(harness_.start(options)); }
  std::shared_ptr<FakeConnection> connect(std::string address) {
    return harness_.connect(std::move(address));
  }
  json request(const std::shared_ptr<FakeConnection>& connection, const json& message) {
    return harness_.request(connection, message);
  }
  static json two_humans() {
    return {{"type", "create"},
            {"players", {{{"name", "A"}, {"seat", "human"}}, {{"name", "B"}, {"seat", "human"}}}}};
  }
  server::GameService& service() { return harness_.service(); }
  // A view_record of a long record, as long as a message may carry: two random bots' game on a
  // 2,000-tile deck (its full state, and the replay's, are well over 256 KiB). Also `game`.
  json long_view_record(std::string* game = nullptr) {
    const auto owner = connect("192.0.2.9");
    json deck = json::array();
    const std::string letters = "ABCEFGHIJKLMNOPQRSTUVW";
    for (int i = 0; i < 2000; ++i)
      deck.push_back(std::string(1, letters[(i * 7) % letters.size()]));
    const json created = request(owner, {{"type", "create"},
                                         {"players",
                                          {{{"name", "A"}, {"seat", "bot"}, {"bot", "random"}},
                                           {{"name", "B"}, {"seat", "bot"}, {"bot", "random"}}}},
                                         {"deck", deck},
                                         {"pace", 0}});
    if (game != nullptr) *game = created.value("game", "");
    EXPECT_EQ(created["type"], "created") << created.dump();
    json record;
    for (int i = 0; i < 1200; ++i) {
      const json reply = request(owner, {{"type", "record"}, {"game", created["game"]}});
      if (reply["type"] != "record") break;
      if (reply.value("complete", false)) {
        record = reply["record"];
        break;
      }
      std::this_thread::sleep_for(50ms);
    }
    if (!record.is_object()) {
      ADD_FAILURE() << "the game did not end";
      return {};
    }
    // As much of it as a message may carry.
    json actions = record["actions"];
    record["actions"] = json::array();
    json view = {{"type", "view_record"}, {"record", record}};
    for (const json& action : actions) {
      view["record"]["actions"].push_back(action);
      if (view.dump().size() > 60000) break;
    }
    EXPECT_GT(view["record"]["actions"].size(), 1000u);
    return view;
  }

  ServiceHarness harness_;
};

TEST_F(BudgetTest, RequestsOverBudgetAreToldToWaitAndOtherAddressesAreServed) {
  server::ServiceOptions options;
  options.requests = {60, 5};  // five at once, then one a second
  start(options);
  const auto spender = connect("192.0.2.1");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(request(spender, {{"type", "ping"}})["type"], "pong");
  const json refused = request(spender, {{"type", "ping"}});
  EXPECT_EQ(refused["type"], "error");
  EXPECT_EQ(refused["code"], "rate_limited");
  ASSERT_TRUE(refused["retry_after_ms"].is_number_integer());
  EXPECT_GT(refused["retry_after_ms"].get<int>(), 0);
  EXPECT_LE(refused["retry_after_ms"].get<int>(), 1000);
  // The budget is the address's: a second connection from it is refused as well.
  EXPECT_EQ(request(connect("192.0.2.1"), {{"type", "ping"}})["code"], "rate_limited");
  // Others are served as if nothing happened.
  const auto other = connect("198.51.100.7");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(request(other, {{"type", "ping"}})["type"], "pong");
}

TEST_F(BudgetTest, AConnectionThatGoesOnSendingWhileRefusedIsClosed) {
  server::ServiceOptions options;
  options.requests = {60, 1};
  start(options);
  const auto spender = connect("192.0.2.1");
  EXPECT_EQ(request(spender, {{"type", "ping"}})["type"], "pong");
  for (int i = 1; i < 99; ++i) {
    EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");
    ASSERT_FALSE(spender->closed()) << "closed after " << i << " refusals";
  }
  // The 100th, or one more: the count fades a little (10 a second) as the test runs.
  for (int i = 0; i < 3 && !spender->closed(); ++i)
    EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");
  EXPECT_TRUE(spender->closed());
}

TEST_F(BudgetTest, MalformedAndLargeMessagesSpendTheBudgetToo) {
  server::ServiceOptions options;
  options.requests = {60, 10};
  start(options);
  const auto spender = connect("192.0.2.1");
  for (int i = 0; i < 4; ++i) {
    service().on_message(spender, "{\"id\":1,");
    EXPECT_EQ(spender->last()["code"], "bad_json");
  }
  // 1 unit plus 1 per 8 KiB: a 40 KiB message costs 6 and leaves nothing of the ten.
  const std::string large = R"({"type":"ping","pad":")" + std::string(40 * 1024, 'x') + "\"}";
  service().on_message(spender, large);
  EXPECT_EQ(spender->last()["code"], "bad_request");  // the unknown key "pad"
  EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");
}

TEST_F(BudgetTest, CostlyRequestsCostMore) {
  server::ServiceOptions options;
  options.requests = {60, 20};
  start(options);
  const auto spender = connect("192.0.2.1");
  // view_record: 1 + 4 + 1 per 32 actions (charged before the record is read).
  const json empty = {{"type", "view_record"},
                      {"record", {{"players", {"A", "B"}}, {"actions", json::array()}}},
                      {"step", 0}};
  json long_record = empty;
  long_record["record"]["actions"] = json::array();
  for (int i = 0; i < 320; ++i) long_record["record"]["actions"].push_back("x");
  long_record.erase("step");
  EXPECT_EQ(request(spender, long_record)["code"], "bad_record");  // 15 of 20
  EXPECT_EQ(request(spender, empty)["type"], "state");             // 20 of 20
  EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");
}

// A client pipelining requests past its budget gets some granted now and then (the budget
// refills), which used to reset the "in a row" count for ever: refusals now count until they
// fade (10 a second), so it is cut off all the same.
TEST_F(BudgetTest, PipelinedRefusalsCutTheConnectionOffThoughSomeAreGranted) {
  server::ServiceOptions options;
  options.requests = {6000, 100};  // 100 a second
  start(options);
  const auto spender = connect("192.0.2.1");
  int granted = 0;
  int refused = 0;
  for (int round = 0; round < 400 && !spender->closed(); ++round) {
    for (int i = 0; i < 20 && !spender->closed(); ++i) {
      service().on_message(spender, R"({"type":"ping"})");
      (spender->last()["type"] == "pong" ? granted : refused) += 1;
    }
    std::this_thread::sleep_for(15ms);  // refills at least one request
  }
  EXPECT_TRUE(spender->closed());
  EXPECT_GT(granted, 100);  // the burst, and more as it refilled
  EXPECT_GE(refused, 100);
  EXPECT_LT(refused, 400);
  // Another address is served meanwhile.
  EXPECT_EQ(request(connect("198.51.100.7"), {{"type", "ping"}})["type"], "pong");
}

// A chat costs its sender 1 more per 4 watchers of the game: the fan-out is budgeted.
TEST_F(BudgetTest, ChatCostsBySeveralRecipients) {
  server::ServiceOptions options;
  options.requests = {60, 30};
  start(options);
  const auto player = connect("192.0.2.1");
  const json created = request(player, two_humans());
  const std::string game = created["game"];
  const json joined =
      request(player, {{"type", "join"}, {"game", game}, {"token", created["seats"][0]["token"]}});
  ASSERT_EQ(joined["type"], "joined") << joined.dump();
  std::vector<std::shared_ptr<FakeConnection>> spectators;
  for (int i = 0; i < 12; ++i) {  // from elsewhere: 13 watchers in all
    spectators.push_back(connect("198.51.100." + std::to_string(i)));
    const json reply = request(spectators.back(), {{"type", "join"}, {"game", game}});
    ASSERT_EQ(reply["type"], "joined") << reply.dump();
  }
  // create 5, join 1: 24 left; a chat costs 1 + 13 / 4 = 4, so six are granted and no more.
  const json chat = {{"type", "chat"}, {"game", game}, {"seat", 0}, {"text", "hi"}};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(request(player, chat)["type"], "ack") << i;
  EXPECT_EQ(request(player, chat)["code"], "rate_limited") << player->last().dump();
}

// The costly requests are served on the request threads in turn between clients: a client with
// sixteen long view_records waiting delays another's ping not at all and its view_record by about
// one of them, and past sixteen waiting, it is told `busy`.
TEST_F(BudgetTest, CostlyRequestsTakeTurnsOffTheNetworkThreads) {
  server::ServiceOptions options;
  options.requests = {};
  options.games_created = {};
  options.request_threads = 1;
  start(options);
  const json view = long_view_record();
  ASSERT_TRUE(view.is_object());

  std::vector<std::shared_ptr<FakeConnection>> abuser;
  for (int i = 0; i < 17; ++i) {
    abuser.push_back(connect("192.0.2.66"));
    json message = view;
    message["id"] = i;
    service().on_message(abuser.back(), message.dump());
  }
  EXPECT_EQ(abuser.back()->last()["code"], "busy");  // the 17th
  const auto replied = [&] {
    int count = 0;
    for (int i = 0; i < 16; ++i)
      count += abuser[static_cast<std::size_t>(i)]->last()["type"] == "state" ? 1 : 0;
    return count;
  };
  const auto player = connect("198.51.100.7");
  EXPECT_EQ(request(player, {{"type", "ping"}})["type"], "pong");
  EXPECT_LT(replied(), 8);  // answered at once, long before the abuser's are done
  const json mine = request(player, view);
  EXPECT_EQ(mine["type"], "state");
  EXPECT_LT(replied(), 8);  // after one or two of the abuser's, not all sixteen
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(abuser[static_cast<std::size_t>(i)]->wait_for(
                  [](const json& m) { return m["type"] == "state"; })["type"],
              "state")
        << i;
}

TEST_F(BudgetTest, GamesCreatedAreBudgetedPerAddressAndARefusalCreatesNothing) {
  server::ServiceOptions options;
  options.games_created = {2, 2};  // two at once, then one every 30 seconds
  start(options);
  const auto creator = connect("192.0.2.1");
  EXPECT_EQ(request(creator, two_humans())["type"], "created");
  EXPECT_EQ(request(creator, two_humans())["type"], "created");
  const json refused = request(creator, two_humans());
  EXPECT_EQ(refused["code"], "rate_limited");
  EXPECT_GT(refused["retry_after_ms"].get<int>(), 29000);
  EXPECT_LE(refused["retry_after_ms"].get<int>(), 30000);
  EXPECT_EQ(service().game_count(), 2u);
  // A refused setup spends requests, not games.
  json bad = two_humans();
  bad["players"] = json::array();
  EXPECT_EQ(request(connect("198.51.100.7"), bad)["code"], "bad_game_setup");
  const auto other = connect("198.51.100.7");
  EXPECT_EQ(request(other, two_humans())["type"], "created");
  EXPECT_EQ(request(other, two_humans())["type"], "created");
  EXPECT_EQ(service().game_count(), 4u);
}

TEST_F(BudgetTest, ConnectionsWithoutAnAddressAreEachTheirOwnClient) {
  server::ServiceOptions options;
  options.requests = {60, 2};
  start(options);
  const auto first = connect("");
  const auto second = connect("");
  for (int i = 0; i < 2; ++i) EXPECT_EQ(request(first, {{"type", "ping"}})["type"], "pong");
  EXPECT_EQ(request(first, {{"type", "ping"}})["code"], "rate_limited");
  EXPECT_EQ(request(second, {{"type", "ping"}})["type"], "pong");
}

TEST_F(BudgetTest, TheDefaultsAreDocumented) {
  // docs/PROTOCOL.md, "Budgets", states these; change both together.
  const server::ServiceOptions options;
  EXPECT_EQ(options.requests.per_minute, 6000);
  EXPECT_EQ(options.requests.burst, 1000);
  EXPECT_EQ(options.games_created.per_minute, 20);
  EXPECT_EQ(options.games_created.burst, 20);
  EXPECT_EQ(options.max_bot_threads_per_client, 0);
  EXPECT_EQ(options.request_threads, 1);
}

// A reply over 256 KiB (where the transport stops reading the client until it catches up) arrives
// whole over the network: a view_record of a long record and the full state of a long game's
// join. They used to close the connection without a word.
TEST_F(BudgetTest, RepliesOver256KiBArriveWholeOverTheNetwork) {
  server::ServiceOptions options;
  options.requests = {};
  options.games_created = {};
  start(options);
  std::string game;
  const json view = long_view_record(&game);
  ASSERT_TRUE(view.is_object());
  server::HttpServerOptions http;
  http.port = 0;
  server::HttpServer server(http, service());
  const auto port = server.start();
  ASSERT_TRUE(port.ok()) << port.error().message;
  ProtocolClient client;
  ASSERT_TRUE(client.connect(*port));
  const json replay = client.request(view);
  ASSERT_EQ(replay.value("type", ""), "state");
  EXPECT_EQ(replay["replay"]["step"], view["record"]["actions"].size());
  EXPECT_GT(client.received().back().size(), std::size_t{256} << 10);
  const json joined = client.request({{"type", "join"}, {"game", game}});
  EXPECT_EQ(joined.value("type", ""), "joined");
  const json state = client.wait_for([](const json& m) { return m.value("type", "") == "state"; });
  EXPECT_EQ(state.value("status", ""), "over");
  EXPECT_GT(client.received().back().size(), std::size_t{256} << 10);
  EXPECT_EQ(client.request({{"type", "ping"}}).value("type", ""), "pong");
}

}  // namespace
}  // namespace carcassonne::testing
