/** A non-2xx answer: the server's message, and its details (what and where) for the view that lists them. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: unknown[],
  ) {
    super(message);
    this.name = "RequestError";
  }
}

/** The app's JSON requests from client components: a non-2xx answer throws a RequestError with the server's message. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new RequestError(body?.error?.message ?? `Request failed (${response.status})`, response.status, Array.isArray(body?.error?.details) ? body.error.details : []);
  return body as T;
}
