// Campaign Overview, Contact Management and Email Performance (docs/product.md §3.1).
import { BarChart3, Mail, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { DashboardSummary } from "#shared/dashboard/dashboard.schemas.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Figure } from "../../components/figure.tsx";

const number = new Intl.NumberFormat("en-US");
const n = (value: number) => number.format(value);

function FigureCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="flex items-center gap-2 text-base">
          {icon}
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">{children}</CardContent>
    </Card>
  );
}

export function DashboardFigures({ summary, loading }: { summary: DashboardSummary | undefined; loading: boolean }) {
  // On an error the figures show a dash; the page says why in a toast.
  const show = (pick: (s: DashboardSummary) => string) => (summary ? pick(summary) : "—");
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <FigureCard title="Campaign Overview" icon={<Mail className="size-4 text-primary" aria-hidden />}>
          <div className="grid grid-cols-2 gap-4">
            <Figure label="Total Campaigns" loading={loading} value={show((s) => n(s.totalCampaigns))} />
            <Figure label="Emails Sent" loading={loading} value={show((s) => n(s.emailsSent))} />
          </div>
        </FigureCard>
        <FigureCard title="Contact Management" icon={<Users className="size-4 text-primary" aria-hidden />}>
          <Figure
            label="Active Contacts"
            loading={loading}
            hinted
            value={show((s) => n(s.activeContacts))}
            hint={summary && `${n(summary.repliedContacts)} of them replied`}
          />
        </FigureCard>
      </div>
      <section aria-labelledby="email-performance-title" className="space-y-3">
        <h2 id="email-performance-title" className="flex items-center gap-2 font-semibold">
          <BarChart3 className="size-4 text-primary" aria-hidden /> Email Performance
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <Card className="py-5">
            <CardContent className="px-5">
              <Figure
                label="Open Rate"
                loading={loading}
                hinted
                value={show((s) => `${s.openRate}%`)}
                hint={summary && `${n(summary.openedEmails)} opened of ${n(summary.emailsSent)} sent`}
              />
            </CardContent>
          </Card>
          <Card className="py-5">
            <CardContent className="px-5">
              <Figure
                label="Reply Rate"
                loading={loading}
                hinted
                value={show((s) => `${s.replyRate}%`)}
                hint={summary && `${n(summary.repliedContacts)} of ${n(summary.activeContacts)} active contacts`}
              />
            </CardContent>
          </Card>
          <Card className="py-5">
            <CardContent className="px-5">
              <Figure
                label="Failure Rate"
                loading={loading}
                hinted
                value={show((s) => `${s.failureRate}%`)}
                hint={summary && `${n(summary.failedEmails)} failed of ${n(summary.totalEmails)} emails`}
              />
            </CardContent>
          </Card>
        </div>
      </section>
    </div>
  );
}
