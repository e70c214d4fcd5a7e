import type { Db } from "../db/client";
import { handleInduceHack } from "../hacks/induce-hack-job";

/** Runs a confirmed hack's induction as the hacks.induce job would, in this process (tests that are not about the job wiring). */
export function induceConfirmedHack(db: Db, knownHackId: string) {
  return handleInduceHack({ knownHackId }, { db, attempt: 1, reportProgress: async () => undefined });
}
