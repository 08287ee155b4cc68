// The network front: one port serving the web app's static files over HTTP and the game protocol
// over WebSocket at /ws (Boost.Beast/Asio, kept inside http_server.cpp).
//
// Promise: static files are served only from inside the web root (no path escapes it), with the
// right MIME types; each WebSocket text message is handed to the MessageHandler whole, in order,
// on the network thread; frames above kMaxFrameBytes close the connection with code 1009. The
// handler must not block (bots run elsewhere).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"
#include "server/connection.h"

namespace carcassonne::server {

inline constexpr std::size_t kMaxFrameBytes = std::size_t{1} << 20;

struct HttpServerOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: an ephemeral port (see start())
  std::string web_root;       // directory of index.html, app.js, ...; empty: no static files
  int threads = 1;            // network threads
};

class HttpServer {
 public:
  HttpServer(HttpServerOptions options, MessageHandler& handler);
  ~HttpServer();  // stops and joins the network threads
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens, then runs the network threads in the background. Returns the bound port.
  Result<std::uint16_t> start();
  // Stops accepting, closes every connection, joins the threads. Idempotent.
  void stop();
  // Blocks until stop() is called from elsewhere or SIGINT/SIGTERM arrives (then stops).
  void wait_for_shutdown_signal();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace carcassonne::server
