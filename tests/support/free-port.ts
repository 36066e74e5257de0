// A TCP port free right now on 127.0.0.1: bound, read and released. Another
// process can take it before the caller binds it; callers that cannot choose
// port 0 themselves (a PUBLIC_URL, a server's config file) accept that.
import { type AddressInfo, createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
