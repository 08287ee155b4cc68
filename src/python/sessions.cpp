#include "python/sessions.h"

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>

#include "bots/bot.h"
#include "core/notation.h"

namespace carcassonne::python {
namespace {

GameConfig config_for_seed(const GameSpec& spec, std::uint64_t seed) {
  if (spec.setup.deck) return spec.config;  // a record-given deck: the seed shuffles nothing
  GameConfig config = spec.config;
  config.deck = shuffled_deck(config.rules, config.start_tile, seed);
  config.seed = seed;
  return config;
}

Error in_game(int index, const Error& error) {
  return Error{error.code, "game " + std::to_string(index) + ": " + error.message};
}

std::string tile_name(TileType type) {
  return std::string(tile_spec(type).id);
}

// Every take from the pile from the `from`th on, in order ("?" for one taken face down): a tile
// discarded because it fit nowhere, or set aside, is as much a part of the public history as the
// one kept.
void describe_takes(const GameState& state, int from, std::string& out) {
  if (state.tiles_taken() <= from) return;
  out += "  taken";
  for (int take = from; take < state.tiles_taken(); ++take) {
    const TileType tile = state.tile_taken(take);
    out += " " + (tile == kNoTile ? std::string("?") : tile_name(tile));
  }
  out += "\n";
}

// What every player sees change when a move is made: the tiles revealed (discarded for want of a
// placement, drawn, offered at a bazaar, set aside for the dragon, brought back by a volcano) and
// how many were taken face down. Never the order of the tiles still undrawn.
void describe_reveals(const GameState& before, const GameState& after, std::string& out) {
  describe_takes(after, before.tiles_taken(), out);
  if (after.set_aside_tiles().size() < before.set_aside_tiles().size())
    out += "  returned " +
           std::to_string(before.set_aside_tiles().size() - after.set_aside_tiles().size()) + "\n";
  if (!after.over() && after.tile_in_hand() != kNoTile &&
      (after.tile_in_hand() != before.tile_in_hand() ||
       after.tiles_left_in_deck() != before.tiles_left_in_deck() ||
       after.turn_number() != before.turn_number()))
    out += "  in hand " + tile_name(after.tile_in_hand()) + "\n";
  if (after.bazaar_offer() != before.bazaar_offer() && !after.bazaar_offer().empty()) {
    out += "  offer";
    for (TileType t : after.bazaar_offer()) out += " " + tile_name(t);
    out += "\n";
  }
  const auto& aside = after.set_aside_tiles();
  if (aside.size() > before.set_aside_tiles().size()) {
    out += "  set aside";
    for (std::size_t i = before.set_aside_tiles().size(); i < aside.size(); ++i)
      out += " " + tile_name(aside[i]);
    out += "\n";
  }
}

}  // namespace

Result<std::shared_ptr<const GameSpec>> GameSpec::from_record(const Record& record, int window) {
  if (window < 0 || window > 512)
    return Error{ErrorCode::OutOfRange, "window must be 1 to 512 (0: the default)"};
  Record setup = record;
  setup.actions.clear();
  GameConfig config = game_config(setup);
  if (auto created = GameState::create(config); !created.ok()) return created.error();
  const int slots = ActionCodec::slots_for(config);
  ActionCodec codec(config.rules, slots);
  const ObservationLayout layout{config.players, slots, window == 0 ? kDefaultWindow : window};
  return std::make_shared<const GameSpec>(
      GameSpec{std::move(setup), std::move(config), std::move(codec), layout});
}

std::shared_ptr<const GameSpec> GameSpec::with_seed(std::uint64_t seed) const {
  auto copy = std::make_shared<GameSpec>(*this);
  copy->setup.seed = seed;
  copy->config = config_for_seed(*this, seed);
  return copy;
}

Result<GameState> GameSpec::initial_state() const {
  return GameState::create(config);
}

// ---- Session ----

Result<Session> Session::start(std::shared_ptr<const GameSpec> spec) {
  auto state = spec->initial_state();
  if (!state.ok()) return state.error();
  return Session(std::move(spec), std::move(*state), {});
}

Result<Session> Session::from_record(const Record& record, int window) {
  auto spec = GameSpec::from_record(record, window);
  if (!spec.ok()) return spec.error();
  auto session = start(*spec);
  if (!session.ok()) return session.error();
  for (std::size_t i = 0; i < record.actions.size(); ++i)
    if (auto error = session->apply(record.actions[i]))
      return Error{error->code, "action " + std::to_string(i) + " " +
                                    quote_text(record.actions[i], 80) + ": " + error->message};
  return session;
}

Session::Listing Session::listing() const {
  Listing listing;
  state_.legal_moves(listing.moves);
  std::vector<int> ids;
  spec_->codec.encode_all(state_, listing.moves, ids);
  listing.order.resize(ids.size());
  for (std::size_t k = 0; k < ids.size(); ++k) listing.order[k] = {ids[k], static_cast<int>(k)};
  std::sort(listing.order.begin(), listing.order.end());
  return listing;
}

std::vector<int> Session::legal_actions() const {
  std::vector<int> ids;
  for (const auto& [id, index] : listing().order) ids.push_back(id);
  return ids;
}

std::vector<std::string> Session::legal_action_strings() const {
  const Listing listed = listing();
  std::vector<std::string> texts;
  texts.reserve(listed.order.size());
  for (const auto& [id, index] : listed.order)
    texts.push_back(format_move(state_, listed.moves[index]));
  return texts;
}

void Session::legal_mask(std::uint8_t* mask) const {
  std::memset(mask, 0, static_cast<std::size_t>(spec_->codec.size()));
  for (int id : legal_actions()) mask[id] = 1;
}

Result<Move> Session::legal_move(int id) const {
  auto move = spec_->codec.decode(state_, id);
  if (!move.ok()) return move.error();
  if (auto error = state_.check(*move)) return *error;
  return move;
}

Result<std::string> Session::action_to_string(int id) const {
  auto move = spec_->codec.decode(state_, id);
  if (!move.ok()) return move.error();
  return format_move(state_, *move);
}

Result<int> Session::string_to_action(std::string_view text) const {
  auto move = parse_move(state_, text);
  if (!move.ok()) return move.error();
  if (auto error = state_.check(*move)) return *error;
  return spec_->codec.encode(state_, *move);
}

std::optional<Error> Session::apply(int id) {
  auto move = legal_move(id);
  if (!move.ok()) return move.error();
  apply_legal(*move);
  return std::nullopt;
}

void Session::apply_legal(const Move& move) {
  last_events_.clear();
  state_.set_event_log(&last_events_);
  state_.apply_unchecked(move);
  // Not left listening: a copy of the state must not write into this session's list.
  state_.set_event_log(nullptr);
  history_.push_back(move);
}

std::optional<Error> Session::apply(std::string_view text) {
  auto move = parse_move(state_, text);
  if (!move.ok()) return move.error();
  if (auto error = state_.check(*move)) return error;
  apply_legal(*move);
  return std::nullopt;
}

Result<int> Session::bot_action(std::string_view bot_spec, std::uint64_t seed) const {
  if (state_.over()) return Error{ErrorCode::GameOver, "the game is over"};
  auto bot = make_bot(bot_spec, seed);
  if (!bot.ok()) return bot.error();
  const Move move = (*bot)->choose_move(Observation(state_, state_.current_player()));
  return spec_->codec.encode(state_, move);
}

Record Session::record() const {
  Record record = spec_->setup;
  auto state = spec_->initial_state();
  for (const Move& move : history_) record_and_apply(record, *state, move);
  return record;
}

std::string Session::information_state(PlayerId viewer) const {
  nlohmann::json setup = nlohmann::json::parse(write_record(spec_->setup));
  for (const char* hidden : {"seed", "deck", "actions"}) setup.erase(hidden);
  std::string out = "setup " + setup.dump() + "\nviewer seat " + std::to_string(viewer) + "\n";
  auto state = spec_->initial_state();
  describe_takes(*state, 0, out);
  if (!state->set_aside_tiles().empty()) {
    out += "  set aside";
    for (TileType t : state->set_aside_tiles()) out += " " + tile_name(t);
    out += "\n";
  }
  if (state->tile_in_hand() != kNoTile)
    out += "  in hand " + tile_name(state->tile_in_hand()) + "\n";
  for (const Move& move : history_) {
    const GameState before = *state;
    out +=
        "seat " + std::to_string(before.current_player()) + ": " + format_move(before, move) + "\n";
    state->apply_unchecked(move);
    describe_reveals(before, *state, out);
  }
  return out;
}

// ---- SessionBatch ----

Result<SessionBatch> SessionBatch::start(std::shared_ptr<const GameSpec> spec, int size,
                                         std::uint64_t seed, bool auto_reset) {
  if (size < 1 || size > 1 << 20)
    return Error{ErrorCode::OutOfRange, "a batch holds 1 to 1048576 games"};
  SessionBatch batch(std::move(spec), seed, auto_reset);
  batch.games_.reserve(static_cast<std::size_t>(size));
  for (int i = 0; i < size; ++i) {
    const std::uint64_t game_seed = batch.next_seed_++;
    auto state = GameState::create(config_for_seed(*batch.spec_, game_seed));
    if (!state.ok()) return state.error();
    batch.games_.push_back(Game{game_seed, std::move(*state), {}, MoveList{}, {}, false});
  }
  return batch;
}

std::optional<Error> SessionBatch::restart(Game& game) {
  game.seed = next_seed_++;
  auto state = GameState::create(config_for_seed(*spec_, game.seed));
  if (!state.ok()) return state.error();
  game.state = std::move(*state);
  game.history.clear();
  game.listed = false;
  return std::nullopt;
}

void SessionBatch::list(Game& game) const {
  if (game.listed) return;
  game.moves.clear();
  if (!game.state.over()) game.state.legal_moves(game.moves);
  spec_->codec.encode_all(game.state, game.moves, game.ids);
  game.listed = true;
}

void SessionBatch::legal_actions(std::vector<std::int32_t>& ids,
                                 std::vector<std::int32_t>& offsets) {
  ids.clear();
  offsets.assign(1, 0);
  for (Game& game : games_) {
    list(game);
    ids.insert(ids.end(), game.ids.begin(), game.ids.end());
    offsets.push_back(static_cast<std::int32_t>(ids.size()));
  }
}

void SessionBatch::legal_masks(std::uint8_t* masks) {
  const auto width = static_cast<std::size_t>(spec_->codec.size());
  std::memset(masks, 0, width * games_.size());
  for (std::size_t i = 0; i < games_.size(); ++i) {
    list(games_[i]);
    for (int id : games_[i].ids) masks[i * width + static_cast<std::size_t>(id)] = 1;
  }
}

std::optional<Error> SessionBatch::step(const std::int32_t* actions, std::uint8_t* done) {
  // First every action is found among its game's legal moves; only then is any applied.
  std::vector<int>& chosen = chosen_;
  chosen.assign(games_.size(), -1);
  for (std::size_t i = 0; i < games_.size(); ++i) {
    Game& game = games_[i];
    if (game.state.over()) continue;
    list(game);
    const auto found = std::find(game.ids.begin(), game.ids.end(), actions[i]);
    if (found != game.ids.end()) {
      chosen[i] = static_cast<int>(found - game.ids.begin());
      continue;
    }
    // Not legal: the core explains why.
    auto move = spec_->codec.decode(game.state, actions[i]);
    if (!move.ok()) return in_game(static_cast<int>(i), move.error());
    auto error = game.state.check(*move);
    return in_game(static_cast<int>(i),
                   error ? *error : Error{ErrorCode::IllegalMove, "not a legal action"});
  }
  for (std::size_t i = 0; i < games_.size(); ++i) {
    done[i] = 0;
    if (chosen[i] < 0) continue;
    Game& game = games_[i];
    const Move move = game.moves[chosen[i]];
    game.state.apply_unchecked(move);
    game.history.push_back(move);
    game.listed = false;
    if (game.state.over()) {
      done[i] = 1;
      ++finished_;
      std::array<int, kMaxPlayers> scores{};
      for (int p = 0; p < game.state.player_count(); ++p)
        scores[static_cast<std::size_t>(p)] = game.state.score(static_cast<PlayerId>(p));
      results_.push_back(scores);
      if (auto_reset_)
        if (auto error = restart(game)) return in_game(static_cast<int>(i), *error);
    }
    // The next decision is listed while this game's state is still in the cache.
    list(game);
  }
  return std::nullopt;
}

void SessionBatch::random_actions(std::int32_t* out) {
  for (std::size_t i = 0; i < games_.size(); ++i) {
    Game& game = games_[i];
    list(game);
    out[i] = game.ids.empty()
                 ? -1
                 : game.ids[random_.below(static_cast<std::uint32_t>(game.ids.size()))];
  }
}

std::optional<Error> SessionBatch::bot_actions(std::string_view bot_spec, std::uint64_t seed,
                                               std::int32_t* out) const {
  for (std::size_t i = 0; i < games_.size(); ++i) {
    const GameState& state = games_[i].state;
    out[i] = -1;
    if (state.over()) continue;
    auto bot = make_bot(bot_spec, seed + i);
    if (!bot.ok()) return bot.error();
    const Move move = (*bot)->choose_move(Observation(state, state.current_player()));
    out[i] = spec_->codec.encode(state, move);
  }
  return std::nullopt;
}

void SessionBatch::write_observations(int viewer, const std::vector<void*>& buffers) const {
  const std::vector<ArraySpec> arrays = observation_arrays(spec_->layout);
  std::vector<void*> game_buffers(buffers.size());
  for (std::size_t i = 0; i < games_.size(); ++i) {
    for (std::size_t a = 0; a < arrays.size(); ++a) {
      game_buffers[a] =
          static_cast<char*>(buffers[a]) + i * arrays[a].elements() * arrays[a].element_bytes();
    }
    const GameState& state = games_[i].state;
    const PlayerId seat =
        static_cast<PlayerId>(viewer >= 0 ? viewer : (state.over() ? 0 : state.current_player()));
    write_observation(state, seat, spec_->layout, game_buffers);
  }
}

Session SessionBatch::session(int i) const {
  const Game& game = games_[static_cast<std::size_t>(i)];
  return Session(spec_->with_seed(game.seed), game.state, game.history);
}

std::vector<std::array<int, kMaxPlayers>> SessionBatch::take_results() {
  return std::exchange(results_, {});
}

}  // namespace carcassonne::python
