// GET /api/v1/me: which project and key a caller is authenticated as (for checking a key).
import { NextResponse } from "next/server";
import type { MeAnswer } from "@/lib/api-keys/me-answer-schema";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (_request, { key }) =>
  NextResponse.json({ project: { id: key.projectId, slug: key.projectSlug }, apiKey: { id: key.apiKeyId, name: key.name } } satisfies MeAnswer),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
