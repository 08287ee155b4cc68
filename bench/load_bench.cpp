// `carcassonne_load`: a load benchmark against a running `carcassonne serve`.
//
// Promise: creates --games games (every seat human) over one control connection, then runs
// --clients-per-game WebSocket clients per game, each holding one seat with its token. Whenever a
// `state` offers a client's seat a decision (it carries `legal`), the client picks one of the
// legal actions with its own seeded generator and sends `act` with the state's `version`; the
// latency is the time from sending to the `ack` with the same id. It runs until every game is over
// or --seconds pass, then prints games, clients, actions, wall time, actions/s, latency
// percentiles and the error count (one JSON line with --json). With a fixed --seed and server,
// every game is the same from run to run: decks come from the seed, choices from the legal lists.
//
// With --abuse, one abuser misbehaves in the chosen way from its own local address (so that
// per-address budgets can tell it from the players) from --abuse-lead seconds before the games
// are created until the players are done; the report adds what the abuser got and the server's
// resident memory (with --server-pid). --think-ms gives the players a human pace, and --bot seats
// one bot per game, reporting how long its turns keep the player waiting.
//
// All clients are C++20 coroutines on one io_context run by --threads threads, so 400 clients
// cost a few hundred kilobytes each, not a thread each; the client side stays small next to the
// server it measures. Exit status: 0 when every game finished without an error, 1 otherwise, 2 for
// usage errors.
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

// GCC 12 at -O3 reports "potential null pointer dereference" inside Asio's scheduler once its
// handlers are inlined; the warning stays on for the code of this file.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#pragma GCC diagnostic pop

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr int kStallTicks = 6;  // 30 s without an acknowledged action

struct Options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  int games = 200;
  int clients_per_game = 2;
  std::string expansions = "bcb";
  std::uint64_t seed = 1;
  int threads = 1;
  double seconds = 600;  // 0: no limit
  bool json_output = false;
  bool quiet = false;
  // A normal player's pace and table: each act waits think_ms, and with `bot` every game has one
  // more seat, that bot's (clients_per_game may then be 1).
  int think_ms = 0;
  std::string bot;
  // An abuse pattern run from abuse_address (so that per-address budgets tell the abuser and
  // the players apart) while the players play; see kAbusePatterns.
  std::string abuse;
  int abusers = 0;  // connections of the abuser (0: the pattern's default)
  std::string abuse_address = "127.0.0.2";
  std::string abuse_record;  // view-record: the record file replayed over and over
  double abuse_lead_seconds = 2;
  int server_pid = 0;  // sampled for its resident memory
};

// What each abuse pattern does with each of its connections, and its default connection count.
struct AbusePattern {
  const char* name;
  int connections;
  const char* what;
};
constexpr AbusePattern kAbusePatterns[] = {
    {"connections", 10000, "opens connections and holds them"},
    {"frames", 200, "starts a 1 MiB frame and never finishes it"},
    {"no-read", 50, "sends `list` requests without end and never reads a reply"},
    {"create", 8, "creates games as fast as the server answers"},
    {"bots", 1, "creates 4 games of 6 bots thinking 10 s a move"},
    {"view-record", 8, "asks for the last step of a whole game's record, again and again"},
    {"view-record-wave", 50,
     "every 10 s, one view_record of the whole record on each connection at once (a burst the "
     "budget allows)"},
};

// splitmix64: a tiny generator with a documented output sequence, so a seed means the same
// choices with every standard library (std::uniform_int_distribution differs between them).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) by rejection, without modulo bias.
  std::size_t below(std::size_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x = next();
    while (x >= limit) x = next();
    return static_cast<std::size_t>(x % n);
  }

 private:
  std::uint64_t state_;
};

struct SeatTicket {
  int seat = 0;
  std::string token;
};

struct GameTicket {
  std::string id;
  std::vector<SeatTicket> seats;
};

// One client's work and results. Each client's coroutine is the only writer of its own entry
// until the io_context has stopped; main reads them afterwards.
struct Client {
  int game_index = 0;
  std::string game;
  SeatTicket ticket;
  std::uint64_t rng_seed = 0;
  std::vector<double> latencies_ms;
  // With a bot at the table: from an ack to the next state offering a decision (the bot's turn).
  std::vector<double> waits_ms;
  std::optional<Clock::time_point> last_ack;
  std::unordered_map<long, Clock::time_point> sent;  // acts awaiting their ack: id -> send time
  long actions = 0;
  long errors = 0;
  bool saw_over = false;
  bool failed = false;
  std::string failure;
};

