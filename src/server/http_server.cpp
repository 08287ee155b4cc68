// The network front (see http_server.h): Boost.Beast/Asio behind the HttpServer pimpl. This is the
// only server file that includes Beast.
//
// Promise: one port serves GET/HEAD of static files from inside the web root (canonical paths
// checked against the canonical root, so neither "..", percent-encoded escapes, absolute paths nor
// symlinks leave it) and upgrades /ws to WebSocket. Every connection lives on its own strand: the
// MessageHandler sees on_open, then whole text messages in order (never concurrently), then exactly
// one on_close. Connection::send may be called from any thread; each connection writes one message
// at a time from a queue capped at kMaxQueuedBytes (a reader too slow to keep up is disconnected
// instead of growing the server's memory). No exception reaches the top of a network thread, and
// malformed input from a client only ever costs that client its connection.
//
// Lifetime: every session holds a shared_ptr to the Core (the io_context and the session registry),
// because the game service may keep Connection objects after the server is gone; the io_context
// must outlive every socket created on it.
#include "server/http_server.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <deque>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

// GCC 12 at -O3 reports "potential null pointer dereference" inside Asio's scheduler once its
// handlers are inlined into ours (the pointers are checked by Asio's own invariants); the warning
// stays on for our code outside these headers.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#pragma GCC diagnostic pop

namespace carcassonne::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace fs = std::filesystem;
using tcp = asio::ip::tcp;

// After a large message the read buffer is given back, so that idle connections stay small.
constexpr std::size_t kKeptReadBufferBytes = std::size_t{64} << 10;
constexpr std::uint32_t kMaxRequestHeaderBytes = 16 * 1024;
constexpr std::uint64_t kMaxRequestBodyBytes = 64 * 1024;  // GET has none; anything else is 405
constexpr auto kHttpTimeout = std::chrono::seconds(30);    // per request read, per response write
constexpr auto kWsHandshakeTimeout = std::chrono::seconds(10);  // opening and closing handshakes
// A ping after half of this with nothing received; closed after all of it. Browsers answer pings
// without the page's help, so only dead peers are dropped.
constexpr auto kWsIdleTimeout = std::chrono::seconds(120);
constexpr auto kStopGrace = std::chrono::milliseconds(1000);  // for close handshakes in stop()
constexpr auto kStopForce = std::chrono::milliseconds(1000);  // after hard closes in stop()
constexpr auto kAcceptRetryDelay = std::chrono::milliseconds(100);
constexpr const char* kServerName = "carcassonne";

// One line to stderr in a single write, so lines from several threads do not interleave.
void log_line(std::string_view text) {
  std::string line = "carcassonne server: ";
  line.append(text);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

// Connection ids are unique for the process lifetime, across server instances too.
std::uint64_t next_connection_id() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

// --- Static files ---------------------------------------------------------------------------

std::string_view mime_type(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) {
    return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  });
  // Module scripts are refused by browsers unless served with a JavaScript type.
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".gif") return "image/gif";
  if (ext == ".webp") return "image/webp";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".woff") return "font/woff";
  if (ext == ".webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int high = hex_value(text[i + 1]);
    const int low = hex_value(text[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

// True when `path` is `root` or below it; both canonical.
bool is_within(const fs::path& path, const fs::path& root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p) {
    if (p == path.end() || *p != *r) return false;
  }
  return true;
}

struct StaticTarget {
  http::status status = http::status::not_found;
  fs::path file;  // canonical, when status is ok
};

// Maps a request target to a file inside `root` (canonical). Percent escapes are decoded before
// the path is split, so an encoded "../" is caught like a plain one; the final canonical path is
// checked against the root, so a symlink cannot lead out either.
StaticTarget resolve_static(const fs::path& root, std::string_view target) {
  if (root.empty()) return {};
  const std::size_t query = target.find_first_of("?#");
  if (query != std::string_view::npos) target = target.substr(0, query);
  // Only origin-form targets ("/path"); absolute-form ("http://...") and "*" are refused.
  if (target.empty() || target.front() != '/') return {http::status::bad_request, {}};
  const std::optional<std::string> decoded = percent_decode(target);
  if (!decoded) return {http::status::bad_request, {}};
  for (const char c : *decoded) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\')
      return {http::status::bad_request, {}};
  }
  fs::path path = root;
  std::string_view rest = *decoded;
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (segment.empty()) continue;  // "//" never makes the path absolute: segments are appended
    // "..", "." and hidden files (".git", ".env") are never served.
    if (segment.front() == '.') return {};
    path /= std::string(segment);
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) path /= "index.html";
  fs::path canonical = fs::canonical(path, ec);
  if (ec || !is_within(canonical, root) || !fs::is_regular_file(canonical, ec) || ec) return {};
  return {http::status::ok, std::move(canonical)};
}

