"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const intervalMs = 1500;

/** Rendered while a job the page shows is working (a hack's check being induced, a red-team run): re-renders the page until the job has written its result. */
export function RefreshWhileMeasuring() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), intervalMs);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
