// GET /api/distillation?...: the /tasks download of the distillation export, for a signed-in member.
import { distillationResponse } from "@/lib/distill/distillation-response";
import { withSession } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withSession(async (request, { db, member }) => distillationResponse(db, member.projectId, request.nextUrl.searchParams), { role: "viewer" });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
