// The extension `carcassonne._carcassonne`: Game, State and Batch for Python (docs/PYTHON.md).
// A thin projection of sessions.h: no rules here, every refusal is the core's code and message,
// and the batch's work runs with the GIL released.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "bots/bot.h"
#include "bots/value_model.h"
#include "core/rules.h"
#include "python/sessions.h"
#include "view/event_view.h"

namespace py = pybind11;

namespace carcassonne::python {
namespace {

// Raised for every refusal: the core's error code name and message.
struct CarcassonneError {
  std::string code;
  std::string message;
};

[[noreturn]] void raise(const Error& error) {
  throw CarcassonneError{std::string(error_code_name(error.code)), error.message};
}
template <typename T>
T take(Result<T> result) {
  if (!result.ok()) raise(result.error());
  return std::move(result.value());
}
void check(const std::optional<Error>& error) {
  if (error) raise(*error);
}

inline constexpr int kTerminalPlayer = -4;  // OpenSpiel's kTerminalPlayerId

py::dtype dtype_of(char type) {
  switch (type) {
    case 'B':
      return py::dtype::of<std::uint8_t>();
    case 'h':
      return py::dtype::of<std::int16_t>();
    default:
      return py::dtype::of<std::int32_t>();
  }
}

// Fresh arrays for the observation arrays, each with `leading` extra dimensions in front.
std::pair<py::dict, std::vector<void*>> make_observation_arrays(const ObservationLayout& layout,
                                                                std::vector<py::ssize_t> leading) {
  py::dict arrays;
  std::vector<void*> buffers;
  for (const ArraySpec& spec : observation_arrays(layout)) {
    std::vector<py::ssize_t> shape = leading;
    shape.insert(shape.end(), spec.shape.begin(), spec.shape.end());
    py::array array(dtype_of(spec.type), shape);
    buffers.push_back(array.mutable_data());
    arrays[py::str(std::string(spec.name))] = array;
  }
  return {arrays, buffers};
}

class PyGame {
 public:
  explicit PyGame(std::shared_ptr<const GameSpec> spec) : spec_(std::move(spec)) {}
  static PyGame create(int players, const std::vector<std::string>& expansions,
                       const std::map<std::string, std::string>& rules, std::uint64_t seed,
                       const std::optional<std::vector<std::string>>& deck, int window) {
    nlohmann::json names = nlohmann::json::array();
    for (int p = 0; p < players; ++p) names.push_back("P" + std::to_string(p + 1));
    nlohmann::json json = {{"players", names},
                           {"expansions", expansions},
                           {"rules", rules},
                           {"seed", seed},
                           {"actions", nlohmann::json::array()}};
    if (deck) json["deck"] = *deck;
    const Record record = take(parse_record(json.dump()));
    return PyGame(take(GameSpec::from_record(record, window)));
  }

  const std::shared_ptr<const GameSpec>& spec() const { return spec_; }
  int num_players() const { return spec_->players(); }
  int num_distinct_actions() const { return spec_->codec.size(); }
  int max_tiles() const { return spec_->codec.slots(); }
  int window() const { return spec_->layout.window; }
  std::uint64_t seed() const { return spec_->setup.seed; }
  py::list action_blocks() const {
    py::list out;
    for (const ActionBlock& b : spec_->codec.blocks())
      out.append(py::make_tuple(std::string(b.name), b.offset, b.size));
    return out;
  }
  py::dict observation_shapes() const {
    py::dict out;
    for (const ArraySpec& spec : observation_arrays(spec_->layout))
      out[py::str(std::string(spec.name))] = py::tuple(py::cast(spec.shape));
    return out;
  }

 private:
  std::shared_ptr<const GameSpec> spec_;
};

class PyState {
 public:
  explicit PyState(Session session) : s_(std::move(session)) {}
  static PyState from_record(const std::string& text, int window) {
    return PyState(take(Session::from_record(take(parse_record(text)), window)));
  }

