// A route's error element. The usual cause is a chunk that cannot be fetched:
// a deploy replaced the app's files while this tab still runs the old version
// (or the network dropped). Reloading fetches the current index.html and its
// chunks; re-importing the same URL would not help, as the browser remembers
// a module that failed to load.
import { AlertTriangle, RotateCcw } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "./ui/button.tsx";

/** The messages browsers (and Vite's preload helper) give a module or stylesheet that failed to load. */
const chunkLoadFailure =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch|NetworkError/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && chunkLoadFailure.test(error.message);
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <AlertTriangle className="size-8 text-destructive" aria-hidden />
      <h1 className="font-semibold text-xl">{chunk ? "This page could not be loaded" : "Something went wrong"}</h1>
      <p className="text-muted-foreground text-sm">
        {chunk
          ? "Coldreach may have been updated, or the connection dropped. Retry to load the current version."
          : "This page failed to display."}
      </p>
      {!chunk && (
        <details className="w-full rounded-md bg-muted p-3 text-left text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words text-muted-foreground text-xs">{describe(error)}</pre>
        </details>
      )}
      <Button onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden /> {chunk ? "Retry" : "Try Again"}
      </Button>
    </div>
  );
}
