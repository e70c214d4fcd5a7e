import { z } from "zod";

export const jobStatusSchema = z.enum(["queued", "running", "succeeded", "failed", "cancelled"]);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const isFinished = (status: string) => status === "succeeded" || status === "failed" || status === "cancelled";