  int current_player() const {
    return s_.state().over() ? kTerminalPlayer : s_.state().current_player();
  }
  bool is_terminal() const { return s_.state().over(); }
  int num_players() const { return s_.state().player_count(); }
  std::string phase() const { return std::string(phase_name(s_.state().phase())); }
  std::vector<int> legal_actions() const { return s_.legal_actions(); }
  std::vector<std::string> legal_action_strings() const { return s_.legal_action_strings(); }
  py::array_t<bool> legal_actions_mask() const {
    py::array_t<bool> mask(s_.spec().codec.size());
    s_.legal_mask(reinterpret_cast<std::uint8_t*>(mask.mutable_data()));
    return mask;
  }
  std::string action_to_string(int id) const { return take(s_.action_to_string(id)); }
  int string_to_action(const std::string& text) const { return take(s_.string_to_action(text)); }
  void apply_action(const std::variant<int, std::string>& action) {
    if (const int* id = std::get_if<int>(&action))
      check(s_.apply(*id));
    else
      check(s_.apply(std::get<std::string>(action)));
  }
  // The last action's events as dicts (view/event_view.h); JSON is the one form both share.
  py::object last_events() const {
    return py::module_::import("json").attr("loads")(view::events_json(s_.last_events()).dump());
  }
  std::vector<int> scores() const {
    std::vector<int> out;
    for (int p = 0; p < num_players(); ++p)
      out.push_back(s_.state().score(static_cast<PlayerId>(p)));
    return out;
  }
  std::vector<int> projected_scores() const {
    const auto projected = s_.state().projected_final_scores();
    return std::vector<int>(projected.begin(), projected.begin() + num_players());
  }
  // The learned evaluation's features of every seat (bots/value_model.h), for training it.
  std::vector<std::vector<double>> value_features() const {
    const auto features = carcassonne::value_features(s_.state());
    std::vector<std::vector<double>> out;
    for (int p = 0; p < num_players(); ++p) {
      const auto& row = features[static_cast<std::size_t>(p)];
      out.emplace_back(row.begin(), row.end());
    }
    return out;
  }
  // The learned evaluation's prediction of every seat's final margin over the best opponent.
  std::vector<double> predicted_margins() const {
    const auto margins = carcassonne::predicted_margins(s_.state());
    return std::vector<double>(margins.begin(), margins.begin() + num_players());
  }
  // OpenSpiel's convention: +1 for each winner and -1 for the others when the game is over, 0
  // for everyone before.
  std::vector<double> returns() const {
    std::vector<double> out(static_cast<std::size_t>(num_players()), 0.0);
    if (!is_terminal()) return out;
    const Outcome outcome = s_.state().outcome();
    for (int p = 0; p < num_players(); ++p)
      out[static_cast<std::size_t>(p)] = outcome.is_winner(static_cast<PlayerId>(p)) ? 1.0 : -1.0;
    return out;
  }
  py::dict observation(int player) const {
    auto [arrays, buffers] = make_observation_arrays(s_.spec().layout, {});
    write_observation(s_.state(), seat(player), s_.spec().layout, buffers);
    return arrays;
  }
  std::string information_state_string(int player) const {
    return s_.information_state(seat(player));
  }
  std::string to_record() const { return write_record(s_.record()); }
  int bot_action(const std::string& spec, std::uint64_t seed) const {
    // The bot thinks on a copy with the GIL released: another thread may change this state
    // meanwhile, and the copy costs little beside a search.
    const Session position = s_;
    Result<int> id = Error{ErrorCode::GameOver, ""};
    {
      py::gil_scoped_release release;
      id = position.bot_action(spec, seed);
    }
    return take(std::move(id));
  }
  std::vector<int> history() const {
    std::vector<int> ids;
    Session replayed = take(Session::start(s_.spec_ptr()));
    for (const Move& move : s_.history()) {
      ids.push_back(s_.spec().codec.encode(replayed.state(), move));
      check(replayed.apply(ids.back()));
    }
    return ids;
  }
  PyGame game() const { return PyGame(s_.spec_ptr()); }
  std::string str() const {
    std::string out = "carcassonne.State(" + phase();
    if (!is_terminal()) out += ", player " + std::to_string(current_player());
    out += ", scores";
    for (int score : scores()) out += " " + std::to_string(score);
    return out + ")";
  }

