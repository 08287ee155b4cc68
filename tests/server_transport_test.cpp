// Tests of the network front alone (server/http_server.h): static files, the WebSocket transport,
// limits and shutdown, against a test MessageHandler (an echo with a few commands) and a temporary
// web root. No game service is involved.
//
// Promise: every wait has a time limit, so a broken server fails a test instead of hanging it;
// HTTP edge cases (traversal, malformed requests, HEAD, a frame header announcing more than 1 MiB)
// go through a raw POSIX socket so that the bytes sent are exactly the ones written here.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "netclient/ws_client.h"
#include "server/http_server.h"

namespace {

namespace fs = std::filesystem;
using carcassonne::netclient::http_get;
using carcassonne::netclient::WsClient;
using carcassonne::server::Connection;
using carcassonne::server::HttpServer;
using carcassonne::server::HttpServerOptions;
using carcassonne::server::kMaxFrameBytes;
using carcassonne::server::MessageHandler;
using carcassonne::server::origin_allowed;
using namespace std::chrono_literals;

// Echoes text back, with commands: "close" (the server closes), "burst N" (N numbered messages).
// Binary messages are answered "binary". It records every event and counts protocol violations:
// a message outside open..close, two calls at once for one connection, a second on_close.
class EchoHandler : public MessageHandler {
 public:
  ~EchoHandler() override {
    for (std::thread& helper : helpers_) helper.join();
  }
  void on_open(const std::shared_ptr<Connection>& connection) override {
    std::lock_guard lock(mutex_);
    if (!open_.insert(connection->id()).second) ++violations_;
    connections_[connection->id()] = connection;
    ++opened_;
    changed_.notify_all();
  }

  void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) override {
    enter(connection->id());
    const std::string message(text);
    if (message == "close") {
      connection->close();
    } else if (message.rfind("burst ", 0) == 0) {
      const int count = std::stoi(message.substr(6));
      for (int i = 0; i < count; ++i) connection->send(std::to_string(i));
    } else if (message.rfind("big ", 0) == 0) {
      connection->send(std::string(std::stoul(message.substr(4)), 'b'));
    } else if (message.rfind("hold ", 0) == 0) {
      // Answered from another thread after a while, the connection held meanwhile.
      connection->hold();
      const auto delay = std::chrono::milliseconds(std::stoi(message.substr(5)));
      std::lock_guard lock(mutex_);
      helpers_.emplace_back([connection, delay] {
        std::this_thread::sleep_for(delay);
        connection->send("held");
        connection->release();
      });
    } else {
      connection->send(message);
    }
    leave(connection->id(), message.size());
  }

  void on_binary(const std::shared_ptr<Connection>& connection) override {
    enter(connection->id());
    ++binaries_;
    connection->send("binary");
    leave(connection->id(), 0);
  }

  void on_close(const std::shared_ptr<Connection>& connection) override {
    std::lock_guard lock(mutex_);
    if (open_.erase(connection->id()) != 1) ++violations_;
    closed_.push_back(connection->id());
    changed_.notify_all();
  }

  // Waits until `done()` (checked under the handler's lock) or the limit; returns done().
  bool wait(const std::function<bool()>& done, std::chrono::milliseconds limit = 5s) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, limit, done);
  }
  int opened() {
    std::lock_guard lock(mutex_);
    return opened_;
  }
  int closed_count() {
    std::lock_guard lock(mutex_);
    return static_cast<int>(closed_.size());
  }
  bool is_closed(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    return std::find(closed_.begin(), closed_.end(), id) != closed_.end();
  }
  std::shared_ptr<Connection> newest() {
    std::lock_guard lock(mutex_);
    return connections_.empty() ? nullptr : connections_.rbegin()->second;
  }
  std::size_t largest_message() {
    std::lock_guard lock(mutex_);
    return largest_;
  }
  int violations() {
    std::lock_guard lock(mutex_);
    return violations_;
  }
  int binaries() const { return binaries_; }

  // Unlocked helpers for the predicates of wait().
  int opened_unlocked() const { return opened_; }
  int closed_unlocked() const { return static_cast<int>(closed_.size()); }

 private:
  void enter(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    if (open_.count(id) == 0 || !busy_.insert(id).second) ++violations_;
  }
  void leave(std::uint64_t id, std::size_t size) {
    std::lock_guard lock(mutex_);
    busy_.erase(id);
    largest_ = std::max(largest_, size);
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::set<std::uint64_t> open_;
  std::set<std::uint64_t> busy_;
  std::map<std::uint64_t, std::shared_ptr<Connection>> connections_;  // ids grow: last is newest
  std::vector<std::uint64_t> closed_;
  int opened_ = 0;
  int violations_ = 0;
  std::size_t largest_ = 0;
  std::vector<std::thread> helpers_;  // answering held messages
  std::atomic<int> binaries_{0};
};

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
}

