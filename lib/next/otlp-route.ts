import "server-only";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import type { OtlpIngestResult } from "../ingest/otel/ingest-otlp-export";
import { decodeOtlpBody, readOtlpEncoding } from "../ingest/otel/decode-otlp-body";
import { encodeOtlpResponse, encodeRpcStatus, otlpJsonResponse, type OtlpSignal, type PartialSuccess } from "../ingest/otel/otlp-protobuf";
import { MAX_API_BODY_BYTES } from "../http/body-limits";
import { readBodyLimited } from "../http/read-body-limited";
import { withApiKey, type ApiKeyContext } from "./with-auth";

export const jobIdsHeader = "goodhart-job-ids";

type RouteParams = { params: Promise<Record<string, string | string[]>> };

// HTTP status to the google.rpc.Code an OTLP protobuf client reads from the Status body.
const rpcCodes: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13 };

/**
 * An OTLP/HTTP endpoint: authorises the API key, decodes the body (JSON or protobuf, gzip or
 * not), runs `ingest`, and answers in the request's encoding: an Export*ServiceResponse with
 * partial_success when something was refused, and for protobuf clients errors as a
 * google.rpc.Status body (JSON clients get the API's JSON error). The jobs that rebuild the traces
 * the export added to are named in the Goodhart-Job-Ids header (comma-separated; GET /api/v1/jobs/{id}),
 * so the body stays the OTLP message every client expects.
 */
export function otlpRoute(signal: OtlpSignal, ingest: (context: ApiKeyContext, request: unknown) => Promise<OtlpIngestResult>) {
  const handler = withApiKey(async (request, context) => {
    const encoding = readOtlpEncoding(request.headers.get("content-type"));
    const bytes = await readBodyLimited(request, MAX_API_BODY_BYTES);
    const value = await decodeOtlpBody(signal, { bytes, encoding, contentEncoding: request.headers.get("content-encoding"), maxBytes: MAX_API_BODY_BYTES });
    const result = await ingest(context, value);
    const partial: PartialSuccess = result.rejected > 0 ? { rejected: result.rejected, errorMessage: result.errors.join("; ").slice(0, 4000) } : null;
    const jobHeaders: Record<string, string> = result.jobIds.length ? { [jobIdsHeader]: result.jobIds.join(",") } : {};
    if (encoding === "protobuf") return new Response(Buffer.from(encodeOtlpResponse(signal, partial)), { headers: { "content-type": "application/x-protobuf", ...jobHeaders } });
    return NextResponse.json(otlpJsonResponse(signal, partial), { headers: jobHeaders });
  });
  return async (request: NextRequest, params: RouteParams) => {
    const response = await handler(request, params);
    if (response.ok || !isProtobuf(request)) return response;
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    const status = encodeRpcStatus(rpcCodes[response.status] ?? 2, body?.error?.message ?? response.statusText);
    return new Response(Buffer.from(status), { status: response.status, headers: { "content-type": "application/x-protobuf" } });
  };
}

function isProtobuf(request: NextRequest): boolean {
  return /^application\/(x-)?protobuf/i.test(request.headers.get("content-type") ?? "");
}
