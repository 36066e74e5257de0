// A TCP server on 127.0.0.1 that drops every connection at once: the SMTP
// host and port the fuzzer's senders point at, so a connection test fails in
// a moment and nothing leaves the machine.
import { createServer } from "node:net";

export async function startClosingServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the closing server has no port");
  return {
    port: address.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