// A raw HTTP exchange over a POSIX socket: sends `request` as is and returns everything the
// server sends until it closes (or 3 s pass).
std::string raw_exchange(std::uint16_t port, const std::string& request, bool shut_write = false) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "socket failed";
  timeval limit{3, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  // The sockets API takes the generic address type; sockaddr_in is laid out to be read as one.
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return "connect failed";
  }
  std::size_t sent = 0;
  while (sent < request.size()) {
    const ssize_t n = ::send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  if (shut_write) ::shutdown(fd, SHUT_WR);
  std::string reply;
  char chunk[4096];
  for (;;) {
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n <= 0) break;
    reply.append(chunk, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return reply;
}

int status_of(const std::string& reply) {
  // "HTTP/1.1 404 Not Found"
  if (reply.rfind("HTTP/1.", 0) != 0 || reply.size() < 12) return 0;
  return std::stoi(reply.substr(9, 3));
}

std::string body_of(const std::string& reply) {
  const std::size_t end = reply.find("\r\n\r\n");
  return end == std::string::npos ? std::string() : reply.substr(end + 4);
}

std::string get_request(const std::string& target, const std::string& method = "GET") {
  return method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
}

constexpr const char* kSecret = "top secret: outside the web root";

class TransportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("carcassonne-transport-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    root_ = dir_ / "web";
    fs::create_directories(root_ / "sub");
    write_file(root_ / "index.html", "<!doctype html><title>index</title>");
    write_file(root_ / "app.js", "export const answer = 42;\n");
    write_file(root_ / "mod.mjs", "export default 1;\n");
    write_file(root_ / "style.css", "body { margin: 0 }\n");
    write_file(root_ / "data.json", "{\"a\": 1}\n");
    write_file(root_ / "pic.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    write_file(root_ / "img.png", std::string("\x89PNG\r\n\x1a\n", 8));
    write_file(root_ / "page.html", "<p>page</p>");
    write_file(root_ / ".hidden", "hidden");
    write_file(root_ / "sub" / "index.html", "<p>sub index</p>");
    write_file(dir_ / "secret.txt", kSecret);
    fs::create_symlink(dir_ / "secret.txt", root_ / "link.txt");
    start_server();
  }

  void TearDown() override {
    server_.reset();
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  void start_server(int threads = 2) {
    HttpServerOptions options;
    options.port = 0;
    options.web_root = root_.string();
    options.threads = threads;
    options.allowed_origins = allowed_origins_;
    options.max_connections_per_address = max_per_address_;
    options.frame_timeout_ms = frame_timeout_ms_;
    server_ = std::make_unique<HttpServer>(options, handler_);
    auto port = server_->start();
    ASSERT_TRUE(port.ok()) << port.error().message;
    port_ = *port;
    ASSERT_NE(port_, 0);
  }

  void connect(WsClient& client, const std::string& path = "/ws") {
    auto connected = client.connect("127.0.0.1", port_, path);
    ASSERT_TRUE(connected.ok()) << connected.error().message;
  }

  std::string receive(WsClient& client) {
    auto message = client.receive(3000ms);
    EXPECT_TRUE(message.ok()) << message.error().message;
    return message.ok() ? *message : std::string();
  }

  fs::path dir_;
  fs::path root_;
  EchoHandler handler_;  // declared before the server: outlives it
  std::unique_ptr<HttpServer> server_;
  std::uint16_t port_ = 0;
  std::vector<std::string> allowed_origins_;  // for the next start_server()
  int max_per_address_ = 64;                  // likewise
  int frame_timeout_ms_ = 30000;              // likewise
};

// --- Static files ----------------------------------------------------------------------------

TEST_F(TransportTest, ServesFilesWithTheirMimeTypes) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"/app.js", "text/javascript"}, {"/mod.mjs", "text/javascript"},
      {"/style.css", "text/css"},     {"/data.json", "application/json"},
      {"/pic.svg", "image/svg+xml"},  {"/img.png", "image/png"},
      {"/page.html", "text/html"},    {"/index.html", "text/html"}};
  for (const auto& [target, type] : cases) {
    auto response = http_get("127.0.0.1", port_, target);
    ASSERT_TRUE(response.ok()) << target << ": " << response.error().message;
    EXPECT_EQ(response->status, 200) << target;
    // Exact type, optionally followed by "; charset=utf-8".
    EXPECT_EQ(response->content_type.substr(0, response->content_type.find(';')), type) << target;
  }
  auto script = http_get("127.0.0.1", port_, "/app.js");
  ASSERT_TRUE(script.ok());
  EXPECT_EQ(script->body, "export const answer = 42;\n");
  auto png = http_get("127.0.0.1", port_, "/img.png");
  ASSERT_TRUE(png.ok());
  EXPECT_EQ(png->body, std::string("\x89PNG\r\n\x1a\n", 8));  // binary bytes intact
}

