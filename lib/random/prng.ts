/** Seeded randomness for the lab and the fuzz tests: every draw comes from here, so a run is a function of its seed. */
export type Rng = () => number;

/** mulberry32: 32-bit state, fast, good enough for simulation (not for cryptography). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts, for deriving independent seeds ("train tasks", "held-out tasks", ...). */
export function deriveSeed(...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join("\u0000")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Index drawn with the given probabilities (which sum to 1 up to rounding). */
export function sampleIndex(rng: Rng, probabilities: ArrayLike<number>): number {
  let remaining = rng();
  let last = 0;
  for (let index = 0; index < probabilities.length; index++) {
    const p = probabilities[index] ?? 0;
    if (p <= 0) continue;
    last = index;
    remaining -= p;
    if (remaining < 0) return index;
  }
  return last;
}
