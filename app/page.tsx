import { redirect } from "next/navigation";
import { auth } from "@/lib/next/auth";

// The review queue is the landing page after sign-in.
export default async function Home() {
  const session = await auth();
  redirect(session?.user?.id ? "/review" : "/login");
}