// --- Sessions and the registry ------------------------------------------------------------

// What stop() needs of every live session (HTTP or WebSocket).
class Session {
 public:
  virtual ~Session() = default;
  // From any thread. Graceful: finish the current write, send a WebSocket close (1001) and wait for
  // the peer's; forced: close the socket now.
  virtual void shutdown(bool force) = 0;
};

struct Core {
  Core(int threads, MessageHandler& message_handler) : ioc(threads), handler(message_handler) {}

  asio::io_context ioc;
  MessageHandler& handler;
  fs::path web_root;  // canonical; empty: no static files. Set by start() before any session.
  std::vector<std::string> allowed_origins;  // set by start() before any session

  int max_per_address = 64;
  // Outgoing bytes waiting on every WebSocket connection together, and the most there may be
  // before lagging readers are dropped.
  std::atomic<std::size_t> queued_bytes{0};
  std::size_t max_queued_bytes = std::size_t{256} << 20;
  // How long a WebSocket message may take to arrive whole from its first byte (0: no limit).
  std::chrono::milliseconds frame_timeout{30000};

  // Takes one of `address`'s connection slots; false when it has none left.
  bool claim_slot(const std::string& address) {
    std::lock_guard lock(mutex_);
    int& open = per_address_[address];
    if (open >= max_per_address) return false;
    ++open;
    return true;
  }
  void release_slot(const std::string& address) {
    std::lock_guard lock(mutex_);
    const auto it = per_address_.find(address);
    if (it != per_address_.end() && --it->second <= 0) per_address_.erase(it);
  }

  // Registers a session unless the server is stopping (then the session closes at once).
  bool add(std::uint64_t key, std::weak_ptr<Session> session) {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    sessions_.emplace(key, std::move(session));
    return true;
  }
  void remove(std::uint64_t key) {
    std::lock_guard lock(mutex_);
    if (sessions_.erase(key) != 0 && sessions_.empty()) idle_.notify_all();
  }
  // Sessions alive now; with `stopping`, also refuses every later add().
  std::vector<std::shared_ptr<Session>> live(bool stopping) {
    std::vector<std::shared_ptr<Session>> result;
    std::lock_guard lock(mutex_);
    if (stopping) stopping_ = true;
    for (const auto& [key, weak] : sessions_) {
      if (auto session = weak.lock()) result.push_back(std::move(session));
    }
    return result;
  }
  bool wait_idle(std::chrono::milliseconds limit) {
    std::unique_lock lock(mutex_);
    return idle_.wait_for(lock, limit, [this] { return sessions_.empty(); });
  }

 private:
  std::mutex mutex_;
  std::condition_variable idle_;
  std::unordered_map<std::uint64_t, std::weak_ptr<Session>> sessions_;
  std::unordered_map<std::string, int> per_address_;  // open connections of each address
  bool stopping_ = false;
};

// One connection's slot of its address, held by the HTTP session and, after an upgrade, by the
// WebSocket session on the same socket: released when the last of them is gone.
class AddressSlot {
 public:
  AddressSlot(std::shared_ptr<Core> core, std::string address)
      : core_(std::move(core)), address_(std::move(address)) {}
  ~AddressSlot() { core_->release_slot(address_); }
  AddressSlot(const AddressSlot&) = delete;
  AddressSlot& operator=(const AddressSlot&) = delete;
  const std::string& address() const { return address_; }

 private:
  std::shared_ptr<Core> core_;
  std::string address_;
};

// Calls into the game service's handler; an exception there is its bug, reported and contained so
// that one bad message cannot take the network thread down.
template <typename F>
void call_handler(const char* what, F&& call) {
  try {
    call();
  } catch (const std::exception& e) {
    log_line(std::string("message handler threw in ") + what + ": " + e.what());
  } catch (...) {
    log_line(std::string("message handler threw in ") + what);
  }
}

