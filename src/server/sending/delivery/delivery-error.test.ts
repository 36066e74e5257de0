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

describe("deliveryErrorFromSmtp: what the peer sent", () => {
  it("never quotes a greeting that is not SMTP (the peer is some other service)", () => {
    const banner = "SSH-2.0-OpenSSH_9.6 build-4711";
    const error = deliveryErrorFromSmtp(
      nodemailerError(`Invalid greeting. response=${banner}: ${banner}`, {
        code: "EPROTOCOL",
        response: banner,
        command: "CONN",
      }),
      target,
    );
    expect(error.message).toBe(
      "The server at smtp.example.test:587 is not an SMTP server (it did not greet as one). Check the host and port.",
    );
  });

  it("quotes an SMTP server's refusal of a recipient", () => {
    const reply = "550 5.1.1 <x@y.test>: Recipient address rejected";
    const error = deliveryErrorFromSmtp(
      nodemailerError(`Can't send mail - all recipients were rejected: ${reply}`, {
        code: "EENVELOPE",
        response: reply,
        responseCode: 550,
        command: "RCPT TO",
        rejected: ["x@y.test"],
      }),
      target,
    );
    expect(error.message).toBe(`The server refused the recipient x@y.test: "${reply}"`);
  });
});
