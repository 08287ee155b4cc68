#include "record/record.h"

#include <nlohmann/json.hpp>

#include "core/notation.h"
#include "record/strict_json.h"
#include "view/mechanic_view.h"

namespace carcassonne {

namespace {

using nlohmann::json;

Error bad_record(const std::string& why) {
  return Error{ErrorCode::BadRecord, "record: " + why};
}

Result<TileType> tile_from_json(const json& value, const std::string& where) {
  if (!value.is_string()) return bad_record(where + " must be a tile id string");
  const auto type = find_tile_type(value.get<std::string>());
  if (!type)
    return Error{ErrorCode::UnknownTile,
                 "record: " + where + ": unknown tile " + quote_text(value.get<std::string>())};
  return *type;
}

}  // namespace

Result<Record> parse_record(std::string_view json_text) {
  if (json_text.size() > kMaxRecordBytes)
    return bad_record("larger than " + std::to_string(kMaxRecordBytes >> 20) + " MiB");
  // Deeper nesting is refused as it is read, before the parser builds (and later frees) millions
  // of nested values; a NUL byte, a repeated key or data after the record are refused too.
  StrictJson parsed = parse_strict_json(json_text, kMaxRecordDepth);
  if (parsed.fault != JsonFault::None)
    return bad_record("not valid JSON for a record (" + std::string(fault_name(parsed.fault)) +
                      ": " + parsed.message + ")");
  json root = std::move(parsed.value);
  if (!root.is_object()) return bad_record("the top level must be a JSON object");
  static constexpr std::string_view kKeys[] = {"players", "expansions", "rules",  "start",
                                               "deck",    "seed",       "actions"};
  for (const auto& item : root.items()) {
    bool known = false;
    for (std::string_view key : kKeys) known = known || item.key() == key;
    if (!known) return bad_record("unknown key " + quote_text(item.key()));
  }
  Record record;

  if (!root.contains("players")) return bad_record("\"players\" is missing");
  const json& players = root["players"];
  if (!players.is_array()) return bad_record("\"players\" must be an array of names");
  if (players.size() < kMinPlayers || players.size() > kMaxPlayers)
    return Error{ErrorCode::BadPlayerCount, "record: \"players\" must name 2 to 6 players, not " +
                                                std::to_string(players.size())};
  for (const json& name : players) {
    if (!name.is_string()) return bad_record("every player name must be a string");
    record.players.push_back(name.get<std::string>());
  }

  if (root.contains("expansions")) {
    const json& expansions = root["expansions"];
    if (!expansions.is_array()) return bad_record("\"expansions\" must be an array of names");
    for (const json& name : expansions) {
      if (!name.is_string()) return bad_record("every expansion name must be a string");
      auto expansion = parse_expansion_name(name.get<std::string>());
      if (!expansion) return Error{expansion.error().code, "record: " + expansion.error().message};
      record.rules.add(*expansion);
    }
  }

  if (root.contains("rules")) {
    const json& rules = root["rules"];
    if (!rules.is_object()) return bad_record("\"rules\" must be an object of named options");
    for (const auto& item : rules.items()) {
      if (!item.value().is_string())
        return bad_record("rule option " + quote_text(item.key()) + " must be a string");
      auto set = set_rule_option(record.rules, item.key(), item.value().get<std::string>());
      if (!set) return Error{set.error().code, "record: " + set.error().message};
    }
  }

  if (root.contains("start")) {
    auto start = tile_from_json(root["start"], "\"start\"");
    if (!start) return start.error();
    if (tile_spec(*start).abbey)
      return bad_record("\"start\" is " + std::string(tile_spec(*start).id) +
                        ", the abbey, which is held in hand and never the start tile");
    record.start_tile = *start;
  }

  if (root.contains("deck")) {
    const json& deck = root["deck"];
    if (!deck.is_array()) return bad_record("\"deck\" must be an array of tile ids");
    if (deck.size() > static_cast<std::size_t>(kMaxDeckSize))
      return bad_record("\"deck\" may hold at most " + std::to_string(kMaxDeckSize) + " tiles");
    std::vector<TileType> tiles;
    for (std::size_t i = 0; i < deck.size(); ++i) {
      auto tile = tile_from_json(deck[i], "\"deck\"[" + std::to_string(i) + "]");
      if (!tile) return tile.error();
      tiles.push_back(*tile);
    }
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      // The abbey is held in hand, never drawn (record-format-bigbox.md).
      if (tile_spec(tiles[i]).abbey)
        return bad_record("\"deck\"[" + std::to_string(i) + "] is " +
                          std::string(tile_spec(tiles[i]).id) +
                          ", the abbey, which is held in hand and may not be in the deck");
      // Scenario decks may hold any tile, but a Big Box expansion's tiles need their expansion
      // (record-format-bigbox.md): their rules would be missing.
      const Expansion expansion = tile_spec(tiles[i]).expansion;
      if (expansion != Expansion::Base && expansion != Expansion::BridgesCastlesBazaars &&
          !record.rules.has(expansion))
        return bad_record("\"deck\"[" + std::to_string(i) + "] is " +
                          std::string(tile_spec(tiles[i]).id) + ", a tile of " +
                          std::string(expansion_info(expansion).title) +
                          ", which is not among the expansions");
    }
    record.deck = std::move(tiles);
  }

