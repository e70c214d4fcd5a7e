/** Where sign-in lands when the reviewer came from nowhere in particular (docs/review.md: the queue is where a reviewer starts). */
export const defaultReturnPath = "/review";

/** Request header proxy.ts sets on every page request: the path and query the visitor asked for. */
export const returnPathHeader = "x-goodhart-return-path";

const base = "http://return-path.invalid";

/**
 * The page to return to after sign-in, accepted only as a path of this app: anything that would
 * leave the origin ("//evil.example", "/\\evil.example", "https://...", "javascript:") or loop back to
 * /login falls back to /review, so a crafted sign-in link cannot send a reviewer elsewhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return defaultReturnPath;
  // Browsers read a backslash as a slash and drop tabs and newlines: "/\evil" and "/\t/evil" are other hosts.
  if ([...value].some((c) => c === "\\" || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return defaultReturnPath;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return defaultReturnPath;
  }
  // The normalised path must not start with "//" either: "/..//evil.example" resolves to one.
  if (url.origin !== base || url.pathname.startsWith("//")) return defaultReturnPath;
  if (url.pathname === "/login" || url.pathname.startsWith("/api/")) return defaultReturnPath;
  return `${url.pathname}${url.search}${url.hash}`;
}