TEST_F(TransportTest, RootAndDirectoriesServeTheirIndex) {
  for (const std::string target : {"/", "/?game=abc", "/index.html#x"}) {
    auto response = http_get("127.0.0.1", port_, target);
    ASSERT_TRUE(response.ok()) << response.error().message;
    EXPECT_EQ(response->status, 200) << target;
    EXPECT_EQ(response->body, "<!doctype html><title>index</title>") << target;
    EXPECT_EQ(response->content_type, "text/html; charset=utf-8");
  }
  for (const std::string target : {"/sub/", "/sub"}) {
    auto response = http_get("127.0.0.1", port_, target);
    ASSERT_TRUE(response.ok());
    EXPECT_EQ(response->status, 200) << target;
    EXPECT_EQ(response->body, "<p>sub index</p>") << target;
  }
  auto query = http_get("127.0.0.1", port_, "/app.js?v=3");
  ASSERT_TRUE(query.ok());
  EXPECT_EQ(query->status, 200);
}

TEST_F(TransportTest, MissingFilesAndHiddenFilesAre404) {
  for (const std::string target : {"/nope.js", "/sub/nope.html", "/.hidden", "/sub/../.hidden"}) {
    auto response = http_get("127.0.0.1", port_, target);
    ASSERT_TRUE(response.ok()) << response.error().message;
    EXPECT_EQ(response->status, 404) << target;
    EXPECT_EQ(response->body.find("hidden"), std::string::npos);
  }
}

