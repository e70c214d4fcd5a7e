import { errorStatus } from "../errors/app-error";
import type { ErrorBody } from "./error-answer";

/** The Allow header of a path that takes these methods (HEAD with GET, and OPTIONS always). */
export const allowHeader = (taken: readonly string[]) => [...taken, ...(taken.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

/** The 405 a path answers a method it does not take: the API's error shape, naming the methods it takes, with Allow. */
export function methodNotAllowed(path: string, method: string, taken: readonly string[]): { status: number; body: ErrorBody; headers: { allow: string } } {
  const message = `${path} does not take ${method}: it takes ${taken.join(" and ")}`;
  return { status: errorStatus.method_not_allowed, body: { error: { code: "method_not_allowed", message, details: [{ path, allow: [...taken] }] } }, headers: { allow: allowHeader(taken) } };
}
