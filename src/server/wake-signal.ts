// How a request wakes a worker loop of its own process (the send worker, the
// webhook worker) so due work goes out now rather than at the next poll. The
// loop attaches how to run a round soon; a process without that loop has
// nothing attached, and the work waits for the next poll of a process that has.
export type WakeSignal = {
  /** The worker loop: how to run a round soon; the promise ends with a round that started after the call. */
  attach(runSoon: () => Promise<void>): () => void;
  /** Asks this process's worker to look for due work now; resolves once it has (true), or at once (false) without one. */
  wake(): Promise<boolean>;
};

export function createWakeSignal(): WakeSignal {
  let runSoon: (() => Promise<void>) | null = null;
  return {
    attach(run) {
      runSoon = run;
      return () => {
        if (runSoon === run) runSoon = null;
      };
    },
    async wake() {
      if (!runSoon) return false;
      await runSoon();
      return true;
    },
  };
}
