"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const intervalMs = 1500;

/** Rendered while a hack's check is being induced: re-renders the page until the hacks.induce job has written its figures. */
export function RefreshWhileMeasuring() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
