#include "bots/bot.h"

#include <charconv>

#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "bots/random_bot.h"

namespace carcassonne {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

Error bad_spec(std::string_view spec, const std::string& why) {
  return Error{ErrorCode::OutOfRange, "bot " + quote_text(spec) + ": " + why};
}

Result<std::unique_ptr<Bot>> make_mcts(std::string_view spec,
                                       const std::vector<std::string_view>& options,
                                       std::uint64_t seed) {
  MctsOptions mcts;
  mcts.seed = seed;
  for (std::size_t i = 1; i < options.size(); ++i) {
    const std::vector<std::string_view> pair = split(options[i], '=');
    if (pair.size() != 2) return bad_spec(spec, "options are written key=value");
    double value = 0;
    const auto [end, ec] = std::from_chars(pair[1].data(), pair[1].data() + pair[1].size(), value);
    if (ec != std::errc() || end != pair[1].data() + pair[1].size() || !(value >= 0))
      return bad_spec(spec, "option " + quote_text(pair[0]) + " needs a non-negative number");
    if (pair[0] == "ms") {
      mcts.milliseconds = value;
      mcts.playouts = 0;
    } else if (pair[0] == "playouts") {
      mcts.playouts = static_cast<std::uint64_t>(value);
      if (mcts.playouts == 0) return bad_spec(spec, "playouts must be at least 1");
    } else if (pair[0] == "mixed") {
      mcts.mixed_playouts = static_cast<std::uint64_t>(value);
    } else if (pair[0] == "threads") {
      mcts.threads = static_cast<int>(value);
      if (mcts.threads < 1 || mcts.threads > 256) return bad_spec(spec, "threads must be 1 to 256");
    } else if (pair[0] == "c") {
      mcts.exploration = value;
    } else if (pair[0] == "rollout") {
      mcts.rollout_turns = value >= 1000 ? -1 : static_cast<int>(value);
    } else if (pair[0] == "widening") {
      mcts.widening = value;
    } else if (pair[0] == "bias") {
      mcts.bias = value;
    } else if (pair[0] == "follow") {
      if (value > 1) return bad_spec(spec, "follow is a chance, 0 to 1");
      mcts.follow = value;
    } else if (pair[0] == "bids") {
      mcts.worth_bids = value != 0;
    } else if (pair[0] == "policy") {
      mcts.greedy_rollouts = value != 0;
    } else if (pair[0] == "finish") {
      mcts.greedy_finish = value != 0;
    } else if (pair[0] == "top") {
      mcts.candidates = static_cast<int>(value);
    } else if (pair[0] == "depth") {
      mcts.tree_depth = static_cast<int>(value);
    } else if (pair[0] == "scale") {
      if (value < 1) return bad_spec(spec, "scale must be at least 1");
      mcts.reward_scale = value;
    } else if (pair[0] == "learned") {
      mcts.learned_value = value != 0;
    } else {
      return bad_spec(spec,
                      "unknown option " + quote_text(pair[0]) +
                          " (known: ms, playouts, mixed, threads, c, rollout, widening, bias, "
                          "learned, follow, bids, scale, policy, finish, top, depth)");
    }
  }
  return std::unique_ptr<Bot>(std::make_unique<MctsBot>(mcts));
}

}  // namespace

Result<std::unique_ptr<Bot>> make_bot(std::string_view spec, std::uint64_t seed) {
  const std::vector<std::string_view> options = split(spec, ':');
  const std::string_view name = options.front();
  for (const BotLevel& level : kBotLevels)
    if (name == level.name) {
      // The level's bot, with the options given after its name (later options win).
      std::string expanded(level.spec);
      expanded += spec.substr(name.size());
      auto bot = make_bot(expanded, seed);
      if (!bot) return bad_spec(spec, bot.error().message);
      return bot;
    }
  if (name == "mcts") return make_mcts(spec, options, seed);
  if ((name == "random" || name == "greedy") && options.size() > 1)
    return bad_spec(spec, "the " + std::string(name) + " bot takes no options");
  if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  if (name == "greedy") return std::unique_ptr<Bot>(std::make_unique<GreedyBot>());
  std::string known;
  for (std::string_view bot : known_bot_names())
    known += (known.empty() ? "" : ", ") + std::string(bot);
  return Error{ErrorCode::OutOfRange,
               "unknown bot " + quote_text(name) + " (known: " + known + ")"};
}

std::vector<std::string_view> known_bot_names() {
  std::vector<std::string_view> names{"random", "greedy", "mcts"};
  for (const BotLevel& level : kBotLevels) names.push_back(level.name);
  return names;
}

}  // namespace carcassonne