TEST_F(TransportTest, HeadersForCachingTypesAndLength) {
  const std::string reply = raw_exchange(port_, get_request("/app.js"));
  EXPECT_EQ(status_of(reply), 200);
  EXPECT_NE(reply.find("Cache-Control: no-cache\r\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find("Content-Type: text/javascript"), std::string::npos) << reply;
  EXPECT_NE(reply.find("Content-Length: 26\r\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find("X-Content-Type-Options: nosniff\r\n"), std::string::npos) << reply;
  EXPECT_EQ(body_of(reply), "export const answer = 42;\n");
}

TEST_F(TransportTest, HeadSendsHeadersOnly) {
  const std::string reply = raw_exchange(port_, get_request("/app.js", "HEAD"));
  EXPECT_EQ(status_of(reply), 200) << reply;
  EXPECT_NE(reply.find("Content-Length: 26\r\n"), std::string::npos) << reply;
  EXPECT_EQ(body_of(reply), "");
  const std::string missing = raw_exchange(port_, get_request("/nope", "HEAD"));
  EXPECT_EQ(status_of(missing), 404);
  EXPECT_EQ(body_of(missing), "");
}

TEST_F(TransportTest, OtherMethodsAre405) {
  for (const std::string method : {"POST", "PUT", "DELETE", "OPTIONS"}) {
    const std::string reply = raw_exchange(port_, get_request("/app.js", method));
    EXPECT_EQ(status_of(reply), 405) << method;
    EXPECT_NE(reply.find("Allow: GET, HEAD\r\n"), std::string::npos) << reply;
  }
  const std::string with_body =
      raw_exchange(port_,
                   "POST /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                   "Content-Length: 5\r\n\r\nhello");
  EXPECT_EQ(status_of(with_body), 405);
}

TEST_F(TransportTest, PathTraversalNeverLeavesTheWebRoot) {
  const std::vector<std::string> targets = {
      "/../secret.txt",
      "/sub/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/%2E%2E/secret.txt",
      "/..%2fsecret.txt",
      "/sub/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/%2e%2e%5csecret.txt",
      "/..\\secret.txt",
      "//" + (dir_ / "secret.txt").string(),
      "/" + (dir_ / "secret.txt").string(),
      "http://127.0.0.1/../secret.txt",
      "../secret.txt",
      "/app.js%00.png",
      "/%00",
      "/%zz",
      "/%2",
      "/link.txt",  // a symlink inside the root pointing out of it
  };
  for (const std::string& target : targets) {
    const std::string reply = raw_exchange(port_, get_request(target));
    const int status = status_of(reply);
    EXPECT_TRUE(status == 400 || status == 404) << target << " -> " << status;
    EXPECT_EQ(reply.find(kSecret), std::string::npos) << target;
  }
  // The legitimate path to the same kind of file still works.
  EXPECT_EQ(status_of(raw_exchange(port_, get_request("/app.js"))), 200);
}

TEST_F(TransportTest, MalformedRequestsAreRefusedAndTheServerCarriesOn) {
  const std::vector<std::string> requests = {
      "GARBAGE\r\n\r\n",
      "GET / HTTP/9.9\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -4\r\n\r\n",
      "GET / HTTP/1.1\r\nBad Header Without Colon\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + std::string(40000, 'a') + "\r\n\r\n",
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\nxx",
      std::string("\0\0\0\0\r\n\r\n", 8),
      "GET / HTTP/1.1\r\nHost: x\r\n",  // cut short
  };
  for (const std::string& request : requests) {
    const std::string reply = raw_exchange(port_, request, /*shut_write=*/true);
    const int status = status_of(reply);
    // Either an error status or a plain close; never a file.
    EXPECT_TRUE(status == 0 || status == 505 || (status >= 400 && status < 500))
        << status << " for " << request;
    EXPECT_EQ(reply.find("<title>index</title>"), std::string::npos) << request;
  }
  EXPECT_EQ(status_of(raw_exchange(port_, get_request("/"))), 200);
}

TEST_F(TransportTest, KeepAliveServesSeveralRequestsOnOneConnection) {
  const std::string reply =
      raw_exchange(port_,
                   "GET /app.js HTTP/1.1\r\nHost: x\r\n\r\n"
                   "GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(status_of(reply), 200);
  EXPECT_NE(reply.find("export const answer"), std::string::npos);
  EXPECT_NE(reply.find("body { margin: 0 }"), std::string::npos);
}

TEST_F(TransportTest, WebSocketOnlyAtWs) {
  WsClient client;
  EXPECT_FALSE(client.connect("127.0.0.1", port_, "/other").ok());
  EXPECT_EQ(status_of(raw_exchange(port_, get_request("/ws"))), 426);  // plain GET of /ws
  EXPECT_EQ(handler_.opened(), 0);
  WsClient good;
  connect(good, "/ws?v=1");
  EXPECT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 1; }));
}

// --- WebSocket -------------------------------------------------------------------------------
// A WebSocket opening handshake to /ws, with `origin` unless empty; the client then closes its
// side, so the exchange ends as soon as the server has answered.
int upgrade_status(std::uint16_t port, const std::string& origin) {
  std::string request = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        "Sec-WebSocket-Version: 13\r\n";
  if (!origin.empty()) request += "Origin: " + origin + "\r\n";
  return status_of(raw_exchange(port, request + "\r\n", /*shut_write=*/true));
}

// Any web page could make its visitors' browsers play here: only the server's own page, pages the
// operator allows, and programs (which send no Origin) may open the game socket.
TEST_F(TransportTest, WebSocketsFromOtherWebPagesAreRefused) {
  const std::string own = "http://127.0.0.1:" + std::to_string(port_);
  EXPECT_EQ(upgrade_status(port_, ""), 101);
  EXPECT_EQ(upgrade_status(port_, own), 101);
  EXPECT_EQ(upgrade_status(port_, "HTTP://127.0.0.1:" + std::to_string(port_)), 101);
  for (const std::string& other : {std::string("https://evil.example"), std::string("null"),
                                   "http://127.0.0.1:" + std::to_string(port_ + 1),
                                   std::string("http://127.0.0.1"), own + ".evil.example"})
    EXPECT_EQ(upgrade_status(port_, other), 403) << other;
  EXPECT_EQ(handler_.opened(), 3);

  allowed_origins_ = {"https://play.example:8443"};
  server_.reset();
  start_server();
  EXPECT_EQ(upgrade_status(port_, "https://play.example:8443"), 101);
  EXPECT_EQ(upgrade_status(port_, "https://play.example"), 403);
  allowed_origins_ = {"*"};
  server_.reset();
  start_server();
  EXPECT_EQ(upgrade_status(port_, "https://evil.example"), 101);
}

// One address cannot take every connection: beyond its budget, connections are closed as soon as
// they are accepted, and a slot is free again once one of its connections is gone. (All clients
// here come from 127.0.0.1.)
TEST_F(TransportTest, ConnectionsPerAddressAreBounded) {
  max_per_address_ = 3;
  server_.reset();
  start_server();
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 3; ++i) {
    clients.push_back(std::make_unique<WsClient>());
    connect(*clients.back());
  }
  EXPECT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 3; }));
  WsClient fourth;
  EXPECT_FALSE(fourth.connect("127.0.0.1", port_, "/ws").ok());
  EXPECT_EQ(status_of(raw_exchange(port_, get_request("/app.js"))), 0);  // HTTP counts too
  clients.pop_back();
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }));
  // The slot is released when the session ends, just after on_close: retry briefly.
  bool connected = false;
  for (int attempt = 0; attempt < 50 && !connected; ++attempt) {
    auto again = std::make_unique<WsClient>();
    connected = again->connect("127.0.0.1", port_, "/ws").ok();
    if (connected) clients.push_back(std::move(again));
    if (!connected) std::this_thread::sleep_for(20ms);
  }
  EXPECT_TRUE(connected);
}

TEST(OriginAllowed, SameOriginAllowedListOrNoOrigin) {
  EXPECT_TRUE(origin_allowed("", "host:1", {}));
  EXPECT_TRUE(origin_allowed("http://host:1", "host:1", {}));
  EXPECT_TRUE(origin_allowed("https://Host:1", "host:1", {}));
  EXPECT_FALSE(origin_allowed("http://host:2", "host:1", {}));
  EXPECT_FALSE(origin_allowed("http://host:1", "", {}));
  EXPECT_FALSE(origin_allowed("ftp://host:1", "host:1", {}));
  EXPECT_TRUE(origin_allowed("https://a.example", "host:1", {"https://A.example"}));
  EXPECT_TRUE(origin_allowed("null", "host:1", {"*"}));
}

