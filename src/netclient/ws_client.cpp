// The blocking WebSocket client (see ws_client.h), on Boost.Beast.
//
// Promise: every call returns within its time limit with a value or an Error{ErrorCode::Io}; no
// exception reaches the caller. Each call starts asynchronous operations on the client's own
// io_context and runs that context until they finish or the deadline passes. A receive() that
// times out leaves its read in flight and the next receive() picks it up, so a timeout loses no
// message and leaves the connection usable; an operation that cannot be abandoned that way (a
// write, the handshake) closes the connection when it times out. Operation results are kept in the
// Impl, never on the stack, so a completion that arrives late writes nowhere it should not.
#include "netclient/ws_client.h"

#include <exception>
#include <optional>
#include <string>
#include <utility>

// GCC 12 at -O3 reports "potential null pointer dereference" inside Asio's scheduler once its
// handlers are inlined into ours (the pointers are checked by Asio's own invariants); the warning
// stays on for our code outside these headers.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#pragma GCC diagnostic pop

namespace carcassonne::netclient {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

constexpr auto kConnectTimeout = std::chrono::seconds(5);  // resolve + connect + handshake
constexpr auto kWriteTimeout = std::chrono::seconds(10);
constexpr auto kCloseTimeout = std::chrono::seconds(2);
constexpr auto kHttpTimeout = std::chrono::seconds(5);
// The client reads what the server writes; states with a whole game's log stay far below this.
constexpr std::uint64_t kMaxIncomingMessage = std::uint64_t{64} << 20;

Error io_error(std::string message) {
  return Error{ErrorCode::Io, std::move(message)};
}

// One asynchronous operation's outcome.
struct OpSlot {
  bool pending = false;
  bool done = false;
  beast::error_code ec;

  void begin() {
    pending = true;
    done = false;
    ec = {};
  }
  auto completion() {
    return [this](beast::error_code result, auto&&...) {
      pending = false;
      done = true;
      ec = result;
    };
  }
};

}  // namespace

struct WsClient::Impl {
  asio::io_context ioc{1};  // first: destroyed after every socket made on it
  std::optional<websocket::stream<beast::tcp_stream>> ws;
  beast::flat_buffer buffer;
  bool open = false;  // handshake done and nothing has failed or closed since
  bool peer_closed = false;
  int close_code = 0;
  OpSlot read_op;  // may stay pending between receive() calls
  bool read_text = false;
  OpSlot write_op;
  OpSlot setup_op;                        // resolve, connect, handshake, close: one at a time
  tcp::resolver::results_type endpoints;  // written by a resolve that may complete late

  // Runs the io_context until `slot` completes or `deadline` passes; true if it completed.
  bool run_until(const OpSlot& slot, Clock::time_point deadline) {
    ioc.restart();
    while (!slot.done) {
      if (ioc.run_one_until(deadline) == 0) break;  // timed out, or nothing left to run
    }
    return slot.done;
  }

  // Closes the socket and runs until every operation has delivered its (error) completion.
  void abandon() {
    open = false;
    if (ws) {
      beast::error_code ignored;
      auto& stream = beast::get_lowest_layer(*ws);
      stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
      stream.close();
    }
    const Clock::time_point deadline = Clock::now() + std::chrono::seconds(1);
    ioc.restart();
    while ((read_op.pending || write_op.pending || setup_op.pending) && Clock::now() < deadline) {
      if (ioc.run_one_until(deadline) == 0) break;
    }
    read_op.pending = write_op.pending = setup_op.pending = false;
  }

  void note_read_failure(const beast::error_code& ec) {
    open = false;
    peer_closed = true;
    if (ec == websocket::error::closed && ws) close_code = ws->reason().code;
  }

