// GET /api/v1/hacks?status=proposed|approved|rejected&environment=: the known-hack corpus with each hack's check and its measured precision and recall.
import { NextResponse } from "next/server";
import type { ListKnownHacksAnswer } from "@/lib/hacks/known-hack-answer-schemas";
import { toApiKnownHack } from "@/lib/hacks/known-hack-api-view";
import { knownHackQuerySchema } from "@/lib/hacks/known-hack-schemas";
import { listKnownHacks } from "@/lib/hacks/list-known-hacks";
import { withApiKey } from "@/lib/next/with-auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = withApiKey(async (request, { db, key }) => {
  const query = knownHackQuerySchema.parse(Object.fromEntries(request.nextUrl.searchParams));
  const hacks = await listKnownHacks(db, { projectId: key.projectId, ...query });
  return NextResponse.json({ hacks: hacks.map(toApiKnownHack) } satisfies ListKnownHacksAnswer);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
