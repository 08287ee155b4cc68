// The transport seen from the game service: connections that can be sent text, and the handler
// the transport calls with each connection's life events and messages.
//
// Promise: this header knows nothing of sockets, HTTP or Beast. The transport (http_server.cpp)
// implements Connection; the game service (game_service.h) implements MessageHandler; tests may
// implement either side.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace carcassonne::server {

class Connection {
 public:
  virtual ~Connection() = default;
  // Queues one text message. Never blocks; safe from any thread; a no-op once closed.
  virtual void send(std::string text) = 0;
  // Closes the connection after the queued messages (from any thread).
  virtual void close() = 0;
  // Unique for the process lifetime; stable while the connection lives.
  virtual std::uint64_t id() const = 0;
  // The client's network address ("" when the transport has none): what per-client budgets are
  // kept by. Stable while the connection lives.
  virtual std::string peer_address() const { return {}; }
  // Stops handing this connection's later messages to the handler until release(), so that a
  // request answered on another thread is still answered before the requests after it. Only from
  // within on_message (for the message being handled). Transports that deliver nothing
  // concurrently anyway may ignore both.
  virtual void hold() {}
  // Undoes hold(), once the held request's reply was sent (from any thread).
  virtual void release() {}
};

class MessageHandler {
 public:
  virtual ~MessageHandler() = default;
  virtual void on_open(const std::shared_ptr<Connection>& connection) = 0;
  // One complete text message. Messages of one connection arrive in order, never concurrently.
  virtual void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) = 0;
  // A binary message (the protocol has none; the handler answers with an error).
  virtual void on_binary(const std::shared_ptr<Connection>& connection) = 0;
  virtual void on_close(const std::shared_ptr<Connection>& connection) = 0;
};

}  // namespace carcassonne::server
