"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";
import type { UploadedDocument } from "@/lib/tasks/upload-document";

const readableTypes = new Set(["text/plain", "text/markdown", "text/html"]);

/** Sends a picked file (as base64, so its bytes reach the server unchanged) or pasted text; the server stores it and queues its mining. */
export function useAddDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, file, text }: { name: string; file?: File; text?: string }) => {
      const body = file
        ? { name, base64: await toBase64(file), source: file.name, ...(readableTypes.has(file.type) || file.type === "application/pdf" ? { contentType: file.type } : {}) }
        : { name, text: text ?? "" };
      return fetchJson<UploadedDocument>("/api/documents", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["jobs"] }),
  });
}

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
