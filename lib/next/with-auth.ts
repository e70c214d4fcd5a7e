import "server-only";
import type { NextRequest } from "next/server";
import { verifyApiKey, type ApiKeyPrincipal } from "../api-keys/verify-api-key";
import type { Actor } from "../audit/record-audit-event";
import { hasRole, type Role } from "../auth/roles";
import { getDb, type Db } from "../db/client";
import { AppError, forbidden } from "../errors/app-error";
import { findCurrentMembership, type Membership } from "../members/find-membership";
import { auth } from "./auth";
import { currentProjectSlug } from "./current-project";
import { toErrorResponse } from "./error-response";

type RouteParams = { params: Promise<Record<string, string | string[]>> };

export type SessionContext = { db: Db; member: Membership; actor: Actor; params: Record<string, string | string[]> };
export type ApiKeyContext = { db: Db; key: ApiKeyPrincipal; actor: Actor; params: Record<string, string | string[]> };

/** For the web app's own /api routes: a signed-in member with at least `role` in the current project. */
export function withSession(handler: (request: NextRequest, context: SessionContext) => Promise<Response>, { role }: { role: Role }) {
  return async (request: NextRequest, { params }: RouteParams) => {
    try {
      const member = await loadMember();
      if (!hasRole(member.role, role)) throw forbidden(`This needs the ${role} role; you are ${member.role}`);
      return await handler(request, { db: getDb(), member, actor: { userId: member.userId, label: member.email }, params: await params });
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
      const key = await verifyApiKey(db, request.headers.get("authorization"));
      const asked = request.nextUrl.searchParams.get("project") ?? request.headers.get("x-goodhart-project");
      if (asked && asked !== key.projectSlug) throw forbidden(`This API key belongs to project "${key.projectSlug}", not "${asked}"`);
      return await handler(request, { db, key, actor: { userId: null, label: `api-key:${key.name}` }, params: await params });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

export async function loadMember(): Promise<Membership> {
  const session = await auth();
  if (!session?.user?.id) throw new AppError("unauthorized", "Sign in first");
  const member = await findCurrentMembership(getDb(), { userId: session.user.id, preferredSlug: await currentProjectSlug() });
  if (!member) throw forbidden("You are not a member of any project");
  return member;
}
