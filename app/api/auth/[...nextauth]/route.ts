// next-auth's own endpoints: csrf, callback (sign in), signout, session.
import { handlers } from "@/lib/next/auth";
import { otherMethodsRefused } from "@/lib/next/other-methods-refused";

export const { GET, POST } = handlers;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethodsRefused("GET", "POST");