TEST_F(TransportTest, EchoesAndReportsOpenAndClose) {
  {
    WsClient client;
    connect(client);
    ASSERT_TRUE(client.send_text("hello").ok());
    EXPECT_EQ(receive(client), "hello");
    ASSERT_TRUE(client.send_text("").ok());  // an empty message is a message too
    EXPECT_EQ(receive(client), "");
    EXPECT_EQ(handler_.opened(), 1);
    EXPECT_EQ(handler_.closed_count(), 0);
  }  // the client closes
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }));
  EXPECT_EQ(handler_.violations(), 0);
}

TEST_F(TransportTest, ReceiveTimeoutKeepsTheConnectionUsable) {
  WsClient client;
  connect(client);
  auto nothing = client.receive(50ms);
  ASSERT_FALSE(nothing.ok());
  EXPECT_EQ(nothing.error().message, "timed out");
  EXPECT_FALSE(client.closed());
  ASSERT_TRUE(client.send_text("still here").ok());
  EXPECT_EQ(receive(client), "still here");
}

TEST_F(TransportTest, MessagesArriveInOrderBothWays) {
  WsClient client;
  connect(client);
  constexpr int kCount = 300;
  for (int i = 0; i < kCount; ++i) ASSERT_TRUE(client.send_text("m" + std::to_string(i)).ok());
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(receive(client), "m" + std::to_string(i));
  ASSERT_TRUE(client.send_text("burst 1000").ok());
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(receive(client), std::to_string(i));
  EXPECT_EQ(handler_.violations(), 0);
}

TEST_F(TransportTest, BinaryFramesReachOnBinary) {
  WsClient client;
  connect(client);
  ASSERT_TRUE(client.send_binary(std::string("\x01\x02\x00\xff", 4)).ok());
  EXPECT_EQ(receive(client), "binary");
  EXPECT_EQ(handler_.binaries(), 1);
  ASSERT_TRUE(client.send_text("after").ok());  // the connection stays open
  EXPECT_EQ(receive(client), "after");
}

TEST_F(TransportTest, MessageOfExactlyTheLimitIsDelivered) {
  WsClient client;
  connect(client);
  const std::string big(kMaxFrameBytes, 'x');
  ASSERT_TRUE(client.send_text(big).ok());
  auto echo = client.receive(5000ms);
  ASSERT_TRUE(echo.ok()) << echo.error().message;
  EXPECT_EQ(echo->size(), kMaxFrameBytes);
  EXPECT_EQ(handler_.largest_message(), kMaxFrameBytes);
}

TEST_F(TransportTest, OversizedMessageClosesWith1009AndOthersCarryOn) {
  WsClient bystander;
  connect(bystander);
  WsClient sender;
  connect(sender);
  ASSERT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 2; }));
  // Sent in several frames by the client: the whole message is what counts.
  (void)sender.send_text(std::string(kMaxFrameBytes + 1, 'y'));  // may fail as the server closes
  auto reply = sender.receive(5000ms);
  EXPECT_FALSE(reply.ok());
  EXPECT_TRUE(sender.closed());
  EXPECT_EQ(sender.close_code(), 1009);
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }));
  EXPECT_LT(handler_.largest_message(), kMaxFrameBytes);  // never handed to the handler

  ASSERT_TRUE(bystander.send_text("unaffected").ok());
  EXPECT_EQ(receive(bystander), "unaffected");
  WsClient newcomer;
  connect(newcomer);
  ASSERT_TRUE(newcomer.send_text("welcome").ok());
  EXPECT_EQ(receive(newcomer), "welcome");
}

// A plain TCP socket upgraded to a WebSocket by hand (for frames no client library would send),
// reads timing out after `seconds`; -1 if the connection or the upgrade failed.
int upgraded_socket(int port, int seconds) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  timeval limit{seconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const std::string upgrade =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  std::string response;
  char c = 0;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 &&
      ::send(fd, upgrade.data(), upgrade.size(), MSG_NOSIGNAL) ==
          static_cast<ssize_t>(upgrade.size()))
    while (response.find("\r\n\r\n") == std::string::npos && ::recv(fd, &c, 1, 0) == 1)
      response += c;
  if (status_of(response) == 101) return fd;
  ::close(fd);
  return -1;
}

