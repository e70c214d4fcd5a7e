import { z } from "zod";

export const roleSchema = z.enum(["viewer", "reviewer", "admin"]);
export type Role = z.infer<typeof roleSchema>;

const rank: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

/** Roles are ordered: an admin may do all a reviewer may, a reviewer all a viewer may. */
export function hasRole(actual: Role, needed: Role): boolean {
  return rank[actual] >= rank[needed];
}

export function parseRole(value: string): Role {
  return roleSchema.parse(value);
}
