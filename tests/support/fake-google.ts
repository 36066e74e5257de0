// A fake Google for tests, on 127.0.0.1: the OAuth token endpoint (POST /token)
// and Gmail's users.messages.send (POST /gmail/v1/users/me/messages/send), so
// the Gmail transport is tested over real HTTP without the network.
//
//   const google = await startFakeGoogle();
//   // apiBaseUrl: google.url, tokenUrl: `${google.url}/token`
//   google.tokenReplies.push({ status: 400, body: { error: "invalid_grant" } });  // next answers, in order
//   google.sends[0].raw;                                                        // the MIME message sent
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Reply = { status: number; body: unknown };
export type FakeGoogle = {
  url: string;
  tokenRequests: URLSearchParams[];
  sends: { authorization: string; raw: Buffer }[];
  /** Replies to use before the default success, in order. */
  tokenReplies: Reply[];
  sendReplies: Reply[];
  /** Each send is answered this long after it arrives; the most sends open at once is kept. */
  sendDelayMs: number;
  maxSendsInFlight: number;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  let issued = 0;
  let inFlight = 0;
  const fake: Omit<FakeGoogle, "url" | "close"> = {
    tokenRequests: [],
    sends: [],
    tokenReplies: [],
    sendReplies: [],
    sendDelayMs: 0,
    maxSendsInFlight: 0,
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const answer = (reply: Reply) => {
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    };
    if (req.method === "POST" && req.url === "/token") {
      fake.tokenRequests.push(new URLSearchParams(body));
      return answer(
        fake.tokenReplies.shift() ?? { status: 200, body: { access_token: `at-${++issued}`, expires_in: 3599 } },
      );
    }
    if (req.method === "POST" && req.url === "/gmail/v1/users/me/messages/send") {
      const { raw } = JSON.parse(body) as { raw: string };
      fake.sends.push({ authorization: req.headers.authorization ?? "", raw: Buffer.from(raw, "base64url") });
      inFlight++;
      fake.maxSendsInFlight = Math.max(fake.maxSendsInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, fake.sendDelayMs));
      inFlight--;
      return answer(fake.sendReplies.shift() ?? { status: 200, body: { id: "18c0ffee", threadId: "18c0ffee" } });
    }
    answer({ status: 404, body: { error: "not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
