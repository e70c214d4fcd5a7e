import { request, type APIRequestContext } from "@playwright/test";

/** Signs in through next-auth's credentials endpoint, as the login form does, and returns the context. */
export async function signInContext(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const { csrfToken } = await (await context.get("/api/auth/csrf")).json();
  const response = await context.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  if (response.status() !== 302 || (response.headers().location ?? "").includes("error")) {
    throw new Error(`sign-in of ${email} failed: ${response.status()} ${response.headers().location}`);
  }
  return context;
}

export const authFile = (name: string) => `e2e/.auth/${name}.json`;