class WsSession final : public Session,
                        public Connection,
                        public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(beast::tcp_stream&& stream, std::shared_ptr<Core> core,
            std::shared_ptr<AddressSlot> slot)
      : core_(std::move(core)),
        slot_(std::move(slot)),
        executor_(stream.get_executor()),
        ws_(std::move(stream)),
        frame_timer_(executor_),
        address_(slot_ ? slot_->address() : std::string()),
        id_(next_connection_id()) {}

  ~WsSession() override { core_->remove(id_); }

  // On the connection's strand (called by the HTTP session that read the upgrade request).
  void run(http::request<http::string_body> request) {
    if (!core_->add(id_, weak_from_this())) {
      abort();
      return;
    }
    upgrade_request_ = std::move(request);
    // The WebSocket stream keeps its own timers from here on; the TCP deadline would cut it off.
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout{kWsHandshakeTimeout, kWsIdleTimeout, true});
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
      response.set(http::field::server, kServerName);
    }));
    ws_.read_message_max(kMaxFrameBytes);
    // One frame per message: fewer frame headers and writes; nothing here needs interleaving.
    ws_.auto_fragment(false);
    ws_.async_accept(upgrade_request_,
                     [self = shared_from_this()](beast::error_code ec) { self->on_accept(ec); });
  }

  // --- Connection (any thread) ---

  void send(std::string text) override {
    if (closed_.load(std::memory_order_acquire)) return;
    const std::size_t size = text.size();
    const std::size_t mine = queued_bytes_.fetch_add(size, std::memory_order_acq_rel) + size;
    const std::size_t all = core_->queued_bytes.fetch_add(size, std::memory_order_acq_rel) + size;
    // Past the server's total, a reader that lags is dropped before the total grows further;
    // one that keeps up (nearly nothing waiting) is still served.
    if (drop_instead_of_sending(mine, all, core_->max_queued_bytes)) {
      const bool over_total = mine <= kMaxQueuedBytes;
      unqueue(size);
      if (!closed_.exchange(true, std::memory_order_acq_rel)) {
        log_line("connection " + std::to_string(id_) + " dropped: " +
                 (over_total ? "its replies wait while the server's outgoing total is full"
                             : "more than " + std::to_string(kMaxQueuedBytes >> 20) +
                                   " MiB waiting to be sent"));
      }
      on_strand([](WsSession& self) { self.abort(); });
      return;
    }
    // The posted job holds a weak pointer: a send the io_context never runs (after stop) must not
    // keep the session, and with it the io_context, alive in a cycle.
    asio::post(executor_, [weak = weak_from_this(), text = std::move(text)]() mutable {
      if (auto self = weak.lock()) self->enqueue(std::move(text));
    });
  }

  void close() override {
    on_strand([](WsSession& self) {
      self.close_requested_ = true;
      if (!self.writing_) self.start_close(self.close_code_);
    });
  }

  // From on_message, on the strand: on_read reads no further until release().
  void hold() override { held_.store(true, std::memory_order_release); }
  void release() override {
    on_strand([](WsSession& self) {
      self.held_.store(false, std::memory_order_release);
      self.maybe_read();
    });
  }

  std::uint64_t id() const override { return id_; }
  std::string peer_address() const override { return address_; }

  // --- Session (any thread) ---

  void shutdown(bool force) override {
    on_strand([force](WsSession& self) {
      if (force || !self.opened_) {
        self.abort();
        return;
      }
      // Messages not yet started are dropped: the server is going away.
      while (self.queue_.size() > (self.writing_ ? 1U : 0U)) {
        self.unqueue(self.queue_.back().size());
        self.queue_.pop_back();
      }
      self.close_requested_ = true;
      self.start_close(websocket::close_code::going_away);  // Beast lets a pending write finish
    });
  }

 private:
  template <typename F>
  void on_strand(F job) {
    asio::post(executor_, [weak = weak_from_this(), job = std::move(job)] {
      if (auto self = weak.lock()) job(*self);
    });
  }

  void on_accept(beast::error_code ec) {
    upgrade_request_ = {};
    if (ec) {
      finish();
      return;
    }
    opened_ = true;
    std::shared_ptr<Connection> self = shared_from_this();
    call_handler("on_open", [&] { core_->handler.on_open(self); });
    maybe_read();
  }

  // Reads a part of a message: the frame deadline starts with a message's first part.
  void read() {
    keep_alive_.reset();  // the pending read holds the session now
    read_pending_ = true;
    ws_.async_read_some(buffer_, 0, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->on_read(ec);
    });
  }

  // Reads on unless the handler holds this connection or its replies wait unread (then until
  // the client has read half of them). While no read is pending the session holds itself, so
  // that the replies still to be posted find it (a reply over kPauseReadingBytes used to find
  // the session gone, and the connection closed without a word).
  void maybe_read() {
    if (read_pending_ || finished_ || close_started_ || !opened_) return;
    const std::size_t threshold = reading_paused_ ? kPauseReadingBytes / 2 : kPauseReadingBytes;
    reading_paused_ = queued_bytes_.load(std::memory_order_acquire) >= threshold;
    if (reading_paused_ || held_.load(std::memory_order_acquire)) {
      keep_alive_ = shared_from_this();
      return;
    }
    read();
  }

  void start_frame_deadline() {
    if (core_->frame_timeout.count() <= 0) return;
    frame_timer_.expires_after(core_->frame_timeout);
    frame_timer_.async_wait(
        [weak = weak_from_this(), generation = frame_generation_](beast::error_code ec) {
          auto self = weak.lock();
          if (ec || !self || self->frame_generation_ != generation || self->finished_) return;
          log_line("connection " + std::to_string(self->id_) + " closed: a message not whole " +
                   std::to_string(self->core_->frame_timeout.count()) + " ms after its first byte");
          self->close_requested_ = true;
          self->close_code_ = websocket::close_code::policy_error;
          if (!self->writing_) self->start_close(self->close_code_);
        });
  }

  void on_read(beast::error_code ec) {
    read_pending_ = false;
    if (ec) {
      // Closed by the peer, by us, too big (Beast has sent 1009), timed out or broken: all end
      // here.
      finish();
      return;
    }
    if (!ws_.is_message_done()) {
      if (!in_message_) {
        in_message_ = true;
        start_frame_deadline();
      }
      read();
      return;
    }
    if (in_message_) {
      in_message_ = false;
      ++frame_generation_;
      frame_timer_.cancel();
    }
    std::shared_ptr<Connection> self = shared_from_this();
    if (ws_.got_text()) {
      const auto data = buffer_.cdata();
      const std::string_view text(static_cast<const char*>(data.data()), data.size());
      call_handler("on_message", [&] { core_->handler.on_message(self, text); });
    } else {
      call_handler("on_binary", [&] { core_->handler.on_binary(self); });
    }
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > kKeptReadBufferBytes) buffer_.shrink_to_fit();
    // A client that sends requests but does not read the replies is not read either until it
    // catches up: its replies cannot pile up in the server's memory.
    maybe_read();
  }

  // Bytes that no longer wait: sent, dropped or refused.
  void unqueue(std::size_t size) {
    queued_bytes_.fetch_sub(size, std::memory_order_acq_rel);
    core_->queued_bytes.fetch_sub(size, std::memory_order_acq_rel);
  }

  void enqueue(std::string text) {
    if (finished_ || close_requested_) {
      unqueue(text.size());
      return;
    }
    queue_.push_back(std::move(text));
    if (!writing_) write_front();
  }

  void write_front() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(
        asio::buffer(queue_.front()),
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
  }

  void on_write(beast::error_code ec) {
    writing_ = false;
    unqueue(queue_.front().size());
    queue_.pop_front();
    if (ec) {
      abort();
      return;
    }
    if (close_started_) return;
    if (!queue_.empty()) {
      write_front();
    } else if (close_requested_) {
      start_close(close_code_);
    }
    maybe_read();  // reading goes on once the client has taken its replies
  }

  void start_close(websocket::close_code code) {
    if (close_started_ || finished_ || !opened_) return;
    close_started_ = true;
    // The pending read sees the peer's answer and ends the session (with no read pending, the
    // close itself read it); a failure here means the handshake cannot finish, so the socket goes.
    ws_.async_close(code, [self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->read_pending_) self->abort();
    });
  }

  // Closes the socket now; pending operations complete with errors and the read ends the session
  // (with no read pending, it ends here).
  void abort() {
    closed_.store(true, std::memory_order_release);
    beast::error_code ignored;
    auto& stream = beast::get_lowest_layer(ws_);
    if (stream.socket().is_open()) {
      stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
      stream.close();
    }
    frame_timer_.cancel();
    if (opened_ && !read_pending_ && !finished_) finish();
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    closed_.store(true, std::memory_order_release);
    abort();              // a write still in flight completes (with an error) and frees its message
    slot_.reset();        // the socket is closed; the handler may keep this Connection for longer
    keep_alive_.reset();  // whatever is still pending holds the session until it completes
    if (opened_) {
      std::shared_ptr<Connection> self = shared_from_this();
      call_handler("on_close", [&] { core_->handler.on_close(self); });
    }
    core_->remove(id_);
  }

  std::shared_ptr<Core> core_;         // first member: destroyed last, after the socket
  std::shared_ptr<AddressSlot> slot_;  // until finish(): the socket counts for its address
  asio::any_io_executor executor_;     // the connection's strand
  websocket::stream<beast::tcp_stream> ws_;
  asio::steady_timer frame_timer_;  // a message's deadline, from its first byte
  const std::string address_;       // kept after finish() releases the slot
  const std::uint64_t id_;
  http::request<http::string_body> upgrade_request_;  // kept until the handshake is done
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;  // front() is being written while writing_
  std::atomic<std::size_t> queued_bytes_{0};
  std::atomic<bool> closed_{false};  // send() is a no-op once set
  std::atomic<bool> held_{false};    // hold(): no read until release()
  // Strand-only state.
  bool opened_ = false;
  bool writing_ = false;
  bool close_requested_ = false;
  bool close_started_ = false;
  bool finished_ = false;
  bool reading_paused_ = false;  // no read pending until the queue drains (maybe_read)
  bool read_pending_ = false;
  bool in_message_ = false;             // part of a message was read: its deadline runs
  std::uint64_t frame_generation_ = 0;  // which message a deadline belongs to
  websocket::close_code close_code_ = websocket::close_code::normal;
  // Set while no read is pending (held, or waiting for the client to read): the session itself.
  std::shared_ptr<WsSession> keep_alive_;
};

