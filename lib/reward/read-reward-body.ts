import { z } from "zod";
import { AppError } from "../errors/app-error";
import { MAX_API_BODY_BYTES } from "../ingest/limits";
import { readBodyLimited } from "../ingest/read-body-limited";
import { parseJsonBody } from "../json/parse-json-body";

/** The JSON body of a reward request (413 past the API limit; 400 with where it went wrong when it is not JSON). */
export async function readRewardBody(request: Request): Promise<unknown> {
  return parseJsonBody(await readBodyLimited(request, MAX_API_BODY_BYTES, { advice: "send the rollouts in several smaller batches" }));
}

const stepHeaderSchema = z.coerce.number().int().nonnegative();

/** The training run and step a trainer may send as `X-Goodhart-Run` / `X-Goodhart-Step` headers. */
export function readRunHeaders(headers: Headers): { run?: string; step?: number } {
  const run = headers.get("x-goodhart-run")?.trim() || undefined;
  const rawStep = headers.get("x-goodhart-step")?.trim();
  if (!rawStep) return { run };
  const step = stepHeaderSchema.safeParse(rawStep);
  if (!step.success) throw new AppError("bad_request", "X-Goodhart-Step must be a non-negative integer", [{ path: "X-Goodhart-Step", message: rawStep }]);
  return { run, step: step.data };
}
