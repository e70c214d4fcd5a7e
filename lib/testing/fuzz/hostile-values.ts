import { pick, randomInt, type Rng } from "../../random/prng";

/** Strings a field, a path segment or a query value should take as data: traversal, SQL, unicode, control characters, prototype keys, huge. */
export const hostileStrings: readonly string[] = [
  "",
  " ",
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows\\win.ini",
  "%00",
  "\u0000",
  "' OR 1=1 --",
  '"; DROP TABLE "Trace"; --',
  "$where",
  ".*",
  "(a+)+$",
  "__proto__",
  "constructor",
  "prototype",
  "[object Object]",
  "undefined",
  "null",
  "NaN",
  "-1",
  "0",
  "1e309",
  "9".repeat(40),
  "ünïcödé",
  "🙂🙃",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "\ufeffbom",
  "\ud800",
  "a\r\nX-Injected: 1",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "x".repeat(10_000),
  "é".repeat(70_000),
];

export function hostileString(rng: Rng): string {
  return rng() < 0.15 ? randomText(rng, randomInt(rng, 1, 64)) : pick(rng, hostileStrings);
}

function randomText(rng: Rng, length: number): string {
  // Code points from every plane, lone surrogates included.
  return Array.from({ length }, () => String.fromCharCode(randomInt(rng, 0, 0xffff))).join("");
}

/** JSON values of every type, at the edges of what a schema might expect. */
export function hostileJsonValue(rng: Rng, depth = 0): unknown {
  const choice = randomInt(rng, 0, depth > 2 ? 11 : 15);
  switch (choice) {
    case 0:
      return null;
    case 1:
      return pick(rng, [true, false]);
    case 2:
      return pick(rng, [0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE]);
    case 3:
      return randomInt(rng, -1000, 1000);
    case 4:
    case 5:
    case 6:
    case 7:
      return hostileString(rng);
    case 8:
      return [];
    case 9:
      return {};
    case 10:
      return pick(rng, ["2026-02-30T25:61:00Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999+14:00"]);
    case 11:
      return nested(randomInt(rng, 100, 200));
    case 12:
      return Array.from({ length: randomInt(rng, 1, 5) }, () => hostileJsonValue(rng, depth + 1));
    case 13:
      return Object.fromEntries(Array.from({ length: randomInt(rng, 1, 4) }, () => [hostileString(rng), hostileJsonValue(rng, depth + 1)]));
    case 14:
      return Array.from({ length: randomInt(rng, 1_000, 20_000) }, (_, index) => index);
    default:
      return JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as unknown;
  }
}

function nested(levels: number): unknown {
  let value: unknown = "deep";
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
  return value;
}
