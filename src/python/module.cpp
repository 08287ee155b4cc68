// The Python module `carcassonne`: thin projections of the core through the record layer (first
// slice of issue 15: the state API with actions as notation strings; action ids, observations,
// the batch API and the environment wrapper are still to come). No rules here: every decision is
// the core's, every error the core's code and message.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "record/record.h"

namespace py = pybind11;

namespace carcassonne::python {
namespace {

// Raised for every refusal: carries the core's error code name and message.
struct CarcassonneError {
  std::string code;
  std::string message;
};

[[noreturn]] void raise(const Error& error) {
  throw CarcassonneError{std::string(error_code_name(error.code)), error.message};
}

// A game: its record (setup and canonical actions) and the state the record replays to.
class State {
 public:
  static State from_record_text(const std::string& text) {
    auto record = parse_record(text);
    if (!record.ok()) raise(record.error());
    auto state = replay(*record);
    if (!state.ok()) raise(state.error());
    return State(std::move(record.value()), std::move(state.value()));
  }

  static State create(int players, const std::vector<std::string>& expansions,
                      const std::map<std::string, std::string>& rules, std::uint64_t seed) {
    nlohmann::json record = {{"expansions", expansions}, {"seed", seed}, {"actions", nlohmann::json::array()}};
    nlohmann::json names = nlohmann::json::array();
    for (int p = 0; p < players; ++p) names.push_back("P" + std::to_string(p + 1));
    record["players"] = names;
    record["rules"] = rules;
    return from_record_text(record.dump());
  }

  int current_player() const { return state_.over() ? kTerminal : state_.current_player(); }
  bool is_terminal() const { return state_.over(); }

  std::vector<std::string> legal_actions() const {
    MoveList moves;
    state_.legal_moves(moves);
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(moves.size()));
    for (int i = 0; i < moves.size(); ++i) out.push_back(format_move(state_, moves[i]));
    return out;
  }

  void apply_action(const std::string& text) {
    auto move = parse_move(state_, text);
    if (!move.ok()) raise(move.error());
    if (auto error = state_.check(*move)) raise(*error);
    record_and_apply(record_, state_, *move);
  }

  std::vector<int> scores() const {
    std::vector<int> out;
    for (int p = 0; p < state_.player_count(); ++p)
      out.push_back(state_.score(static_cast<PlayerId>(p)));
    return out;
  }

  // OpenSpiel's convention for a finished game: +1 for each winner, -1 for the others (0 for
  // every player while the game runs).
  std::vector<double> returns() const {
    std::vector<double> out(static_cast<std::size_t>(state_.player_count()), 0.0);
    if (!state_.over()) return out;
    const Outcome outcome = state_.outcome();
    for (int p = 0; p < state_.player_count(); ++p)
      out[static_cast<std::size_t>(p)] = outcome.is_winner(static_cast<PlayerId>(p)) ? 1.0 : -1.0;
    return out;
  }

  std::string to_record() const { return write_record(record_); }
  int num_players() const { return state_.player_count(); }

  static constexpr int kTerminal = -4;  // OpenSpiel's kTerminalPlayerId

 private:
  State(Record record, GameState state) : record_(std::move(record)), state_(std::move(state)) {}
  Record record_;
  GameState state_;
};

}  // namespace
}  // namespace carcassonne::python

PYBIND11_MODULE(carcassonne, m) {
  using carcassonne::python::CarcassonneError;
  using carcassonne::python::State;
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
  py::class_<State>(m, "State")
      .def(py::init(&State::create), py::arg("players") = 2,
           py::arg("expansions") = std::vector<std::string>{},
           py::arg("rules") = std::map<std::string, std::string>{}, py::arg("seed") = 0)
      .def_static("from_record", &State::from_record_text, py::arg("record"))
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("legal_actions", &State::legal_actions)
      .def("apply_action", &State::apply_action, py::arg("action"))
      .def("scores", &State::scores)
      .def("returns", &State::returns)
      .def("num_players", &State::num_players)
      .def("clone", [](const State& s) { return State(s); })
      .def("to_record", &State::to_record)
      .def(py::pickle([](const State& s) { return s.to_record(); },
                      [](const std::string& record) { return State::from_record_text(record); }));
  m.attr("TERMINAL_PLAYER") = State::kTerminal;
}
