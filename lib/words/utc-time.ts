/**
 * A moment as every page shows it: "2026-12-06 10:14 UTC" (with `seconds`, "10:14:59"). One zone,
 * named, on server-rendered and client pages alike, whatever the server's or the browser's zone.
 */
export function utcTime(value: Date | string, { seconds = false }: { seconds?: boolean } = {}): string {
  return `${new Date(value).toISOString().slice(0, seconds ? 19 : 16).replace("T", " ")} UTC`;
}
