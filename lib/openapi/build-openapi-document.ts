import { z } from "zod";
import { formatBytes } from "../http/body-limits";
import { errorBodySchema } from "../http/error-answer";
import { apiOperations, type ApiOperation } from "./api-operations";

type SchemaComponents = Record<string, unknown>;

/**
 * A zod schema as JSON Schema for a place inside the document: zod puts shared and recursive parts in
 * the schema's own `$defs`, referred to from its root; they move to components.schemas, under their
 * own name when the schema has one (`.meta({ id })`, a shape several answers share), else under `prefix`.
 * `io`: "input" for what a client sends, "output" for what the server answers.
 */
function toJsonSchema(schema: z.ZodType, prefix: string, components: SchemaComponents, io: "input" | "output" = "input"): Record<string, unknown> {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  const componentName = (name: string) => (name.startsWith("__") ? `${prefix}_${name}` : name);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" ? inner.replace(/^#\/\$defs\/(.+)$/, (_ref, name: string) => `#/components/schemas/${componentName(name)}`) : rewrite(inner),
      ]),
    );
  };
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, unknown>)) components[componentName(name)] = rewrite(definition);
  return rewrite(json) as Record<string, unknown>;
}

/** The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes validate with. */
export function buildOpenApiDocument({ version }: { version: string }) {
  const paths: Record<string, Record<string, object>> = {};
  const schemas: SchemaComponents = {};
  schemas.Error = toJsonSchema(errorBodySchema, "Error", schemas, "output");
  for (const operation of apiOperations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = toOperation(operation, schemas);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Goodhart API",
      version,
      description: "Reward signal, traces, runs and review for RL post-training. Authenticate with a project API key: `Authorization: Bearer KEY`. Every operation but the public ones also takes `?project=SLUG` (or an `X-Goodhart-Project` header): a key of another project is then refused with a 403 instead of acting on its own.",
    },
    servers: [{ url: "/api/v1" }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "a project API key (Settings, or `goodhart api-key create`)" } },
      schemas,
    },
    paths,
  };
}

function toOperation(operation: ApiOperation, components: SchemaComponents) {
  const operationId = `${operation.method}${operation.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(\w)?/g, (_match, next: string | undefined) => (next ?? "").toUpperCase())}`;
  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const queryParameters = operation.query
    ? Object.entries(operation.query.shape).map(([name, schema]) => toQueryParameter(name, schema as z.ZodType, `${operationId}_${name}`, components))
    : [];
  const headerParameters = operation.headers
    ? Object.entries(operation.headers.shape).map(([name, schema]) => ({ ...toQueryParameter(name, schema as z.ZodType, `${operationId}_${name}`, components), in: "header" }))
    : [];
  const parameters = [...pathParameters, ...queryParameters, ...headerParameters];
  const errors = Object.fromEntries(
    [
      ["400", "the input is invalid: the message and details say what and where"],
      ...(operation.isPublic
        ? []
        : [
            ["401", "no valid API key"],
            ["403", "the key may not do this"],
          ]),
      ...(pathParameters.length > 0 ? [["404", "no such object in the key's project"]] : []),
      ...(operation.body ? [["413", `the body is over its limit of ${formatBytes(operation.maxBodyBytes!)} (${operation.maxBodyBytes} bytes), by its Content-Length before it is read or by the bytes sent`]] : []),
      ...(operation.body ? [["408", "the body stalled: no byte arrived for GOODHART_BODY_IDLE_SECONDS (30 s unless the operator set it)"]] : []),
      ...Object.entries(operation.answers ?? {}).filter(([status]) => !status.startsWith("2")),
      ...(operation.isPublic ? [] : [["503", "the database is busy: nothing was stored; send it again after Retry-After seconds"]]),
    ].map(([status, description]) => [status, { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }]),
  );
  return {
    operationId,
    summary: operation.summary,
    tags: [operation.tag],
    ...(operation.isPublic ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            ...toRequestBody(operation.body, `${operationId}_body`, components),
            required: !operation.isBodyOptional,
            "x-body-limit": operation.maxBodyBytes,
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        [
          [String(operation.success.status), operation.success.description],
          ...Object.entries(operation.answers ?? {}).filter(([status]) => status.startsWith("2")),
        ].map(([status, description]) => [
          status,
          { description, content: { [operation.success.mediaType ?? "application/json"]: { schema: toAnswerSchema(operation, operationId, components) } } },
        ]),
      ),
      ...errors,
    },
  };
}

/** The success answer's schema (shared by a 200 beside a 201: the same object, found or made), or `{}` where none is written yet. */
function toAnswerSchema(operation: ApiOperation, operationId: string, components: SchemaComponents) {
  return operation.success.schema ? toJsonSchema(operation.success.schema, `${operationId}_answer`, components, "output") : {};
}

/** A query (or, with `in` replaced, header) parameter from its zod schema. */
function toQueryParameter(name: string, schema: z.ZodType, prefix: string, components: SchemaComponents) {
  const json = toJsonSchema(schema, prefix, components);
  const isOptional = schema.safeParse(undefined).success;
  return { name, in: "query", required: !isOptional, ...(typeof json.description === "string" ? { description: json.description } : {}), schema: json };
}

function toRequestBody(body: NonNullable<ApiOperation["body"]>, prefix: string, components: SchemaComponents) {
  if ("raw" in body) return { required: true, description: body.description, content: Object.fromEntries(body.raw.map((type) => [type, { schema: {} }])) };
  return { required: true, content: { "application/json": { schema: toJsonSchema(body, prefix, components) } } };
}
