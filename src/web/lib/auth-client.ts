import { inferAdditionalFields } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

// Same origin as the SPA: the server mounts better-auth at /api/auth and keeps
// the session in an httpOnly cookie, so nothing about it is readable from JS.
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [inferAdditionalFields({ user: { fullName: { type: "string", required: false } } })],
});

export type AuthSession = typeof authClient.$Infer.Session;
