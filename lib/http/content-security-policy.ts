/**
 * The Content-Security-Policy of a page: scripts only from this origin and those carrying the
 * request's nonce (Next.js puts it on its own inline bootstrap scripts), 'strict-dynamic' so the
 * chunks they load are trusted in turn; no inline script otherwise, no framing, no plugins.
 * Inline styles stay allowed: React's style attributes (charts, progress bars) need them and they
 * cannot run code. Development adds 'unsafe-eval' (React's dev tools use eval) and the
 * hot-reload websocket.
 */
export function pageContentSecurityPolicy({ nonce, isDevelopment }: { nonce: string; isDevelopment: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${isDevelopment ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API answers and files are never documents to render or frame. */
export const resourceContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** A fresh, unguessable nonce for one request (128 random bits, base64). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
