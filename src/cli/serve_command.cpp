// `carcassonne serve`: the game server (storage, game service, network front) wired together.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <thread>

#include "cli/commands.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/storage.h"

#ifndef CARCASSONNE_WEB_ROOT
#define CARCASSONNE_WEB_ROOT "web"
#endif

namespace carcassonne::cli {
namespace {

// $XDG_DATA_HOME/carcassonne/games.sqlite, else ~/.local/share/carcassonne/games.sqlite.
std::filesystem::path default_database() {
  std::filesystem::path base;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg != '\0') {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    base = std::filesystem::path(home) / ".local" / "share";
  } else {
    base = ".";
  }
  return base / "carcassonne" / "games.sqlite";
}

}  // namespace

int run_serve(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  const std::filesystem::path db =
      options.db.empty() ? default_database() : std::filesystem::path(options.db);
  std::error_code ec;
  if (db.has_parent_path()) std::filesystem::create_directories(db.parent_path(), ec);
  auto storage = server::Storage::open(db.string());
  if (!storage.ok()) {
    err << "error: " << storage.error().message << "\n";
    return kExitFailure;
  }
  server::ServiceOptions service_options;
  service_options.bot_threads =
      options.bot_threads > 0 ? options.bot_threads
                              : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  service_options.worker_threads =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  service_options.request_threads = options.request_threads;
  service_options.registry.default_pace_ms = options.pace_ms;
  service_options.bot_priority = options.bot_priority == "normal" ? server::BotPriority::Normal
                                 : options.bot_priority == "low"  ? server::BotPriority::Low
                                                                  : server::BotPriority::Idle;
  const double requests = options.requests_per_minute;
  const double games = options.games_per_minute;
  service_options.requests = {requests, std::max(100.0, requests / 6)};
  service_options.games_created = {games, games};
  service_options.max_bot_threads_per_client = options.bot_threads_per_client;
  service_options.registry.max_games = static_cast<std::size_t>(options.max_games);
  service_options.max_connections = static_cast<std::size_t>(options.max_connections);
  service_options.registry.finished_stay_s = options.finished_stay_s;
  service_options.registry.idle_stay_s = options.idle_stay_s;
  service_options.engines.engine_milliseconds = options.engine_ms;
  for (const std::string& engine : options.engines) {
    const std::size_t equals = engine.find('=');
    if (equals == 0 || equals == std::string::npos || equals + 1 == engine.size()) {
      err << "error: --engine takes NAME=COMMAND, not " << engine << '\n';
      return kExitUsage;
    }
    service_options.engines.engines[engine.substr(0, equals)] = engine.substr(equals + 1);
  }
  server::GameService service(**storage, service_options);
  std::vector<std::string> problems;
  auto restored = service.restore(&problems);
  if (!restored.ok()) {
    err << "error: " << restored.error().message << "\n";
    return kExitFailure;
  }
  for (const std::string& problem : problems) err << "warning: not restored: " << problem << "\n";

  server::HttpServerOptions http;
  http.address = options.address;
  http.port = static_cast<std::uint16_t>(options.port);
  http.web_root = options.web_root.empty() ? CARCASSONNE_WEB_ROOT : options.web_root;
  http.threads = options.network_threads;
  http.allowed_origins = options.allowed_origins;
  http.max_connections_per_address = options.max_connections_per_address;
  http.max_queued_bytes = static_cast<std::size_t>(options.max_outgoing_mib) << 20;
  http.frame_timeout_ms = options.frame_timeout_ms;
  server::HttpServer server(http, service);
  auto port = server.start();
  if (!port.ok()) {
    err << "error: " << port.error().message << "\n";
    return kExitFailure;
  }
  out << "carcassonne server: " << *restored << " games restored from " << db.string() << "\n"
      << "listening on http://" << options.address << ":" << *port << std::endl;
  server.wait_for_shutdown_signal();
  server.stop();
  out << "server stopped" << std::endl;
  return kExitOk;
}

}  // namespace carcassonne::cli