  Result<bool> write(const std::string& bytes, bool text) {
    if (!ws || !open) return io_error(peer_closed ? "connection closed" : "not connected");
    ws->text(text);
    write_op.begin();
    ws->async_write(asio::buffer(bytes), write_op.completion());
    if (!run_until(write_op, Clock::now() + kWriteTimeout)) {
      abandon();
      return io_error("send timed out");
    }
    if (write_op.ec) {
      const std::string message = "send failed: " + write_op.ec.message();
      abandon();
      return io_error(message);
    }
    return true;
  }
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}

WsClient::~WsClient() {
  try {
    close();
  } catch (...) {
    // close() reports nothing and a destructor must not throw.
  }
}

Result<bool> WsClient::connect(const std::string& host, std::uint16_t port,
                               const std::string& path) {
  try {
    Impl& d = *impl_;
    if (d.open) return io_error("already connected");
    if (d.ws) d.abandon();
    d.ws.reset();
    d.read_op = {};  // a result left over from an earlier connection is not this one's
    d.write_op = {};
    d.setup_op = {};
    d.buffer.clear();
    d.peer_closed = false;
    d.close_code = 0;
    d.ws.emplace(d.ioc);
    const Clock::time_point deadline = Clock::now() + kConnectTimeout;

    tcp::resolver resolver(d.ioc);
    d.setup_op.begin();
    resolver.async_resolve(host, std::to_string(port),
                           [&d](beast::error_code ec, tcp::resolver::results_type results) {
                             d.endpoints = std::move(results);
                             d.setup_op.completion()(ec);
                           });
    if (!d.run_until(d.setup_op, deadline)) {
      resolver.cancel();
      d.abandon();
      return io_error("resolving " + host + " timed out");
    }
    if (d.setup_op.ec) return io_error("cannot resolve " + host + ": " + d.setup_op.ec.message());

    auto& stream = beast::get_lowest_layer(*d.ws);
    d.setup_op.begin();
    asio::async_connect(stream.socket(), d.endpoints, d.setup_op.completion());
    if (!d.run_until(d.setup_op, deadline)) {
      d.abandon();
      return io_error("connecting to " + host + ":" + std::to_string(port) + " timed out");
    }
    if (d.setup_op.ec) {
      const std::string message =
          "cannot connect to " + host + ":" + std::to_string(port) + ": " + d.setup_op.ec.message();
      d.abandon();
      return io_error(message);
    }
    beast::error_code ignored;
    stream.socket().set_option(tcp::no_delay(true), ignored);

    d.ws->read_message_max(kMaxIncomingMessage);
    d.ws->set_option(websocket::stream_base::decorator([](websocket::request_type& request) {
      request.set(http::field::user_agent, "carcassonne-netclient");
    }));
    d.setup_op.begin();
    d.ws->async_handshake(host + ":" + std::to_string(port), path, d.setup_op.completion());
    if (!d.run_until(d.setup_op, deadline)) {
      d.abandon();
      return io_error("WebSocket handshake with " + host + " timed out");
    }
    if (d.setup_op.ec) {
      const std::string message = "WebSocket handshake failed: " + d.setup_op.ec.message();
      d.abandon();
      return io_error(message);
    }
    d.open = true;
    return true;
  } catch (const std::exception& e) {
    impl_->open = false;
    return io_error(std::string("connect failed: ") + e.what());
  }
}

Result<bool> WsClient::send_text(const std::string& text) {
  try {
    return impl_->write(text, true);
  } catch (const std::exception& e) {
    return io_error(std::string("send failed: ") + e.what());
  }
}

Result<bool> WsClient::send_binary(const std::string& bytes) {
  try {
    return impl_->write(bytes, false);
  } catch (const std::exception& e) {
    return io_error(std::string("send failed: ") + e.what());
  }
}