class HttpSession final : public Session, public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, std::shared_ptr<Core> core, std::shared_ptr<AddressSlot> slot)
      : core_(std::move(core)),
        slot_(std::move(slot)),
        executor_(socket.get_executor()),
        stream_(std::move(socket)),
        key_(next_connection_id()) {}

  ~HttpSession() override { core_->remove(key_); }

  // From the acceptor: everything else happens on the connection's strand, so that stop() (which
  // posts there) never races with the first read.
  void run() {
    asio::dispatch(executor_, [self = shared_from_this()] {
      if (!self->core_->add(self->key_, self->weak_from_this())) {
        self->close_stream();
        return;
      }
      self->read_request();
    });
  }

  void shutdown(bool) override {
    asio::post(executor_, [weak = weak_from_this()] {
      if (auto self = weak.lock(); self && !self->upgraded_) self->close_stream();
    });
  }

 private:
  void read_request() {
    parser_.emplace();
    parser_->header_limit(kMaxRequestHeaderBytes);
    parser_->body_limit(kMaxRequestBodyBytes);
    stream_.expires_after(kHttpTimeout);
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_request(ec); });
  }

  void on_request(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == http::error::partial_message ||
        ec == beast::error::timeout || ec == asio::error::operation_aborted) {
      close_stream();
      return;
    }
    if (ec) {
      if (ec.category() != http::make_error_code(http::error::bad_target).category()) {
        close_stream();  // a socket error: nobody to answer
        return;
      }
      const http::status status = ec == http::error::body_limit ? http::status::payload_too_large
                                  : ec == http::error::header_limit
                                      ? http::status::request_header_fields_too_large
                                      : http::status::bad_request;
      send_error(status, 11, false, false);
      return;
    }
    http::request<http::string_body>& request = parser_->get();
    const std::string_view target(request.target().data(), request.target().size());
    const std::string_view path = target.substr(0, target.find_first_of("?#"));
    if (websocket::is_upgrade(request)) {
      if (path != "/ws") {
        send_error(http::status::not_found, request.version(), false, false);
        return;
      }
      // Any web page can make its visitors' browsers open a WebSocket here: only the server's own
      // page and the configured ones may (browsers always send Origin; other programs need not).
      const auto origin = request.find(http::field::origin);
      const auto host = request.find(http::field::host);
      if (origin != request.end() &&
          !origin_allowed(std::string_view(origin->value().data(), origin->value().size()),
                          host == request.end()
                              ? std::string_view()
                              : std::string_view(host->value().data(), host->value().size()),
                          core_->allowed_origins)) {
        send_error(http::status::forbidden, request.version(), false, false);
        return;
      }
      upgraded_ = true;
      auto session = std::make_shared<WsSession>(std::move(stream_), core_, slot_);
      session->run(parser_->release());
      return;
    }
    serve(request);
  }

  void serve(const http::request<http::string_body>& request) {
    const bool keep_alive = request.keep_alive();
    const bool head = request.method() == http::verb::head;
    if (request.version() != 10 && request.version() != 11) {
      send_error(http::status::http_version_not_supported, 11, false, head);
      return;
    }
    if (request.method() != http::verb::get && !head) {
      send_error(http::status::method_not_allowed, request.version(), keep_alive, false);
      return;
    }
    const std::string_view target(request.target().data(), request.target().size());
    if (target.substr(0, target.find_first_of("?#")) == "/ws") {
      send_error(http::status::upgrade_required, request.version(), keep_alive, head);
      return;
    }
    const StaticTarget found = resolve_static(core_->web_root, target);
    if (found.status != http::status::ok) {
      send_error(found.status, request.version(), keep_alive, head);
      return;
    }
    beast::error_code ec;
    http::file_body::value_type body;
    body.open(found.file.c_str(), beast::file_mode::scan, ec);
    if (ec) {
      send_error(http::status::not_found, request.version(), keep_alive, head);
      return;
    }
    const std::uint64_t size = body.size();
    if (head) {
      http::response<http::empty_body> response{http::status::ok, request.version()};
      set_common_fields(response, mime_type(found.file), keep_alive);
      response.content_length(size);
      send(std::move(response));
      return;
    }
    http::response<http::file_body> response{std::piecewise_construct,
                                             std::make_tuple(std::move(body)),
                                             std::make_tuple(http::status::ok, request.version())};
    set_common_fields(response, mime_type(found.file), keep_alive);
    response.content_length(size);
    send(std::move(response));
  }

  template <typename Body>
  static void set_common_fields(http::response<Body>& response, std::string_view type,
                                bool keep_alive) {
    response.set(http::field::server, kServerName);
    response.set(http::field::content_type, type);
    // The web app changes with the server binary: always revalidate, never run a stale copy.
    response.set(http::field::cache_control, "no-cache");
    response.set("X-Content-Type-Options", "nosniff");
    response.keep_alive(keep_alive);
  }

  void send_error(http::status status, unsigned version, bool keep_alive, bool head) {
    http::response<http::string_body> response{status, version};
    set_common_fields(response, "text/plain; charset=utf-8", keep_alive);
    if (status == http::status::method_not_allowed) response.set(http::field::allow, "GET, HEAD");
    const auto reason = http::obsolete_reason(status);
    response.body() = std::string(reason.data(), reason.size()) + "\n";
    response.prepare_payload();
    if (head) response.body().clear();  // Content-Length stays: what a GET would have carried
    send(std::move(response));
  }

  template <typename Body>
  void send(http::response<Body>&& response) {
    auto message = std::make_shared<http::response<Body>>(std::move(response));
    stream_.expires_after(kHttpTimeout);
    http::async_write(stream_, *message,
                      [self = shared_from_this(), message](beast::error_code ec, std::size_t) {
                        if (ec || message->need_eof()) {
                          self->close_stream();
                          return;
                        }
                        self->read_request();
                      });
  }

  void close_stream() {
    beast::error_code ignored;
    if (stream_.socket().is_open()) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
      stream_.close();
    }
  }

  std::shared_ptr<Core> core_;
  std::shared_ptr<AddressSlot> slot_;
  asio::any_io_executor executor_;  // the connection's strand (kept: stream_ is moved on upgrade)
  beast::tcp_stream stream_;
  const std::uint64_t key_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  bool upgraded_ = false;  // stream_ now belongs to a WsSession
};

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  auto lower = [](std::string_view text) {
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return result;
  };
  const std::string seen = lower(origin);
  for (const std::string& entry : allowed)
    if (entry == "*" || lower(entry) == seen) return true;
  if (host.empty()) return false;
  const std::string own = lower(host);
  return seen == "http://" + own || seen == "https://" + own;
}

