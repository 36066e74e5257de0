// Shown instead of the wizard when its draft's last Launch reached the server
// but the answer never reached this browser (a reload mid-request, a dropped
// connection): the campaign exists and is launched, so the way on is to open
// it, not to launch a second one.
import { ArrowLeft, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

export function LaunchedNotice(props: { name: string; onOpen: () => void; onStartNew: () => void }) {
  return (
    <div className="space-y-6">
      <Button variant="ghost" asChild className="-ml-3">
        <Link to="/campaigns-overview">
          <ArrowLeft aria-hidden /> Back to Campaigns
        </Link>
      </Button>
      <h1 className="font-semibold text-2xl tracking-tight">Create Campaign</h1>
      <Card role="region" aria-labelledby="launched-title">
        <CardHeader>
          <CardTitle>
            <h2 id="launched-title" className="flex items-center gap-2 text-base">
              <CircleCheck className="size-5 shrink-0 text-success" aria-hidden />
              This campaign was launched (the answer did not reach this browser).
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 text-sm">
          <p className="text-muted-foreground">
            {props.name ? `"${props.name}" is` : "It is"} stored and its emails are queued. Open it to follow it.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={props.onOpen}>Open campaign</Button>
            <Button variant="outline" onClick={props.onStartNew}>
              Start a new campaign
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
