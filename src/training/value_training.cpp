#include "training/value_training.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <thread>

#include "bots/evaluation.h"
#include "bots/greedy_bot.h"
#include "core/random.h"

namespace carcassonne {

namespace {

struct TrainingRuleSet {
  const char* name;
  std::vector<Expansion> expansions;
  double share;  // of the games
};

// The rule sets trained on: every expansion alone, base+BCB and all five, the greedy bot being
// about a hundred times slower with all five than in the base game.
const std::vector<TrainingRuleSet>& training_rule_sets() {
  static const std::vector<TrainingRuleSet> sets = {
      {"base", {}, 0.15},
      {"bcb", {Expansion::BridgesCastlesBazaars}, 0.25},
      {"ic", {Expansion::InnsCathedrals}, 0.075},
      {"tb", {Expansion::TradersBuilders}, 0.075},
      {"pd", {Expansion::PrincessDragon}, 0.075},
      {"am", {Expansion::AbbeyMayor}, 0.075},
      {"bcb+ic+tb+pd+am",
       {Expansion::BridgesCastlesBazaars, Expansion::InnsCathedrals, Expansion::TradersBuilders,
        Expansion::PrincessDragon, Expansion::AbbeyMayor},
       0.3},
  };
  return sets;
}

struct PlayedGame {
  int rule_set = 0;
  int family = 0;  // value_family() of its rules
  bool held_out = false;
  std::vector<PositionFacts> positions;
  // Per kept open feature (in the order of positions, then of their open features): completed?
  std::vector<std::uint8_t> completed;
  std::array<double, kMaxPlayers> margins{};
};

bool random_phase(Phase phase) {
  return phase == Phase::PlaceTile || phase == Phase::Follower;
}

PlayedGame play_game(const TrainingOptions& options, int index, int rule_set) {
  PlayedGame game;
  game.rule_set = rule_set;
  game.held_out = index % 4 == 3;
  RuleSet rules;
  for (const Expansion e : training_rule_sets()[static_cast<std::size_t>(rule_set)].expansions)
    rules.add(e);
  game.family = value_family(rules);
  const int players = index % 2 == 1 ? 2 + index % 3 : 2;
  const std::uint64_t deck_seed = options.seed * 1000003ULL + static_cast<std::uint64_t>(index);
  GameConfig config{rules, players, 3, shuffled_deck(rules, 3, deck_seed), deck_seed, {}};
  Result<GameState> created = GameState::create(config);
  if (!created) return game;
  GameState state = std::move(*created);
  Pcg32 rng(deck_seed, 0x5851f42d4c957f2dULL);
  auto moves = std::make_unique<MoveList>();
  while (!state.over()) {
    if (state.phase() == Phase::PlaceTile && rng.below(2) == 0)
      game.positions.push_back(position_facts(state));
    const bool explore =
        random_phase(state.phase()) &&
        rng.below(1u << 20) < static_cast<std::uint32_t>(options.explore * (1 << 20));
    if (explore) {
      state.legal_moves(*moves);
      state.apply_unchecked(
          (*moves)[static_cast<int>(rng.below(static_cast<std::uint32_t>(moves->size())))]);
    } else {
      state.apply_unchecked(greedy_move(state));
    }
  }
  for (const PositionFacts& position : game.positions)
    for (const OpenFeature& open : position.open)
      game.completed.push_back(
          state.feature_complete(state.features().find_const(open.member)) ? 1 : 0);
  std::array<double, kMaxPlayers> scores{};
  for (int p = 0; p < players; ++p)
    scores[static_cast<std::size_t>(p)] = state.score(static_cast<PlayerId>(p));
  game.margins = margins_over_best_other(scores, players);
  return game;
}

double sigmoid(double z) {
  return 1.0 / (1.0 + std::exp(-z));
}

// Logistic regression by Newton's method with a ridge of `ridge` per sample.
Eigen::VectorXd fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, double ridge) {
  const Eigen::Index k = x.cols();
  Eigen::VectorXd w = Eigen::VectorXd::Zero(k);
  const double lambda = ridge * static_cast<double>(x.rows());
  for (int iteration = 0; iteration < 25; ++iteration) {
    const Eigen::VectorXd p = (x * w).unaryExpr(&sigmoid);
    const Eigen::VectorXd curvature = p.cwiseProduct(Eigen::VectorXd::Ones(p.size()) - p);
    Eigen::MatrixXd hessian = x.transpose() * curvature.asDiagonal() * x;
    hessian.diagonal().array() += lambda;
    const Eigen::VectorXd gradient = x.transpose() * (y - p) - lambda * w;
    const Eigen::VectorXd step = hessian.ldlt().solve(gradient);
    w += step;
    if (step.norm() < 1e-9) break;
  }
  return w;
}

std::string format_weights(const double* weights, int count) {
  std::string text;
  char line[64];
  for (int k = 0; k < count; ++k) {
    std::snprintf(line, sizeof line, "%.6f,\n", weights[k]);
    text += line;
  }
  return text;
}

std::string command_line(const TrainingOptions& options) {
  char text[160];
  std::snprintf(text, sizeof text, "carcassonne train-value --games %d --seed %llu --ridge %g",
                options.games, static_cast<unsigned long long>(options.seed), options.ridge);
  std::string line = text;
  for (std::size_t i = 0; i < options.rule_sets.size(); ++i)
    line += (i == 0 ? " --rule-sets " : ",") + options.rule_sets[i];
  return line;
}

}  // namespace

