// Catches a render error below it so one broken piece (a corrupted step, a
// template with odd data) does not blank the whole wizard.
import { AlertTriangle, RotateCcw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

type Props = {
  children: ReactNode;
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** Where the error happened, for the console. */
  name: string;
};

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`${this.props.name} crashed`, error, info.componentStack);
  }

  reset = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** The spec's crash card: 'Something went wrong', Try Again, and the error details. */
export function SomethingWentWrong({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Card role="alert" className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <AlertTriangle className="size-5" aria-hidden /> Something went wrong
        </CardTitle>
        <CardDescription>This part of the page failed to display. Your work so far is kept.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <details className="rounded-md bg-muted p-3 text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-muted-foreground text-xs">{error.message}</pre>
        </details>
        <Button variant="outline" onClick={onRetry}>
          <RotateCcw aria-hidden /> Try Again
        </Button>
      </CardContent>
    </Card>
  );
}