 private:
  PlayerId seat(int player) const {
    if (player < 0 || player >= num_players())
      raise(
          Error{ErrorCode::OutOfRange, "player must be 0 to " + std::to_string(num_players() - 1)});
    return static_cast<PlayerId>(player);
  }
  Session s_;
};

// Every call runs the games with the GIL released and the batch's lock held, taken in that order
// (the lock is taken only without the GIL, so a thread waiting for it never blocks one that needs
// the GIL back). Numpy arrays are made and filled from plain vectors with the GIL held.
class PyBatch {
 public:
  PyBatch(const PyGame& game, int size, std::uint64_t seed, bool auto_reset)
      : batch_(take(SessionBatch::start(game.spec(), size, seed, auto_reset))) {}

  int size() const { return batch_.size(); }
  py::tuple legal_actions() {
    std::vector<std::int32_t> ids, offsets;
    locked([&] { batch_.legal_actions(ids, offsets); });
    return py::make_tuple(array_of(ids), array_of(offsets));
  }
  py::array_t<bool> masks() {
    py::array_t<bool> masks(
        {static_cast<py::ssize_t>(size()), static_cast<py::ssize_t>(batch_.spec().codec.size())});
    auto* data = reinterpret_cast<std::uint8_t*>(masks.mutable_data());
    locked([&] { batch_.legal_masks(data); });
    return masks;
  }
  py::array_t<bool> step(
      const py::array_t<std::int32_t, py::array::c_style | py::array::forcecast>& actions) {
    if (actions.ndim() != 1 || actions.shape(0) != size())
      raise(Error{ErrorCode::OutOfRange, "step takes one action per game: an array of " +
                                             std::to_string(size()) + " integers"});
    py::array_t<bool> done(size());
    auto* done_data = reinterpret_cast<std::uint8_t*>(done.mutable_data());
    const std::int32_t* action_data = actions.data();
    std::optional<Error> error;
    locked([&] { error = batch_.step(action_data, done_data); });
    check(error);
    return done;
  }
  py::array_t<std::int32_t> current_players() {
    std::vector<std::int32_t> out(static_cast<std::size_t>(size()));
    locked([&] {
      for (int i = 0; i < size(); ++i)
        out[static_cast<std::size_t>(i)] =
            batch_.state(i).over() ? kTerminalPlayer : batch_.state(i).current_player();
    });
    return array_of(out);
  }
  py::array_t<bool> terminal() {
    std::vector<std::uint8_t> over(static_cast<std::size_t>(size()));
    locked([&] {
      for (int i = 0; i < size(); ++i) over[static_cast<std::size_t>(i)] = batch_.state(i).over();
    });
    py::array_t<bool> out(size());
    std::copy(over.begin(), over.end(), reinterpret_cast<std::uint8_t*>(out.mutable_data()));
    return out;
  }
  py::array_t<std::int32_t> scores() {
    const int players = batch_.spec().players();
    std::vector<std::int32_t> flat;
    locked([&] {
      for (int i = 0; i < size(); ++i)
        for (int p = 0; p < players; ++p)
          flat.push_back(batch_.state(i).score(static_cast<PlayerId>(p)));
    });
    return array_of(flat).reshape({size(), players});
  }
  py::dict observations(int player) {
    if (player < -1 || player >= batch_.spec().players())
      raise(Error{ErrorCode::OutOfRange, "player must be -1 (the player to decide) or a seat"});
    auto [arrays, buffers] = make_observation_arrays(batch_.spec().layout, {size()});
    locked([&] { batch_.write_observations(player, buffers); });
    return arrays;
  }
  py::array_t<std::int32_t> random_actions() {
    std::vector<std::int32_t> out(static_cast<std::size_t>(size()));
    locked([&] { batch_.random_actions(out.data()); });
    return array_of(out);
  }
  py::array_t<std::int32_t> bot_actions(const std::string& spec, std::uint64_t seed) {
    std::vector<std::int32_t> out(static_cast<std::size_t>(size()));
    std::optional<Error> error;
    locked([&] { error = batch_.bot_actions(spec, seed, out.data()); });
    check(error);
    return array_of(out);
  }
  PyState state(int i) {
    if (i < 0 || i >= size()) raise(Error{ErrorCode::OutOfRange, "no game " + std::to_string(i)});
    std::optional<Session> session;
    locked([&] { session = batch_.session(i); });
    return PyState(std::move(*session));
  }
  std::int64_t games_finished() {
    std::int64_t finished = 0;
    locked([&] { finished = batch_.games_finished(); });
    return finished;
  }
  py::array_t<std::int32_t> take_results() {
    const int players = batch_.spec().players();
    std::vector<std::int32_t> flat;
    locked([&] {
      for (const auto& scores : batch_.take_results())
        flat.insert(flat.end(), scores.begin(), scores.begin() + players);
    });
    return array_of(flat).reshape({static_cast<int>(flat.size()) / players, players});
  }

