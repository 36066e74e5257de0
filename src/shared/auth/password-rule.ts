// The password rule, one for sign-up, password reset and change password: the
// server (better-auth's min/max length) and the forms say the same.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** How long a password reset link is valid: one hour. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

export const passwordMessages = {
  hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  required: "Enter a password.",
  mismatch: "The passwords do not match.",
};

/** What is wrong with a new password, or null when it passes the rule. */
export function passwordProblem(password: string): string | null {
  if (!password) return passwordMessages.required;
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  return null;
}