std::vector<std::string> training_rule_set_names() {
  std::vector<std::string> names;
  for (const TrainingRuleSet& set : training_rule_sets()) names.emplace_back(set.name);
  return names;
}

TrainingResult train_value(const TrainingOptions& options,
                           const std::function<void(const std::string&)>& progress) {
  // Which rule set each game plays: consecutive blocks, each at least one game.
  std::vector<int> schedule;
  const auto& sets = training_rule_sets();
  double chosen_share = 0.0;
  const auto chosen = [&](std::size_t s) {
    return options.rule_sets.empty() ||
           std::find(options.rule_sets.begin(), options.rule_sets.end(), sets[s].name) !=
               options.rule_sets.end();
  };
  for (std::size_t s = 0; s < sets.size(); ++s)
    if (chosen(s)) chosen_share += sets[s].share;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    if (!chosen(s)) continue;
    const int games =
        std::max(1, static_cast<int>(std::lround(options.games * sets[s].share / chosen_share)));
    schedule.insert(schedule.end(), static_cast<std::size_t>(games), static_cast<int>(s));
  }
  std::vector<PlayedGame> games(schedule.size());
  const int threads = std::max(1, options.threads);
  std::size_t reported = 0;
  // Games are played in rounds of `threads` (each game on its own thread), so that progress
  // follows the schedule.
  for (std::size_t first = 0; first < schedule.size(); first += static_cast<std::size_t>(threads)) {
    std::vector<std::thread> workers;
    const std::size_t last = std::min(schedule.size(), first + static_cast<std::size_t>(threads));
    for (std::size_t g = first; g < last; ++g)
      workers.emplace_back(
          [&, g] { games[g] = play_game(options, static_cast<int>(g), schedule[g]); });
    for (std::thread& worker : workers) worker.join();
    for (; reported < last; ++reported)
      if (progress &&
          (reported + 1 == schedule.size() || schedule[reported + 1] != schedule[reported]))
        progress(sets[static_cast<std::size_t>(schedule[reported])].name);
  }

  TrainingResult result;
  // 1. The chance of completion.
  std::size_t train_rows = 0, test_rows = 0;
  for (const PlayedGame& game : games) {
    (game.held_out ? test_rows : train_rows) += game.completed.size();
    result.positions += game.positions.size();
  }
  result.features = train_rows + test_rows;
  Eigen::MatrixXd cx(static_cast<Eigen::Index>(train_rows), kCompletionFactCount);
  Eigen::VectorXd cy(static_cast<Eigen::Index>(train_rows));
  Eigen::Index row = 0;
  for (const PlayedGame& game : games) {
    if (game.held_out) continue;
    std::size_t label = 0;
    for (const PositionFacts& position : game.positions)
      for (const OpenFeature& open : position.open) {
        for (int k = 0; k < kCompletionFactCount; ++k)
          cx(row, k) = open.facts[static_cast<std::size_t>(k)];
        cy(row++) = game.completed[label++];
      }
  }
  const Eigen::VectorXd cw = fit_logistic(cx, cy, options.ridge);
  for (int k = 0; k < kCompletionFactCount; ++k)
    result.completion[static_cast<std::size_t>(k)] = cw(k);
  {
    double loss = 0.0, completed = 0.0;
    std::vector<std::pair<double, double>> held;  // (chance, label)
    for (const PlayedGame& game : games) {
      if (!game.held_out) continue;
      std::size_t label = 0;
      for (const PositionFacts& position : game.positions)
        for (const OpenFeature& open : position.open) {
          const double p =
              std::clamp(completion_chance(open.facts, result.completion), 1e-9, 1 - 1e-9);
          const double y = game.completed[label++];
          loss -= y * std::log(p) + (1 - y) * std::log(1 - p);
          completed += y;
          held.emplace_back(p, y);
        }
    }
    const double n = std::max<double>(1.0, static_cast<double>(held.size()));
    const double rate = std::clamp(completed / n, 1e-9, 1 - 1e-9);
    result.completion_log_loss = loss / n;
    result.completion_base_rate = completed / n;
    result.completion_base_log_loss = -(rate * std::log(rate) + (1 - rate) * std::log(1 - rate));
  }

  // 2. The final margin.
  std::vector<double> variance(sets.size(), 0.0), count(sets.size(), 0.0), mean(sets.size(), 0.0);
  for (const PlayedGame& game : games)
    for (std::size_t i = 0; i < game.positions.size(); ++i)
      for (int p = 0; p < game.positions[i].players; ++p) {
        const auto s = static_cast<std::size_t>(game.rule_set);
        count[s] += 1;
        mean[s] += game.margins[static_cast<std::size_t>(p)];
        variance[s] +=
            game.margins[static_cast<std::size_t>(p)] * game.margins[static_cast<std::size_t>(p)];
      }
  for (std::size_t s = 0; s < sets.size(); ++s)
    if (count[s] > 0) {
      mean[s] /= count[s];
      variance[s] = variance[s] / count[s] - mean[s] * mean[s];
    }
  // One fit of every game pooled, then one per family of rule sets (value_model.h), each drawn
  // towards the pooled weights by the ridge: a family without games keeps the pooled weights.
  using Gram = Eigen::Matrix<double, kValueFeatureCount, kValueFeatureCount>;
  using Vector = Eigen::Matrix<double, kValueFeatureCount, 1>;
  std::array<Gram, kValueFamilyCount> grams;
  std::array<Vector, kValueFamilyCount> targets;
  std::array<double, kValueFamilyCount> weight_sums{};
  for (int f = 0; f < kValueFamilyCount; ++f) {
    grams[static_cast<std::size_t>(f)].setZero();
    targets[static_cast<std::size_t>(f)].setZero();
  }
  struct HeldRow {
    int rule_set;
    int family;
    ValueFeatures x;
    double y;
  };
  std::vector<HeldRow> held;
  for (const PlayedGame& game : games) {
    const double weight = 1.0 / std::max(1.0, variance[static_cast<std::size_t>(game.rule_set)]);
    const auto family = static_cast<std::size_t>(game.family);
    for (const PositionFacts& position : game.positions) {
      const auto features = value_features(position, result.completion);
      for (int p = 0; p < position.players; ++p) {
        const ValueFeatures& f = features[static_cast<std::size_t>(p)];
        const double y = game.margins[static_cast<std::size_t>(p)];
        if (game.held_out) {
          held.push_back({game.rule_set, game.family, f, y});
          continue;
        }
        const Eigen::Map<const Vector> v(f.data());
        grams[family].noalias() += weight * v * v.transpose();
        targets[family].noalias() += weight * y * v;
        weight_sums[family] += weight;
      }
    }
  }
  Gram pooled_gram = Gram::Zero();
  Vector pooled_target = Vector::Zero();
  double pooled_sum = 0.0;
  for (int f = 0; f < kValueFamilyCount; ++f) {
    pooled_gram += grams[static_cast<std::size_t>(f)];
    pooled_target += targets[static_cast<std::size_t>(f)];
    pooled_sum += weight_sums[static_cast<std::size_t>(f)];
  }
  pooled_gram.diagonal().array() += options.ridge * pooled_sum;
  const Vector pooled = pooled_gram.ldlt().solve(pooled_target);
  for (int f = 0; f < kValueFamilyCount; ++f) {
    const auto i = static_cast<std::size_t>(f);
    const double lambda = options.ridge * weight_sums[i];
    Gram gram = grams[i];
    gram.diagonal().array() += lambda;
    const Vector w =
        weight_sums[i] > 0 ? Vector(gram.ldlt().solve(targets[i] + lambda * pooled)) : pooled;
    for (int k = 0; k < kValueFeatureCount; ++k)
      result.value[i][static_cast<std::size_t>(k)] = w(k);
  }
  for (std::size_t s = 0; s < sets.size(); ++s) {
    if (!chosen(s)) continue;
    RuleSetFit fit;
    fit.name = sets[s].name;
    fit.games = static_cast<int>(std::count(schedule.begin(), schedule.end(), static_cast<int>(s)));
    double learned = 0.0, greedy = 0.0, n = 0.0;
    for (const HeldRow& h : held) {
      if (h.rule_set != static_cast<int>(s)) continue;
      double prediction = 0.0;
      for (int k = 0; k < kValueFeatureCount; ++k)
        prediction += h.x[static_cast<std::size_t>(k)] *
                      result.value[static_cast<std::size_t>(h.family)][static_cast<std::size_t>(k)];
      learned += (prediction - h.y) * (prediction - h.y);
      greedy += (h.x[3] - h.y) * (h.x[3] - h.y);  // feature 3: the greedy evaluation
      n += 1;
    }
    fit.rms_learned = n > 0 ? std::sqrt(learned / n) : 0.0;
    fit.rms_greedy = n > 0 ? std::sqrt(greedy / n) : 0.0;
    result.rule_sets.push_back(fit);
  }
  return result;
}

