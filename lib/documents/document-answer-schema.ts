import { z } from "zod";

/** POST /api/v1/documents: the document stored (201) or found by its text (200), and its mining job. */
export const uploadedDocumentAnswerSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  contentHash: z.string().describe("the hash of the text: the same text is the same document"),
  contentType: z.string().describe("the type the text was read from (text/plain, text/markdown, text/html, application/pdf)"),
  source: z.string().nullable(),
  chars: z.number().int().describe("the length of the stored text"),
  created: z.boolean().describe("stored by this request (201), or the same text was there (200)"),
  miningJobId: z.string().nullable().describe("the job mining its tasks (GET /jobs/{id}); null when mine was false"),
});
export type UploadedDocumentAnswer = z.infer<typeof uploadedDocumentAnswerSchema>;
