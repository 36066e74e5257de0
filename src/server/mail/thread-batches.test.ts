import { describe, expect, it } from "vitest";
import { batchedPoster } from "./thread-batches.ts";

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("batchedPoster", () => {
  it("posts what one turn of the event loop queues as one batch, in order", async () => {
    const posted: number[][] = [];
    const post = batchedPoster<number>((batch) => posted.push(batch));
    post(1);
    post(2);
    post(3);
    expect(posted).toEqual([]);
    await turn();
    expect(posted).toEqual([[1, 2, 3]]);
  });

  it("posts a later turn's messages as a batch of their own, and nothing for a quiet turn", async () => {
    const posted: string[][] = [];
    const post = batchedPoster<string>((batch) => posted.push(batch));
    post("a");
    await turn();
    await turn();
    post("b");
    post("c");
    await turn();
    expect(posted).toEqual([["a"], ["b", "c"]]);
  });

  it("keeps a message queued while its batch is being posted for the next batch", async () => {
    const posted: number[][] = [];
    let post: (n: number) => void = () => {};
    post = batchedPoster<number>((batch) => {
      posted.push(batch);
      if (batch.includes(1)) post(2);
    });
    post(1);
    await turn();
    await turn();
    expect(posted).toEqual([[1], [2]]);
  });
});
