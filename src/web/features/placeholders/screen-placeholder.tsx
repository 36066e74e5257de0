import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "#web/components/page-header.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";

/**
 * A screen whose feature lands in a later release: its title and one sentence
 * on what it will hold, and nothing that pretends to work.
 */
export function ScreenPlaceholder(props: { title: string; subtitle?: string; holds: string; actions?: ReactNode }) {
  const { title, subtitle, holds, actions } = props;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <Card>
        <CardContent className="flex items-start gap-3 py-6 text-muted-foreground">
          <Construction className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{holds}</p>
        </CardContent>
      </Card>
    </>
  );
}
