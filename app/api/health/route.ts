// GET /api/health: liveness and which database is in use; no auth (load balancers call it).
import { NextResponse } from "next/server";
import { checkHealth } from "@/lib/setup/check-health";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  return NextResponse.json(health, { status: health.status === "ok" ? 200 : 503 });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
