// Where the engine's time goes, without changing the engine: the database,
// the renderer and the transports are handed to the worker wrapped, and each
// wrapper adds up the time spent in it by stage. The wrappers cost a
// performance.now() pair per call, far below anything they measure.
import type { SQL } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import type { RenderSend } from "../src/server/sending/delivery/attempt-send.ts";
import type { TransportFactory } from "../src/server/sending/outgoing.ts";

export type Stage = { calls: number; ms: number };
export type StageTimes = Map<string, Stage>;

function add(stages: StageTimes, name: string, ms: number) {
  const stage = stages.get(name) ?? { calls: 0, ms: 0 };
  stage.calls += 1;
  stage.ms += ms;
  stages.set(name, stage);
}

/** The first words of a statement, which say what it is (the queue's statements are raw SQL). */
function statementText(query: unknown): string {
  const first = (query as SQL).queryChunks?.[0] as { value?: string[] } | undefined;
  return (first?.value ?? []).join("").trim();
}

/** A name for a statement run outside a transaction by the worker. */
function statementStage(query: unknown): string {
  const text = statementText(query);
  if (text.startsWith("with x as (") && text.includes("jsonb_to_recordset")) return "record outcomes (statement)";
  if (text.startsWith("select c.user_id")) return "find users with due mail";
  if (text.startsWith("update scheduled_emails set handed_off_at")) return "record hand-offs (statement)";
  return "other statements";
}

/** A name for a transaction, from its first statement. */
function transactionStage(query: unknown): string {
  const text = statementText(query);
  if (text.startsWith("select pg_advisory_xact_lock")) return "claim a batch (transaction)";
  if (text.startsWith("select se.id from scheduled_emails") && text.includes("lease_expires_at"))
    return "recover dead workers' claims (transaction)";
  return "other transactions";
}

const bindAll = <T extends object>(target: T, prop: string | symbol) => {
  const value = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
};

/** The database, timing execute() by statement and transaction() by what it does. */
export function timedDb(db: Db, stages: StageTimes): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "execute") {
        return async (query: Parameters<Db["execute"]>[0]) => {
          const started = performance.now();
          try {
            return await target.execute(query);
          } finally {
            add(stages, statementStage(query), performance.now() - started);
          }
        };
      }
      if (prop === "transaction") {
        return async (work: Parameters<Db["transaction"]>[0], config?: Parameters<Db["transaction"]>[1]) => {
          let name: string | undefined;
          const started = performance.now();
          try {
            return await target.transaction(
              (tx) =>
                work(
                  new Proxy(tx, {
                    get(t, p) {
                      if (p !== "execute") return bindAll(t, p);
                      return (query: Parameters<Db["execute"]>[0]) => {
                        name ??= transactionStage(query);
                        return t.execute(query);
                      };
                    },
                  }),
                ),
              config,
            );
          } finally {
            add(stages, name ?? "other transactions", performance.now() - started);
          }
        };
      }
      return bindAll(target, prop);
    },
  });
}

/** Rendering is synchronous: its time is CPU time on the worker's thread. */
export function timedRender(render: RenderSend, stages: StageTimes): RenderSend {
  return (send, batch) => {
    const started = performance.now();
    try {
      return render(send, batch);
    } finally {
      add(stages, "render (CPU)", performance.now() - started);
    }
  };
}

/**
 * Time from handing a message to the transport to its SMTP reply, summed over
 * all messages: deliveries overlap (concurrency 10), so this is latency, not
 * wall time. DKIM signing happens inside it.
 */
export function timedTransports(transports: TransportFactory, stages: StageTimes): TransportFactory {
  return {
    forSender(sender) {
      const transport = transports.forSender(sender);
      return {
        async deliver(message, handOff) {
          const started = performance.now();
          try {
            return await transport.deliver(message, handOff);
          } finally {
            add(stages, "SMTP delivery (latency, overlapping)", performance.now() - started);
          }
        },
      };
    },
    closeAll: () => transports.closeAll(),
    refuseHandOffs: (reason) => transports.refuseHandOffs(reason),
    prepare: () => transports.prepare(),
  };
}
