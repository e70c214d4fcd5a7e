const units: [limitSeconds: number, seconds: number, unit: string][] = [
  [60, 1, "s"],
  [3600, 60, "min"],
  [86_400, 3600, "h"],
  [86_400 * 60, 86_400, "d"],
  [86_400 * 730, 86_400 * 30, "mo"],
  [Infinity, 86_400 * 365, "y"],
];

/** How long ago, in one rounded-down unit ("5 min", "3 d"); a time in the future (clock skew) is "now". */
export function formatAge(then: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (seconds < 1) return "now";
  const [, size, unit] = units.find(([limit]) => seconds < limit)!;
  return `${Math.floor(seconds / size)} ${unit}`;
}
