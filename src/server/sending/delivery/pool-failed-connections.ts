// nodemailer's pool (7.0.x) keeps a connection whose getSocket hook failed: the
// pool resource calls the message's callback with the error but never emits
// 'error', so the pool neither removes it nor counts the slot as free. With
// getSocket failing for every connection (a host the address policy refuses,
// a refused port, a connect timeout), `maxConnections` such dead resources
// fill the pool and every message queued behind them waits forever: the
// launch that reported nothing (issue 26). Every connection of ours is opened
// by getSocket (smtp-socket.ts), so the fix is here: after a failed getSocket,
// the resources left neither connected, nor busy, nor available are removed
// and the pool goes on with its queue (a new connection for the next message).
import type { GetSocketCallback } from "./smtp-socket.ts";

/** What this module uses of nodemailer's SMTPPool and its PoolResource. */
type PoolInternals = {
  _connections?: { available: boolean; queueEntry: unknown; _connected: boolean }[];
  _removeConnection?: (connection: unknown) => void;
  _continueProcessing?: () => void;
};

type GetSocket = (options: object, callback: GetSocketCallback) => void;

/**
 * Wraps a getSocket hook so that a failure frees its pool slot. `pool` is
 * read when a failure happens (the transporter is created after the hook).
 */
export function freeingFailedConnections(getSocket: GetSocket, pool: () => object | undefined): GetSocket {
  return (options, callback) => {
    getSocket(options, (error, socket) => {
      callback(error, socket);
      if (error) setImmediate(() => dropFailedConnections(pool()));
    });
  };
}

function dropFailedConnections(transporter: object | undefined): void {
  const pool = (transporter as unknown as { transporter?: PoolInternals } | undefined)?.transporter;
  if (!pool?._connections || !pool._removeConnection || !pool._continueProcessing) return;
  const dead = pool._connections.filter((c) => !c._connected && !c.queueEntry && !c.available);
  if (dead.length === 0) return;
  for (const connection of dead) pool._removeConnection(connection);
  pool._continueProcessing();
}
