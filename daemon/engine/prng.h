/* prng.h — the game's pseudo-random generator (private).
 *
 * PCG-XSH-RR 64/32 (M. O'Neill, "PCG: A Family of Simple Fast
 * Space-Efficient Statistically Good Algorithms for Random Number
 * Generation", 2014), implemented from the paper's description.  Chosen
 * because its 16-byte state clones with the game, it is fast, and its
 * output is fixed by the algorithm, not by a library version: the same
 * seed gives the same game on every machine (DESIGN invariant 1).
 * doc/determinism.md pins the exact sequence.
 */
#ifndef MEEPLE_PRNG_H
#define MEEPLE_PRNG_H

#include <stdint.h>

typedef struct {
  uint64_t state;
  uint64_t inc;
} MeeplePrng;

void prng_seed(MeeplePrng *prng, uint64_t seed, uint64_t stream);
uint32_t prng_next(MeeplePrng *prng);
/** Uniform in [0, bound); bound > 0.  Unbiased (rejection sampling). */
uint32_t prng_below(MeeplePrng *prng, uint32_t bound);

#endif