std::string completion_weights_file(const TrainingOptions& options, const TrainingResult& result) {
  char line[256];
  std::string text = "// Written by " + command_line(options) + ": do not edit.\n";
  std::snprintf(line, sizeof line,
                "// %zu open features; held-out log loss %.4f (the base rate %.3f alone: %.4f).\n",
                result.features, result.completion_log_loss, result.completion_base_rate,
                result.completion_base_log_loss);
  text += line;
  text +=
      "// Facts: 1, city, cloister, k squares needed, k x city, k x cloister, dead, scarcity, "
      "k / (1 + tiles per player), ln(1 + tiles left).\n";
  return text + format_weights(result.completion.data(), kCompletionFactCount);
}

std::string value_weights_file(const TrainingOptions& options, const TrainingResult& result) {
  char line[256];
  std::string text = "// Written by " + command_line(options) + ": do not edit.\n";
  std::snprintf(line, sizeof line,
                "// %zu positions; held-out rms error of the final margin:", result.positions);
  text += line;
  for (const RuleSetFit& fit : result.rule_sets) {
    std::snprintf(line, sizeof line, " %s %.1f (greedy evaluation %.1f)%s", fit.name.c_str(),
                  fit.rms_learned, fit.rms_greedy, &fit == &result.rule_sets.back() ? "" : ";");
    text += line;
  }
  text +=
      ".\n// Features: 1, margin now, projected margin, greedy evaluation, tiles to come t, "
      "margin now x t, projected x t, greedy x t, followers in supply, followers x t, completion "
      "gain, gain x t, returning followers, returning x t, farm points, farm points x t, abbey in "
      "hand, abbey x t, barns in supply, barns x t, mayors and wagons in supply, those x t.\n";
  for (int f = 0; f < kValueFamilyCount; ++f) {
    const auto i = static_cast<std::size_t>(f);
    text += std::string("{  // ") + value_family_names()[i] + "\n";
    text += format_weights(result.value[i].data(), kValueFeatureCount) + "},\n";
  }
  return text;
}

}  // namespace carcassonne
