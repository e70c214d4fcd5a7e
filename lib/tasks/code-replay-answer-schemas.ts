import { z } from "zod";

/** POST /api/v1/replay/code-tasks: the task, made now (201) or made before from the same commit or diff (200). */
export const codeReplayTaskAnswerSchema = z.strictObject({
  task: z.strictObject({
    id: z.string(),
    externalId: z.string().describe("commit:<id>, or diff:<hash> for a plain diff"),
    environment: z.string(),
    origin: z.string().describe("commit | diff"),
    prompt: z.string().describe("the commit message: the task"),
    metadata: z.unknown().describe("{kind: code-replay, repository, commit, baseCommit, files, hunks}"),
  }),
  isNew: z.boolean().describe("made by this request (201), or found (200)"),
});
export type CodeReplayTaskAnswer = z.infer<typeof codeReplayTaskAnswerSchema>;

/** POST /api/v1/replay/{id}/score: the patch's score and its parts, each from 0 to 1. */
export const codeReplayScoreAnswerSchema = z.strictObject({
  score: z.number().describe("0.3·files + 0.7·hunks; with test results, half that and half the tests' pass rate"),
  files: z.strictObject({ score: z.number(), reference: z.array(z.string()), touched: z.array(z.string()), matched: z.array(z.string()) }),
  hunks: z.strictObject({ score: z.number(), reference: z.number().int(), rollout: z.number().int(), matched: z.number().int() }),
  tests: z.strictObject({ score: z.number(), passed: z.number().int(), failed: z.number().int() }).nullable().describe("null when no test results were sent"),
});
export type CodeReplayScoreAnswer = z.infer<typeof codeReplayScoreAnswerSchema>;