// Shared progress and diagnostics, across threads.
struct Shared {
  std::atomic<long> actions{0};
  std::atomic<int> clients_left{0};
  std::atomic<int> messages_logged{0};
  std::mutex log_mutex;

  void log(const std::string& text) {
    // Only the first few problems are worth a line each; the total is in the summary.
    if (messages_logged.fetch_add(1) >= 20) return;
    std::lock_guard lock(log_mutex);
    std::cerr << "carcassonne_load: " << text << '\n';
  }
};

using Socket = websocket::stream<beast::tcp_stream>;

// The message of an exception from a coroutine; for network errors just the error's text (the
// full what() of a Boost system_error also names a header file and line).
std::string describe(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const boost::system::system_error& e) {
    return e.code().message();
  } catch (const std::exception& e) {
    return e.what();
  } catch (...) {
    return "unknown exception";
  }
}

// Connects (from local address `from`, when given) and opens the WebSocket.
asio::awaitable<void> open_socket(Socket& ws, const tcp::resolver::results_type& endpoints,
                                  const Options& options, const std::string& from = {}) {
  beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(10));
  if (from.empty()) {
    co_await beast::get_lowest_layer(ws).async_connect(endpoints, asio::use_awaitable);
  } else {
    const tcp::endpoint server = *endpoints.begin();
    tcp::socket& socket = beast::get_lowest_layer(ws).socket();
    socket.open(server.protocol());
    socket.bind(tcp::endpoint(asio::ip::make_address(from), 0));
    co_await beast::get_lowest_layer(ws).async_connect(server, asio::use_awaitable);
  }
  beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true));
  beast::get_lowest_layer(ws).expires_never();  // the WebSocket stream keeps its own timers
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
  ws.read_message_max(std::uint64_t{64} << 20);
  co_await ws.async_handshake(options.host + ":" + std::to_string(options.port), "/ws",
                              asio::use_awaitable);
}

asio::awaitable<json> read_json(Socket& ws, beast::flat_buffer& buffer) {
  co_await ws.async_read(buffer, asio::use_awaitable);
  json message = json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
  buffer.consume(buffer.size());
  if (message.is_discarded() || !message.is_object())
    throw std::runtime_error("the server sent something that is not a JSON object");
  co_return message;
}

asio::awaitable<void> write_json(Socket& ws, const json& message) {
  const std::string text = message.dump();
  co_await ws.async_write(asio::buffer(text), asio::use_awaitable);
}

json make_create(const Options& options, int index) {
  json players = json::array();
  for (int seat = 0; seat < options.clients_per_game; ++seat)
    players.push_back({{"name", "Load" + std::to_string(seat + 1)}, {"seat", "human"}});
  if (!options.bot.empty())
    players.push_back({{"name", "Bot"}, {"seat", "bot"}, {"bot", options.bot}});
  json expansions = json::array();
  std::stringstream list(options.expansions);
  for (std::string name; std::getline(list, name, ',');) {
    if (!name.empty() && name != "base" && name != "none") expansions.push_back(name);
  }
  const std::uint64_t seed = (options.seed + static_cast<std::uint64_t>(index)) &
                             ((std::uint64_t{1} << 53) - 1);  // the protocol's seed range
  return {{"type", "create"},         {"id", index}, {"players", players},
          {"expansions", expansions}, {"pace", 0},   {"seed", seed}};
}