// --- The server ------------------------------------------------------------------------------

struct HttpServer::Impl {
  Impl(HttpServerOptions server_options, MessageHandler& handler)
      : options(std::move(server_options)),
        thread_count(std::clamp(options.threads, 1, 256)),
        core(std::make_shared<Core>(thread_count, handler)),
        acceptor(asio::make_strand(core->ioc)),
        retry_timer(acceptor.get_executor()) {}

  Result<std::uint16_t> start();
  void stop();
  void wait_for_shutdown_signal();

  void accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
  void run_thread();
  bool on_network_thread() const;

  HttpServerOptions options;
  int thread_count;
  std::shared_ptr<Core> core;
  tcp::acceptor acceptor;
  asio::steady_timer retry_timer;
  std::vector<std::thread> threads;

  std::mutex mutex;  // guards the flags below and signal_ioc
  std::condition_variable stop_requested_cv;
  bool started = false;
  bool stop_requested = false;
  asio::io_context* signal_ioc = nullptr;  // wait_for_shutdown_signal's, while it waits
  std::mutex stop_mutex;                   // one stop() at a time; later ones find it done
  bool stopped = false;
};

Result<std::uint16_t> HttpServer::Impl::start() {
  std::lock_guard lock(mutex);
  if (started || stop_requested) return Error{ErrorCode::Io, "the server was already started"};
  fs::path root;
  if (!options.web_root.empty()) {
    std::error_code ec;
    root = fs::canonical(options.web_root, ec);
    if (ec || !fs::is_directory(root, ec)) {
      return Error{ErrorCode::Io,
                   "web root " + quote_text(options.web_root) + " is not a directory"};
    }
  }
  const auto fail = [this](const std::string& what, const beast::error_code& ec) -> Error {
    beast::error_code ignored;
    acceptor.close(ignored);
    return Error{ErrorCode::Io, "cannot listen on " + quote_text(options.address) + " port " +
                                    std::to_string(options.port) + ": " + what + ": " +
                                    ec.message()};
  };
  try {
    core->web_root = root;  // no session exists yet to read it
    core->allowed_origins = options.allowed_origins;
    core->max_per_address = std::max(1, options.max_connections_per_address);
    core->max_queued_bytes = options.max_queued_bytes;
    core->frame_timeout = std::chrono::milliseconds(std::max(0, options.frame_timeout_ms));
    beast::error_code ec;
    tcp::endpoint endpoint;
    const asio::ip::address address = asio::ip::make_address(options.address, ec);
    if (!ec) {
      endpoint = tcp::endpoint(address, options.port);
    } else {
      tcp::resolver resolver(core->ioc);
      const auto results = resolver.resolve(options.address, std::to_string(options.port),
                                            tcp::resolver::passive, ec);
      if (ec || results.empty()) return fail("cannot resolve the address", ec);
      endpoint = results.begin()->endpoint();
    }
    acceptor.open(endpoint.protocol(), ec);
    if (ec) return fail("open", ec);
    acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (ec) return fail("set_option", ec);
    acceptor.bind(endpoint, ec);
    if (ec) return fail("bind", ec);
    acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) return fail("listen", ec);
    const std::uint16_t port = acceptor.local_endpoint(ec).port();
    if (ec) return fail("local_endpoint", ec);

    accept();  // no network thread runs yet, so the acceptor's strand is not needed here
    for (int i = 0; i < thread_count; ++i) threads.emplace_back([this] { run_thread(); });
    started = true;
    return port;
  } catch (const std::exception& e) {
    // Thread creation or allocation failed; whatever started must be undone before returning.
    beast::error_code ignored;
    acceptor.close(ignored);
    core->ioc.stop();
    for (auto& thread : threads) thread.join();
    threads.clear();
    return Error{ErrorCode::Io, std::string("cannot start the server: ") + e.what()};
  }
}

