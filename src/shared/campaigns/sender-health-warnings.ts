// The launch review's warnings about the chosen senders' health
// (docs/decisions/032-sender-health.md). Warnings, not issues: they never
// disable Launch. An At risk sender still sends, so the review says why it is
// at risk; a paused one sends nothing until it is resumed, and its emails in
// the new campaign wait for it (nothing is dropped), so the review says that.
import type { SenderHealth } from "../senders/sender-health.schemas.ts";
import { domainChecksReason } from "../senders/sender-health.ts";

type Health = Pick<SenderHealth, "address" | "badge" | "reasons" | "paused" | "domain">;

/** One warning per chosen sender that is At risk or Paused, in the order chosen. */
export function senderHealthWarnings(emails: readonly string[], health: readonly Health[]): string[] {
  const byAddress = new Map(health.map((h) => [h.address, h]));
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (const email of emails) {
    const address = email.trim().toLowerCase();
    const h = byAddress.get(address);
    if (!h || seen.has(address)) continue;
    seen.add(address);
    if (h.badge === "paused") {
      const detail = h.paused?.detail ? `: ${h.paused.detail}` : "";
      const failing = h.domain.checks ? domainChecksReason({ name: h.domain.name, ...h.domain.checks }, "fail") : null;
      warnings.push(
        `${email} is paused by bounce protection${detail}. Its emails in this campaign wait until you resume it in Senders.` +
          (failing ? ` ${failing}.` : ""),
      );
    } else if (h.badge === "at_risk") {
      warnings.push(`${email} is At risk: ${h.reasons.join("; ")}. Launching still sends from it.`);
    }
  }
  return warnings;
}
