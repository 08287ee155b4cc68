// A small, fully specified pseudo-random generator for deck shuffles and bots.
//
// Promise: the same seed gives the same sequence on every compiler and standard library. We do
// not use <random> distributions because their output differs between library implementations.
// The generator is PCG32 (XSH-RR output, 64-bit LCG state) as published by M. O'Neill; bounded
// draws use rejection sampling so they are exactly uniform.
#pragma once

#include <cstdint>
#include <utility>

namespace carcassonne {

class Pcg32 {
 public:
  explicit Pcg32(std::uint64_t seed, std::uint64_t stream = 0x853c49e6748fea9bULL)
      : increment_((stream << 1u) | 1u) {
    next();
    state_ += seed;
    next();
  }

  std::uint32_t next() {
    const std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + increment_;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
    const auto rot = static_cast<std::uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }

  // Uniform in [0, bound); bound must be positive.
  std::uint32_t below(std::uint32_t bound) {
    const std::uint32_t threshold = (0u - bound) % bound;  // 2^32 mod bound
    for (;;) {
      const std::uint32_t r = next();
      if (r >= threshold) return r % bound;
    }
  }

  // Fisher-Yates shuffle of [first, last).
  template <typename It>
  void shuffle(It first, It last) {
    const auto n = static_cast<std::uint32_t>(last - first);
    for (std::uint32_t i = n; i > 1; --i) std::swap(first[i - 1], first[below(i)]);
  }

  bool operator==(const Pcg32&) const = default;

 private:
  std::uint64_t state_ = 0;
  std::uint64_t increment_;
};

}  // namespace carcassonne
