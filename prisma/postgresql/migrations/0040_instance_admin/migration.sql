-- AlterTable
ALTER TABLE "User" ADD COLUMN "isInstanceAdmin" BOOLEAN NOT NULL DEFAULT false;

-- The first admin of an existing install (the oldest admin of the default project) is its instance admin.
UPDATE "User" SET "isInstanceAdmin" = true WHERE "id" = (
  SELECT m."userId" FROM "Member" m JOIN "Project" p ON p."id" = m."projectId"
  WHERE p."slug" = 'default' AND m."role" = 'admin' ORDER BY m."createdAt" ASC LIMIT 1
);
