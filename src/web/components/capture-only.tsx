import { Outlet } from "react-router";
import { useAppInfo } from "#web/features/app-info/use-app-info.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/** /outbox exists only in capture mode; in live mode it is the 404 page. */
export function CaptureOnly() {
  const info = useAppInfo();
  if (info.isPending) return <FullPageSpinner label="Loading..." />;
  return info.data?.mailDelivery === "capture" ? <Outlet /> : <NotFoundPage />;
}
