import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/layout/login-form";
import { safeReturnPath } from "@/lib/auth/safe-return-path";
import { auth } from "@/lib/next/auth";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string; next?: string }> }) {
  const session = await auth();
  const { error, next } = await searchParams;
  const returnPath = safeReturnPath(next);
  if (session?.user?.id && error !== "not-a-member") redirect(returnPath);
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-xl font-semibold">Sign in to Goodhart</h1>
      {error === "not-a-member" ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Your account is not a member of this project. Ask an admin to add you.
        </p>
      ) : null}
      <LoginForm returnPath={returnPath} />
      <p className="mt-6 text-xs text-slate-500">
        First start without GOODHART_ADMIN_EMAIL? The demo admin&apos;s password is in <code>data/admin-password.txt</code>.
      </p>
    </main>
  );
}
