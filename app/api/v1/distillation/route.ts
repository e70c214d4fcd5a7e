// GET /api/v1/distillation?format=messages|prompt-completion&environment=&run=&steps=&band=: the environment's tokens of stored traces as world-model training data (JSONL).
import { distillationResponse } from "@/lib/distill/distillation-response";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => distillationResponse(db, key.projectId, request.nextUrl.searchParams));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
