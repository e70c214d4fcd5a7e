-- Free text on /traces (lib/traces/find-text-page-on-postgres.ts): a trigram index answers
-- "content ILIKE '%text%'", so a text few steps hold is found from the index instead of by reading
-- the steps of the whole search window. pg_trgm is a trusted extension (PostgreSQL 13 and later):
-- the database's owner, or a role with CREATE on it, creates it without superuser rights.
-- Not in schema.prisma: Prisma's schema cannot name an operator class on both providers. SQLite
-- has no counterpart (its search reads the window's steps).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS "TraceStep_content_trgm_idx" ON "TraceStep" USING gin ("content" gin_trgm_ops);
