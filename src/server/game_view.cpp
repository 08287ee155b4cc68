#include "server/game_view.h"

#include <algorithm>
#include <array>
#include <memory>

#include "bots/bot.h"
#include "core/mechanics/mechanics.h"
#include "core/notation.h"
#include "server/narration.h"
#include "view/event_view.h"
#include "view/mechanic_view.h"

namespace carcassonne::server {
namespace {

using json = nlohmann::json;
using view::NodePlace;
using view::place_of_node;
using view::seat_or_null;
using view::seats_json;
using view::square_of_tile;
using view::tile_id;
using view::trade_good_name;

json ports_json(PortMask mask) {
  json ports = json::array();
  for (int p = 0; p < kPortCount; ++p)
    if (mask >> p & 1u) ports.push_back(std::string(kPortNames[static_cast<std::size_t>(p)]));
  return ports;
}

std::string_view segment_kind_name(const PlacedTile& tile, int segment) {
  if (segment == kBridgeSegment) return "bridge";
  return feature_kind_name(tile_spec(tile.type).segments[static_cast<std::size_t>(segment)].kind);
}

json scores_json(const GameState& state) {
  json scores = json::array();
  for (int p = 0; p < state.player_count(); ++p)
    scores.push_back(state.score(static_cast<PlayerId>(p)));
  return scores;
}

// The players of a bit set, as a list argument of the log.
json names_of(std::uint8_t winners, const std::vector<PlayerView>& players) {
  json names = json::array();
  for (std::size_t p = 0; p < players.size(); ++p)
    if (winners >> p & 1u) names.push_back(players[p].name);
  return list_arg(std::move(names));
}

json points_arg(int points) {
  return text_arg("points", {{"count", points}});
}

std::string_view good_key(TradeGood good) {
  switch (good) {
    case TradeGood::Wine:
      return "wine";
    case TradeGood::Grain:
      return "grain";
    case TradeGood::Cloth:
      return "cloth";
    case TradeGood::None:
      break;
  }
  return "wine";
}

json score_event_say(const ScoreEvent& event, const std::vector<PlayerView>& players) {
  json args = {{"who", names_of(event.winners, players)}, {"points", points_arg(event.points)}};
  const bool final_scoring = event.final_scoring;
  switch (event.category) {
    case ScoreCategory::Road:
      return say(final_scoring ? "score.roadFinal" : "score.road", args);
    case ScoreCategory::City:
      return say(final_scoring ? "score.cityFinal" : "score.city", args);
    case ScoreCategory::Cloister:
      return say(final_scoring ? "score.cloisterFinal" : "score.cloister", args);
    case ScoreCategory::Farm: {
      const json cities = text_arg("cities", {{"count", event.cities}});
      args["supplied"] =
          event.castles > 0
              ? text_arg("suppliedCastles",
                         {{"cities", cities},
                          {"castles", text_arg("castles", {{"count", event.castles}})}})
              : text_arg("supplied", {{"cities", cities}});
      if (event.pig) return say("score.pig", args);
      if (event.barn) return say("score.barn", args);
      // During play only a barn makes a farm score: its farmers score and go home.
      return say(final_scoring ? "score.farm" : "score.farmBarnJoined", args);
    }
    case ScoreCategory::Fairy:
      // 1 point at the start of a turn part; 3 when a feature with the guarded follower scores.
      return say(event.points == 1 ? "score.fairyTurn" : "score.fairyFeature", args);
    case ScoreCategory::Castle:
      args["at"] = std::to_string(event.x) + "," + std::to_string(event.y);
      return say("score.castle", args);
    case ScoreCategory::Bazaar:
      if (event.points < 0) {
        args["points"] = points_arg(-event.points);
        return say("score.paid", args);
      }
      return say("score.received", args);
    case ScoreCategory::Goods:
      args["good"] = text_arg("good." + std::string(good_key(event.good)));
      return say((event.winners & (event.winners - 1)) != 0 ? "score.goodsShared" : "score.goods",
                 args);
  }
  return say("score.other", args);
}

// What a move refers to in the position it is played in: who plays it, the tile it places, the
// auction it bids in, what a `pass` declines. (What the move causes comes from the core's events.)
struct MoveContext {
  PlayerId actor = kNoPlayer;
  Phase phase = Phase::GameOver;
  PartKind part = PartKind::Normal;
  TileType tile_in_hand = kNoTile;
  int turn_tile = -1;
  TileType auction_tile = kNoTile;
  int highest_bid = -1;
  PlayerId highest_bidder = kNoPlayer;
  bool bazaar_auctions = true;

