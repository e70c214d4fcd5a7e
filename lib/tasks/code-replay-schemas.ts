import { z } from "zod";

/** POST /api/v1/replay/code-tasks: a `git format-patch` or `git show` text, or a plain unified diff with its message. */
export const codeReplayTaskBodySchema = z.strictObject({
  patch: z.string().min(1),
  message: z.string().trim().min(1).max(20_000).optional(),
  environment: z.string().trim().min(1).max(200).default("code"),
  repository: z.string().trim().min(1).max(1000).optional(),
  baseCommit: z.string().trim().min(1).max(200).optional(),
});

/** POST /api/v1/replay/{taskId}/score: a rollout's patch and, when the caller ran them, its test results. */
export const codeReplayScoreBodySchema = z.strictObject({
  patch: z.string(),
  tests: z
    .strictObject({ passed: z.number().int().min(0), failed: z.number().int().min(0) })
    .refine(({ passed, failed }) => passed + failed > 0, "name at least one test that ran")
    .optional(),
});

/** A body carrying a patch: diffs of real commits run to megabytes, far past an ordinary JSON body. */
export const MAX_PATCH_BODY_BYTES = 16 * 1024 * 1024;
