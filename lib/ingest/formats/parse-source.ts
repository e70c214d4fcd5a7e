import type { z } from "zod";
import { formatZodError } from "../format-zod-error";
import { SourceError } from "../../traces/messages/source-error";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { normalizeMessage } from "../../traces/messages/normalize-message";

/** Checks a source record's shape; the error names the field ("simulations[2].messages: ..."). */
export function parseSource<T extends z.ZodType>(schema: T, value: unknown, prefix?: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SourceError("", formatZodError(parsed.error, prefix));
  return parsed.data;
}

export function normalizeMessages(list: readonly unknown[], path: string): ChatMessage[] {
  return list.flatMap((raw, index) => normalizeMessage(raw, `${path}[${index}]`));
}
