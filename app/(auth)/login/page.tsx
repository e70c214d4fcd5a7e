import path from "node:path";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/layout/login-form";
import { safeReturnPath } from "@/lib/auth/safe-return-path";
import { auth } from "@/lib/next/auth";
import { dataDir } from "@/lib/setup/data-dir";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string; next?: string }> }) {
  const session = await auth();
  const { error, next } = await searchParams;
  const returnPath = safeReturnPath(next);
  // Where start-up wrote it: GOODHART_DATA_DIR moves it out of ./data.
  const passwordPath = path.join(dataDir(), "admin-password.txt");
  const passwordFile = path.relative(process.cwd(), passwordPath).startsWith("..") ? passwordPath : path.relative(process.cwd(), passwordPath);
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
        First start without GOODHART_ADMIN_EMAIL? The demo admin&apos;s password is in <code>{passwordFile}</code>.
      </p>
    </main>
  );
}
