// next-auth's own endpoints: csrf, callback (sign in), signout, session.
import { handlers } from "@/lib/next/auth";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const { GET, POST } = handlers;

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("GET", "POST");
