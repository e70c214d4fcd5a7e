import "server-only";
import { ZodError, type z } from "zod";
import { hasRole, type Role } from "../auth/roles";
import { AppError, forbidden } from "../errors/app-error";
import { logServerError } from "../errors/log-server-error";
import { loadMember, type SessionContext } from "./with-auth";
import { getDb } from "../db/client";
import { isBusyError } from "../db/retry-on-busy";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fields?: Record<string, string> };

/** Wraps a server action: loads the member, checks the role, validates the form, maps errors. */
export function serverAction<Schema extends z.ZodType, T>(
  { role, schema }: { role: Role; schema: Schema },
  run: (input: z.infer<Schema>, context: Omit<SessionContext, "params">) => Promise<T>,
) {
  return async (_previous: ActionResult<T> | null, formData: FormData): Promise<ActionResult<T>> => {
    try {
      const member = await loadMember();
      if (!hasRole(member.role, role)) throw forbidden(`This needs the ${role} role; you are ${member.role}`);
      const input = schema.parse(Object.fromEntries(formData));
      return { ok: true, data: await run(input, { db: getDb(), member, actor: { userId: member.userId, label: member.email } }) };
    } catch (error) {
      if (error instanceof ZodError) {
        const fields = Object.fromEntries(error.issues.map((i) => [i.path.join("."), i.message]));
        return { ok: false, error: "Check the highlighted fields", fields };
      }
      if (error instanceof AppError) return { ok: false, error: error.message };
      // Nothing of the failed write was stored: the same action can simply be sent again.
      if (isBusyError(error)) return { ok: false, error: "The database is busy; try again in a moment" };
      logServerError(error);
      return { ok: false, error: "Something went wrong on the server" };
    }
  };
}
