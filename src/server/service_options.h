// What a game service (server/game_service.h) is built with: its threads, its limits and the
// clients' budgets, and the options of the games it holds in memory (RegistryOptions).
//
// Promise: plain values with working defaults; `carcassonne serve` sets them from its options,
// tests and benchmarks from their own.
#pragma once

#include <cstddef>

#include "engine/external_bot.h"
#include "server/bot_pool.h"
#include "server/client_budget.h"
#include "server/game_registry.h"

namespace carcassonne::server {

struct ServiceOptions {
  int bot_threads = 2;
  int worker_threads = 2;  // apply committed actions and broadcast them
  // Serve the costly requests (view_record, preview, record), round-robin between clients, at
  // most one of a client's at a time.
  int request_threads = 1;
  // How the bot threads share the cores with the rest (bot_pool.h). `carcassonne serve` thinks
  // under Idle: bots never delay a reply to a player.
  BotPriority bot_priority = BotPriority::Normal;
  std::size_t max_message_bytes = 64 * 1024;
  // The games in memory: how many, how long they stay there, and the bots' pace.
  RegistryOptions registry;
  // The sweep that moves idle games out of memory (RegistryOptions' stays) runs every sweep_ms
  // (0: never by itself; evict_idle_games() does it).
  int sweep_ms = 10000;
  std::size_t max_connections = 10000;  // open connections; more are answered "busy" and closed
  int max_bot_ms = 10000;               // the longest thinking time a bot spec may ask for
  // Budgets per client: its network address, or the connection itself when it has none
  // (docs/PROTOCOL.md, "Budgets"). A request over budget is answered `rate_limited` with the
  // wait, and nothing else happens. A rate of 0 per minute is unlimited.
  // Requests, in cost units: 1 each, plus 1 per 8 KiB of message, plus the cost of the work of
  // the expensive types (GameService::work_cost).
  BudgetRate requests{6000, 1000};
  BudgetRate games_created{20, 20};  // games a client may create
  // Bot threads one client's games may hold at once (0: bot_threads - 1, at least 1); the bots of
  // all games take turns round-robin between clients (BotPool).
  int max_bot_threads_per_client = 0;
  // External engines a game may seat as "engine:NAME" (docs/ENGINE-PROTOCOL.md), each asked to
  // think `engines.engine_milliseconds` per decision; clients can never start a program.
  BotSources engines;
};

}  // namespace carcassonne::server
