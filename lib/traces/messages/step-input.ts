import type { z } from "zod";
import type { stepSchema } from "../trace-schema";

/** A step as importers build it (before the trace schema applies defaults). */
export type StepInput = z.input<typeof stepSchema>;
