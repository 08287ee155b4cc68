// The core's events (core/events.h) as JSON objects, for clients that want what happened as data
// rather than as narrated text: Python's `State.last_events()` and the environment's infos.
//
// Promise: one object per event, its "kind" the event's name in snake case ("scored",
// "figure_returned", ...), its fields those the event kind documents, by name (seats as numbers,
// tiles by id, figures, causes, goods and categories by name). Like the events, nothing here
// tells more than every player sees.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "core/events.h"

namespace carcassonne::view {

std::string_view event_kind_name(GameEventKind kind);
std::string_view return_cause_name(ReturnCause cause);
// "normal", "bazaar" (a bazaar-round turn), "second" (a builder's), "abbey" (the abbey round).
std::string_view part_kind_name(PartKind part);
nlohmann::json event_json(const GameEvent& event);
nlohmann::json events_json(const std::vector<GameEvent>& events);

}  // namespace carcassonne::view
