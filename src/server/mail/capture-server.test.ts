// The capture server keeps serving when clients break their connections in the
// middle of a message: smtp-server reports each such socket error on the server
// object, and a server without a lasting 'error' listener would crash the
// process on the second one.
import { connect, type Socket } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { capturedEmails } from "../db/schema/index.ts";
import { createLogger } from "../logger.ts";
import { type CaptureServer, startCaptureServer } from "./capture-server.ts";

let database: Database;
let capture: CaptureServer;

beforeAll(async () => {
  database = await createTestDatabase();
  capture = await startCaptureServer({ db: database.db, port: 0, log: createLogger("silent") });
});

afterAll(async () => {
  await capture?.close();
  await database?.close();
});

/** Opens a session, starts a transaction, then resets the connection (TCP RST). */
async function resetMidTransaction(port: number): Promise<void> {
  const socket: Socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let received = "";
  const waitFor = (code: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (received.split("\r\n").some((line) => line.startsWith(`${code} `))) {
          received = "";
          socket.off("data", onData);
          resolve();
        }
      };
      const onData = (chunk: Buffer) => {
        received += chunk.toString("utf8");
        check();
      };
      socket.on("data", onData);
      check();
    });
  await waitFor("220");
  socket.write("EHLO client.test\r\n");
  await waitFor("250");
  socket.write("MAIL FROM:<someone@client.test>\r\n");
  await waitFor("250");
  await new Promise<void>((resolve) => {
    socket.once("close", () => resolve());
    socket.resetAndDestroy();
  });
}

it("keeps capturing mail after clients reset their connections mid-message", async () => {
  await resetMidTransaction(capture.port);
  await resetMidTransaction(capture.port);
  await resetMidTransaction(capture.port);
  // Give the server's side of the resets time to surface.
  await new Promise((r) => setTimeout(r, 100));

  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: capture.port, secure: false });
  await transport.sendMail({
    from: "a@client.test",
    to: "b@example.test",
    subject: "Still here",
    text: "The server survived.",
  });
  transport.close();
  const rows = await database.db.select({ subject: capturedEmails.subject }).from(capturedEmails);
  expect(rows.map((r) => r.subject)).toEqual(["Still here"]);
});

it("stores a message whose body holds a NUL byte, and one of 1,200 parts, instead of refusing them", async () => {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: capture.port,
    secure: false,
    ignoreTLS: true,
  });
  const parts = Array.from({ length: 1200 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join("");
  try {
    await transport.sendMail({
      envelope: { from: "prospect@example.test", to: ["me@acme.test"] },
      raw: "From: prospect@example.test\r\nTo: me@acme.test\r\nSubject: nul\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nThanks=00 for writing\r\n",
    });
    await transport.sendMail({
      envelope: { from: "prospect@example.test", to: ["me@acme.test"] },
      raw: `From: prospect@example.test\r\nTo: me@acme.test\r\nSubject: many parts\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`,
    });
  } finally {
    transport.close();
  }
  const rows = await database.db.select().from(capturedEmails);
  const nul = rows.find((r) => r.subject === "nul");
  expect(nul?.textBody).toBe("Thanks for writing\n");
  expect(rows.find((r) => r.subject === "many parts")).toBeDefined();
});
