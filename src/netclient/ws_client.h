// A small blocking WebSocket client for tests and the load benchmark (Boost.Beast inside
// ws_client.cpp). Not used by the server or the web app.
//
// Promise: every call returns an error value instead of throwing; receive() honours its timeout.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/result.h"

namespace carcassonne::netclient {

class WsClient {
 public:
  WsClient();
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // Connects to ws://host:port<path>.
  Result<bool> connect(const std::string& host, std::uint16_t port,
                       const std::string& path = "/ws");
  Result<bool> send_text(const std::string& text);
  Result<bool> send_binary(const std::string& bytes);
  // The next text message, or an error on timeout (code Timeout-like message "timed out"),
  // closed connection or network error.
  Result<std::string> receive(std::chrono::milliseconds timeout = std::chrono::milliseconds(5000));
  // True once the peer closed the connection; close_code() is its close code (0 if none).
  bool closed() const;
  int close_code() const;
  void close();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A plain HTTP GET (for static-file tests): status, content type and body.
struct HttpResponse {
  int status = 0;
  std::string content_type;
  std::string body;
};
Result<HttpResponse> http_get(const std::string& host, std::uint16_t port,
                              const std::string& target);

}  // namespace carcassonne::netclient
