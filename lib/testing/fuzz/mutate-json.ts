import { pick, randomInt, type Rng } from "../../random/prng";
import { hostileJsonValue, hostileString } from "./hostile-values";

type Json = unknown;

/** A copy of `value` with one to three structural edits: a node replaced, a key dropped, added or renamed, an array emptied or its item repeated. */
export function mutateJson(rng: Rng, value: Json): Json {
  let out = structuredClone(value);
  const edits = randomInt(rng, 1, 3);
  for (let edit = 0; edit < edits; edit++) out = editAt(rng, out, randomInt(rng, 0, 6));
  return out;
}

function editAt(rng: Rng, value: Json, depth: number): Json {
  const children = childKeys(value);
  // Stop at a leaf, at the chosen depth, or by chance: edit this node.
  if (children.length === 0 || depth === 0 || rng() < 0.25) return editNode(rng, value);
  const key = pick(rng, children);
  const container = value as Record<string, Json>;
  container[key] = editAt(rng, container[key], depth - 1);
  return value;
}

function childKeys(value: Json): string[] {
  if (Array.isArray(value)) return value.map((_, index) => String(index));
  if (value && typeof value === "object") return Object.keys(value);
  return [];
}

function editNode(rng: Rng, value: Json): Json {
  const choice = randomInt(rng, 0, 5);
  if (Array.isArray(value) && value.length > 0) {
    if (choice === 0) return [];
    if (choice === 1) return [...value, ...Array.from({ length: randomInt(rng, 1, 3) }, () => pick(rng, value))];
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = { ...(value as Record<string, Json>) };
    const keys = Object.keys(record);
    if (choice === 0 && keys.length > 0) {
      delete record[pick(rng, keys)];
      return record;
    }
    if (choice === 1) {
      record[hostileString(rng)] = hostileJsonValue(rng);
      return record;
    }
    if (choice === 2 && keys.length > 0) {
      const key = pick(rng, keys);
      record[key.toUpperCase() === key ? `${key}_` : key.toUpperCase()] = record[key];
      delete record[key];
      return record;
    }
  }
  return hostileJsonValue(rng);
}

/** Caps every array at `max` randomly kept items, so a large dataset file becomes a request of a few records. */
export function shrinkArrays(rng: Rng, value: Json, max: number): Json {
  if (Array.isArray(value)) {
    const kept = value.length <= max ? value : Array.from({ length: max }, () => value[randomInt(rng, 0, value.length - 1)]);
    return kept.map((item) => shrinkArrays(rng, item, max));
  }
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shrinkArrays(rng, item, max)]));
  return value;
}
