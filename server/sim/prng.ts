/**
 * Seeded randomness for the simulated world. Everything the world "is" (companies, devices,
 * routes, trips, events) is derived from these functions so the same seed gives the same world,
 * and positions can be computed lazily for any time without per-device timers or stored history.
 */

/** 32-bit integer hash of any number of integers (a murmur3-style finaliser per input). */
export function hash(...parts: number[]): number {
  let h = 0x811c9dc5 | 0;
  for (const p of parts) {
    // Split doubles into two 32-bit halves so large values (ms timestamps) keep all their bits.
    const lo = p | 0;
    const hi = Math.floor(p / 4294967296) | 0;
    h = mix(h ^ lo);
    h = mix(h ^ hi);
  }
  return h >>> 0;
}

function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

/** Uniform float in [0, 1) from a hash of the inputs. */
export function unit(...parts: number[]): number {
  return hash(...parts) / 4294967296;
}

/** Integer in [min, max] (inclusive) from a hash of the inputs. */
export function intIn(min: number, max: number, ...parts: number[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

/** A stateful PRNG (mulberry32) for sequential generation such as building the world once. */
export function createRng(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export type Rng = ReturnType<typeof createRng>;

/** Stable numeric code for a string (used to key hashes by imei or name). */
export function strCode(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
