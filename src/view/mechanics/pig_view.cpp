// The pig (Traders & Builders): a figure (figures.h) and a deployment (base_view.cpp); of its own
// it tells its bonus when its farm scores.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

json pig_bonus_say(const Telling& t, std::size_t index) {
  const ScoreEvent& event = t.events[index].score;
  if (event.category != ScoreCategory::Farm || !event.pig) return nullptr;
  return say("score.pig", {{"who", names_arg(event.winners, t.names)},
                           {"points", points_arg(event.points)},
                           {"supplied", farm_supplied_arg(event)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::Scored, &pig_bonus_say},
};

constexpr LogText kWords[] = {
    {"score.pig", "{who}'s pig added {points} ({supplied})"},
};

}  // namespace

const MechanicView kPigView =
    told_only(Mechanic::Pig, kNoActions, Tellers{kTellers}, Words{kWords});

}  // namespace carcassonne::view
