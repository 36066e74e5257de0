// A session's token is the secret its httpOnly cookie carries; better-auth
// also puts it in the JSON of /get-session and /list-sessions, where any
// script on the page (an injected one too) could read it, and takes it back
// in /revoke-session. The app needs neither: the session list and signing a
// session out are /api/account/sessions, by session id and scoped to the
// user. So the token-taking and token-listing calls are not served, and the
// token is left out of what /get-session answers.

/** better-auth's calls (under /api/auth) that list sessions with their tokens or end one by its token. */
const NOT_SERVED = new Set(["/list-sessions", "/revoke-session", "/revoke-sessions", "/revoke-other-sessions"]);

export function servedAuthPath(path: string): boolean {
  return !NOT_SERVED.has(path.replace(/^\/api\/auth/, "").replace(/\/+$/, ""));
}

/** /get-session's answer without `session.token`; every other answer as it is. */
export async function withoutSessionToken(path: string, res: Response): Promise<Response> {
  if (path !== "/api/auth/get-session" || !res.ok) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: res.status, headers: res.headers });
  }
  const session = (body as { session?: Record<string, unknown> } | null)?.session;
  if (session && typeof session === "object") delete session.token;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
