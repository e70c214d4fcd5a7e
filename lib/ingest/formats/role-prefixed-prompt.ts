import type { ChatMessage } from "../../traces/messages/chat-message";
import { normalizeRole } from "../../traces/messages/normalize-role";

// OpenLIT-style instrumentations (AutoGen, agno) log a prompt as "role: content" lines joined by newlines.
const roleLine = /^(system|developer|user|human|assistant|ai|model|tool|function): ?(.*)$/;

/**
 * The messages of a prompt written as "system: ...\nuser: ..." (each message starts a line with
 * its role; a line that names no role continues the message before it), or null when the text
 * does not start with a role: then it is one message of its own.
 */
export function readRolePrefixedPrompt(text: string): ChatMessage[] | null {
  const lines = text.split("\n");
  if (!roleLine.test(lines[0] ?? "")) return null;
  const messages: ChatMessage[] = [];
  for (const line of lines) {
    const match = roleLine.exec(line);
    const role = match ? normalizeRole(match[1]) : null;
    const current = messages.at(-1);
    if (role && match) messages.push({ role, content: match[2] ?? "", toolCalls: [] });
    else if (current) current.content = `${current.content ?? ""}\n${line}`;
  }
  // An assistant turn that only called tools is written with no text: the calls themselves are not in the string.
  return messages.filter((message) => message.role !== "assistant" || (message.content ?? "").trim() !== "");
}
