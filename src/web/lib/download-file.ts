// A file the server builds (a CSV export), fetched with the session and saved
// under the name the server gives it (Content-Disposition), else `fallbackName`.
import { ApiError, unwrap } from "./api-error.ts";

export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) await unwrap(response);
  const blob = await response.blob();
  if (blob.size === 0) throw new ApiError(response.status, "empty", "The export was empty");
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
