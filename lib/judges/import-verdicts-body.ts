import type { Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { importJudgeVerdicts } from "./import-judge-verdicts";

/** The /judges upload: a verdict summary file's bytes, parsed and imported. */
export async function importVerdictsBody(db: Db, { projectId, bytes, actor }: { projectId: string; bytes: Uint8Array; actor: Actor }) {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch (error) {
    throw new AppError("bad_request", `The file is not UTF-8 JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return importJudgeVerdicts(db, { projectId, document, actor });
}
