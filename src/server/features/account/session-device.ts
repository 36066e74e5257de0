// A session's device as people name it ("Chrome 131 on macOS"), from its user
// agent, by bowser (a maintained parser: the user-agent zoo is not ours to keep).
import Bowser from "bowser";

export const UNKNOWN_DEVICE = "Unknown device";

export function sessionDevice(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(userAgent.slice(0, 1000));
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split(".")[0]}` : ""}`
    : "";
  const os = parsed.os.name ?? "";
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || UNKNOWN_DEVICE;
}
