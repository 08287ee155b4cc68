#include "server/game_view.h"

#include <algorithm>
#include <array>
#include <memory>

#include "bots/bot.h"
#include "core/mechanics/mechanics.h"
#include "core/notation.h"
#include "view/event_view.h"
#include "view/mechanic_view.h"
#include "view/telling.h"

namespace carcassonne::server {
namespace {

using json = nlohmann::json;
using view::NodePlace;
using view::place_of_node;
using view::seat_or_null;
using view::seats_json;
using view::segment_kind_name;
using view::square_of_tile;
using view::tile_id;
using view::trade_good_name;

json ports_json(PortMask mask) {
  json ports = json::array();
  for (int p = 0; p < kPortCount; ++p)
    if (mask >> p & 1u) ports.push_back(std::string(kPortNames[static_cast<std::size_t>(p)]));
  return ports;
}

}  // namespace

namespace {
// The named strengths the lobby offers (bots/bot.h), weakest first.
json bot_levels_json() {
  json levels = json::array();
  for (const BotLevel& level : kBotLevels)
    levels.push_back({{"name", std::string(level.name)},
                      {"title", std::string(level.title)},
                      {"summary", std::string(level.summary)},
                      {"spec", std::string(level.spec)},
                      {"timed", level.timed}});
  return levels;
}
}  // namespace

json catalogue_json() {
  json tiles = json::array();
  for (int t = 0; t < kTileTypeCount; ++t) {
    const TileSpec& spec = tile_spec(static_cast<TileType>(t));
    json segments = json::array();
    for (int s = 0; s < spec.segment_count; ++s) {
      const SegmentSpec& segment = spec.segments[static_cast<std::size_t>(s)];
      json item = {{"kind", std::string(feature_kind_name(segment.kind))},
                   {"ports", ports_json(segment.ports)}};
      if (segment.kind == FeatureKind::City) {
        item["pennants"] = segment.pennants;
        item["castle_base"] = segment.castle_base;
      }
      if (segment.kind == FeatureKind::Road && segment.inn) item["inn"] = true;
      if (segment.kind == FeatureKind::City && segment.cathedral) item["cathedral"] = true;
      if (segment.kind == FeatureKind::City && segment.princess) item["princess"] = true;
      if (segment.kind == FeatureKind::City && segment.good != TradeGood::None)
        item["good"] = std::string(trade_good_name(segment.good));
      if (segment.kind == FeatureKind::Field) {
        json borders = json::array();
        for (int k = 0; k < kMaxPrintedSegments; ++k)
          if (segment.bordered_cities >> k & 1u) borders.push_back(k);
        item["borders"] = borders;
      }
      segments.push_back(item);
    }
    json tile = {
        {"id", std::string(spec.id)}, {"expansion", std::string(expansion_name(spec.expansion))},
        {"count", spec.count},        {"start", spec.start_tile},
        {"bazaar", spec.bazaar},      {"segments", segments}};
    // Princess & Dragon symbols, only on the tiles that show them.
    if (spec.volcano) tile["volcano"] = true;
    if (spec.dragon) tile["dragon"] = true;
    if (spec.portal) tile["portal"] = true;
    // Abbey & Mayor: the abbey, held in hand and never drawn.
    if (spec.abbey) tile["abbey"] = true;
    tiles.push_back(std::move(tile));
  }
  json ports = json::array();
  for (std::string_view name : kPortNames) ports.push_back(std::string(name));
  return {{"ports", ports},
          {"tiles", tiles},
          {"expansions", expansion_catalogue_json()},
          {"options", option_catalogue_json()},
          {"figures", figure_catalogue_json()},
          {"bot_levels", bot_levels_json()}};
}

json expansion_catalogue_json() {
  json out = json::array();
  for (const ExpansionInfo& info : kExpansionTable)
    out.push_back({{"name", std::string(info.name)},
                   {"title", std::string(info.title)},
                   {"summary", std::string(info.summary)},
                   {"base", info.expansion == Expansion::Base},
                   {"mechanics", mechanic_names(info.mechanics)}});
  return out;
}

json option_catalogue_json() {
  json out = json::array();
  for (const RuleOptionInfo& info : kRuleOptionTable) {
    json values = json::array();
    for (int v = 0; v < info.value_count; ++v)
      values.push_back({{"name", std::string(info.values[static_cast<std::size_t>(v)])},
                        {"summary", std::string(info.value_summaries[static_cast<std::size_t>(v)])},
                        {"source", std::string(info.value_sources[static_cast<std::size_t>(v)])}});
    json needs = json::array();
    for (const ExpansionInfo& expansion : kExpansionTable)
      if (info.needs_expansions >> static_cast<int>(expansion.expansion) & 1u)
        needs.push_back(std::string(expansion.name));
    out.push_back({{"name", std::string(info.name)},
                   {"summary", std::string(info.summary)},
                   {"values", values},
                   {"default", std::string(info.values[0])},
                   {"expansions", needs}});
  }
  return out;
}

json figure_catalogue_json() {
  json out = json::array();
  for (const FigureInfo& info : kFigureTable)
    out.push_back({{"name", std::string(info.name)}, {"strength", info.strength}});
  return out;
}

json mechanic_names(MechanicMask mechanics) {
  json out = json::array();
  for (int m = 0; m < kMechanicCount; ++m)
    if (mechanics >> m & 1u)
      out.push_back(std::string(kMechanicTable[static_cast<std::size_t>(m)].name));
  return out;
}

json expansions_json(const RuleSet& rules) {
  json expansions = json::array();
  for (int e = 1; e < kExpansionCount; ++e)
    if (rules.has(static_cast<Expansion>(e)))
      expansions.push_back(std::string(expansion_name(static_cast<Expansion>(e))));
  return expansions;
}

json rules_json(const RuleSet& rules) {
  json out = json::object();
  for (const NamedOptionValue& option : applicable_rule_options(rules))
    out[std::string(option.name)] = std::string(option.value);
  return out;
}

json feature_json(const GameState& state, int tile, int segment) {
  const NodeId root = state.feature_of(tile, segment);
  const FeatureNode& data = state.features().node(root);
  const auto& placed = state.placed_tiles();
  json out;
  out["kind"] = std::string(feature_kind_name(data.kind));
  const bool field = data.kind == FeatureKind::Field;
  const bool complete = !field && state.feature_complete(root);
  out["complete"] = complete;
  out["tiles"] = state.feature_tile_count(root);
  // Farms score only at the end (or by a barn): their worth is not a feature value.
  out["value"] = field ? json(nullptr)
                       : json(complete ? state.completed_value(root) : state.final_value(root));
  out["if_complete"] = field ? json(nullptr) : json(state.completed_value(root));
  out["pennants"] = data.pennants;
  out["holders"] = seats_json(state.majority(root), state.player_count());
  json members = json::array();
  NodeId member = root;
  do {
    const FeatureNode& node = state.features().node(member);
    const PlacedTile& at = placed[node.placed_tile];
    members.push_back({{"x", at.x},
                       {"y", at.y},
                       {"location", std::string(location_name(state.canonical_location(
                                        node.placed_tile, node.segment)))}});
    member = node.next_member;
  } while (member != root);
  out["members"] = members;
  return out;
}

// The figures on the board, as the state's "followers" lists them.
json figures_json(const GameState& state) {
  const auto& placed = state.placed_tiles();
  // The features of the occupied castles (a follower there stands in the castle).
  std::vector<std::pair<NodeId, std::size_t>> castle_roots;
  const auto& castles = state.castles();
  for (std::size_t c = 0; c < castles.size(); ++c)
    if (castles[c].occupied)
      castle_roots.emplace_back(state.features().find_const(castles[c].city), c);
  json followers = json::array();
  for (const Follower& follower : state.followers()) {
    const NodePlace where = place_of_node(state, follower.node);
    if (where.tile < 0) continue;  // cannot happen for a consistent state
    const PlacedTile& tile = placed[static_cast<std::size_t>(where.tile)];
    json item = {{"seat", follower.player},
                 {"x", tile.x},
                 {"y", tile.y},
                 {"location",
                  std::string(location_name(state.canonical_location(where.tile, where.segment)))},
                 {"feature", std::string(segment_kind_name(tile, where.segment))},
                 {"figure", std::string(figure_info(follower.kind).name)}};
    // A barn stands on a corner of its tile (where four tiles meet), on the field there.
    if (follower.kind == FigureKind::Barn)
      item["corner"] = std::string(kCornerNames[static_cast<std::size_t>(follower.corner)]);
    // A follower in a castle stands in the castle, not in a city any more.
    if (!castle_roots.empty()) {
      const NodeId root = state.features().find_const(follower.node);
      for (const auto& [castle_root, c] : castle_roots) {
        if (castle_root != root) continue;
        item["feature"] = "castle";
        item["castle"] = c;
      }
    }
    followers.push_back(std::move(item));
  }
  return followers;
}

json board_entry_json(const PlacedTile& tile) {
  json bridge = nullptr;
  if (tile.has_bridge()) bridge = tile.bridge_axis() == BridgeAxis::NorthSouth ? "NS" : "EW";
  return {{"x", tile.x},
          {"y", tile.y},
          {"tile", std::string(tile_spec(tile.type).id)},
          {"rotation", tile.rotation},
          {"bridge", bridge}};
}

json public_state_json(const GameState& state, const std::vector<PlayerView>& players,
                       bool with_board) {
  json out = json::object();
  out["status"] = state.over() ? "over" : "running";
  out["expansions"] = expansions_json(state.rules());
  out["rules"] = rules_json(state.rules());
  out["mechanics"] = mechanic_names(state.rules().mechanics);

  json player_list = json::array();
  for (int p = 0; p < state.player_count(); ++p) {
    const auto id = static_cast<PlayerId>(p);
    const PlayerView& view = players[static_cast<std::size_t>(p)];
    json breakdown = json::object();
    for (int c = 0; c < kScoreCategoryCount; ++c) {
      const auto category = static_cast<ScoreCategory>(c);
      breakdown[std::string(score_category_name(category))] = state.score_in(id, category);
    }
    // Each kind of figure the game has: the follower always, the others with their mechanic.
    json figures = json::object();
    for (const FigureInfo& figure : kFigureTable)
      if (state.figure_in_game(figure.kind))
        figures[std::string(figure.name)] = state.figures_in_supply(id, figure.kind);
    json player = {{"seat", p},
                   {"name", view.name},
                   {"kind", view.bot ? "bot" : "human"},
                   {"online", view.bot || view.online},
                   {"score", state.score(id)},
                   {"breakdown", breakdown},
                   {"followers", state.followers_in_supply(id)},
                   {"figures", figures}};
    if (view.bot) player["bot"] = view.bot_spec;
    view::add_public_player_fields(state, id, player);
    player_list.push_back(player);
  }
  out["players"] = player_list;

  if (state.over()) {
    out["pending"] = nullptr;
  } else {
    const PendingDecision pending = state.pending();
    out["pending"] = {{"seat", pending.player}, {"phase", std::string(phase_name(pending.phase))}};
  }
  out["turn_seat"] = state.turn_player();
  out["turn"] = state.turn_number();
  out["part"] = std::string(view::part_kind_name(state.turn_part()));
  // Before `draw` (Abbey & Mayor) no tile is shown: the player decides without seeing it.
  const bool tile_hidden =
      state.over() || state.phase() == Phase::AbbeyChoice || state.phase() == Phase::AbbeyRound;
  out["tile"] = tile_hidden ? json(nullptr) : tile_id(state.tile_in_hand());

  const auto& placed = state.placed_tiles();
  out["last_placed"] = nullptr;
  if (state.turn_tile() >= 0) {
    const PlacedTile& last = placed[static_cast<std::size_t>(state.turn_tile())];
    out["last_placed"] = {{"x", last.x}, {"y", last.y}};
  } else if (!placed.empty()) {
    out["last_placed"] = {{"x", placed.back().x}, {"y", placed.back().y}};
  }

  if (with_board) {
    json board = json::array();
    for (const PlacedTile& tile : placed) board.push_back(board_entry_json(tile));
    out["board"] = std::move(board);
  }

  out["followers"] = figures_json(state);

  const std::array<std::uint8_t, kTileTypeCount> counts = state.unseen_tile_counts();
  json remaining = json::object();
  for (int t = 0; t < kTileTypeCount; ++t)
    if (counts[static_cast<std::size_t>(t)] > 0)
      remaining[std::string(tile_spec(static_cast<TileType>(t)).id)] =
          counts[static_cast<std::size_t>(t)];
  json discarded = json::array();
  for (TileType t : state.discarded_tiles()) discarded.push_back(tile_id(t));
  out["deck"] = {{"left", state.tiles_left_in_deck()},
                 {"face_down", state.tiles_face_down()},
                 {"remaining", remaining},
                 {"discarded", discarded}};

  out["winners"] = nullptr;
  if (state.over()) {
    const Outcome outcome = state.outcome();
    out["winners"] = seats_json(outcome.winners, state.player_count());
  }
  // Each mechanic in play adds its own (view/mechanic_view.h).
  view::add_public_game_fields(state, out);
  return out;
}

void add_legal_actions(const GameState& state, json& out) {
  json legal = json::array();
  json actions = json::array();
  json needs_bridge = json::array();
  if (!state.over()) {
    // 48 KiB: on the heap, not on a network thread's stack.
    auto moves = std::make_unique<MoveList>();
    state.legal_moves(*moves);
    for (const Move& move : *moves) {
      std::string text = format_move(state, move);
      json structured = view::structured_action(state, move, text);
      if (structured.value("needs_bridge", false)) needs_bridge.push_back(text);
      actions.push_back(std::move(structured));
      legal.push_back(std::move(text));
    }
  }
  out["legal"] = std::move(legal);
  out["actions"] = std::move(actions);
  out["needs_bridge"] = std::move(needs_bridge);
}

std::vector<json> apply_and_narrate(GameState& state, const Move& move, const std::string& notation,
                                    int version_after, const std::vector<PlayerView>& players) {
  std::vector<std::string> names;
  names.reserve(players.size());
  for (const PlayerView& player : players) names.push_back(player.name);
  // The figures as they stand before the game's last action: the final board shows who held
  // what when the final scoring counted it (the scoring sends them home).
  json figures_before = figures_json(state);
  std::vector<json> entries = view::narrate_move(state, move, notation, version_after, names);
  if (state.over()) entries.back()["figures"] = std::move(figures_before);
  return entries;
}

Result<NarratedGame> replay_narrated(const Record& record, std::size_t steps,
                                     const std::vector<PlayerView>& players) {
  GameConfig config = game_config(record);
  auto created = GameState::create(config);
  if (!created.ok()) return created.error();
  NarratedGame game{std::move(created.value()), {}};
  for (std::size_t i = 0; i < std::min(steps, record.actions.size()); ++i) {
    const std::string& text = record.actions[i];
    auto move = parse_move(game.state, text);
    std::optional<Error> error;
    if (!move.ok()) {
      error = move.error();
    } else {
      error = game.state.check(*move);
    }
    if (error)
      return Error{error->code,
                   "action " + std::to_string(i) + " " + quote_text(text) + ": " + error->message};
    for (json& entry : apply_and_narrate(game.state, *move, format_move(game.state, *move),
                                         static_cast<int>(i + 1), players))
      game.log.push_back(std::move(entry));
  }
  return game;
}

}  // namespace carcassonne::server
