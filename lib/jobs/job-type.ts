import type { z } from "zod";
import type { Db } from "../db/client";

/** A job type: a name, the schema of its payload and its retry defaults, declared once. */
export type JobType<Payload> = {
  name: string;
  payloadSchema: z.ZodType<Payload>;
  maxAttempts: number;
  /** Delay before the first retry; doubled for each one after it. */
  backoffSeconds: number;
  /**
   * A queued job of a coalesced type stands for every enqueue with its idempotency key until it
   * starts; when it starts the key is released, so what arrives while it runs queues one more.
   */
  isCoalesced: boolean;
  /** How many jobs of this type one worker runs at once (its own slots: a long lab run never takes the monitor's). */
  concurrency?: number;
};

export function defineJobType<Payload>(definition: {
  name: string;
  payloadSchema: z.ZodType<Payload>;
  maxAttempts?: number;
  backoffSeconds?: number;
  isCoalesced?: boolean;
  concurrency?: number;
}): JobType<Payload> {
  return { maxAttempts: 3, backoffSeconds: 5, isCoalesced: false, ...definition };
}

export type JobContext = {
  jobId: string;
  projectId: string | null;
  attempt: number;
  db: Db;
  /** Aborted when the job is cancelled, its lease is lost, or the worker stops. */
  signal: AbortSignal;
  /** fraction in 0..1; writes are throttled, so call it as often as is convenient. */
  reportProgress: (fraction: number, message?: string) => Promise<void>;
};

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<unknown>;

/** A handler registered with the worker: the type and what runs it. */
export type RegisteredHandler = { type: JobType<unknown>; handle: JobHandler<unknown> };

export function registerHandler<Payload>(type: JobType<Payload>, handle: JobHandler<Payload>): RegisteredHandler {
  return { type: type as JobType<unknown>, handle: handle as JobHandler<unknown> };
}

/** Thrown by a handler for a failure a retry cannot fix (a missing row, a bad payload). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}
