import { z } from "zod";

/** The forms a document is uploaded in (a PDF as base64: its text layer is read with pdf.js). */
export const documentContentTypes = ["text/plain", "text/markdown", "text/html", "application/pdf"] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];

/** A document body for POST /api/v1/documents, the web dialog and the CLI: the text, or the file's bytes in base64. */
export const documentInputSchema = z
  .object({
    name: z.string().trim().min(1).max(500),
    contentType: z.string().trim().toLowerCase().optional(),
    text: z.string().optional(),
    base64: z.string().optional(),
    source: z.string().trim().min(1).max(2000).optional(),
    /** Queue a tasks.mine-document job for it (the default). */
    mine: z.boolean().default(true),
  })
  .strict()
  .superRefine((input, context) => {
    if ((input.text === undefined) === (input.base64 === undefined)) {
      context.addIssue({ code: "custom", path: input.text === undefined ? ["text"] : ["base64"], message: "send exactly one of text or base64" });
    }
  });
export type DocumentInput = z.infer<typeof documentInputSchema>;

/** Largest document body accepted: a 16 MiB file in base64 plus the JSON around it. */
export const MAX_DOCUMENT_BODY_BYTES = 24 * 1024 * 1024;