// Phase 1: every create request goes out at once on one connection (the server answers in
// order); the replies name each game and its seats' tokens.
asio::awaitable<void> create_games(const Options& options, tcp::resolver::results_type endpoints,
                                   std::vector<std::optional<GameTicket>>& games, Shared& shared,
                                   long& errors) {
  Socket ws(co_await asio::this_coro::executor);
  co_await open_socket(ws, endpoints, options);
  beast::flat_buffer buffer;
  for (int i = 0; i < options.games; ++i) {
    const json create = make_create(options, i);
    co_await write_json(ws, create);
  }
  int answered = 0;
  while (answered < options.games) {
    const json message = co_await read_json(ws, buffer);
    if (!message.contains("id") || !message["id"].is_number_integer()) continue;  // welcome
    const int index = message["id"].get<int>();
    if (index < 0 || index >= options.games) continue;
    ++answered;
    if (message.value("type", "") != "created") {
      ++errors;
      shared.log("create " + std::to_string(index) + " refused: " + message.dump());
      continue;
    }
    GameTicket ticket;
    ticket.id = message.at("game").get<std::string>();
    for (const json& seat : message.at("seats"))
      ticket.seats.push_back({seat.at("seat").get<int>(), seat.at("token").get<std::string>()});
    games[static_cast<std::size_t>(index)] = std::move(ticket);
  }
  co_await ws.async_close(websocket::close_code::normal, asio::use_awaitable);
}

// Requests are built outside the coroutines: GCC 12 rejects some braced initialisers inside a
// coroutine body ("array used as initializer").
json make_act(const Client& client, const std::string& action, long id, std::int64_t version) {
  return {{"type", "act"},       {"id", id},
          {"game", client.game}, {"seat", client.ticket.seat},
          {"action", action},    {"version", version}};
}

json make_join(const Client& client) {
  return {{"type", "join"}, {"id", "join"}, {"game", client.game}, {"token", client.ticket.token}};
}

// Phase 2: one player. Acts once per version on which its seat has a decision, and never twice
// on the same version (a repeated state cannot make it play twice).
asio::awaitable<void> play(const Options& options, const tcp::resolver::results_type& endpoints,
                           Client& client, Shared& shared) {
  Socket ws(co_await asio::this_coro::executor);
  co_await open_socket(ws, endpoints, options);
  beast::flat_buffer buffer;
  Rng rng(client.rng_seed);
  const json join = make_join(client);
  co_await write_json(ws, join);

  long next_id = 0;
  auto& sent = client.sent;
  std::int64_t acted_version = -1;
  json last_legal;  // the legal list of the last state that offered us a decision
  std::int64_t last_version = -1;
  int retries = 0;

  // Picks the action and records the send time.
  const auto next_act = [&](std::int64_t version) {
    const std::string action = last_legal.at(rng.below(last_legal.size())).get<std::string>();
    const long id = ++next_id;
    acted_version = version;
    sent.emplace(id, Clock::now());
    return make_act(client, action, id, version);
  };

  for (;;) {
    const json message = co_await read_json(ws, buffer);
    const std::string type = message.value("type", "");
    if (type == "ack") {
      const auto it = message.contains("id") && message["id"].is_number_integer()
                          ? sent.find(message["id"].get<long>())
                          : sent.end();
      if (it == sent.end()) continue;
      const std::chrono::duration<double, std::milli> latency = Clock::now() - it->second;
      client.latencies_ms.push_back(latency.count());
      client.last_ack = Clock::now();
      sent.erase(it);
      ++client.actions;
      shared.actions.fetch_add(1, std::memory_order_relaxed);
      retries = 0;
    } else if (type == "error") {
      ++client.errors;
      shared.log("game " + client.game + " seat " + std::to_string(client.ticket.seat) + ": " +
                 message.dump());
      if (message.contains("id") && message["id"].is_number_integer()) {
        sent.erase(message["id"].get<long>());
        // A refused action changes nothing: try another legal one on the same state, a few times
        // (stale_version means a newer state is on its way and will offer the decision again).
        if (message.value("code", "") != "stale_version" && last_version == acted_version &&
            ++retries <= 3) {
          const json request = next_act(last_version);
          co_await write_json(ws, request);
        }
      } else if (message.contains("id") && message["id"] == "join") {
        throw std::runtime_error("join refused: " + message.value("message", ""));
      }
    } else if (type == "state") {
      if (message.value("status", "") == "over") {
        client.saw_over = true;
        break;
      }
      const std::int64_t version = message.value("version", std::int64_t{-1});
      if (version > acted_version && message.contains("legal") && message["legal"].is_array() &&
          !message["legal"].empty()) {
        last_legal = message["legal"];
        last_version = version;
        if (!options.bot.empty() && client.last_ack) {
          const std::chrono::duration<double, std::milli> wait = Clock::now() - *client.last_ack;
          client.waits_ms.push_back(wait.count());
          client.last_ack.reset();
        }
        if (options.think_ms > 0) {
          asio::steady_timer think(co_await asio::this_coro::executor);
          think.expires_after(std::chrono::milliseconds(options.think_ms));
          co_await think.async_wait(asio::use_awaitable);
        }
        const json request = next_act(version);
        co_await write_json(ws, request);
      }
    }
  }
  co_await ws.async_close(websocket::close_code::normal, asio::use_awaitable);
}

