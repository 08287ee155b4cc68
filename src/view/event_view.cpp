#include "view/event_view.h"

#include "core/game.h"
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

}  // namespace

std::string_view event_kind_name(GameEventKind kind) {
  switch (kind) {
    case GameEventKind::Scored:
      return "scored";
    case GameEventKind::FigureReturned:
      return "figure_returned";
    case GameEventKind::GoodsTaken:
      return "goods_taken";
    case GameEventKind::TileSetAside:
      return "tile_set_aside";
    case GameEventKind::SetAsideReturned:
      return "set_aside_returned";
    case GameEventKind::DragonToVolcano:
      return "dragon_to_volcano";
    case GameEventKind::JourneyStarted:
      return "journey_started";
    case GameEventKind::JourneyEnded:
      return "journey_ended";
    case GameEventKind::PartStarted:
      return "part_started";
    case GameEventKind::BazaarDelayed:
      return "bazaar_delayed";
    case GameEventKind::TileDiscarded:
      return "tile_discarded";
    case GameEventKind::AbbeyRoundBegan:
      return "abbey_round_began";
  }
  return "?";
}

std::string_view part_kind_name(PartKind part) {
  switch (part) {
    case PartKind::Normal:
      return "normal";
    case PartKind::BazaarRound:
      return "bazaar";
    case PartKind::Second:
      return "second";
    case PartKind::AbbeyRound:
      return "abbey";
  }
  return "normal";
}

std::string_view return_cause_name(ReturnCause cause) {
  switch (cause) {
    case ReturnCause::Scored:
      return "scored";
    case ReturnCause::FinalScoring:
      return "final_scoring";
    case ReturnCause::Dragon:
      return "dragon";
    case ReturnCause::Princess:
      return "princess";
    case ReturnCause::Unaccompanied:
      return "unaccompanied";
    case ReturnCause::BarnScored:
      return "barn_scored";
    case ReturnCause::CastleEnd:
      return "castle_end";
  }
  return "?";
}

json event_json(const GameEvent& e) {
  json out = {{"kind", std::string(event_kind_name(e.kind))}};
  const auto square = [&] {
    out["x"] = e.x;
    out["y"] = e.y;
  };
  switch (e.kind) {
    case GameEventKind::Scored: {
      const ScoreEvent& s = e.score;
      out["category"] = std::string(score_category_name(s.category));
      out["points"] = s.points;
      out["winners"] = seats_json(s.winners, kMaxPlayers);
      out["final"] = s.final_scoring;
      out["x"] = s.x;
      out["y"] = s.y;
      out["tiles"] = s.tiles;
      if (s.category == ScoreCategory::Farm) {
        out["cities"] = s.cities;
        out["castles"] = s.castles;
        out["pig"] = s.pig;
        out["barn"] = s.barn;
      }
      if (s.category == ScoreCategory::Goods) out["good"] = std::string(trade_good_name(s.good));
      break;
    }
    case GameEventKind::FigureReturned:
      out["player"] = e.player;
      out["figure"] = std::string(figure_info(e.figure).name);
      out["cause"] = std::string(return_cause_name(e.cause));
      square();
      break;
    case GameEventKind::GoodsTaken:
      out["player"] = e.player;
      out["good"] = std::string(trade_good_name(e.good));
      out["count"] = e.count;
      break;
    case GameEventKind::TileSetAside:
    case GameEventKind::TileDiscarded:
      out["tile"] = tile_id(e.tile);
      break;
    case GameEventKind::SetAsideReturned:
      out["count"] = e.count;
      break;
    case GameEventKind::DragonToVolcano:
    case GameEventKind::JourneyEnded:
      square();
      break;
    case GameEventKind::JourneyStarted:
    case GameEventKind::BazaarDelayed:
    case GameEventKind::AbbeyRoundBegan:
      out["player"] = e.player;
      break;
    case GameEventKind::PartStarted:
      out["player"] = e.player;
      out["part"] = std::string(part_kind_name(e.part));
      break;
  }
  return out;
}

json events_json(const std::vector<GameEvent>& events) {
  json out = json::array();
  for (const GameEvent& e : events) out.push_back(event_json(e));
  return out;
}

}  // namespace carcassonne::view