Result<std::string> WsClient::receive(std::chrono::milliseconds timeout) {
  try {
    Impl& d = *impl_;
    const Clock::time_point deadline = Clock::now() + timeout;
    for (;;) {
      if (!d.read_op.pending && !d.read_op.done) {
        if (!d.ws || !d.open)
          return io_error(d.peer_closed ? "connection closed" : "not connected");
        d.read_op.begin();
        d.ws->async_read(d.buffer, [&d](beast::error_code ec, std::size_t) {
          d.read_text = d.ws->got_text();
          d.read_op.completion()(ec);
        });
      }
      if (!d.run_until(d.read_op, deadline)) return io_error("timed out");
      d.read_op.done = false;  // consumed
      if (d.read_op.ec) {
        d.note_read_failure(d.read_op.ec);
        if (d.read_op.ec == websocket::error::closed) {
          return io_error("connection closed (code " + std::to_string(d.close_code) + ")");
        }
        const std::string message = "connection lost: " + d.read_op.ec.message();
        d.abandon();
        return io_error(message);
      }
      std::string message = beast::buffers_to_string(d.buffer.data());
      d.buffer.consume(d.buffer.size());
      if (d.read_text) return message;
      // Binary messages are not part of what this client reports; wait for the next text.
    }
  } catch (const std::exception& e) {
    return io_error(std::string("receive failed: ") + e.what());
  }
}

bool WsClient::closed() const {
  return impl_->peer_closed;
}

int WsClient::close_code() const {
  return impl_->close_code;
}

void WsClient::close() {
  Impl& d = *impl_;
  try {
    if (d.ws && d.open) {
      d.setup_op.begin();
      d.ws->async_close(websocket::close_code::normal, d.setup_op.completion());
      d.run_until(d.setup_op, Clock::now() + kCloseTimeout);
    }
  } catch (...) {
    // Closing is best effort; the socket goes below in any case.
  }
  try {
    d.abandon();
  } catch (...) {
    d.open = false;
  }
}

Result<HttpResponse> http_get(const std::string& host, std::uint16_t port,
                              const std::string& target) {
  try {
    asio::io_context ioc{1};
    tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, host + ":" + std::to_string(port));
    request.set(http::field::user_agent, "carcassonne-netclient");
    request.set(http::field::connection, "close");
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(kMaxIncomingMessage);
    beast::error_code failure;
    std::string stage;

    // A chain of asynchronous steps, each under the stream's deadline; run() returns when the
    // chain has ended either way, so the locals captured by reference outlive every step.
    const auto fail = [&](const char* where, beast::error_code ec) {
      failure = ec;
      stage = where;
    };
    resolver.async_resolve(
        host, std::to_string(port),
        [&](beast::error_code ec, const tcp::resolver::results_type& endpoints) {
          if (ec) return fail("resolve", ec);
          stream.expires_after(kHttpTimeout);
          stream.async_connect(endpoints, [&](beast::error_code connect_ec, const tcp::endpoint&) {
            if (connect_ec) return fail("connect", connect_ec);
            http::async_write(stream, request, [&](beast::error_code write_ec, std::size_t) {
              if (write_ec) return fail("write", write_ec);
              http::async_read(stream, buffer, parser, [&](beast::error_code read_ec, std::size_t) {
                if (read_ec) fail("read", read_ec);
              });
            });
          });
        });
    // The resolver has no deadline of its own; run_for bounds it, and the stream bounds the rest.
    ioc.run_for(kHttpTimeout * 2);
    if (!ioc.stopped()) {
      resolver.cancel();
      stream.close();
      ioc.restart();
      ioc.run_for(std::chrono::seconds(1));
      if (!failure) return io_error("GET " + target + " timed out");
    }
    if (failure) return io_error("GET " + target + ": " + stage + ": " + failure.message());
    const auto& response = parser.get();
    HttpResponse result;
    result.status = static_cast<int>(response.result_int());
    if (const auto type = response.find(http::field::content_type); type != response.end()) {
      result.content_type.assign(type->value().data(), type->value().size());
    }
    result.body = response.body();
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    return result;
  } catch (const std::exception& e) {
    return io_error(std::string("GET failed: ") + e.what());
  }
}

}  // namespace carcassonne::netclient
