// The verification API (spec part 2 §7 verify-email-simple, csv-uploads). Its
// routes are built beside this screen, so they are called with plain fetch and
// the shared contract's types rather than the typed client (switch to
// api.verification once the routes are in AppType).
import type { Verification, VerificationList, VerificationStats } from "#shared/verification/verification.schemas.ts";
import { unwrap } from "#web/lib/api-client.ts";

const base = "/api/verification";

async function send<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${base}${path}`, { credentials: "same-origin", ...init });
  return unwrap<T>(response as Response & { json(): Promise<T> });
}

const postJson = <T>(path: string, body: unknown) =>
  send<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export const verificationApi = {
  verifyOne: (email: string) => postJson<Verification>("/verify", { email }),
  verifyBulk: (emails: string[]) => postJson<VerificationList>("/bulk", { emails }),
  verifyCsv: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return send<VerificationList>("/csv", { method: "POST", body: form });
  },
  list: () => send<VerificationList>("", { method: "GET" }),
  stats: () => send<VerificationStats>("/stats", { method: "GET" }),
};
