// The network front: one port serving the web app's static files over HTTP and the game protocol
// over WebSocket at /ws (Boost.Beast/Asio, kept inside http_server.cpp).
//
// Promise: static files are served only from inside the web root (no path escapes it), with the
// right MIME types; at most max_connections_per_address connections per address, each holding at
// most kMaxFrameBytes of input and kMaxQueuedBytes of output; a WebSocket upgrade from another web
// page than the server's own is refused (403) unless its origin is allowed; each WebSocket text
// message is handed to the MessageHandler whole, in order, on the network thread (a handler that
// answers elsewhere may hold the next ones back: Connection::hold); frames above kMaxFrameBytes
// close the connection with code 1009, and a message not whole within frame_timeout_ms of its
// first byte with code 1008. Every reply is sent (or, past the queue caps, the connection is
// dropped with a log line), never lost silently. The handler must not block (bots run elsewhere).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "server/connection.h"

namespace carcassonne::server {

// The largest WebSocket message read at all (bigger ones close the connection with 1009): twice
// the protocol's message limit, so that a message a little too large is still answered, while an
// unfinished frame holds at most this much of the server's memory.
inline constexpr std::size_t kMaxFrameBytes = std::size_t{128} << 10;
// Outgoing bytes one WebSocket connection may have waiting: its requests are no longer read from
// kPauseReadingBytes on (until the client reads), and beyond kMaxQueuedBytes, which only the
// server's own pushes can reach, the connection is dropped.
inline constexpr std::size_t kPauseReadingBytes = std::size_t{256} << 10;
inline constexpr std::size_t kMaxQueuedBytes = std::size_t{4} << 20;
// Once the outgoing bytes of all connections together pass HttpServerOptions::max_queued_bytes, a
// connection with more than this waiting is dropped rather than given more.
inline constexpr std::size_t kLaggingReaderBytes = std::size_t{64} << 10;

// Whether a connection is dropped rather than sent a message that would leave `mine` bytes
// waiting for it and `all` bytes waiting for every connection together: past its own
// kMaxQueuedBytes, or past `max_all` while it lags (more than kLaggingReaderBytes waiting).
constexpr bool drop_instead_of_sending(std::size_t mine, std::size_t all, std::size_t max_all) {
  return mine > kMaxQueuedBytes || (all > max_all && mine > kLaggingReaderBytes);
}

struct HttpServerOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: an ephemeral port (see start())
  std::string web_root;       // directory of index.html, app.js, ...; empty: no static files
  int threads = 1;            // network threads
  // Web pages that may open /ws besides the server's own (the same scheme, host and port as the
  // request's Host), each as a browser sends it ("https://example.org:8443"); "*" allows any page.
  // Requests with no Origin (programs, not browsers) are always allowed.
  std::vector<std::string> allowed_origins;
  // Open TCP connections (HTTP and WebSocket) from one network address; more are closed as soon
  // as they are accepted, so that one client cannot take every connection the server has.
  int max_connections_per_address = 64;
  // Outgoing bytes all WebSocket connections together may have waiting before those with more
  // than kLaggingReaderBytes waiting are dropped: with N connections, outgoing buffers stay
  // below this plus N times kLaggingReaderBytes.
  std::size_t max_queued_bytes = std::size_t{256} << 20;
  // A WebSocket message must arrive whole within this many milliseconds of its first payload
  // byte; otherwise the connection is closed with code 1008 (policy violation), so that a client
  // trickling a byte now and then cannot hold a frame buffer forever. 0: no deadline.
  int frame_timeout_ms = 30000;
};

// Whether a WebSocket upgrade with this Origin header (empty: none) to this Host may proceed: no
// Origin, the same origin as Host (http or https, ports as written), or one of `allowed`.
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

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