namespace {
// The server (its Impl) whose network thread this is, if any. stop() asks this instead of looking
// at `threads`, which another stop() may be joining and clearing at the same moment.
thread_local const void* network_thread_of = nullptr;
}  // namespace

void HttpServer::Impl::run_thread() {
  network_thread_of = this;
  // run() returns once the io_context has no work left (or is stopped); an exception from a
  // completion handler is reported and the loop goes on serving everyone else.
  for (;;) {
    try {
      core->ioc.run();
      return;
    } catch (const std::exception& e) {
      log_line(std::string("network thread caught: ") + e.what());
    } catch (...) {
      log_line("network thread caught an unknown exception");
    }
  }
}

bool HttpServer::Impl::on_network_thread() const {
  return network_thread_of == this;
}

void HttpServer::Impl::accept() {
  // Each connection gets its own strand: its handlers never run concurrently, while different
  // connections use all network threads.
  acceptor.async_accept(
      asio::make_strand(core->ioc),
      [this](beast::error_code ec, tcp::socket socket) { on_accept(ec, std::move(socket)); });
}

void HttpServer::Impl::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
  if (ec) {
    // Out of descriptors or memory: retry shortly instead of spinning; a connection that was reset
    // before we took it is not worth a line.
    if (ec != asio::error::connection_aborted) log_line("accept failed: " + ec.message());
    retry_timer.expires_after(kAcceptRetryDelay);
    retry_timer.async_wait([this](beast::error_code wait_ec) {
      if (!wait_ec && acceptor.is_open()) accept();
    });
    return;
  }
  beast::error_code ignored;
  const tcp::endpoint peer = socket.remote_endpoint(ignored);
  std::string address = ignored ? std::string() : peer.address().to_string();
  if (!core->claim_slot(address)) {
    // Over its address's budget: closed before anything is read, at no cost to anyone else.
    socket.close(ignored);
    accept();
    return;
  }
  socket.set_option(tcp::no_delay(true), ignored);  // small request/reply messages: no Nagle delay
  try {
    auto slot = std::make_shared<AddressSlot>(core, std::move(address));
    std::make_shared<HttpSession>(std::move(socket), core, std::move(slot))->run();
  } catch (const std::exception& e) {
    log_line(std::string("cannot start a session: ") + e.what());
  }
  accept();
}

