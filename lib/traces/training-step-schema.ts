import { z } from "zod";

/** The largest training step Goodhart stores: steps are 32-bit integers in PostgreSQL's columns. */
export const MAX_TRAINING_STEP = 2_147_483_647;

/** A training step as a trace, a reward request, a metric point or an event names it. */
export const trainingStepSchema = z.number().int().nonnegative().max(MAX_TRAINING_STEP, `a training step is at most ${MAX_TRAINING_STEP}`);