// One frame whose header announces 1 MiB + 1 bytes: the server answers with a close frame carrying
// 1009 at once, before any payload arrives.
TEST_F(TransportTest, OversizedFrameHeaderIsAnsweredWith1009) {
  const int fd = upgraded_socket(port_, 3);
  ASSERT_GE(fd, 0) << "no WebSocket upgrade on a plain socket";

  const std::uint64_t length = kMaxFrameBytes + 1;
  std::string header = {'\x81', '\xff'};  // FIN + text; masked, 64-bit length follows
  for (int shift = 56; shift >= 0; shift -= 8)
    header += static_cast<char>((length >> shift) & 0xff);
  header += std::string("\x11\x22\x33\x44", 4);  // the mask key
  ASSERT_EQ(::send(fd, header.data(), header.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(header.size()));
  unsigned char frame[4] = {};
  std::size_t got = 0;
  while (got < sizeof frame) {
    const ssize_t n = ::recv(fd, frame + got, sizeof frame - got, 0);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  ASSERT_EQ(got, sizeof frame);
  EXPECT_EQ(frame[0], 0x88);  // FIN + close
  EXPECT_EQ(frame[1], 2);     // unmasked, two bytes: the code
  EXPECT_EQ((frame[2] << 8) | frame[3], 1009);
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }));
}

// A reply larger than the point where reading pauses (kPauseReadingBytes) is sent whole, and the
// connection reads on once the client has taken it. (It used to be dropped with the session: no
// read pending and the reply only posted, nothing held the session.)
TEST_F(TransportTest, RepliesAboveThePauseThresholdArriveWhole) {
  WsClient client;
  connect(client);
  for (const std::size_t size :
       {std::size_t{300} << 10, std::size_t{1} << 20, std::size_t{3} << 20}) {
    ASSERT_TRUE(client.send_text("big " + std::to_string(size)).ok());
    auto reply = client.receive(5000ms);
    ASSERT_TRUE(reply.ok()) << size << ": " << reply.error().message;
    EXPECT_EQ(reply->size(), size);
    ASSERT_TRUE(client.send_text("after").ok());
    EXPECT_EQ(receive(client), "after");
  }
  EXPECT_EQ(handler_.closed_count(), 0);
  EXPECT_EQ(handler_.violations(), 0);
}

// A held connection's next message waits for the held one's reply, given on another thread.
TEST_F(TransportTest, HeldConnectionsAreAnsweredInOrder) {
  WsClient client;
  connect(client);
  ASSERT_TRUE(client.send_text("hold 300").ok());
  ASSERT_TRUE(client.send_text("next").ok());
  EXPECT_EQ(receive(client), "held");
  EXPECT_EQ(receive(client), "next");
  // Other connections are not held meanwhile.
  WsClient other;
  connect(other);
  ASSERT_TRUE(client.send_text("hold 1000").ok());
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_TRUE(other.send_text("free").ok());
  EXPECT_EQ(receive(other), "free");
  EXPECT_LT(std::chrono::steady_clock::now() - sent, 900ms);
  EXPECT_EQ(receive(client), "held");
  EXPECT_EQ(handler_.violations(), 0);
}

// A message trickled in (here: one byte of a 100-byte frame, then nothing) is cut off at the
// frame deadline with a close frame carrying 1008, not kept until the idle timeout or forever.
TEST_F(TransportTest, UnfinishedMessageIsClosedAtTheFrameDeadline) {
  server_.reset();
  frame_timeout_ms_ = 300;
  start_server();
  const int fd = upgraded_socket(port_, 5);
  ASSERT_GE(fd, 0) << "no WebSocket upgrade on a plain socket";
  // FIN + text, masked, 100 bytes; a zero mask; then the first byte only, a second one later.
  const std::string start = std::string("\x81\xe4\0\0\0\0", 6) + "x";
  ASSERT_EQ(::send(fd, start.data(), start.size(), MSG_NOSIGNAL),
            static_cast<ssize_t>(start.size()));
  const auto sent = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(100ms);
  ASSERT_EQ(::send(fd, "y", 1, MSG_NOSIGNAL), 1);  // a trickle does not extend the deadline
  unsigned char frame[4] = {};
  std::size_t got = 0;
  while (got < sizeof frame) {
    const ssize_t n = ::recv(fd, frame + got, sizeof frame - got, 0);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  const auto waited = std::chrono::steady_clock::now() - sent;
  ::close(fd);
  ASSERT_EQ(got, sizeof frame);
  EXPECT_EQ(frame[0], 0x88);  // FIN + close
  EXPECT_EQ(frame[1], 2);
  EXPECT_EQ((frame[2] << 8) | frame[3], 1008);
  EXPECT_GE(waited, 250ms);
  EXPECT_LT(waited, 3000ms);
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }, 15s));
  // Whole messages are not affected by the deadline.
  WsClient client;
  connect(client);
  std::this_thread::sleep_for(500ms);
  ASSERT_TRUE(client.send_text("still fine").ok());
  EXPECT_EQ(receive(client), "still fine");
}

