// The theme on the pages with a session but without the signed-in app's data
// (/auth): signed out, the theme follows the system (theme-provider.tsx). It
// reads only the session, so /auth loads neither the API client nor TanStack
// Query; signed in, it says nothing and ThemeSync (the query layout, with the
// user's stored mode) decides, the cached mode staying until it does.
import { useEffect } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { useReportThemeAccount } from "./theme-provider.tsx";

const cannotSave = async () => {
  throw new Error("The theme can only be saved while signed in.");
};

export function SessionThemeSync() {
  const report = useReportThemeAccount("session");
  const session = authClient.useSession();
  const signedOut = !session.isPending && !session.data?.user;

  useEffect(() => {
    report(signedOut ? { settled: true, signedIn: false, storedMode: undefined, save: cannotSave } : null);
  }, [report, signedOut]);
  useEffect(() => () => report(null), [report]);
  return null;
}
