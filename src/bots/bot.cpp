#include "bots/bot.h"

#include "bots/random_bot.h"

namespace carcassonne {

Result<std::unique_ptr<Bot>> make_bot(std::string_view name, std::uint64_t seed) {
  if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  std::string known;
  for (std::string_view bot : known_bot_names())
    known += (known.empty() ? "" : ", ") + std::string(bot);
  return Error{ErrorCode::OutOfRange,
               "unknown bot " + quote_text(name) + " (known: " + known + ")"};
}

std::vector<std::string_view> known_bot_names() {
  return {"random"};
}

}  // namespace carcassonne
