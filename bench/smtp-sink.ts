// The parent's handle on the SMTP sink process (sink-process.ts): start it,
// read its counters, stop it. fork() reuses this process's execArgv, which
// under `tsx` carries tsx's loader, so the sink runs from its .ts source.
import { type ChildProcess, fork } from "node:child_process";
import type { SinkReply, SinkRequest, SinkStats } from "./sink-process.ts";

export type { SinkStats };

export type SmtpSinkProcess = {
  port: number;
  stats: () => Promise<SinkStats>;
  close: () => Promise<void>;
};

export async function startSinkProcess(): Promise<SmtpSinkProcess> {
  const child: ChildProcess = fork(new URL("./sink-process.ts", import.meta.url), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<number, (stats: SinkStats) => void>();
  let nextId = 1;

  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the SMTP sink process exited (code ${code})`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.on("message", (reply: SinkReply) => {
      if (reply.type === "ready") {
        child.off("exit", onExit);
        resolve(reply.port);
      } else waiting.get(reply.id)?.(reply.stats);
    });
  });

  return {
    port,
    stats: () =>
      new Promise<SinkStats>((resolve) => {
        const id = nextId++;
        waiting.set(id, (stats) => {
          waiting.delete(id);
          resolve(stats);
        });
        child.send({ type: "stats", id } satisfies SinkRequest);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}

/** What the sink received between two readings. */
export function sinkDelta(before: SinkStats, after: SinkStats): SinkStats {
  return {
    messages: after.messages - before.messages,
    dkimSigned: after.dkimSigned - before.dkimSigned,
    bytes: after.bytes - before.bytes,
    connections: after.connections - before.connections,
  };
}
