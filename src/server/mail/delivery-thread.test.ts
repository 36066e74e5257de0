// The delivery thread over real SMTP: messages go out from the worker thread,
// failures come back as the same DeliveryErrors, and a thread that stops under
// a delivery in flight reports it as unknown (never retried), then serves the
// next delivery from a new thread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../tests/support/smtp-sink.ts";
import { DeliveryError, type OutgoingMessage } from "../sending/outgoing.ts";
import { createDeliveryThread, type DeliveryThread } from "./delivery-thread.ts";

function message(to: string): OutgoingMessage {
  return {
    from: { name: "Jane Smith", address: "jane@acme.test" },
    to,
    subject: `Hello ${to}`,
    html: "<p>Hi</p>",
    text: "Hi\n",
    messageId: `<${Math.random().toString(36).slice(2)}@acme.test>`,
    headers: { "List-Unsubscribe": "<https://app.test/u/1>" },
  };
}

let sink: SmtpSink;
let thread: DeliveryThread;
beforeAll(async () => {
  sink = await startSmtpSink();
  thread = createDeliveryThread();
});
afterAll(async () => {
  await thread?.terminate();
  await sink?.close();
});

const transportOf = () =>
  thread.smtpTransport({
    smtp: { host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true, socketTimeout: 10_000 },
    pool: { maxConnections: 2, maxMessages: 100 },
    // The sink is on loopback.
    addressPolicy: { allowPrivate: true },
  });

describe("delivery thread", () => {
  it("delivers messages as rendered, with the server's answer", async () => {
    sink.reset();
    const transport = transportOf();
    const results = await Promise.all(["a@x.test", "b@x.test", "c@x.test"].map((to) => transport.deliver(message(to))));
    expect(results.every((r) => r.response.startsWith("250"))).toBe(true);
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual(["a@x.test", "b@x.test", "c@x.test"]);
    expect(sink.messagesTo("a@x.test")[0]?.header("List-Unsubscribe")).toBe("<https://app.test/u/1>");
    transport.close();
  });

  it("returns a refusal as the DeliveryError the main thread would have made", async () => {
    sink.reset();
    sink.addFault(smtpFaults.rejectRecipient("gone@x.test"));
    const transport = transportOf();
    const error = await transport.deliver(message("gone@x.test")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({
      category: "invalid_address",
      permanent: true,
      details: { responseCode: 550, enhancedCode: "5.1.1" },
    });
    transport.close();
  });

  it("fails a delivery in flight as unknown when the thread stops, then delivers from a new thread", async () => {
    sink.reset();
    sink.addFault(smtpFaults.delay(2_000, { stage: "data", times: 1 }));
    const transport = transportOf();
    const inFlight = transport.deliver(message("slow@x.test")).catch((e: unknown) => e);
    await expect.poll(() => sink.events.length, { timeout: 5_000 }).toBe(1);
    await thread.restart();
    const error = await inFlight;
    expect(error).toBeInstanceOf(DeliveryError);
    // ECONNECTION without a reply: the engine fails it as unknown instead of sending it again.
    expect(error).toMatchObject({
      category: "network",
      permanent: false,
      details: { code: "ECONNECTION", lostMidSession: true },
    });
    expect((error as DeliveryError).details.responseCode).toBeUndefined();

    const after = await transport.deliver(message("after@x.test"));
    expect(after.response).toMatch(/^250/);
    expect(sink.messagesTo("after@x.test")).toHaveLength(1);
    transport.close();
  });

  it("refuses a delivery on a closed transport without sending", async () => {
    sink.reset();
    const transport = transportOf();
    transport.close();
    const error = await transport.deliver(message("closed@x.test")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(sink.messages).toEqual([]);
  });
});
