import "server-only";
import { cookies } from "next/headers";
import { defaultProjectSlug } from "../projects/find-project";
import { projectCookie } from "./project-cookie";

/** The project the user chose (the switcher sets it); a project they are not in falls back in findCurrentMembership. */
export async function currentProjectSlug(): Promise<string> {
  return (await cookies()).get(projectCookie)?.value || defaultProjectSlug;
}

export async function chooseProject(slug: string): Promise<void> {
  (await cookies()).set(projectCookie, slug, { httpOnly: true, sameSite: "lax", path: "/", maxAge: 365 * 24 * 3600 });
}
