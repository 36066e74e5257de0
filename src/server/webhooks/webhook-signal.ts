// How a request tells this process's webhook worker that a delivery is due
// now (a Send test event, a Resend), so it goes out within milliseconds
// rather than at the next poll. Events emitted by other code are picked up
// by the poll (every second): they become visible only when the transaction
// that emitted them commits, which the emitting statement cannot see.
export type WebhookSignal = {
  attach(runSoon: () => Promise<void>): () => void;
  /** Resolves once a round that started after the call is over (true), or at once (false) without a worker. */
  wake(): Promise<boolean>;
};

export function createWebhookSignal(): WebhookSignal {
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
