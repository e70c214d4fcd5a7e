import { z } from "zod";

/** GET /api/v1/me: the project and key a caller is authenticated as. */
export const meAnswerSchema = z.strictObject({
  project: z.strictObject({ id: z.string(), slug: z.string() }),
  apiKey: z.strictObject({ id: z.string(), name: z.string() }),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;
