#include "bots/bot.h"

#include "bots/random_bot.h"

namespace carcassonne {

Result<std::unique_ptr<Bot>> make_bot(std::string_view name, std::uint64_t seed) {
  if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  return Error{ErrorCode::OutOfRange, "unknown bot \"" + std::string(name) + "\" (known: random)"};
}

}  // namespace carcassonne