// ---- Abuse: one client misbehaving from its own address while the players play ----

struct AbuseStats {
  std::atomic<long> opened{0};   // connections welcomed
  std::atomic<long> refused{0};  // connections refused, or closed before their welcome
  std::atomic<long> requests{0};
  std::atomic<long> granted{0};  // replies that were not errors
  std::atomic<long> rate_limited{0};
  std::atomic<long> other_errors{0};
  std::atomic<long> bytes{0};  // frames: bytes of unfinished frames the server took
};

json abuse_create(const Options& options, long id, bool bots) {
  json players = json::array();
  for (int seat = 0; seat < (bots ? 6 : 2); ++seat) {
    json player = {{"name", "Abuser" + std::to_string(seat + 1)}};
    if (bots) {
      player["seat"] = "bot";
      player["bot"] = "mcts:ms=10000:threads=2";
    } else {
      player["seat"] = "human";
    }
    players.push_back(player);
  }
  return {{"type", "create"},
          {"id", id},
          {"players", players},
          {"expansions", json::array({"bcb"})},
          {"seed", (options.seed + static_cast<std::uint64_t>(id)) & 0xffffffff}};
}

json abuse_request(const std::string& pattern, long id, const json& record) {
  if (pattern == "view-record" || pattern == "view-record-wave")
    return {{"type", "view_record"},
            {"id", id},
            {"record", record},
            {"step", record.at("actions").size()}};
  return {{"type", "list"}, {"id", id}};
}

void count_reply(const json& reply, AbuseStats& stats) {
  if (reply.value("type", "") != "error") {
    ++stats.granted;
  } else if (reply.value("code", "") == "rate_limited") {
    ++stats.rate_limited;
  } else {
    ++stats.other_errors;
  }
}

// Reads until the reply to `id` (skipping pushes) and counts it.
asio::awaitable<void> await_reply(Socket& ws, beast::flat_buffer& buffer, long id,
                                  AbuseStats& stats) {
  for (;;) {
    const json message = co_await read_json(ws, buffer);
    if (message.contains("id") && message["id"] == id) {
      count_reply(message, stats);
      co_return;
    }
  }
}

// One of the abuser's connections, doing its pattern until the run ends (or the server closes it).
asio::awaitable<void> abuse_connection(const Options& options,
                                       const tcp::resolver::results_type& endpoints, int index,
                                       const json& record, AbuseStats& stats) {
  Socket ws(co_await asio::this_coro::executor);
  beast::flat_buffer buffer;
  try {
    co_await open_socket(ws, endpoints, options, options.abuse_address);
    const json first = co_await read_json(ws, buffer);
    if (first.value("type", "") != "welcome") throw std::runtime_error("not welcomed");
  } catch (const std::exception&) {
    ++stats.refused;
    co_return;
  }
  ++stats.opened;
  const std::string& pattern = options.abuse;
  long id = static_cast<long>(index) << 32;
  if (pattern == "frames") {
    // A text frame announcing 1 MiB (client frames are masked; a zero mask keeps the bytes as
    // they are), then all of it but the last byte.
    tcp::socket& socket = beast::get_lowest_layer(ws).socket();
    std::vector<unsigned char> header = {0x81, 0xff, 0, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0};
    co_await asio::async_write(socket, asio::buffer(header), asio::use_awaitable);
    const std::vector<char> chunk(64 * 1024, ' ');
    long left = (1 << 20) - 1;
    while (left > 0) {
      const auto size = static_cast<std::size_t>(std::min<long>(left, 64 * 1024));
      co_await asio::async_write(socket, asio::buffer(chunk.data(), size), asio::use_awaitable);
      stats.bytes += static_cast<long>(size);
      left -= static_cast<long>(size);
    }
  } else if (pattern == "no-read") {
    for (;;) {
      co_await write_json(ws, abuse_request(pattern, ++id, record));
      ++stats.requests;
    }
  } else if (pattern == "create") {
    for (;;) {
      co_await write_json(ws, abuse_create(options, ++id, false));
      ++stats.requests;
      co_await await_reply(ws, buffer, id, stats);
    }
  } else if (pattern == "bots") {
    for (int game = 0; game < 4; ++game) {
      co_await write_json(ws, abuse_create(options, ++id, true));
      ++stats.requests;
      co_await await_reply(ws, buffer, id, stats);
    }
  } else if (pattern == "view-record") {
    for (;;) {
      co_await write_json(ws, abuse_request(pattern, ++id, record));
      ++stats.requests;
      co_await await_reply(ws, buffer, id, stats);
    }
  } else if (pattern == "view-record-wave") {
    // Every connection sends at the same moments, 10 s apart (the budget's burst refills in 10 s).
    const auto period = std::chrono::seconds(10);
    auto next = Clock::time_point(std::chrono::duration_cast<Clock::duration>(
        (Clock::now().time_since_epoch() / period + 1) * period));
    asio::steady_timer wait(co_await asio::this_coro::executor);
    for (;;) {
      wait.expires_at(next);
      co_await wait.async_wait(asio::use_awaitable);
      next += period;
      co_await write_json(ws, abuse_request(pattern, ++id, record));
      ++stats.requests;
      co_await await_reply(ws, buffer, id, stats);
    }
  }
  // Holds the connection open for the rest of the run.
  for (;;) co_await read_json(ws, buffer);
}

