// The session and the app info are the first things every page with a session
// asks for, but the code that asks (the session store, the app info store)
// arrives with the route chunks, and the session gates the whole signed-in app.
// Asked here, as the entry runs, the answers come while those chunks load
// instead of after them, and the app shell renders once, with the capture banner
// already known (it used to push the page down when it came: a layout shift).
// The public booking pages have no session and skip this.

const early = new Map<string, Promise<Response>>();

/** Paths asked for early, with the request each store would make itself. */
const requests: Record<string, RequestInit> = {
  "/api/auth/get-session": { credentials: "same-origin" },
  "/api/app-info": { credentials: "same-origin", headers: { accept: "application/json" } },
};

export function startEarlyRequests(pathname: string) {
  if (pathname.startsWith("/schedule/")) return;
  for (const [path, init] of Object.entries(requests)) {
    const response = fetch(path, init);
    // Nobody may take it (a page without a session store): a failure is then nobody's.
    response.catch(() => {});
    early.set(path, response);
  }
}

/** The early request for `path`, once: a second read (a retry, a refetch) asks the server again. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response;
}
