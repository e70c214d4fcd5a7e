// Integration tests call server actions outside a Next.js request, where revalidatePath has no
// cache to revalidate and throws; there it does nothing. (vitest.config.ts, setupFiles)
import { vi } from "vitest";

vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
