/** Turns a better-auth client error into the sentence shown under the toast title. */
export function authErrorMessage(
  error: { message?: string; code?: string; status?: number } | null | undefined,
): string {
  if (!error) return "Something went wrong. Please try again.";
  // The server says how long to wait (per address or per account).
  if (error.status === 429) return error.message || "Too many attempts. Please wait a minute and try again.";
  if (error.code === "EMAIL_NOT_VERIFIED") {
    return "Your email address is not confirmed yet. We sent you a new confirmation link.";
  }
  return error.message || "Something went wrong. Please try again.";
}
