// What Forgot password, the reset page and Settings › Account say (the README's
// auth section quotes them). No zod here: /auth imports these, and zod loads
// after its first paint.

export const accountMessages = {
  sessionNotFound: "Session not found",
  currentSession: "This is the session you are using: sign out from the menu instead.",
  /** Forgot password: the one answer for every address (the README's auth section quotes it). */
  resetRequested:
    "If an account exists for that address, we sent a link to reset its password. The link works once, for an hour.",
  resetDone: "Your password was changed. Sign in with your new password.",
  resetLinkInvalid: "This link has expired or was already used. Ask for a new one.",
  passwordChanged: "Password changed. Your other sessions were signed out.",
  currentPasswordRequired: "Enter your current password.",
  currentPasswordWrong: "Your current password is not right.",
  sessionSignedOut: "Session signed out.",
  othersSignedOut: "Signed out everywhere else.",
};
