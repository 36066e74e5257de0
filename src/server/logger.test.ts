import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { redactPaths } from "./logger.ts";

describe("logger", () => {
  it("never writes passwords, tokens or cookies", () => {
    let out = "";
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const log = pino({ redact: { paths: redactPaths, censor: "[redacted]" } }, sink);
    log.info(
      {
        password: "hunter2",
        sender: { smtpPassword: "s3cret", email: "a@b.c" },
        headers: { cookie: "session=abc" },
        token: "tkn",
      },
      "x",
    );
    expect(out).not.toMatch(/hunter2|s3cret|session=abc|tkn/);
    expect(out).toContain("a@b.c");
  });
});
