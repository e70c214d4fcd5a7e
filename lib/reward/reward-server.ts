import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { authorizeApiKey } from "../api-keys/authorize-api-key";
import { providerOfDb, type Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { allowHeader, methodNotAllowed } from "../http/method-not-allowed";
import { MAX_API_BODY_BYTES } from "../http/body-limits";
import { errorAnswer } from "../http/error-answer";
import { readNodeBodyLimited } from "../http/read-node-body-limited";
import { assertStorableUrl } from "../http/assert-storable-url";
import { answerOpenRlhfPost } from "./answer-openrlhf-post";
import { answerRewardPost, type RewardPost } from "./answer-reward-post";
import { rewardBodyAdvice, type HeaderReader } from "./read-reward-body";

const routes: Record<string, (db: Db, post: RewardPost) => Promise<unknown>> = {
  "/api/v1/reward": answerRewardPost,
  "/api/v1/reward/openrlhf": answerOpenRlhfPost,
};

/**
 * The reward API on a plain node:http server, beside the web app (npm start runs it on
 * GOODHART_REWARD_PORT): the same two endpoints as the web app's routes, answered by the same lib
 * functions, with the same API-key rule, body limits and error bodies, writing to the same database.
 * It exists because a trainer sending one rollout per request at high concurrency mostly waits on
 * the web framework's per-request work, not on scoring or storing (docs/performance.md).
 */
export function createRewardServer(db: Db): Server {
  return createServer((request, response) => void answer(db, request, response));
}

async function answer(db: Db, request: IncomingMessage, response: ServerResponse) {
  try {
    const url = new URL(request.url ?? "/", "http://reward-server");
    if (url.pathname === "/api/health" && (request.method === "GET" || request.method === "HEAD")) {
      // What the web app's /api/health answers, for this process's own connection.
      await db.$queryRawUnsafe("SELECT 1");
      return send(response, 200, { status: "ok", db: providerOfDb(db) });
    }
    const route = routes[url.pathname];
    if (!route) throw new AppError("not_found", `The reward server answers POST ${Object.keys(routes).join(" and POST ")}; the rest of the API is on the web app's port`);
    // As the web app's routes answer (refuseOtherMethods): 405 with Allow, and OPTIONS names the methods.
    if (request.method === "OPTIONS") return void response.writeHead(204, { allow: allowHeader(["POST"]) }).end();
    if (request.method !== "POST") {
      const { status, body, headers } = methodNotAllowed(url.pathname, request.method ?? "", ["POST"]);
      return send(response, status, body, headers);
    }
    const headers = headerReader(request);
    const key = await authorizeApiKey(db, { authorization: headers.get("authorization"), askedProject: url.searchParams.get("project") ?? headers.get("x-goodhart-project") });
    assertStorableUrl(url, {});
    const bytes = await readNodeBodyLimited(request, MAX_API_BODY_BYTES, { advice: rewardBodyAdvice });
    send(response, 200, await route(db, { projectId: key.projectId, search: url.searchParams, headers, bytes }));
  } catch (error) {
    const { status, body, headers } = errorAnswer(error);
    send(response, status, body, headers);
  }
}

function headerReader(request: IncomingMessage): HeaderReader {
  return {
    get: (name) => {
      const value = request.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "x-content-type-options": "nosniff", ...headers });
  response.end(text);
}
