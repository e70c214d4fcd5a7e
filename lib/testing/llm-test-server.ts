import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** What the test server answers to one request: status, JSON body, extra headers, delay before answering, or a promise it holds the answer until. */
export type TestReply = { status?: number; body?: unknown; rawBody?: string; headers?: Record<string, string>; delayMs?: number; hang?: boolean; until?: Promise<unknown> };
export type TestRequest = { path: string; body: Record<string, unknown>; text: string; headers: IncomingHttpHeaders };

/**
 * A real HTTP server on 127.0.0.1 that speaks whatever protocol `respond` answers with (OpenAI
 * chat completions, Anthropic messages), for tests and the bench: the SDKs talk to it as they
 * would to a vendor. It counts requests and remembers their bodies.
 */
export async function startLlmTestServer(respond: (request: TestRequest) => TestReply) {
  const requests: TestRequest[] = [];
  let answered = 0;
  const sockets = new Set<Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    const request = { path: req.url ?? "/", body, text: JSON.stringify(body), headers: req.headers };
    requests.push(request);
    const reply = respond(request);
    if (reply.hang) return;
    if (reply.until) await reply.until;
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    answered += 1;
    res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
    res.end(reply.rawBody ?? JSON.stringify(reply.body ?? {}));
  });
  server.keepAliveTimeout = 60_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** How many requests it has answered so far (a held one is not). */
    answered: () => answered,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Lets llm judges call these test servers, as an operator allows a self-hosted server
 * (loopback endpoints are refused unless GOODHART_JUDGE_BASE_URLS names them). Returns the undo.
 */
export function allowJudgeBaseUrls(...urls: string[]): () => void {
  const previous = process.env.GOODHART_JUDGE_BASE_URLS;
  process.env.GOODHART_JUDGE_BASE_URLS = [...(previous ? [previous] : []), ...urls].join(",");
  return () => {
    if (previous === undefined) delete process.env.GOODHART_JUDGE_BASE_URLS;
    else process.env.GOODHART_JUDGE_BASE_URLS = previous;
  };
}

/** An OpenAI chat completion whose message content is `content`. */
export function chatCompletion(content: string, { tokensIn = 100, tokensOut = 20 } = {}) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "test-model",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
    usage: { prompt_tokens: tokensIn, completion_tokens: tokensOut, total_tokens: tokensIn + tokensOut },
  };
}
