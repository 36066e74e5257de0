// The delivery thread over real SMTP: messages go out from the worker thread,
// failures come back as the same DeliveryErrors, and a thread that stops under
// a delivery in flight reports it as unknown (never retried), then serves the
// next delivery from a new thread.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { DeliveryError, type HandOff, type OutgoingMessage } from "../outgoing.ts";
import { createDeliveryThread, type DeliveryThread } from "./delivery-thread.ts";
import { readOtherJournals } from "./hand-off-journal.ts";

/** A hand-off recorded by the test's `confirm` (the engine's database write stands in). */
const gate = (confirm: () => Promise<void>, key = "k"): HandOff => ({ key, confirm, journaled: () => {} });

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
  it("prepare starts the thread ahead of the first delivery and resolves once it is loaded", async () => {
    const own = createDeliveryThread();
    try {
      let ready = false;
      const preparing = own.prepare().then(() => {
        ready = true;
      });
      // The thread is still loading its code: not ready within the same turn.
      await Promise.resolve();
      expect(ready).toBe(false);
      await preparing;
      // Prepared already: resolves at once, on the same thread.
      await own.prepare();
      const transport = own.smtpTransport({
        smtp: { host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true, socketTimeout: 10_000 },
        pool: { maxConnections: 1, maxMessages: 10 },
        addressPolicy: { allowPrivate: true },
      });
      expect((await transport.deliver(message("prepared@x.test"))).response).toMatch(/^250/);
      transport.close();
    } finally {
      await own.terminate();
    }
  });

  it("prepare resolves even when the thread's hand-off database cannot be reached", async () => {
    const own = createDeliveryThread({ database: { url: "postgres://nobody@127.0.0.1:1/none" } });
    try {
      await own.prepare();
    } finally {
      await own.terminate();
    }
  });

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

  it("holds a message's content until its hand-off is confirmed", async () => {
    sink.reset();
    const transport = transportOf();
    let confirm: () => void = () => {};
    let asked = false;
    const delivering = transport.deliver(
      message("held@x.test"),
      gate(() => {
        asked = true;
        return new Promise<void>((resolve) => {
          confirm = resolve;
        });
      }),
    );
    await expect.poll(() => asked, { timeout: 5_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messagesTo("held@x.test")).toEqual([]);
    confirm();
    expect((await delivering).response).toMatch(/^250/);
    expect(sink.messagesTo("held@x.test")).toHaveLength(1);
    transport.close();
  });

  it("sends nothing when the hand-off is refused, and delivers the next message", async () => {
    sink.reset();
    const transport = transportOf();
    const refused = await transport
      .deliver(
        message("refused@x.test"),
        gate(() => Promise.reject(new Error("the worker is stopping"))),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeliveryError);
    expect((refused as DeliveryError).details.responseCode).toBeUndefined();
    const next = await transport.deliver(
      message("next@x.test"),
      gate(async () => {}),
    );
    expect(next.response).toMatch(/^250/);
    expect(sink.messagesTo("refused@x.test")).toEqual([]);
    expect(sink.messagesTo("next@x.test")).toHaveLength(1);
    transport.close();
  });

  it("asks for a hand-off only when a connection takes the message, not while it waits for one", async () => {
    sink.reset();
    sink.addFault(smtpFaults.delay(800, { stage: "data", times: 1 }));
    const transport = thread.smtpTransport({
      smtp: { host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true, socketTimeout: 10_000 },
      pool: { maxConnections: 1, maxMessages: 100 },
      addressPolicy: { allowPrivate: true },
    });
    const asked: string[] = [];
    const askedBy = (to: string) =>
      gate(async () => {
        asked.push(to);
      });
    const first = transport.deliver(message("first@x.test"), askedBy("first"));
    const second = transport.deliver(message("second@x.test"), askedBy("second"));
    await expect.poll(() => asked, { timeout: 5_000 }).toEqual(["first"]);
    await new Promise((r) => setTimeout(r, 400));
    expect(asked).toEqual(["first"]);
    await Promise.all([first, second]);
    expect(asked).toEqual(["first", "second"]);
    transport.close();
  });

  it("with a journal, records each hand-off itself before the content goes, and refuses them once told to", async () => {
    sink.reset();
    const dir = mkdtempSync(join(tmpdir(), "coldreach-journal-"));
    const journaling = createDeliveryThread({ journal: { dir, tag: "test-process" } });
    try {
      const transport = journaling.smtpTransport({
        smtp: { host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true, socketTimeout: 10_000 },
        pool: { maxConnections: 1, maxMessages: 100 },
        addressPolicy: { allowPrivate: true },
      });
      let journaled = 0;
      const handOff = (key: string): HandOff => ({
        key,
        confirm: () => Promise.reject(new Error("the main thread is not asked with a journal")),
        journaled: () => {
          journaled += 1;
        },
      });
      const lease = new Date(Date.now() + 10 * 60_000).toISOString();
      const key = `2b1f8a52-6a43-4d0f-9d55-3c1e0f7d9a10 ${lease}`;
      expect((await transport.deliver(message("journaled@x.test"), handOff(key))).response).toMatch(/^250/);
      expect(journaled).toBe(1);
      expect(readFileSync(join(dir, "test-process-1.log"), "utf8")).toBe(`${key}\n`);

      // Handed off, then the server dropped the connection mid-DATA: the failure
      // still says it was handed off (it may have arrived: unknown, not retried).
      sink.addFault(smtpFaults.dropMidData({ recipient: "dropped@x.test", times: 1 }));
      const droppedKey = `5e3f8a52-6a43-4d0f-9d55-3c1e0f7d9a10 ${lease}`;
      const dropped = await transport.deliver(message("dropped@x.test"), handOff(droppedKey)).catch((e: unknown) => e);
      expect(dropped).toBeInstanceOf(Error);
      expect(journaled).toBe(2);
      expect(readOtherJournals(dir, "next-process").entries).toEqual([
        { id: "2b1f8a52-6a43-4d0f-9d55-3c1e0f7d9a10", lease },
        { id: "5e3f8a52-6a43-4d0f-9d55-3c1e0f7d9a10", lease },
      ]);

      // A claim whose lease ran out may belong to another claim by now: refused, nothing sent.
      const expired = await transport
        .deliver(
          message("expired@x.test"),
          handOff(`4d2f8a52-6a43-4d0f-9d55-3c1e0f7d9a10 ${new Date(Date.now() - 1000).toISOString()}`),
        )
        .catch((e: unknown) => e);
      expect(expired).toMatchObject({ details: { handOffRefused: true } });
      expect(sink.messagesTo("expired@x.test")).toEqual([]);

      journaling.refuseHandOffs("The worker is stopping");
      const refused = await transport
        .deliver(message("after-stop@x.test"), handOff(`3c2f8a52-6a43-4d0f-9d55-3c1e0f7d9a10 ${lease}`))
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ details: { handOffRefused: true } });
      expect(journaled).toBe(2);
      expect(sink.messagesTo("after-stop@x.test")).toEqual([]);
      transport.close();
    } finally {
      await journaling.terminate();
      rmSync(dir, { recursive: true, force: true });
    }
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
