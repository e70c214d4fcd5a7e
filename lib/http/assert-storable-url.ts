import { AppError } from "../errors/app-error";

/**
 * 400 naming the parameter when a path segment or query value holds a NUL character: PostgreSQL
 * cannot take one even in a lookup, and on SQLite the same URL must get the same answer.
 */
export function assertStorableUrl(url: URL, params: Record<string, string | string[]>): void {
  for (const [name, value] of Object.entries(params)) {
    if ([value].flat().some(hasNul)) throw nulIn(`path segment {${name}}`, name);
  }
  for (const [name, value] of url.searchParams) {
    if (hasNul(name) || hasNul(value)) throw nulIn(`query parameter ${JSON.stringify(name)}`, name);
  }
}

const hasNul = (text: string) => text.includes("\u0000");
const nulIn = (where: string, param: string) => new AppError("bad_request", `The URL's ${where} holds a NUL character (%00)`, [{ param, message: "remove the NUL character" }]);
