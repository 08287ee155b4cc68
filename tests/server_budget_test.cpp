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

#include "server/bot_pool.h"
#include "server/client_budget.h"
#include "server/game_service.h"
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
  EXPECT_EQ(refusal->in_a_row, 1);
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
  EXPECT_EQ(again->in_a_row, 2);
  EXPECT_FALSE(budget.take("a", 1, t0).has_value());
  const auto whole = budget.take("a", 50, t0);
  EXPECT_EQ(whole->wait, 3000ms);  // needs the whole burst
  EXPECT_EQ(whole->in_a_row, 1);   // a grant in between starts the count again
  EXPECT_FALSE(budget.take("a", 50, t0 + 3s).has_value());
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
  for (int i = 1; i < 100; ++i) {
    EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");
    ASSERT_FALSE(spender->closed()) << "closed after " << i << " refusals";
  }
  EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");  // the 100th
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
  options.requests = {60, 40};
  start(options);
  const auto spender = connect("192.0.2.1");
  const json view = {{"type", "view_record"},
                     {"record", {{"players", {"A", "B"}}, {"actions", json::array()}}},
                     {"step", 0}};
  EXPECT_NE(request(spender, view)["code"], "rate_limited");  // 20 of 40
  EXPECT_NE(request(spender, view)["code"], "rate_limited");  // 40 of 40
  EXPECT_EQ(request(spender, {{"type", "ping"}})["code"], "rate_limited");
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
}

}  // namespace
}  // namespace carcassonne::testing
