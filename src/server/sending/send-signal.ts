// How a request tells the send worker of its own process that mail is due
// now (a launch), without sending anything itself: requests never wait on
// SMTP (issue 26). The worker loop attaches to the signal; a process without
// a worker (role web) has nothing attached, and its queue is picked up by the
// worker processes' next poll (WORKER_POLL_MS).
export type SendSignal = {
  /** The worker loop: how to run a round soon; the promise ends with a round that started after the call. */
  attach(runSoon: () => Promise<void>): () => void;
  /** Asks this process's worker to look for due mail now; resolves once it has (true), or at once (false) without one. */
  wake(): Promise<boolean>;
};

export function createSendSignal(): SendSignal {
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
