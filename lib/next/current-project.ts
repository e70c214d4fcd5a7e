import "server-only";
import { cookies } from "next/headers";
import { defaultProjectSlug } from "../projects/find-project";

export const projectCookie = "goodhart-project";

export async function currentProjectSlug(): Promise<string> {
  return (await cookies()).get(projectCookie)?.value || defaultProjectSlug;
}
