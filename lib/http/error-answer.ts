import { z, ZodError } from "zod";
import { isBusyError } from "../db/retry-on-busy";
import { AppError, errorStatus, type ErrorCode } from "../errors/app-error";
import { logServerError } from "../errors/log-server-error";

/** Every error answer of the API, whichever server gives it (the document's Error component). */
export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]).describe("one per HTTP status"),
    message: z.string().describe("what went wrong, in words a user can read"),
    details: z.array(z.unknown()).describe("where: for invalid input one {path, message} (or {param, message}) per problem; empty when there is nothing to point at"),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type ErrorAnswer = { status: number; body: ErrorBody; headers?: Record<string, string> };

/** The one mapping of errors to HTTP, for any server: ZodError 400, AppError its status, anything else a generic 500. */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof ZodError) {
    // A field the schema does not have is named by its own path (zod reports it at the object's), one detail each.
    const details = error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({ path: [...issue.path, key].join("."), message: `Unrecognized key: ${JSON.stringify(key)}` }))
        : [{ path: issue.path.join("."), message: issue.message }],
    );
    return answer("bad_request", "The request is not valid", 400, details);
  }
  // A busy database met outside retryOnBusy: the write that met it was not stored; the client may send it again.
  if (!(error instanceof AppError) && isBusyError(error)) {
    logServerError(error);
    return answer("unavailable", "The database is busy; send this again in a moment", 503, [], { "retry-after": "1" });
  }
  if (error instanceof AppError) {
    // A 401 names how to authenticate (RFC 9110); some HTTP clients throw on one that does not.
    const headers: Record<string, string> | undefined =
      error.code === "unauthorized" ? { "www-authenticate": 'Bearer realm="goodhart"' } : error.retryAfterSeconds === undefined ? undefined : { "retry-after": String(error.retryAfterSeconds) };
    return answer(error.code, error.message, error.status, error.details, headers);
  }
  logServerError(error);
  return answer("internal", "Something went wrong on the server", 500);
}

function answer(code: ErrorCode, message: string, status: number, details: unknown[] = [], headers?: Record<string, string>): ErrorAnswer {
  return { status, body: { error: { code, message, details } }, headers };
}
