// Loading states while a route's chunk (every screen is its own) arrives.
import { Outlet, useNavigation } from "react-router";
import { FullPageSpinner } from "./full-page-spinner.tsx";
import { Spinner } from "./ui/spinner.tsx";

/** The first load: nothing is on screen yet, so the whole page says it is loading. */
export function RouteHydrateFallback() {
  return <FullPageSpinner label="Loading..." />;
}

/**
 * The root route: the matched page, and while a navigation waits for the next
 * page's chunk (the current page stays until it arrives) a spinner in the corner,
 * so a click on a slow network visibly did something.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === "loading" && (
        <div className="pointer-events-none fixed top-3 right-3 z-50 rounded-md border bg-background px-3 py-2 shadow-md">
          <Spinner label="Loading..." />
        </div>
      )}
    </>
  );
}
