#include "server/narration.h"

#include <array>
#include <cstdlib>

namespace carcassonne::server {
namespace {

using json = nlohmann::json;

// A text of the log: its key (after "log."), and its English, with the form for a count of one
// when it has plural forms.
struct Template {
  std::string_view key;
  std::string_view other;
  std::string_view one = {};
};

// The same texts as web/locales/en.js's "log.*", except that the web's name no tile id and no
// square: the page shows a `tile` as its picture and makes an entry with an `at` point to that
// square on the board (web/narration.js). The browser test holds the entries without either word
// for word together.
constexpr std::array kEnglish = {
    Template{"points", "{count} points", "{count} point"},
    Template{"cities", "{count} cities", "{count} city"},
    Template{"castles", "{count} castles", "{count} castle"},
    Template{"supplied", "{cities}"},
    Template{"suppliedCastles", "{cities} and {castles}"},
    Template{"list.two", "{a} and {b}"},
    Template{"list.more", "{a}, {b}"},
    Template{"feature.city", "city"},
    Template{"feature.road", "road"},
    Template{"feature.field", "field"},
    Template{"feature.cloister", "cloister"},
    Template{"feature.bridge", "bridge"},
    Template{"feature.castle", "castle"},
    Template{"feature.feature", "feature"},
    Template{"figure.meeple", "follower"},
    Template{"figure.large", "large follower"},
    Template{"figure.builder", "builder"},
    Template{"figure.pig", "pig"},
    Template{"figure.mayor", "mayor"},
    Template{"figure.wagon", "wagon"},
    Template{"figure.barn", "barn"},
    Template{"good.wine", "wine"},
    Template{"good.grain", "grain"},
    Template{"good.cloth", "cloth"},
    Template{"goods.wine", "{count} wine"},
    Template{"goods.grain", "{count} grain"},
    Template{"goods.cloth", "{count} cloth"},
    Template{"aTile", "a tile"},
    Template{"theTile", "the tile"},
    Template{"theBank", "the bank"},
    // Scorings.
    Template{"score.road", "{who} completed a road: {points}"},
    Template{"score.roadFinal", "{who} scored an unfinished road: {points}"},
    Template{"score.city", "{who} completed a city: {points}"},
    Template{"score.cityFinal", "{who} scored an unfinished city: {points}"},
    Template{"score.cloister", "{who} completed a cloister: {points}"},
    Template{"score.cloisterFinal", "{who} scored an unfinished cloister: {points}"},
    Template{"score.pig", "{who}'s pig added {points} ({supplied})"},
    Template{"score.barn", "{who}'s barn scored a farm supplying {supplied}: {points}"},
    Template{"score.farmBarnJoined",
             "{who} scored a farm a barn joined, supplying {supplied}: {points}"},
    Template{"score.farm", "{who} scored a farm supplying {supplied}: {points}"},
    Template{"score.fairyTurn", "{who} scored 1 point by the fairy (start of the turn)"},
    Template{"score.fairyFeature",
             "{who} scored {points} by the fairy (a follower with her in the scored feature)"},
    Template{"score.castle", "{who}'s castle at {at} scored {points}"},
    Template{"score.paid", "{who} paid {points}"},
    Template{"score.received", "{who} received {points}"},
    Template{"score.goods", "{who} had the most {good}: {points}"},
    Template{"score.goodsShared", "{who} shared the most {good}: {points}"},
    Template{"score.other", "{who}: {points}"},
    // Actions.
    Template{"place", "{who} placed {tile} at {at}"},
    Template{"placeTurned", "{who} placed {tile} at {at}, turned {degrees}°"},
    Template{"discard", "{who} discarded {tile} (it fits only with a bridge)"},
    Template{"bridgeNS", "{who} built a bridge at {at} (north-south)"},
    Template{"bridgeEW", "{who} built a bridge at {at} (east-west)"},
    Template{"abbey", "{who} played the abbey into the hole at {at}"},
    Template{"draw", "{who} kept the abbey and drew a tile"},
    Template{"barn", "{who} placed the barn at the {corner} corner"},
    Template{"wagonRolled", "{who}'s wagon rolled on to the {feature} at {at}"},
    Template{"deploy.meeple", "{who} placed a follower on the {feature}"},
    Template{"deploy.large", "{who} placed the large follower on the {feature}"},
    Template{"deploy.builder", "{who} placed the builder on the {feature}"},
    Template{"deploy.pig", "{who} placed the pig on the {feature}"},
    Template{"deploy.mayor", "{who} placed the mayor on the {feature}"},
    Template{"deploy.wagon", "{who} placed the wagon on the {feature}"},
    Template{"deploy.barn", "{who} placed the barn on the {feature}"},
    Template{"portal.meeple",
             "{who} sent a follower through the magic portal onto the {feature} at {at}"},
    Template{"portal.large",
             "{who} sent the large follower through the magic portal onto the {feature} at {at}"},
    Template{"fairyBeside", "{who} put the fairy beside a follower at {at}"},
    Template{"fairyTile", "{who} put the fairy on the tile at {at}"},
    Template{"princess", "{who}'s princess sent {owner}'s knight at {at} home"},
    Template{"princessLarge", "{who}'s princess sent {owner}'s large knight at {at} home"},
    Template{"princessKnight", "{who}'s princess sent the knight at {at} home"},
    Template{"dragonMove", "{who} moved the dragon to {at}"},
    Template{"dragonMoveLeft", "{who} moved the dragon to {at} ({left} of {steps} steps left)"},
    Template{"skip", "{who} placed no follower"},
    Template{"castle", "{who} turned a small city into a castle"},
    Template{"scoreSmallCity", "{who} scored the small city instead of building a castle"},
    Template{"claim", "{who}'s castle claimed the feature at {at}"},
    Template{"take", "{who} took {tile} from the bazaar"},
    Template{"auction", "{who} put {tile} up for auction"},
    Template{"bid", "{who} bid {points}"},
    Template{"wagonStayed", "{who}'s wagon stayed in the supply"},
    Template{"abbeyKept", "{who} kept the abbey in the abbey round"},
    Template{"pass", "{who} passed"},
    Template{"buy", "{who} bought {tile}, paying {other} {points}"},
    Template{"sell", "{who} sold {tile} to {other} for {points}"},
    Template{"played", "{who} played {notation}"},
    Template{"goodsTaken", "{who} took {goods}"},
    // What follows from an action.
    Template{"dragonAte", "The dragon ate {owner}'s {figure} on the {feature} at {at}"},
    Template{"setAside",
             "{tile} shows the dragon, which is not on the board yet: the tile is set aside until "
             "a volcano is placed"},
    Template{"dragonToVolcano", "The dragon flies to the volcano at {at}"},
    Template{"setAsideBack", "{count} dragon tiles set aside go back into the deck",
             "{count} dragon tile set aside goes back into the deck"},
    Template{"journeyStarts",
             "The dragon tile starts a journey of up to {steps} steps; {who} moves the dragon "
             "first"},
    Template{"journeyEnds", "The dragon's journey ends at {at}"},
    Template{"abbeyRound",
             "No tile is left: the abbey round begins (each player holding an abbey may still play "
             "it)"},
    Template{"secondPart", "{who}'s builder earns a second turn part"},
    Template{"bazaarDelayed",
             "{who}'s bazaar is delayed until the double turn and its bazaar round are over"},
    Template{"discardedNowhere", "{tile} fits nowhere on the board and was discarded"},
    Template{"gameOverWin", "Game over. {who} wins with {points}"},
    Template{"gameOverShared", "Game over. {who} share the victory with {points}"},
};

const Template* find_template(std::string_view key) {
  for (const Template& entry : kEnglish)
    if (entry.key == key) return &entry;
  return nullptr;
}

std::string render(std::string_view key, const json& args);

std::string argument(const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<std::int64_t>());
  if (value.is_object() && value.contains("t") && value["t"].is_string())
    return render(value["t"].get<std::string>(), value);
  if (value.is_object() && value.contains("and") && value["and"].is_array()) {
    const json& items = value["and"];
    if (items.empty()) return {};
    std::string joined = argument(items[0]);
    for (std::size_t i = 1; i < items.size(); ++i)
      joined = render(i + 1 == items.size() ? "list.two" : "list.more",
                      {{"a", joined}, {"b", argument(items[i])}});
    return joined;
  }
  return value.dump();
}

std::string render(std::string_view key, const json& args) {
  const Template* entry = find_template(key);
  if (entry == nullptr) return "{" + std::string(key) + "}";
  std::string_view text = entry->other;
  if (!entry->one.empty() && args.is_object() && args.contains("count") &&
      args["count"].is_number_integer() && std::llabs(args["count"].get<std::int64_t>()) == 1)
    text = entry->one;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t close = text[i] == '{' ? text.find('}', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += text[i];
      continue;
    }
    const std::string name(text.substr(i + 1, close - i - 1));
    if (args.is_object() && args.contains(name)) {
      out += argument(args[name]);
    } else {
      out += "{" + name + "}";
    }
    i = close;
  }
  return out;
}

}  // namespace

json say(std::string_view key, json args) {
  return {{"key", std::string(key)}, {"args", std::move(args)}};
}

json text_arg(std::string_view key, json params) {
  params["t"] = std::string(key);
  return params;
}

json list_arg(json items) {
  return {{"and", std::move(items)}};
}

std::string english(const json& said) {
  if (!said.is_object() || !said.contains("key") || !said["key"].is_string()) return {};
  return render(said["key"].get<std::string>(), said.value("args", json::object()));
}

json english_templates() {
  json out = json::object();
  for (const Template& entry : kEnglish) {
    if (entry.one.empty()) {
      out[std::string(entry.key)] = std::string(entry.other);
    } else {
      out[std::string(entry.key)] = {{"one", std::string(entry.one)},
                                     {"other", std::string(entry.other)}};
    }
  }
  return out;
}

}  // namespace carcassonne::server
