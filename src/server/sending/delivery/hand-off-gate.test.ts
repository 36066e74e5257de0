import { PassThrough, type Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { handOffGate } from "./hand-off-gate.ts";

/** A hand-off the test grants or refuses by hand, counting the asks. */
function manualHandOff() {
  let grant!: () => void;
  let refuse!: (err: Error) => void;
  const state = { asks: 0 };
  const handOff = () => {
    state.asks += 1;
    return new Promise<void>((resolve, reject) => {
      grant = resolve;
      refuse = reject;
    });
  };
  return { handOff, state, grant: () => grant(), refuse: (err: Error) => refuse(err) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Reads the gate as nodemailer does after the 354: every chunk, as it comes. */
function drain(output: Readable) {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer[]>((resolve, reject) => {
    output.on("data", (chunk: Buffer) => chunks.push(chunk));
    output.once("end", () => resolve(chunks));
    output.once("error", reject);
  });
  return { chunks, done };
}

/** A gate over a content stream the test writes, with a hand-off granted by hand, read as after the 354. */
function gatedAndRead() {
  const input = new PassThrough();
  const h = manualHandOff();
  return { input, h, read: drain(handOffGate(input, h.handOff)) };
}

describe("the hand-off gate", () => {
  it("asks only once the content is whole, even when the server is already waiting for it", async () => {
    const { input, h, read } = gatedAndRead();
    input.write("Subject: Hi\r\n\r\n");
    await turn();
    expect(h.state.asks).toBe(0);
    input.end("Hello\r\n");
    await turn();
    expect(h.state.asks).toBe(1);
    expect(read.chunks).toEqual([]);
    h.grant();
    const chunks = await read.done;
    expect(chunks.map(String)).toEqual(["Subject: Hi\r\n\r\nHello\r\n"]);
  });

  it("asks only once the content is wanted (the 354 came), even when it was built long before", async () => {
    const input = new PassThrough();
    const h = manualHandOff();
    const output = handOffGate(input, h.handOff);
    input.end("Subject: Hi\r\n\r\nHello\r\n");
    await turn();
    expect(h.state.asks).toBe(0);
    const read = drain(output);
    await turn();
    expect(h.state.asks).toBe(1);
    h.grant();
    expect((await read.done).map(String)).toEqual(["Subject: Hi\r\n\r\nHello\r\n"]);
    expect(h.state.asks).toBe(1);
  });

  it("lets nothing through when the hand-off is refused", async () => {
    const { input, h, read } = gatedAndRead();
    input.end("Subject: Hi\r\n\r\nHello\r\n");
    await turn();
    h.refuse(new Error("The worker is stopping"));
    await expect(read.done).rejects.toThrow("The worker is stopping");
    expect(read.chunks).toEqual([]);
  });

  it("fails without asking when the content cannot be built", async () => {
    const { input, h, read } = gatedAndRead();
    input.destroy(new Error("DKIM signing failed"));
    await expect(read.done).rejects.toThrow("DKIM signing failed");
    expect(h.state.asks).toBe(0);
  });
});