// The server's resident memory in MiB (0 when it cannot be read).
double resident_mib(int pid) {
  if (pid <= 0) return 0;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return 0;
}

// Runs the abuse pattern on its own thread from construction to destruction, sampling the
// server's memory every 250 ms.
class Abuser {
 public:
  Abuser(const Options& options, const tcp::resolver::results_type& endpoints, json record)
      : record_(std::move(record)), timer_(ioc_) {
    rss_before_ = rss_peak_ = resident_mib(options.server_pid);
    int connections = options.abusers;
    for (const AbusePattern& pattern : kAbusePatterns)
      if (options.abuse == pattern.name && connections == 0) connections = pattern.connections;
    connections_ = connections;
    for (int i = 0; i < connections; ++i)
      asio::co_spawn(asio::make_strand(ioc_),
                     abuse_connection(options, endpoints, i, record_, stats_), asio::detached);
    sample(options.server_pid);
    thread_ = std::thread([this] { ioc_.run(); });
  }
  ~Abuser() {
    ioc_.stop();
    thread_.join();
  }
  Abuser(const Abuser&) = delete;
  Abuser& operator=(const Abuser&) = delete;

  json report(int server_pid) {
    const auto round1 = [](double x) { return std::round(x * 10) / 10; };
    std::lock_guard lock(mutex_);
    return {{"connections", connections_},
            {"opened", stats_.opened.load()},
            {"refused", stats_.refused.load()},
            {"requests", stats_.requests.load()},
            {"granted", stats_.granted.load()},
            {"rate_limited", stats_.rate_limited.load()},
            {"other_errors", stats_.other_errors.load()},
            {"frame_bytes_taken", stats_.bytes.load()},
            {"server_rss_mib",
             {{"before", round1(rss_before_)},
              {"peak", round1(rss_peak_)},
              {"end", round1(resident_mib(server_pid))}}}};
  }

 private:
  void sample(int pid) {
    timer_.expires_after(std::chrono::milliseconds(250));
    timer_.async_wait([this, pid](beast::error_code ec) {
      if (ec) return;
      {
        std::lock_guard lock(mutex_);
        rss_peak_ = std::max(rss_peak_, resident_mib(pid));
      }
      sample(pid);
    });
  }

  asio::io_context ioc_;
  json record_;
  AbuseStats stats_;
  asio::steady_timer timer_;
  std::mutex mutex_;
  double rss_before_ = 0, rss_peak_ = 0;
  int connections_ = 0;
  std::thread thread_;
};

double percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  // Nearest rank: the smallest value with at least q of the samples at or below it.
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sorted.size())));
  return sorted[std::min(sorted.size() - 1, rank == 0 ? 0 : rank - 1)];
}

