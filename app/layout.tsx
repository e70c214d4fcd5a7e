import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { QueryProvider } from "@/components/layout/query-provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Goodhart", template: "%s · Goodhart" },
  description: "Reward signal for agent RL, with humans in the loop where it matters.",
  icons: { icon: [{ url: "/favicon.svg", type: "image/svg+xml" }, { url: "/favicon.ico", sizes: "32x32" }] },
};

// Every page renders per request: its scripts carry that request's CSP nonce (see proxy.ts).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body>
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
