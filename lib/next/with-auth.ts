import "server-only";
import type { NextRequest } from "next/server";
import { authorizeApiKey } from "../api-keys/authorize-api-key";
import type { ApiKeyPrincipal } from "../api-keys/verify-api-key";
import type { Actor } from "../audit/record-audit-event";
import { hasRole, type Role } from "../auth/roles";
import { getDb, type Db } from "../db/client";
import { AppError, forbidden } from "../errors/app-error";
import { isSameOriginRequest, mediaType } from "../http/is-same-origin-request";
import { findCurrentMembership, type Membership } from "../members/find-membership";
import { assertStorableUrl } from "../http/assert-storable-url";
import { auth } from "./auth";
import { currentProjectSlug } from "./current-project";
import { toErrorResponse } from "./error-response";

/** Next resolves a static route's params to undefined, whatever its type says; the wrappers hand on {}. */
type RouteParams = { params: Promise<Record<string, string | string[]> | undefined> };

export type SessionContext = { db: Db; member: Membership; actor: Actor; params: Record<string, string | string[]> };
export type ApiKeyContext = { db: Db; key: ApiKeyPrincipal; actor: Actor; params: Record<string, string | string[]> };

/**
 * For the web app's own /api routes: a signed-in member with at least `role` in the current project.
 * A state-changing request must come from the app's own origin (the session cookie alone would let
 * another site's page forge it) and, unless the route takes a raw upload (`body: "raw"`), be JSON.
 */
export function withSession(handler: (request: NextRequest, context: SessionContext) => Promise<Response>, { role, body = "json" }: { role: Role; body?: "json" | "raw" }) {
  return async (request: NextRequest, { params }: RouteParams) => {
    try {
      if (!safeMethods.has(request.method)) assertOwnJsonRequest(request, body);
      const member = await loadMember();
      if (!hasRole(member.role, role)) throw forbidden(`This needs the ${role} role; you are ${member.role}`);
      const resolved = (await params) ?? {};
      assertStorableUrl(request.nextUrl, resolved);
      return await handler(request, { db: getDb(), member, actor: { userId: member.userId, label: member.email }, params: resolved });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** For /api/v1: a project API key. A `project` query parameter naming another project is refused. */
export function withApiKey(handler: (request: NextRequest, context: ApiKeyContext) => Promise<Response>) {
  return async (request: NextRequest, { params }: RouteParams) => {
    try {
      const db = getDb();
      const askedProject = request.nextUrl.searchParams.get("project") ?? request.headers.get("x-goodhart-project");
      const key = await authorizeApiKey(db, { authorization: request.headers.get("authorization"), askedProject });
      const resolved = (await params) ?? {};
      assertStorableUrl(request.nextUrl, resolved);
      return await handler(request, { db, key, actor: { userId: null, label: `api-key:${key.name}` }, params: resolved });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function assertOwnJsonRequest(request: NextRequest, body: "json" | "raw") {
  if (!isSameOriginRequest(request.headers, request.url)) {
    throw forbidden("Cross-origin request refused: send it from the app's own pages (the Origin header must match this host)");
  }
  if (body === "raw") return;
  const type = request.headers.get("content-type");
  const length = request.headers.get("content-length");
  const hasBody = request.headers.has("transfer-encoding") || (length !== null && length !== "0");
  if ((type !== null || hasBody) && mediaType(type) !== "application/json") {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json", [{ contentType: type ?? "" }]);
  }
}

export async function loadMember(): Promise<Membership> {
  const session = await auth();
  if (!session?.user?.id) throw new AppError("unauthorized", "Sign in first");
  const member = await findCurrentMembership(getDb(), { userId: session.user.id, preferredSlug: await currentProjectSlug() });
  if (!member) throw forbidden("You are not a member of any project");
  return member;
}