  if (root.contains("seed")) {
    const json& seed = root["seed"];
    if (!seed.is_number_integer() ||
        (seed.is_number_integer() && !seed.is_number_unsigned() && seed.get<std::int64_t>() < 0))
      return bad_record("\"seed\" must be a non-negative integer");
    record.seed = seed.get<std::uint64_t>();
  }

  if (root.contains("actions")) {
    const json& actions = root["actions"];
    if (!actions.is_array()) return bad_record("\"actions\" must be an array of strings");
    for (std::size_t i = 0; i < actions.size(); ++i) {
      if (!actions[i].is_string())
        return bad_record("\"actions\"[" + std::to_string(i) + "] must be a string");
      record.actions.push_back(actions[i].get<std::string>());
    }
  }
  return record;
}

std::string write_record(const Record& record) {
  nlohmann::ordered_json root = nlohmann::ordered_json::object();  // keys in the contract's order
  root["players"] = record.players;
  nlohmann::ordered_json expansions = nlohmann::ordered_json::array();
  for (int e = 1; e < kExpansionCount; ++e)
    if (record.rules.has(static_cast<Expansion>(e)))
      expansions.push_back(std::string(expansion_name(static_cast<Expansion>(e))));
  root["expansions"] = expansions;
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  for (const NamedOptionValue& option : applicable_rule_options(record.rules))
    rules[std::string(option.name)] = std::string(option.value);
  root["rules"] = rules;
  root["start"] = std::string(tile_spec(record.start_tile).id);
  if (record.deck) {
    nlohmann::ordered_json deck = nlohmann::ordered_json::array();
    for (TileType t : *record.deck) deck.push_back(std::string(tile_spec(t).id));
    root["deck"] = deck;
  }
  root["seed"] = record.seed;
  root["actions"] = record.actions;
  return root.dump(2) + "\n";
}

GameConfig game_config(const Record& record) {
  GameConfig config;
  config.rules = record.rules;
  config.players = static_cast<int>(record.players.size());
  config.start_tile = record.start_tile;
  config.deck =
      record.deck ? *record.deck : shuffled_deck(record.rules, record.start_tile, record.seed);
  // A seeded deck also shuffles in the tiles that come back later (dragon tiles set aside).
  if (!record.deck) config.seed = record.seed;
  return config;
}

Result<GameState> replay(const Record& record) {
  auto created = GameState::create(game_config(record));
  if (!created) return Error{created.error().code, "record: " + created.error().message};
  GameState& state = *created;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const std::string& text = record.actions[i];
    auto fail = [&](const Error& error) {
      return Error{error.code,
                   "action " + std::to_string(i) + " " + quote_text(text) + ": " + error.message};
    };
    auto move = parse_move(state, text);
    if (!move) return fail(move.error());
    auto applied = state.apply(*move);
    if (!applied) return fail(applied.error());
  }
  return std::move(created).value();
}

std::string state_summary_json(const GameState& state, const Record& record) {
  json out = json::object();
  out["over"] = state.over();
  json scores = json::array();
  json players = json::array();
  for (int p = 0; p < state.player_count(); ++p) {
    const auto player_id = static_cast<PlayerId>(p);
    scores.push_back(state.score(player_id));
    json player = json::object();
    player["name"] = p < static_cast<int>(record.players.size())
                         ? record.players[static_cast<std::size_t>(p)]
                         : std::string();
    player["score"] = state.score(player_id);
    json breakdown = json::object();
    for (int c = 0; c < kScoreCategoryCount; ++c) {
      const auto category = static_cast<ScoreCategory>(c);
      if (!score_category_applies(state.rules(), category)) continue;
      breakdown[std::string(score_category_name(category))] = state.score_in(player_id, category);
    }
    player["breakdown"] = breakdown;
    player["followers"] = state.followers_in_supply(player_id);
    // The other figures the game has, each under its name ("large", "builder", ...).
    for (const FigureInfo& figure : kFigureTable)
      if (figure.kind != FigureKind::Follower && state.figure_in_game(figure.kind))
        player[std::string(figure.name)] = state.figures_in_supply(player_id, figure.kind);
    view::add_summary_player_fields(state, player_id, player);
    players.push_back(player);
  }
  out["scores"] = scores;
  out["players"] = players;
  view::add_summary_game_fields(state, out);
  if (!state.over()) {
    const PendingDecision pending = state.pending();
    json p = json::object();
    p["player"] = pending.player;
    p["name"] = record.players[static_cast<std::size_t>(pending.player)];
    p["decision"] = std::string(phase_name(pending.phase));
    if (state.tile_in_hand() != kNoTile)
      p["tile"] = std::string(tile_spec(state.tile_in_hand()).id);
    view::add_summary_pending_fields(state, p);
    out["pending"] = p;
  }
  out["tiles_placed"] = state.placed_tiles().size();
  out["tiles_left"] = state.tiles_left_in_deck();
  json discarded = json::array();
  for (TileType t : state.discarded_tiles()) discarded.push_back(std::string(tile_spec(t).id));
  out["discarded"] = discarded;
  out["actions"] = record.actions.size();
  return out.dump();
}

void record_and_apply(Record& record, GameState& state, const Move& move) {
  record.actions.push_back(format_move(state, move));
  state.apply_unchecked(move);
}

}  // namespace carcassonne