TEST_F(TransportTest, ServerSideCloseSendsNormalClosure) {
  WsClient client;
  connect(client);
  ASSERT_TRUE(client.send_text("burst 3").ok());
  ASSERT_TRUE(client.send_text("close").ok());
  // Messages queued before close() still arrive, then the close.
  for (int i = 0; i < 3; ++i) EXPECT_EQ(receive(client), std::to_string(i));
  auto after = client.receive(3000ms);
  EXPECT_FALSE(after.ok());
  EXPECT_TRUE(client.closed());
  EXPECT_EQ(client.close_code(), 1000);
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }));
  EXPECT_FALSE(client.send_text("too late").ok());
}

TEST_F(TransportTest, ManyConcurrentClients) {
  constexpr int kClients = 64;
  constexpr int kMessages = 20;
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < kClients; ++c) {
    threads.emplace_back([&, c] {
      WsClient client;
      if (!client.connect("127.0.0.1", port_).ok()) return;
      for (int m = 0; m < kMessages; ++m) {
        if (!client.send_text(std::to_string(c) + ":" + std::to_string(m)).ok()) return;
      }
      for (int m = 0; m < kMessages; ++m) {
        auto echo = client.receive(5000ms);
        if (!echo.ok() || *echo != std::to_string(c) + ":" + std::to_string(m)) return;
      }
      ++good;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(good.load(), kClients);
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == kClients; }));
  EXPECT_EQ(handler_.opened(), kClients);
  EXPECT_EQ(handler_.violations(), 0);
}

TEST_F(TransportTest, SendFromOtherThreadsKeepsEachThreadsOrder) {
  WsClient client;
  connect(client);
  ASSERT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 1; }));
  const std::shared_ptr<Connection> connection = handler_.newest();
  ASSERT_NE(connection, nullptr);
  constexpr int kThreads = 4;
  constexpr int kEach = 250;
  std::vector<std::thread> senders;
  for (int t = 0; t < kThreads; ++t) {
    senders.emplace_back([&, t] {
      for (int i = 0; i < kEach; ++i) connection->send(std::to_string(t) + " " + std::to_string(i));
    });
  }
  for (auto& sender : senders) sender.join();
  std::vector<int> next(kThreads, 0);
  for (int n = 0; n < kThreads * kEach; ++n) {
    const std::string message = receive(client);
    const std::size_t space = message.find(' ');
    ASSERT_NE(space, std::string::npos) << message;
    const int t = std::stoi(message.substr(0, space));
    ASSERT_EQ(std::stoi(message.substr(space + 1)), next[t]++) << "thread " << t;
  }
  EXPECT_EQ(next, std::vector<int>(kThreads, kEach));
}

// A client that never reads: the server's queue for it fills up and the server drops the
// connection instead of holding ever more memory; everyone else is served as before.
TEST_F(TransportTest, SlowReaderIsDisconnectedWhenItsQueueIsFull) {
  WsClient sleeper;
  connect(sleeper);
  ASSERT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 1; }));
  const std::shared_ptr<Connection> connection = handler_.newest();
  const std::string chunk(64 * 1024, 'z');
  for (int i = 0; i < 1024; ++i) connection->send(chunk);  // 64 MiB, far above the cap
  EXPECT_TRUE(handler_.wait([&] { return handler_.closed_unlocked() == 1; }));
  EXPECT_TRUE(handler_.is_closed(connection->id()));
  connection->send("ignored");  // a no-op once closed

  WsClient other;
  connect(other);
  ASSERT_TRUE(other.send_text("fine").ok());
  EXPECT_EQ(receive(other), "fine");
}

// Past the server's outgoing total, a connection that lags is dropped before the total grows
// further, while one that keeps up is still sent to: the total stays bounded by the cap plus
// kLaggingReaderBytes per connection however many lag. (Decided on the numbers alone: over a real
// socket the kernel's buffers take an unknown share of what is sent.)
TEST(OutgoingBudget, LaggingReadersAreDroppedWhenTheTotalIsFull) {
  using carcassonne::server::drop_instead_of_sending;
  using carcassonne::server::kLaggingReaderBytes;
  using carcassonne::server::kMaxQueuedBytes;
  constexpr std::size_t cap = std::size_t{1} << 20;
  // Under the total: only a connection's own limit counts.
  EXPECT_FALSE(drop_instead_of_sending(kMaxQueuedBytes, cap, cap));
  EXPECT_TRUE(drop_instead_of_sending(kMaxQueuedBytes + 1, cap, cap));
  // Over it: a lagging connection goes, one with little waiting stays.
  EXPECT_TRUE(drop_instead_of_sending(kLaggingReaderBytes + 1, cap + 1, cap));
  EXPECT_FALSE(drop_instead_of_sending(kLaggingReaderBytes, cap + 1, cap));
  EXPECT_FALSE(drop_instead_of_sending(100, 100 * cap, cap));
}

