/**
 * Signs in over HTTP as the login form does (next-auth's csrf token, then the credentials callback)
 * and returns the session cookie, or none, with the sign-in's outcome code ("ok" or next-auth's error).
 */
export async function signInOverHttp(
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ cookie?: string; code: string; status: number }> {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers });
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email, password }),
  });
  const session = response.headers.getSetCookie().find((c) => c.includes("session-token"));
  const location = new URL(response.headers.get("location") ?? base);
  return { cookie: session?.split(";")[0], code: location.searchParams.get("code") ?? location.searchParams.get("error") ?? "ok", status: response.status };
}

/** The session cookie of a sign-in that must succeed; throws with the status otherwise. */
export async function sessionCookieOverHttp(base: string, email: string, password: string): Promise<string> {
  const { cookie, code, status } = await signInOverHttp(base, email, password);
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${status} ${code}`);
  return cookie;
}
