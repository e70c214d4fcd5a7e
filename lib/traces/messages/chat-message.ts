import type { StepRole } from "../trace-schema";
import type { JsonObject } from "../../json/json-value";

/** A tool call as read from a message; result and error get filled when the tool's reply is found. */
export type ChatToolCall = {
  id: string | null;
  name: string;
  arguments: unknown;
  result?: unknown;
  error?: string | null;
  startedAt?: string | null;
  latencyMs?: number | null;
  metadata?: JsonObject;
};

/** The common shape all sources' messages are normalised to before they become steps. */
export type ChatMessage = {
  role: StepRole;
  content: string | null;
  reasoning?: string | null;
  name?: string | null;
  toolCalls: ChatToolCall[];
  /** On a tool reply: the call it answers. */
  toolCallId?: string | null;
  error?: string | null;
  tokensIn?: number | null;
  tokensOut?: number | null;
  latencyMs?: number | null;
  startedAt?: string | null;
  metadata?: JsonObject;
};
