import "server-only";
import { NextResponse } from "next/server";
import type { ErrorCode } from "../errors/app-error";
import { errorAnswer, type ErrorBody } from "../http/error-answer";

export type { ErrorBody } from "../http/error-answer";

export function errorResponse(code: ErrorCode, message: string, status: number, details: unknown[] = [], headers?: HeadersInit) {
  return NextResponse.json<ErrorBody>({ error: { code, message, details } }, { status, headers });
}

/** The one place errors become HTTP in the web app (lib/http/error-answer.ts maps them). */
export function toErrorResponse(error: unknown) {
  const { status, body, headers } = errorAnswer(error);
  return NextResponse.json<ErrorBody>(body, { status, headers });
}
