// `carcassonne engine`: the engine protocol (docs/ENGINE-PROTOCOL.md) on standard input and
// output, for hosts that seat this program as a bot (ours: `arena --bots cmd:...`, or anyone's).
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "engine/engine_session.h"

namespace carcassonne::cli {

int run_engine(const EngineOptions& options, std::istream& in, std::ostream& out) {
  EngineSession session(options.bot, options.seed);
  std::string line;
  while (!session.quit() && std::getline(in, line)) {
    for (const std::string& reply : session.handle(line)) out << reply << '\n';
    out.flush();  // the host waits for each reply
  }
  return kExitOk;
}

}  // namespace carcassonne::cli
