// The Webhooks card on the Settings page: what webhooks are, and the way to
// their own screen (Settings › Webhooks).
import { Webhook } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

export function WebhooksLink() {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>Webhooks</h2>
        </CardTitle>
        <CardDescription>
          Signed HTTP requests to your own systems when emails are sent, opened, clicked, bounced or replied to,
          contacts unsubscribe, meetings are booked and more.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/settings/webhooks">
            <Webhook aria-hidden /> Manage webhooks
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
