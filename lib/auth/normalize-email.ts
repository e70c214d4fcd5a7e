/** The one spelling of an email that accounts are stored, looked up and throttled under. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
