#include <cstdio>
#include <fstream>
#include <ostream>

#include "cli/commands.h"
#include "training/value_training.h"

namespace carcassonne::cli {

int run_train_value(const TrainValueOptions& options, std::ostream& out, std::ostream& err) {
  TrainingOptions training;
  training.games = options.games;
  training.seed = options.seed;
  training.ridge = options.ridge;
  training.threads = options.threads;
  training.rule_sets = options.rule_sets;
  const TrainingResult result = train_value(training, [&](const std::string& rule_set) {
    err << rule_set << ": played\n" << std::flush;
  });
  char line[200];
  std::snprintf(line, sizeof line,
                "completion: %zu open features, held-out log loss %.4f (base rate %.3f: %.4f)\n",
                result.features, result.completion_log_loss, result.completion_base_rate,
                result.completion_base_log_loss);
  err << line;
  for (const RuleSetFit& fit : result.rule_sets) {
    std::snprintf(line, sizeof line, "margin, %s (%d games): rms %.1f, greedy evaluation %.1f\n",
                  fit.name.c_str(), fit.games, fit.rms_learned, fit.rms_greedy);
    err << line;
  }
  const std::pair<std::string, std::string> files[] = {
      {options.out_dir + "/completion_weights.inc", completion_weights_file(training, result)},
      {options.out_dir + "/value_weights.inc", value_weights_file(training, result)}};
  for (const auto& [path, text] : files) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
    if (!file.flush()) {
      err << "error: cannot write " << path << '\n';
      return kExitFailure;
    }
    out << path << '\n';
  }
  return kExitOk;
}

}  // namespace carcassonne::cli
