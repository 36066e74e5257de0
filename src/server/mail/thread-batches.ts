// Messages between the main thread and the delivery thread go in batches: all
// that one side sends in one turn of its event loop travel as one postMessage.
// Each postMessage wakes the other thread and is received as an event of its
// own; at a few thousand messages a second, one per message (a delivery, its
// result) was a noticeable part of the delivery thread's time (`npm run bench`,
// CPU profile: postMessage about 5 % of the thread). Order is kept.

/** Queues messages and posts them together once the current turn of the event loop ends. */
export function batchedPoster<T>(post: (batch: T[]) => void): (message: T) => void {
  let batch: T[] = [];
  let scheduled = false;
  return (message) => {
    batch.push(message);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      const sending = batch;
      batch = [];
      scheduled = false;
      post(sending);
    });
  };
}
