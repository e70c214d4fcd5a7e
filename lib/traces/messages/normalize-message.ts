import type { ChatMessage, ChatToolCall } from "./chat-message";
import { asCount, asString, isRecord, nonEmpty, omitKeys, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { knownRoleNames, normalizeRole } from "./normalize-role";
import { readContent } from "./read-content";
import { SourceError } from "./source-error";
import { toIsoTime } from "./to-iso-time";

const consumedKeys = ["role", "content", "tool_calls", "tool_call_id", "name", "function_call", "reasoning", "reasoning_content", "usage", "timestamp", "error"];

/**
 * Normalises one chat message in the OpenAI spelling and its relatives (tau-bench, tau2, verifiers,
 * Inspect, LangChain dicts, Anthropic content parts). Fields it does not map stay in metadata.
 * One source message can give several: Anthropic tool_result parts become tool replies.
 */
export function normalizeMessage(raw: unknown, path: string): ChatMessage[] {
  if (!isRecord(raw)) throw new SourceError(path, "expected a message object");
  const roleName = raw.role ?? (typeof raw.type === "string" ? raw.type : undefined);
  const role = normalizeRole(roleName);
  if (!role) {
    throw new SourceError(
      `${path}.role`,
      roleName === undefined ? "missing role" : `unknown role ${JSON.stringify(roleName)} (expected one of ${knownRoleNames.join(", ")})`,
    );
  }
  const consumed = [...consumedKeys, ...(raw.role === undefined ? ["type"] : [])];
  const metadata: JsonObject = omitKeys(raw, consumed);
  if (typeof raw.role === "string" && raw.role !== role) metadata.role = raw.role;

  const content = readContent(raw.content);
  if (content.original !== undefined) metadata.content = content.original;

  const toolCalls = [...readToolCalls(raw.tool_calls, `${path}.tool_calls`), ...content.toolCalls];
  const kwargs = raw.additional_kwargs;
  if (toolCalls.length === 0 && isRecord(kwargs) && Array.isArray(kwargs.tool_calls)) {
    toolCalls.push(...readToolCalls(kwargs.tool_calls, `${path}.additional_kwargs.tool_calls`));
    metadata.additional_kwargs = omitKeys(kwargs, ["tool_calls"]);
  }
  if (isRecord(raw.function_call)) toolCalls.push(readToolCall(raw.function_call, `${path}.function_call`));

  const toolName = asString(raw.name) ?? (role === "tool" && typeof raw.function === "string" ? raw.function : null);
  if (toolName !== null && raw.name === undefined) delete metadata.function;

  const usage = readUsage(raw.usage);
  if (usage.rest) metadata.usage = usage.rest;
  const startedAt = toIsoTime(raw.timestamp);
  if (raw.timestamp !== undefined && startedAt !== raw.timestamp) metadata.timestamp = raw.timestamp;

  const reasoning = asString(raw.reasoning) ?? asString(raw.reasoning_content) ?? content.reasoning;
  if (raw.reasoning !== undefined && raw.reasoning !== null && typeof raw.reasoning !== "string") metadata.reasoning = raw.reasoning;
  const error = readError(raw.error);
  if (error === null && raw.error !== undefined && raw.error !== null && raw.error !== false) metadata.error = raw.error;

  const message: ChatMessage = {
    role,
    content: content.text,
    reasoning,
    name: toolName,
    toolCalls,
    toolCallId: asString(raw.tool_call_id),
    error,
    tokensIn: usage.tokensIn,
    tokensOut: usage.tokensOut,
    startedAt,
    metadata: nonEmpty(metadata),
  };
  if (content.toolResults.length === 0) return [message];

  const replies: ChatMessage[] = content.toolResults.map((result) => ({
    role: "tool",
    content: typeof result.content === "string" ? result.content : (readContent(result.content).text ?? JSON.stringify(result.content ?? null)),
    toolCalls: [],
    toolCallId: result.toolCallId,
    ...(result.name ? { name: result.name } : {}),
    error: result.isError ? "tool reported an error" : null,
  }));
  const hasRest = message.content !== null || message.toolCalls.length > 0 || message.reasoning;
  return hasRest ? [...replies, message] : replies;
}

export function readToolCalls(value: unknown, path: string): ChatToolCall[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SourceError(path, "expected an array of tool calls");
  return value.map((call, index) => readToolCall(call, `${path}[${index}]`));
}

/** OpenAI `{id, function: {name, arguments}}`, Inspect `{id, function: "name", arguments}` or flat `{id, name, arguments}`. */
export function readToolCall(raw: unknown, path: string): ChatToolCall {
  if (!isRecord(raw)) throw new SourceError(path, "expected a tool call object");
  const fn = raw.function;
  const name = isRecord(fn) ? asString(fn.name) : (asString(fn) ?? asString(raw.name));
  if (name === null) throw new SourceError(`${path}.name`, "tool call has no name");
  const args = isRecord(fn) && fn.arguments !== undefined ? fn.arguments : (raw.arguments ?? raw.args ?? raw.input);
  const rest = omitKeys(raw, ["id", "function", "name", "arguments", "args", "input"]);
  const fnRest = isRecord(fn) ? nonEmpty(omitKeys(fn, ["name", "arguments"])) : undefined;
  if (fnRest) rest.function = fnRest;
  return { id: asString(raw.id), name, arguments: parseJsonArguments(args), metadata: nonEmpty(rest) };
}

export function readError(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value === true) return "error";
  if (isRecord(value)) {
    const message = asString(value.message);
    const type = asString(value.type);
    if (message !== null) return type ? `${type}: ${message}` : message;
  }
  return null;
}

function readUsage(value: unknown): { tokensIn: number | null; tokensOut: number | null; rest?: unknown } {
  if (!isRecord(value)) return { tokensIn: null, tokensOut: null, rest: value === undefined || value === null ? undefined : value };
  const tokensIn = asCount(value.prompt_tokens ?? value.input_tokens);
  const tokensOut = asCount(value.completion_tokens ?? value.output_tokens);
  const rest = omitKeys(value, [
    ...(tokensIn !== null ? ["prompt_tokens", "input_tokens"] : []),
    ...(tokensOut !== null ? ["completion_tokens", "output_tokens"] : []),
  ]);
  return { tokensIn, tokensOut, rest: nonEmpty(rest) };
}