TEST_F(TransportTest, StopClosesOpenConnectionsGracefully) {
  constexpr int kClients = 5;
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < kClients; ++i) {
    clients.push_back(std::make_unique<WsClient>());
    connect(*clients.back());
  }
  ASSERT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == kClients; }));
  const std::shared_ptr<Connection> kept = handler_.newest();
  // Clients that are reading answer the server's close at once.
  std::vector<int> codes(kClients, -1);
  std::vector<std::thread> readers;
  for (int i = 0; i < kClients; ++i) {
    readers.emplace_back([&, i] {
      auto message = clients[i]->receive(5000ms);
      codes[i] = message.ok() ? -2 : clients[i]->close_code();
    });
  }
  std::this_thread::sleep_for(50ms);  // let the readers block in receive()
  const auto begin = std::chrono::steady_clock::now();
  server_->stop();
  const auto took = std::chrono::steady_clock::now() - begin;
  for (auto& reader : readers) reader.join();
  EXPECT_LT(took, 900ms);                        // no waiting for the grace period
  EXPECT_EQ(handler_.closed_count(), kClients);  // every on_close before stop() returned
  EXPECT_EQ(codes, std::vector<int>(kClients, 1001));
  server_->stop();           // idempotent
  kept->send("after stop");  // a no-op, not a crash
  kept->close();
  EXPECT_EQ(handler_.violations(), 0);
  EXPECT_FALSE(http_get("127.0.0.1", port_, "/").ok());  // no longer listening
}

TEST_F(TransportTest, StopClosesUnresponsiveConnectionsToo) {
  WsClient silent;  // never reads, so never answers the close
  connect(silent);
  ASSERT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 1; }));
  const auto begin = std::chrono::steady_clock::now();
  server_->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - begin, 3s);
  EXPECT_EQ(handler_.closed_count(), 1);
}

TEST_F(TransportTest, ConnectionsMayOutliveTheServer) {
  WsClient client;
  connect(client);
  ASSERT_TRUE(handler_.wait([&] { return handler_.opened_unlocked() == 1; }));
  std::shared_ptr<Connection> kept = handler_.newest();
  std::thread reader([&] { (void)client.receive(3000ms); });  // answers the server's close
  std::this_thread::sleep_for(20ms);
  server_.reset();  // destroys the server while the handler still holds the connection
  reader.join();
  EXPECT_EQ(client.close_code(), 1001);
  kept->send("nobody listens");
  kept->close();
  EXPECT_GT(kept->id(), 0U);
  kept.reset();
}

TEST_F(TransportTest, WaitForShutdownSignalReturnsAfterStop) {
  std::atomic<bool> returned{false};
  std::thread waiter([&] {
    server_->wait_for_shutdown_signal();
    returned = true;
  });
  std::this_thread::sleep_for(50ms);
  EXPECT_FALSE(returned.load());
  server_->stop();
  waiter.join();
  EXPECT_TRUE(returned.load());
}

// --- Starting --------------------------------------------------------------------------------

TEST_F(TransportTest, StartReportsErrorsAsValues) {
  EXPECT_FALSE(server_->start().ok());  // already started

  EchoHandler other;
  HttpServerOptions taken;
  taken.port = port_;  // in use by server_
  HttpServer clash(taken, other);
  auto clashed = clash.start();
  ASSERT_FALSE(clashed.ok());
  EXPECT_EQ(clashed.error().code, carcassonne::ErrorCode::Io);

  HttpServerOptions bad_root;
  bad_root.port = 0;
  bad_root.web_root = (dir_ / "no-such-dir").string();
  HttpServer rootless(bad_root, other);
  EXPECT_FALSE(rootless.start().ok());

  HttpServerOptions bad_address;
  bad_address.port = 0;
  bad_address.address = "192.0.2.1";  // TEST-NET-1: never an address of this machine
  HttpServer nowhere(bad_address, other);
  EXPECT_FALSE(nowhere.start().ok());

  HttpServerOptions no_files;  // empty web root: WebSocket only
  no_files.port = 0;
  HttpServer bare(no_files, other);
  auto bare_port = bare.start();
  ASSERT_TRUE(bare_port.ok()) << bare_port.error().message;
  auto response = http_get("127.0.0.1", *bare_port, "/");
  ASSERT_TRUE(response.ok());
  EXPECT_EQ(response->status, 404);
  WsClient client;
  ASSERT_TRUE(client.connect("127.0.0.1", *bare_port).ok());
  ASSERT_TRUE(client.send_text("bare").ok());
  EXPECT_EQ(receive(client), "bare");
}

TEST(WsClientTest, ErrorsAreValuesWithoutAServer) {
  WsClient client;
  EXPECT_FALSE(client.send_text("x").ok());
  EXPECT_FALSE(client.receive(10ms).ok());
  // Port 1 on loopback: nothing listens there.
  EXPECT_FALSE(client.connect("127.0.0.1", 1).ok());
  EXPECT_FALSE(http_get("127.0.0.1", 1, "/").ok());
  client.close();  // harmless when not connected
}

}  // namespace