 private:
  template <typename Work>
  void locked(Work&& work) {
    py::gil_scoped_release release;
    std::lock_guard lock(mutex_);
    work();
  }
  static py::array_t<std::int32_t> array_of(const std::vector<std::int32_t>& values) {
    return py::array_t<std::int32_t>(static_cast<py::ssize_t>(values.size()), values.data());
  }

  SessionBatch batch_;
  std::mutex mutex_;
};

}  // namespace
}  // namespace carcassonne::python

PYBIND11_MODULE(_carcassonne, m) {
  using namespace carcassonne::python;
  m.doc() = "Carcassonne (the Big Box rules) for AI research: a thin projection of the C++ core.";
  static py::exception<CarcassonneError> error_type(m, "CarcassonneError");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const CarcassonneError& e) {
      const py::object type = py::reinterpret_borrow<py::object>(error_type);
      py::object instance = type(py::str(e.code + ": " + e.message));
      instance.attr("code") = e.code;
      instance.attr("message") = e.message;
      PyErr_SetObject(error_type.ptr(), instance.ptr());
    }
  });
  m.attr("TERMINAL_PLAYER") = kTerminalPlayer;
  m.attr("DEFAULT_WINDOW") = kDefaultWindow;
  m.attr("INFO_FIELDS") = info_field_names();
  m.attr("SUPPLY_COLUMNS") = supply_column_names();
  m.attr("PHASES") = phase_names();
  m.def("board_plane_names", &board_plane_names, py::arg("players"),
        "The names of the observation's board planes, in order, for a game of `players`.");
  {
    py::list names;
    for (const auto& info : carcassonne::kExpansionTable)
      if (info.name != "base") names.append(std::string(info.name));
    m.attr("EXPANSIONS") = names;
    py::list bots;
    for (std::string_view name : carcassonne::known_bot_names()) bots.append(std::string(name));
    m.attr("BOTS") = bots;
    py::list tiles;
    for (const auto& tile : carcassonne::kTileCatalogue) tiles.append(std::string(tile.id));
    m.attr("TILE_NAMES") = tiles;
  }

  py::class_<PyGame>(m, "Game",
                     "The rules of a game: players, expansions, rule options, seed or deck, "
                     "and the action space and observation layout they fix (docs/PYTHON.md).")
      .def(py::init(&PyGame::create), py::arg("players") = 2,
           py::arg("expansions") = std::vector<std::string>{},
           py::arg("rules") = std::map<std::string, std::string>{}, py::arg("seed") = 0,
           py::arg("deck") = std::nullopt, py::arg("window") = 0)
      .def("num_players", &PyGame::num_players)
      .def("num_distinct_actions", &PyGame::num_distinct_actions)
      .def("max_tiles", &PyGame::max_tiles)
      .def("window", &PyGame::window)
      .def("seed", &PyGame::seed)
      .def("action_blocks", &PyGame::action_blocks)
      .def("observation_shapes", &PyGame::observation_shapes)
      .def(
          "new_initial_state",
          [](const PyGame& game, std::optional<std::uint64_t> seed) {
            return PyState(
                take(Session::start(seed ? game.spec()->with_seed(*seed) : game.spec())));
          },
          py::arg("seed") = std::nullopt);

  py::class_<PyState>(
      m, "State",
      "One game, stepped by action ids or notation; made by Game.new_initial_state() "
      "or State.from_record().")
      .def_static("from_record", &PyState::from_record, py::arg("record"), py::arg("window") = 0)
      .def("current_player", &PyState::current_player)
      .def("is_terminal", &PyState::is_terminal)
      .def("num_players", &PyState::num_players)
      .def("phase", &PyState::phase)
      .def("legal_actions", &PyState::legal_actions)
      .def("legal_action_strings", &PyState::legal_action_strings)
      .def("legal_actions_mask", &PyState::legal_actions_mask)
      .def("action_to_string", &PyState::action_to_string, py::arg("action"))
      .def("string_to_action", &PyState::string_to_action, py::arg("text"))
      .def("apply_action", &PyState::apply_action, py::arg("action"))
      .def("scores", &PyState::scores)
      .def("last_events", &PyState::last_events,
           "What the last action applied caused, as a list of dicts in order: scorings, figures "
           "sent home and why, goods taken, the dragon's doings, turn parts begun, tiles set aside "
           "or discarded (docs/PYTHON.md)")
      .def("projected_scores", &PyState::projected_scores)
      .def("returns", &PyState::returns)
      .def("value_features", &PyState::value_features)
      .def("predicted_margins", &PyState::predicted_margins)
      .def("observation", &PyState::observation, py::arg("player"))
      .def("information_state_string", &PyState::information_state_string, py::arg("player"))
      .def("to_record", &PyState::to_record)
      .def("bot_action", &PyState::bot_action, py::arg("spec") = "greedy", py::arg("seed") = 0)
      .def("history", &PyState::history)
      .def("game", &PyState::game)
      .def("clone", [](const PyState& s) { return PyState(s); })
      .def("__copy__", [](const PyState& s) { return PyState(s); })
      .def("__deepcopy__", [](const PyState& s, py::dict) { return PyState(s); })
      .def("__str__", &PyState::str)
      .def("__repr__", &PyState::str)
      .def(py::pickle(
          [](const PyState& s) { return py::make_tuple(s.to_record(), s.game().window()); },
          [](const py::tuple& saved) {
            return PyState::from_record(saved[0].cast<std::string>(), saved[1].cast<int>());
          }));

  py::class_<PyBatch>(
      m, "Batch", "Many games of one Game stepped together from numpy arrays, the GIL released.")
      .def(py::init<const PyGame&, int, std::uint64_t, bool>(), py::arg("game"), py::arg("size"),
           py::arg("seed") = 0, py::arg("auto_reset") = true)
      .def("size", &PyBatch::size)
      .def("legal_actions", &PyBatch::legal_actions)
      .def("masks", &PyBatch::masks)
      .def("step", &PyBatch::step, py::arg("actions"))
      .def("current_players", &PyBatch::current_players)
      .def("terminal", &PyBatch::terminal)
      .def("scores", &PyBatch::scores)
      .def("observations", &PyBatch::observations, py::arg("player") = -1)
      .def("random_actions", &PyBatch::random_actions)
      .def("bot_actions", &PyBatch::bot_actions, py::arg("spec") = "greedy", py::arg("seed") = 0)
      .def("state", &PyBatch::state, py::arg("index"))
      .def("games_finished", &PyBatch::games_finished)
      .def("take_results", &PyBatch::take_results);
}