// Enough descriptors for every client socket (the default soft limit is often 1024).
void raise_descriptor_limit(std::size_t needed) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= needed) return;
  limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, needed);
  ::setrlimit(RLIMIT_NOFILE, &limit);
}

int run(const Options& options) {
  Shared shared;
  long errors = 0;
  tcp::resolver::results_type endpoints;
  {
    asio::io_context lookup;
    tcp::resolver resolver(lookup);
    beast::error_code ec;
    endpoints = resolver.resolve(options.host, std::to_string(options.port), ec);
    if (ec) {
      std::cerr << "carcassonne_load: cannot resolve " << options.host << ": " << ec.message()
                << '\n';
      return 1;
    }
  }
  raise_descriptor_limit(static_cast<std::size_t>(options.games) *
                             static_cast<std::size_t>(options.clients_per_game) +
                         static_cast<std::size_t>(std::max(options.abusers, 10000)) + 64);

  // --- The abuser, if any: it starts first and runs until the players are done ---
  std::optional<Abuser> abuser;
  if (!options.abuse.empty()) {
    json record = json::object();
    if (options.abuse == "view-record" || options.abuse == "view-record-wave") {
      std::ifstream file(options.abuse_record);
      record = json::parse(file, nullptr, false);
      if (record.is_discarded() || !record.contains("actions")) {
        std::cerr << "carcassonne_load: view-record needs --abuse-record FILE, a game record\n";
        return 2;
      }
    }
    abuser.emplace(options, endpoints, std::move(record));
    std::this_thread::sleep_for(std::chrono::duration<double>(options.abuse_lead_seconds));
  }

  // --- Phase 1: games ---
  const auto setup_begin = Clock::now();
  std::vector<std::optional<GameTicket>> games(static_cast<std::size_t>(options.games));
  {
    asio::io_context ioc(1);
    std::string failure;
    asio::co_spawn(ioc, create_games(options, endpoints, games, shared, errors),
                   [&failure](const std::exception_ptr& error) {
                     if (error) failure = describe(error);
                   });
    ioc.run_for(std::chrono::seconds(120));
    if (!failure.empty() || !ioc.stopped()) {
      std::cerr << "carcassonne_load: creating the games failed: "
                << (failure.empty() ? "timed out" : failure) << '\n';
      return 1;
    }
  }
  const double setup_seconds = std::chrono::duration<double>(Clock::now() - setup_begin).count();

  std::vector<Client> clients;
  for (int g = 0; g < options.games; ++g) {
    const auto& ticket = games[static_cast<std::size_t>(g)];
    if (!ticket) continue;
    for (const SeatTicket& seat : ticket->seats) {
      Client client;
      client.game_index = g;
      client.game = ticket->id;
      client.ticket = seat;
      // Distinct, reproducible streams per game and seat.
      Rng mix(options.seed ^ (static_cast<std::uint64_t>(g) << 8) ^
              static_cast<std::uint64_t>(seat.seat));
      client.rng_seed = mix.next();
      clients.push_back(std::move(client));
    }
  }

  // --- Phase 2: play ---
  bool timed_out = false;
  bool stalled = false;
  const auto play_begin = Clock::now();
  {
    asio::io_context ioc(std::max(1, options.threads));
    shared.clients_left = static_cast<int>(clients.size());
    for (Client& client : clients) {
      // One strand per client: its coroutine never runs on two threads at once.
      asio::co_spawn(asio::make_strand(ioc), play(options, endpoints, client, shared),
                     [&client, &shared, &ioc](const std::exception_ptr& error) {
                       if (error) {
                         client.failed = true;
                         client.failure = describe(error);
                         shared.log("client of game " + client.game + " seat " +
                                    std::to_string(client.ticket.seat) +
                                    " failed: " + client.failure);
                       }
                       if (shared.clients_left.fetch_sub(1) == 1) ioc.stop();
                     });
    }
    asio::steady_timer deadline(ioc);
    if (options.seconds > 0) {
      deadline.expires_after(std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(options.seconds)));
      deadline.async_wait([&](beast::error_code ec) {
        if (ec) return;
        timed_out = true;
        ioc.stop();
      });
    }
    // Progress on stderr every five seconds, for long runs. A run in which nothing was
    // acknowledged for kStallTicks ticks is stopped: with every seat human and played by this
    // program, a game only waits if a client or the server has failed.
    asio::steady_timer ticker(ioc);
    long last_actions = 0;
    int idle_ticks = 0;
    std::function<void()> tick = [&] {
      ticker.expires_after(std::chrono::seconds(5));
      ticker.async_wait([&](beast::error_code ec) {
        if (ec) return;
        const long now = shared.actions.load();
        idle_ticks = now == last_actions ? idle_ticks + 1 : 0;
        last_actions = now;
        if (!options.quiet) {
          std::lock_guard lock(shared.log_mutex);
          std::cerr << "carcassonne_load: " << now << " actions, " << shared.clients_left.load()
                    << " clients playing\n";
        }
        if (idle_ticks >= kStallTicks) {
          stalled = true;
          ioc.stop();
          return;
        }
        tick();
      });
    };
    tick();
    if (clients.empty()) ioc.stop();
    std::vector<std::thread> threads;
    for (int t = 1; t < options.threads; ++t) threads.emplace_back([&ioc] { ioc.run(); });
    ioc.run();
    for (auto& thread : threads) thread.join();
  }  // destroys what the deadline left unfinished
  const double wall = std::chrono::duration<double>(Clock::now() - play_begin).count();
  const json abuse = abuser ? abuser->report(options.server_pid) : json();
  abuser.reset();

  // --- Report ---
  std::vector<double> waits;
  std::vector<double> latencies;
  long actions = 0;
  std::size_t unanswered = 0;  // acts sent and never acknowledged (nor refused)
  int failed_clients = 0;
  std::vector<bool> finished(static_cast<std::size_t>(options.games), false);
  for (const Client& client : clients) {
    latencies.insert(latencies.end(), client.latencies_ms.begin(), client.latencies_ms.end());
    waits.insert(waits.end(), client.waits_ms.begin(), client.waits_ms.end());
    actions += client.actions;
    unanswered += client.sent.size();
    errors += client.errors;
    if (client.failed) ++failed_clients;
    if (client.saw_over) finished[static_cast<std::size_t>(client.game_index)] = true;
  }
  errors += failed_clients;
  std::sort(latencies.begin(), latencies.end());
  std::sort(waits.begin(), waits.end());
  const int games_over = static_cast<int>(std::count(finished.begin(), finished.end(), true));
  const double rate = wall > 0 ? static_cast<double>(actions) / wall : 0;
  const double p50 = percentile(latencies, 0.50);
  const double p90 = percentile(latencies, 0.90);
  const double p99 = percentile(latencies, 0.99);
  const double max = latencies.empty() ? 0 : latencies.back();
  const auto round3 = [](double x) { return std::round(x * 1000) / 1000; };

  if (options.json_output) {
    json report = {
        {"games", options.games},
        {"games_over", games_over},
        {"clients", clients.size()},
        {"clients_failed", failed_clients},
        {"actions", actions},
        {"setup_seconds", round3(setup_seconds)},
        {"wall_seconds", round3(wall)},
        {"actions_per_second", round3(rate)},
        {"latency_ms",
         {{"p50", round3(p50)}, {"p90", round3(p90)}, {"p99", round3(p99)}, {"max", round3(max)}}},
        {"errors", errors},
        {"unanswered", unanswered},
        {"timed_out", timed_out},
        {"stalled", stalled},
        {"threads", options.threads},
        {"seed", options.seed}};
    if (!options.bot.empty()) {
      report["bot_turn_ms"] = {{"p50", round3(percentile(waits, 0.50))},
                               {"p99", round3(percentile(waits, 0.99))},
                               {"max", round3(waits.empty() ? 0 : waits.back())}};
    }
    if (!abuse.is_null()) {
      report["abuse"] = abuse;
      report["abuse"]["pattern"] = options.abuse;
    }
    std::cout << report.dump() << std::endl;
  } else {
    char line[200];
    std::cout << "games:       " << options.games << " (" << games_over << " over)\n"
              << "clients:     " << clients.size() << " (" << failed_clients << " failed)\n"
              << "actions:     " << actions << "\n";
    std::snprintf(line, sizeof line, "setup:       %.2f s (creating the games)\n", setup_seconds);
    std::cout << line;
    std::snprintf(line, sizeof line, "wall time:   %.2f s%s\n", wall,
                  timed_out ? " (stopped by --seconds)"
                  : stalled ? " (stopped: no progress for 30 s)"
                            : "");
    std::cout << line;
    std::snprintf(line, sizeof line, "actions/s:   %.1f\n", rate);
    std::cout << line;
    std::snprintf(line, sizeof line,
                  "latency ms:  p50 %.2f  p90 %.2f  p99 %.2f  max %.2f  (act -> ack)\n", p50, p90,
                  p99, max);
    std::cout << line;
    if (!options.bot.empty()) {
      std::snprintf(line, sizeof line,
                    "bot turn ms: p50 %.2f  p99 %.2f  max %.2f  (ack -> our next decision)\n",
                    percentile(waits, 0.50), percentile(waits, 0.99),
                    waits.empty() ? 0 : waits.back());
      std::cout << line;
    }
    if (!abuse.is_null())
      std::cout << "abuse:       " << options.abuse << " " << abuse.dump() << "\n";
    std::cout << "errors:      " << errors << "\n"
              << "unanswered:  " << unanswered << " (acts still waiting for their ack at the end)"
              << std::endl;
  }
  return games_over == options.games && errors == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Options options;
    CLI::App app{"Load benchmark: many games and WebSocket clients against a running server"};
    app.add_option("--host", options.host, "server address")->capture_default_str();
    app.add_option("--port", options.port, "server port")->required();
    app.add_option("--games", options.games, "games to create and play")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    app.add_option("--clients-per-game", options.clients_per_game,
                   "players per game, each a client holding one seat (1 with --bot)")
        ->check(CLI::Range(1, 6))
        ->capture_default_str();
    app.add_option("--expansions", options.expansions,
                   "comma-separated expansions (\"base\" for none)")
        ->capture_default_str();
    app.add_option("--seed", options.seed, "seed of the first game's deck and of every choice")
        ->check(CLI::Range(std::uint64_t{0}, (std::uint64_t{1} << 53) - 1))
        ->capture_default_str();
    app.add_option("--threads", options.threads, "client network threads")
        ->check(CLI::Range(1, 64))
        ->capture_default_str();
    app.add_option("--seconds", options.seconds, "stop after this many seconds (0: no limit)")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    app.add_option("--think-ms", options.think_ms, "each player waits this long before acting")
        ->check(CLI::Range(0, 60000))
        ->capture_default_str();
    app.add_option("--bot", options.bot,
                   "one more seat per game, this bot's; reports how long its turns keep the "
                   "players waiting");
    std::string patterns;
    for (const AbusePattern& pattern : kAbusePatterns)
      patterns += std::string("\n  ") + pattern.name + ": " + pattern.what + " (" +
                  std::to_string(pattern.connections) + " connections)";
    app.add_option("--abuse", options.abuse, "an abuse pattern to run meanwhile:" + patterns)
        ->check([](const std::string& name) {
          for (const AbusePattern& pattern : kAbusePatterns)
            if (name == pattern.name) return std::string();
          return "unknown abuse pattern " + name;
        });
    app.add_option("--abusers", options.abusers, "the abuser's connections (0: the pattern's)")
        ->check(CLI::Range(0, 100000));
    app.add_option("--abuse-address", options.abuse_address,
                   "the abuser's local address (any 127.x.y.z on Linux loopback)")
        ->capture_default_str();
    app.add_option("--abuse-record", options.abuse_record, "view-record: the record to replay");
    app.add_option("--abuse-lead", options.abuse_lead_seconds,
                   "seconds the abuser runs before the players start")
        ->check(CLI::Range(0.0, 600.0))
        ->capture_default_str();
    app.add_option("--server-pid", options.server_pid, "the server's pid, to sample its memory");
    app.add_flag("--json", options.json_output, "print one JSON line");
    app.add_flag("--quiet", options.quiet, "no progress lines on stderr");
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      const int code = app.exit(e);
      return code == 0 ? 0 : 2;
    }
    const int seats = options.clients_per_game + (options.bot.empty() ? 0 : 1);
    if (seats < 2 || seats > 6) {
      std::cerr << "carcassonne_load: a game has 2 to 6 seats, not " << seats << '\n';
      return 2;
    }
    return run(options);
  } catch (const std::exception& e) {
    std::cerr << "carcassonne_load: " << e.what() << '\n';
    return 1;
  }
}
