-- The /traces filter "has an open edge case", newest first (lib/traces/list-traces.ts). The index
-- on (projectId, openEdgeCases) gave the matching traces in no useful order, so every request read
-- all of them and sorted (50,000 at 1,000,000 traces). This one holds only the traces with an open
-- case, in the list's order, and covers the filter itself, so the page and its capped count read
-- just the entries they return. Only syncOpenEdgeCases writes openEdgeCases, and a trace enters or
-- leaves the index only when its count crosses zero.
-- Not in schema.prisma: Prisma's schema cannot state a partial index.
DROP INDEX "Trace_projectId_openEdgeCases_idx";

CREATE INDEX "Trace_open_edge_case_createdAt_idx" ON "Trace"("projectId", "createdAt", "id", "openEdgeCases") WHERE "openEdgeCases" > 0;
