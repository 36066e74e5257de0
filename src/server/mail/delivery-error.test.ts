// Which lost connections may have delivered the message (never retried) and
// which certainly did not (retried): the distinction the at-most-once rule of
// the engine rests on (attempt-send.ts: mayHaveBeenAccepted).
import { describe, expect, it } from "vitest";
import { deliveryErrorFromSmtp } from "./delivery-error.ts";

const target = { host: "smtp.example.test", port: 587 };
const nodemailerError = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

describe("deliveryErrorFromSmtp: lost mid-session", () => {
  it.each([
    ["the server closed the session without a reply", { code: "ECONNECTION" }],
    ["a reset while the message was being written", { code: "ESOCKET", syscall: "write", errno: -104 }],
    ["a reset while waiting for the reply", { code: "ESOCKET", syscall: "read", errno: -104 }],
  ])("%s: may have been accepted", (_, props) => {
    const error = deliveryErrorFromSmtp(nodemailerError("lost", props), target);
    expect(error.details.lostMidSession).toBe(true);
    expect(error.permanent).toBe(false);
  });

  it.each([
    ["a refused connection", { code: "ESOCKET", syscall: "connect", errno: -111 }],
    ["a connect timeout", { code: "ETIMEDOUT" }],
    ["a DNS failure", { code: "EDNS" }],
    [
      "a reply, even after a reset",
      { code: "EENVELOPE", syscall: "read", responseCode: 421, response: "421 4.7.0 Bye" },
    ],
  ])("%s: certainly not delivered", (_, props) => {
    expect(deliveryErrorFromSmtp(nodemailerError("failed", props), target).details.lostMidSession).toBe(false);
  });
});