  explicit MoveContext(const GameState& state)
      : actor(state.current_player()),
        phase(state.phase()),
        part(state.turn_part()),
        tile_in_hand(state.tile_in_hand()),
        turn_tile(state.turn_tile()),
        auction_tile(state.auction_tile()),
        highest_bid(state.highest_bid()),
        highest_bidder(state.highest_bidder()),
        bazaar_auctions(state.bazaar_auctions()) {}
};

// A figure's name in the log: "figure.<catalogue name>".
json figure_arg(FigureKind kind) {
  return text_arg("figure." + std::string(figure_info(kind).name));
}

json feature_arg(std::string_view kind) {
  return text_arg("feature." + std::string(kind));
}

// The kind of feature a returned figure stood on, as narration names it.
std::string_view returned_feature(const GameState& state, const GameEvent& returned) {
  const int tile = state.board().tile_at(returned.x, returned.y);
  if (tile < 0) return "feature";
  return segment_kind_name(state.placed_tiles()[static_cast<std::size_t>(tile)], returned.segment);
}

// "2 grain and 1 wine": the trade goods `player` took in a move, by its events (an empty list:
// none).
json goods_taken(const std::vector<GameEvent>& events, PlayerId player) {
  std::array<int, kTradeGoodCount> taken{};
  for (const GameEvent& e : events)
    if (e.kind == GameEventKind::GoodsTaken && e.player == player)
      taken[static_cast<std::size_t>(e.good) - 1] += e.count;
  json parts = json::array();
  for (int g = 1; g <= kTradeGoodCount; ++g) {
    const int count = taken[static_cast<std::size_t>(g - 1)];
    if (count > 0)
      parts.push_back(text_arg("goods." + std::string(good_key(static_cast<TradeGood>(g))),
                               {{"count", count}}));
  }
  return parts;
}

json action_say(const MoveContext& before, const GameState& after, const Move& move,
                const std::vector<GameEvent>& events, const std::string& notation,
                const std::vector<PlayerView>& players) {
  json args = {{"who", players[static_cast<std::size_t>(before.actor)].name},
               {"at", std::to_string(move.x) + "," + std::to_string(move.y)}};
  const json tile = before.tile_in_hand == kNoTile
                        ? text_arg("aTile")
                        : json(std::string(tile_spec(before.tile_in_hand).id));
  // The kind of feature a figure went to at the move's square (a wagon, a portal), or "feature".
  const auto feature_at_square = [&] {
    const int target = after.board().tile_at(move.x, move.y);
    return feature_arg(
        target < 0 ? "feature"
                   : segment_kind_name(after.placed_tiles()[static_cast<std::size_t>(target)],
                                       move.segment));
  };
  switch (move.kind) {
    case MoveKind::Place:
      args["tile"] = tile;
      if (move.rotation == 0) return say("place", args);
      args["degrees"] = 90 * move.rotation;
      return say("placeTurned", args);
    case MoveKind::Discard:
      args["tile"] = tile;
      return say("discard", args);
    case MoveKind::Bridge:
      return say(
          static_cast<BridgeAxis>(move.aux) == BridgeAxis::NorthSouth ? "bridgeNS" : "bridgeEW",
          args);
    case MoveKind::Abbey:
      return say("abbey", args);
    case MoveKind::Draw:
      return say("draw", args);
    case MoveKind::Barn:
      args["corner"] = std::string(move.segment < kCornerCount ? kCornerNames[move.segment] : "?");
      return say("barn", args);
    case MoveKind::WagonMove:
      args["feature"] = feature_at_square();
      return say("wagonRolled", args);
    case MoveKind::Meeple:
    case MoveKind::Large:
    case MoveKind::Builder:
    case MoveKind::Pig:
    case MoveKind::Mayor:
    case MoveKind::Wagon: {
      std::string_view kind = "feature";
      if (before.turn_tile >= 0) {
        const PlacedTile& placed = after.placed_tiles()[static_cast<std::size_t>(before.turn_tile)];
        kind = segment_kind_name(placed, move.segment);
      }
      args["feature"] = feature_arg(kind);
      return say("deploy." + std::string(figure_info(deployed_figure(move.kind)).name), args);
    }
    case MoveKind::PortalDeploy:
      args["feature"] = feature_at_square();
      return say(move.aux == static_cast<int>(FigureKind::LargeFollower) ? "portal.large"
                                                                         : "portal.meeple",
                 args);
    case MoveKind::Fairy:
      return say(move.aux == 1 ? "fairyBeside" : "fairyTile", args);
    case MoveKind::Princess: {
      for (const GameEvent& e : events) {
        if (e.kind != GameEventKind::FigureReturned || e.cause != ReturnCause::Princess) continue;
        args["owner"] = players[static_cast<std::size_t>(e.player)].name;
        return say(e.figure == FigureKind::LargeFollower ? "princessLarge" : "princess", args);
      }
      return say("princessKnight", args);
    }
    case MoveKind::DragonStep: {
      const std::vector<int> journey = after.dragon_journey();
      if (journey.empty()) return say("dragonMove", args);
      args["left"] = kDragonJourneySteps + 1 - static_cast<int>(journey.size());
      args["steps"] = kDragonJourneySteps;
      return say("dragonMoveLeft", args);
    }
    case MoveKind::Skip:
      return say("skip", args);
    case MoveKind::Castle:
      return say("castle", args);
    case MoveKind::Score:
      return say("scoreSmallCity", args);
    case MoveKind::Claim:
      return say("claim", args);
    case MoveKind::Choose:
      args["tile"] = std::string(tile_spec(move.aux).id);
      return say(before.bazaar_auctions ? "auction" : "take", args);
    case MoveKind::Bid:
      args["points"] = points_arg(move.amount);
      return say("bid", args);
    case MoveKind::Pass:
      if (before.phase == Phase::WagonMove) return say("wagonStayed", args);
      if (before.phase == Phase::AbbeyRound) return say("abbeyKept", args);
      return say("pass", args);
    case MoveKind::Buy:
    case MoveKind::Sell:
      args["tile"] = before.auction_tile == kNoTile
                         ? text_arg("theTile")
                         : json(std::string(tile_spec(before.auction_tile).id));
      args["other"] = before.highest_bidder == kNoPlayer
                          ? text_arg("theBank")
                          : json(players[static_cast<std::size_t>(before.highest_bidder)].name);
      args["points"] = points_arg(before.highest_bid);
      return say(move.kind == MoveKind::Buy ? "buy" : "sell", args);
  }
  args["notation"] = notation;
  return say("played", args);
}

// A log entry that says something (no action of its own).
json told(int version, const json& said, json scores) {
  return {{"n", version}, {"text", english(said)}, {"say", said}, {"scores", std::move(scores)}};
}

// What the dragon did in a move, by its events: set aside a dragon tile, flew to a volcano,
// brought the set-aside tiles back, began a journey, ate figures, ended its journey.
void narrate_dragon(const GameState& after, const Move& move, const std::vector<GameEvent>& events,
                    const std::vector<PlayerView>& players, int version, std::vector<json>& log) {
  const auto tell = [&](const json& said) {
    log.push_back(told(version, said, scores_json(after)));
  };
  const auto square_text = [](const GameEvent& e) {
    return std::to_string(e.x) + "," + std::to_string(e.y);
  };
  const auto each = [&](GameEventKind kind, const auto& told_of) {
    for (const GameEvent& e : events)
      if (e.kind == kind) told_of(e);
  };
  if (move.kind == MoveKind::DragonStep)  // what it ate, and what left with what it ate
    each(GameEventKind::FigureReturned, [&](const GameEvent& e) {
      if (e.cause != ReturnCause::Dragon && e.cause != ReturnCause::Unaccompanied) return;
      tell(say("dragonAte", {{"owner", players[static_cast<std::size_t>(e.player)].name},
                             {"figure", figure_arg(e.figure)},
                             {"feature", feature_arg(returned_feature(after, e))},
                             {"at", square_text(e)}}));
    });
  each(GameEventKind::TileSetAside, [&](const GameEvent& e) {
    tell(say("setAside", {{"tile", std::string(tile_spec(e.tile).id)}}));
  });
  each(GameEventKind::DragonToVolcano, [&](const GameEvent& e) {
    tell(say("dragonToVolcano", {{"at", square_text(e)}}));
  });
  each(GameEventKind::SetAsideReturned, [&](const GameEvent& e) {
    tell(say("setAsideBack", {{"count", e.count}}));
  });
  if (!after.over())
    each(GameEventKind::JourneyStarted, [&](const GameEvent& e) {
      tell(say("journeyStarts", {{"steps", kDragonJourneySteps},
                                 {"who", players[static_cast<std::size_t>(e.player)].name}}));
    });
  each(GameEventKind::JourneyEnded, [&](const GameEvent& e) {
    tell(say("journeyEnds", {{"at", square_text(e)}}));
  });
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

json structured_action(const GameState& state, const Move& move, const std::string& text) {
  json out = {{"action", text}, {"verb", text.substr(0, text.find(' '))}};
  switch (move.kind) {
    case MoveKind::Place: {
      out["x"] = move.x;
      out["y"] = move.y;
      out["rotation"] = move.rotation;
      const int square = state.board().frontier_index(move.x, move.y);
      out["needs_bridge"] =
          square >= 0 &&
          !state.placement_fits(state.board().frontier()[static_cast<std::size_t>(square)],
                                move.rotation);
      break;
    }
    case MoveKind::Bridge:
      out["x"] = move.x;
      out["y"] = move.y;
      out["axis"] = static_cast<BridgeAxis>(move.aux) == BridgeAxis::NorthSouth ? "NS" : "EW";
      break;
    case MoveKind::Meeple:
    case MoveKind::Large:
    case MoveKind::Builder:
    case MoveKind::Pig:
    case MoveKind::Mayor:
    case MoveKind::Wagon: {
      out["figure"] = std::string(figure_info(deployed_figure(move.kind)).name);
      const int tile = state.turn_tile();
      if (tile >= 0) {
        const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
        out["x"] = placed.x;
        out["y"] = placed.y;
        out["location"] = std::string(location_name(state.canonical_location(tile, move.segment)));
        out["feature"] = std::string(segment_kind_name(placed, move.segment));
      }
      break;
    }
    case MoveKind::Claim: {
      out["x"] = move.x;
      out["y"] = move.y;
      out["location"] = std::string(location_name(move.segment));
      const auto& placed = state.placed_tiles();
      for (std::size_t i = 0; i < placed.size(); ++i) {
        if (placed[i].x != move.x || placed[i].y != move.y) continue;
        const std::uint8_t segment = state.segment_named(static_cast<int>(i), move.segment);
        if (segment != kNoSegment)
          out["feature"] = std::string(segment_kind_name(placed[i], segment));
      }
      break;
    }
    case MoveKind::Choose:
      out["tile"] = std::string(tile_spec(move.aux).id);
      break;
    case MoveKind::Abbey:
      out["x"] = move.x;
      out["y"] = move.y;
      break;
    case MoveKind::Barn: {
      // The corner of the tile just placed; its location is the corner's name.
      out["figure"] = "barn";
      out["feature"] = "field";
      const std::string corner(move.segment < kCornerCount ? kCornerNames[move.segment] : "");
      out["corner"] = corner;
      out["location"] = corner;
      const int tile = state.turn_tile();
      if (tile >= 0) {
        const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
        out["x"] = placed.x;
        out["y"] = placed.y;
      }
      break;
    }
    case MoveKind::WagonMove: {
      out["figure"] = "wagon";
      out["x"] = move.x;
      out["y"] = move.y;
      const int tile = state.board().tile_at(move.x, move.y);
      if (tile < 0) break;
      const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
      out["location"] = std::string(location_name(state.canonical_location(tile, move.segment)));
      out["feature"] = std::string(segment_kind_name(placed, move.segment));
      break;
    }
    case MoveKind::DragonStep:
      out["x"] = move.x;
      out["y"] = move.y;
      break;
    case MoveKind::PortalDeploy:
    case MoveKind::Princess:
    case MoveKind::Fairy: {
      // A segment of a placed tile: a portal's deployment (any tile), the knight the princess
      // sends home (with its owner), the fairy on a tile or beside a follower.
      out["x"] = move.x;
      out["y"] = move.y;
      if (move.kind == MoveKind::PortalDeploy) {
        out["figure"] = move.aux < kFigureKindCount
                            ? std::string(figure_info(static_cast<FigureKind>(move.aux)).name)
                            : std::string("meeple");
        out["portal"] = true;
      }
      const int tile = state.board().tile_at(move.x, move.y);
      if (tile < 0 || (move.kind == MoveKind::Fairy && move.aux == 0)) break;
      const PlacedTile& placed = state.placed_tiles()[static_cast<std::size_t>(tile)];
      out["location"] = std::string(location_name(state.canonical_location(tile, move.segment)));
      out["feature"] = std::string(segment_kind_name(placed, move.segment));
      if (move.kind == MoveKind::Princess) {
        const NodeId node = state.node_of(tile, move.segment);
        for (const Follower& follower : state.followers())
          if (follower.node == node) {
            out["seat"] = follower.player;
            out["figure"] = std::string(figure_info(follower.kind).name);
          }
      }
      break;
    }
    case MoveKind::Bid:
      out["amount"] = move.amount;
      break;
    // The verb says it all. Listed, not defaulted: a new kind of action fails to compile here
    // until it says what its structured form holds.
    case MoveKind::Discard:
    case MoveKind::Skip:
    case MoveKind::Castle:
    case MoveKind::Score:
    case MoveKind::Pass:
    case MoveKind::Buy:
    case MoveKind::Sell:
    case MoveKind::Draw:
      break;
  }
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
      json structured = structured_action(state, move, text);
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
  const MoveContext before(state);
  // Scores after each entry: the running sum of the scorings, so the chart shows every step.
  std::array<int, kMaxPlayers> running{};
  for (int p = 0; p < state.player_count(); ++p)
    running[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
  // The figures as they stand before the game's last action: the final board shows who held
  // what when the final scoring counted it (the scoring sends them home).
  json figures_before = figures_json(state);
  std::vector<GameEvent> events;
  state.set_event_log(&events);
  state.apply_unchecked(move);
  state.set_event_log(nullptr);
  const auto happened = [&](GameEventKind kind) {
    return std::any_of(events.begin(), events.end(),
                       [kind](const GameEvent& e) { return e.kind == kind; });
  };

  std::vector<json> entries;
  const auto running_json = [&] {
    json scores = json::array();
    for (int p = 0; p < state.player_count(); ++p)
      scores.push_back(running[static_cast<std::size_t>(p)]);
    return scores;
  };
  const json action_said = action_say(before, state, move, events, notation, players);
  entries.push_back({{"n", version_after},
                     {"seat", before.actor},
                     {"action", notation},
                     {"text", english(action_said)},
                     {"say", action_said},
                     {"scores", running_json()}});
  // The trade goods taken from the cities completed (after their scoring, before any final
  // scoring): "Ann took 2 grain and 1 wine".
  bool goods_told = !happened(GameEventKind::GoodsTaken);
  const auto tell_goods = [&] {
    if (goods_told) return;
    goods_told = true;
    for (int p = 0; p < state.player_count(); ++p) {
      json taken = goods_taken(events, static_cast<PlayerId>(p));
      if (taken.empty()) continue;
      json entry = told(version_after,
                        say("goodsTaken", {{"who", players[static_cast<std::size_t>(p)].name},
                                           {"goods", list_arg(std::move(taken))}}),
                        running_json());
      entry["goods"] = true;
      entries.push_back(std::move(entry));
    }
  };
  for (const GameEvent& e : events) {
    if (e.kind != GameEventKind::Scored) continue;
    const ScoreEvent& event = e.score;
    if (event.final_scoring) tell_goods();
    if (event.winners == 0) continue;
    for (std::size_t p = 0; p < players.size(); ++p)
      if (event.winners >> p & 1u) running[p] += event.points;
    const json said = score_event_say(event, players);
    json entry = {{"n", version_after},
                  {"text", english(said)},
                  {"say", said},
                  {"score", true},
                  {"points", event.points},
                  {"winners", seats_json(event.winners, static_cast<int>(players.size()))},
                  {"x", event.x},
                  {"y", event.y},
                  {"scores", running_json()}};
    if (event.final_scoring) entry["final"] = true;
    entries.push_back(entry);
  }
  tell_goods();
  narrate_dragon(state, move, events, players, version_after, entries);
  // Abbey & Mayor: the deck is used up and the end-of-game abbey round begins.
  if (happened(GameEventKind::AbbeyRoundBegan))
    entries.push_back(told(version_after, say("abbeyRound"), running_json()));
  for (const GameEvent& e : events) {
    // A builder's second turn part begins.
    if (e.kind == GameEventKind::PartStarted && e.part == PartKind::Second && !state.over())
      entries.push_back(
          told(version_after,
               say("secondPart", {{"who", players[static_cast<std::size_t>(e.player)].name}}),
               running_json()));
    // Builder-first: a bazaar placed in a second part waits for the bazaar under way (one that
    // started at once, within this move, with none under way, is not announced: the auction
    // is).
    if (e.kind == GameEventKind::BazaarDelayed && state.delayed_bazaars() > 0)
      entries.push_back(
          told(version_after,
               say("bazaarDelayed", {{"who", players[static_cast<std::size_t>(e.player)].name}}),
               running_json()));
  }
  for (const GameEvent& e : events)
    if (e.kind == GameEventKind::TileDiscarded)
      entries.push_back(told(version_after,
                             say("discardedNowhere", {{"tile", std::string(tile_spec(e.tile).id)}}),
                             scores_json(state)));
  if (state.over()) {
    const Outcome outcome = state.outcome();
    const bool shared = outcome.winner_count() > 1;
    entries.push_back(told(
        version_after,
        say(shared ? "gameOverShared" : "gameOverWin",
            {{"who", names_of(outcome.winners, players)}, {"points", points_arg(outcome.best)}}),
        scores_json(state)));
    entries.back()["final"] = true;
    entries.back()["figures"] = std::move(figures_before);
  }
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
