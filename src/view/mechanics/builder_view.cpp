// The builder (Traders & Builders): a figure (figures.h) and a deployment (base_view.cpp); of its
// own it tells the second turn part it earns.
#include "view/mechanic_view.h"

namespace carcassonne::view {
namespace {

using json = nlohmann::json;

// Told when the part begins; the game's last tile earns none that is played.
json second_part_say(const Telling& t, std::size_t index) {
  const GameEvent& e = t.events[index];
  if (e.part != PartKind::Second || t.after.over()) return nullptr;
  return say("secondPart", {{"who", t.name(e.player)}});
}

constexpr EventTeller kTellers[] = {
    {GameEventKind::PartStarted, &second_part_say},
};

constexpr LogText kWords[] = {
    {"secondPart", "{who}'s builder earns a second turn part"},
};

}  // namespace

const MechanicView kBuilderView =
    told_only(Mechanic::Builder, kNoActions, Tellers{kTellers}, Words{kWords});

}  // namespace carcassonne::view
