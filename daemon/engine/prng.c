/* prng.c — PCG-XSH-RR 64/32, see prng.h. */
#include "prng.h"

#define PCG_MULTIPLIER 6364136223846793005ULL

uint32_t
prng_next(MeeplePrng *prng)
{
  uint64_t old = prng->state;
  prng->state = old * PCG_MULTIPLIER + prng->inc;
  uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
  uint32_t rot = (uint32_t)(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

void
prng_seed(MeeplePrng *prng, uint64_t seed, uint64_t stream)
{
  /* The paper's initialisation: the increment must be odd. */
  prng->state = 0;
  prng->inc = (stream << 1u) | 1u;
  prng_next(prng);
  prng->state += seed;
  prng_next(prng);
}

uint32_t
prng_below(MeeplePrng *prng, uint32_t bound)
{
  /* Reject the lowest (2^32 mod bound) values so every residue is equally
   * likely. */
  uint32_t threshold = (uint32_t)(-bound) % bound;
  for (;;) {
    uint32_t r = prng_next(prng);
    if (r >= threshold)
      return r % bound;
  }
}
