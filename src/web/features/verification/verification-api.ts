// The verification API (docs/product.md §13),
// through the typed client; the CSV upload is a multipart form, which the
// route reads itself (it declares no body), so it goes with fetch.
import type { VerificationList } from "#shared/verification/verification.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const verificationApi = {
  verifyOne: async (email: string) => unwrap(await api.verification.verify.$post({ json: { email } })),
  verifyBulk: async (emails: string[]) => unwrap(await api.verification.bulk.$post({ json: { emails } })),
  verifyCsv: async (file: File) => {
    const form = new FormData();
    form.append("file", file);
    const response = await fetch("/api/verification/csv", { method: "POST", credentials: "same-origin", body: form });
    return unwrap(response as Response & { json(): Promise<VerificationList> });
  },
  list: async () => unwrap(await api.verification.$get()),
  stats: async () => unwrap(await api.verification.stats.$get()),
};
