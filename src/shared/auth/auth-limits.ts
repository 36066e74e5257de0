// What a refused sign-in (or sign-up, reset, confirmation) says, on the server's
// 429 and in the toast of the sign-in page.

export const authLimitMessages = {
  /** Too many attempts from one network address (every account behind it). */
  address: (seconds: number) => `Too many attempts from your network. Please wait ${waitText(seconds)} and try again.`,
  /** Too many attempts for one account: a growing delay, never a lockout. */
  account: (seconds: number) => `Too many attempts for this account. Please wait ${waitText(seconds)} and try again.`,
};

/** "1 second", "45 seconds", "2 minutes" (rounded up: the wait is never shorter than said). */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
