// GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the routes' zod schemas.
// No auth: like /api/v1/schema/trace it describes the API and holds no project data.
import { NextResponse } from "next/server";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import packageJson from "@/package.json";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const GET = async () =>
  NextResponse.json(buildOpenApiDocument({ version: packageJson.version }), { headers: { "cache-control": "public, max-age=3600" } });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET");
