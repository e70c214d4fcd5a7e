import { z } from "zod";
import type { Turn } from "./environment-turns";

/**
 * messages: one record per trace in TRL's conversational language-modelling shape, roles turned
 * round so that the environment speaks as "assistant": with SFTConfig(assistant_only_loss=True)
 * the loss falls on the environment's turns only. prompt-completion: one record per environment
 * turn, the trace so far as the prompt and that turn as the completion (TRL's default
 * completion_only_loss trains on the completion alone).
 */
export const distillFormatSchema = z.enum(["messages", "prompt-completion"]);
export type DistillFormat = z.infer<typeof distillFormatSchema>;

export const WORLD_MODEL_INSTRUCTION =
  "You simulate the environment of a tool-using agent. Given the agent's messages and tool calls so far, write the environment's next turn: the user's next message or the result of the tool the agent called.";

const roleOf = { context: "system", policy: "user", environment: "assistant" } as const;

export type TraceProvenance = { trace_id: string; environment: string | null; run: string | null; step: number | null; task: string | null };
type Message = { role: "system" | "user" | "assistant"; content: string };

export function toDistillRecords(turns: Turn[], provenance: TraceProvenance, format: DistillFormat): object[] {
  const context = turns.filter((turn) => turn.speaker === "context").map((turn) => turn.text);
  const system: Message = { role: "system", content: [WORLD_MODEL_INSTRUCTION, ...context.map((text) => `The agent's instructions:\n${text}`)].join("\n\n") };
  const dialogue = turns.filter((turn) => turn.speaker !== "context");
  if (!dialogue.some((turn) => turn.speaker === "environment")) return [];
  const messages = dialogue.map((turn): Message => ({ role: roleOf[turn.speaker], content: turn.text }));
  if (format === "messages") {
    return [{ messages: [system, ...messages], speakers: ["context", ...dialogue.map((turn) => turn.speaker)], ...provenance }];
  }
  return dialogue.flatMap((turn, position) =>
    turn.speaker === "environment"
      ? [{ prompt: [system, ...messages.slice(0, position)], completion: [messages[position]], step_index: turn.stepIndex, ...provenance }]
      : [],
  );
}
