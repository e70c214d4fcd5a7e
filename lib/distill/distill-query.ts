import { z } from "zod";
import { bandSchema } from "../tasks/difficulty";
import { distillFormatSchema } from "./distill-records";

/** "10,200": training steps from 10 to 200, both ends included. */
const stepRangeSchema = z
  .string()
  .regex(/^\s*\d+\s*,\s*\d+\s*$/, 'steps is "from,to", e.g. 10,200')
  .transform((text) => text.split(",").map((part) => Number(part.trim())))
  .refine(([from, to]) => from! <= to!, "from must not exceed to")
  .transform(([from, to]) => ({ from: from!, to: to! }));

/** ?format=&environment=&run=&steps=&band=, all optional: without filters, every trace of the project. */
export const distillQuerySchema = z.object({
  format: distillFormatSchema.default("messages"),
  environment: z.string().min(1).max(200).optional(),
  /** A run's id or name. */
  run: z.string().min(1).max(200).optional(),
  steps: stepRangeSchema.optional(),
  /** Only rollouts of tasks whose pass rate lies in this band. */
  band: bandSchema.optional(),
});
export type DistillQuery = z.infer<typeof distillQuerySchema>;
export type DistillFilters = Omit<DistillQuery, "format">;