void HttpServer::Impl::stop() {
  {
    std::lock_guard lock(mutex);
    stop_requested = true;
    if (signal_ioc != nullptr) signal_ioc->stop();
    stop_requested_cv.notify_all();
  }
  // A handler cannot join the thread it runs on: the request above wakes
  // wait_for_shutdown_signal(), whose thread (or the destructor) finishes the stop.
  if (on_network_thread()) return;

  std::lock_guard stop_lock(stop_mutex);
  if (stopped) return;
  stopped = true;
  {
    std::lock_guard lock(mutex);
    if (!started) return;
  }
  asio::post(acceptor.get_executor(), [this] {
    beast::error_code ignored;
    acceptor.close(ignored);
    retry_timer.cancel();
  });
  for (const auto& session : core->live(true)) session->shutdown(false);
  if (!core->wait_idle(kStopGrace)) {
    for (const auto& session : core->live(false)) session->shutdown(true);
    core->wait_idle(kStopForce);
  }
  core->ioc.stop();
  for (auto& thread : threads) thread.join();
  threads.clear();
  // Complete here whatever the stopped io_context still held (the aftermath of forced closes), so
  // that every session has ended and no queued handler keeps one alive.
  try {
    core->ioc.restart();
    for (const auto& session : core->live(false)) session->shutdown(true);
    for (int round = 0; round < 1000 && core->ioc.poll() > 0; ++round) {
    }
  } catch (const std::exception& e) {
    log_line(std::string("while stopping: ") + e.what());
  }
}

