import { z } from "zod";
import { callLlmJson, type AnswerShape } from "../judges/call-llm-judge";
import type { LlmJudgeConfig } from "../judges/judge-config-schema";
import { parseStructuredReply } from "../judges/llm-verdict-schema";
import { renderTaskContext } from "./grounding-context";
import type { GroundingPolicy, GroundingTask } from "./grounding-policy";

const answerSchema = z.object({ answer: z.string() });
const answerShape: AnswerShape<z.infer<typeof answerSchema>> = {
  name: "record_answer",
  description: "Record the answer to the task.",
  jsonSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"], additionalProperties: false },
  parse: (value) => parseStructuredReply(value, answerSchema),
};

export function groundingPrompt(task: GroundingTask, withContext: boolean): string {
  return withContext ? `Context:\n${renderTaskContext(task.context)}\n\nTask:\n${task.prompt}` : task.prompt;
}

/**
 * A policy behind an OpenAI-compatible (or Anthropic) endpoint, configured exactly like an llm
 * judge and called through the judges' one client, so the operator's endpoint and key rules hold.
 * A failed call throws: a rollout that never happened is not a failed rollout.
 */
export function createEndpointPolicy(config: LlmJudgeConfig): GroundingPolicy {
  return {
    name: `endpoint:${config.model}`,
    rollout: async ({ task, withContext, signal }) => {
      const prompt = groundingPrompt(task, withContext);
      const { value, tokensIn, tokensOut } = await callLlmJson({ config, prompt, signal, shape: answerShape });
      return {
        source: "rollout",
        environment: task.environment,
        task: task.externalId,
        input: prompt,
        output: value.answer,
        metadata: { policy: `endpoint:${config.model}` },
        steps: [
          { type: "message", role: "user", content: prompt },
          { type: "message", role: "assistant", content: value.answer, tokensIn, tokensOut },
        ],
      };
    },
  };
}
