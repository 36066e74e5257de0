import { useState } from "react";
import { PageHeader } from "#web/components/page-header.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { authClient } from "#web/lib/auth-client.ts";

type StorageReport = { localStorage: string[]; sessionStorage: string[]; sessionCookieReadable: boolean };

function readStorage(): StorageReport {
  const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i) ?? "").filter(Boolean);
  return {
    localStorage: keys(window.localStorage),
    sessionStorage: keys(window.sessionStorage),
    // The session cookie is httpOnly, so scripts should never see it.
    sessionCookieReadable: document.cookie.includes("session_token"),
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b py-2 last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function DebugPage() {
  const session = authClient.useSession();
  const [report, setReport] = useState<StorageReport | null>(null);
  const [clearing, setClearing] = useState(false);
  const expires = session.data?.session.expiresAt ? new Date(session.data.session.expiresAt) : null;

  async function clearAuthData() {
    setClearing(true);
    // Ends the server session (the cookie is httpOnly) and drops local caches.
    await authClient.signOut().catch(() => undefined);
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.location.reload();
  }

  return (
    <>
      <PageHeader title="Session Debugger" subtitle="Inspect the current sign-in session" />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Session</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Loading">{session.isPending ? "Yes" : "No"}</Row>
              <Row label="User email">{session.data?.user.email ?? "None"}</Row>
              <Row label="Session active">
                {session.data ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">No session</Badge>}
              </Row>
              <Row label="Expires">{expires ? expires.toLocaleString() : "Unknown"}</Row>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Stored auth data</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setReport(readStorage())}>
                Check Storage
              </Button>
              <Button variant="destructive" onClick={() => void clearAuthData()} disabled={clearing}>
                Clear Auth Data
              </Button>
            </div>
            {report && (
              <dl aria-label="Storage report">
                <Row label="localStorage keys">{report.localStorage.join(", ") || "None"}</Row>
                <Row label="sessionStorage keys">{report.sessionStorage.join(", ") || "None"}</Row>
                <Row label="Session cookie readable by scripts">
                  {report.sessionCookieReadable ? "Yes" : "No (httpOnly)"}
                </Row>
              </dl>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