void HttpServer::Impl::wait_for_shutdown_signal() {
  try {
    asio::io_context signal_context(1);
    asio::signal_set signals(signal_context, SIGINT, SIGTERM);
    signals.async_wait([](beast::error_code, int) {});
    bool wait = false;
    {
      std::lock_guard lock(mutex);
      wait = !stop_requested;
      if (wait) signal_ioc = &signal_context;
    }
    // Returns after a signal (the only work is done) or when stop() stops the context.
    if (wait) signal_context.run();
    std::lock_guard lock(mutex);
    signal_ioc = nullptr;
  } catch (const std::exception& e) {
    log_line(std::string("cannot wait for signals (") + e.what() + "); waiting for stop()");
    std::unique_lock lock(mutex);
    stop_requested_cv.wait(lock, [this] { return stop_requested; });
  }
  stop();
}

HttpServer::HttpServer(HttpServerOptions options, MessageHandler& handler)
    : impl_(std::make_unique<Impl>(std::move(options), handler)) {}

HttpServer::~HttpServer() {
  impl_->stop();
}

Result<std::uint16_t> HttpServer::start() {
  return impl_->start();
}

void HttpServer::stop() {
  impl_->stop();
}

void HttpServer::wait_for_shutdown_signal() {
  impl_->wait_for_shutdown_signal();
}

}  // namespace carcassonne::server
