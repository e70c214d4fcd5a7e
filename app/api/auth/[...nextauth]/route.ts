// next-auth's own endpoints: csrf, callback (sign in), signout, session.
import { handlers } from "@/lib/next/auth";

export const { GET, POST } = handlers;
