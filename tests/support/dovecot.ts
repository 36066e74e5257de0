// A throw-away Dovecot (Debian's dovecot-imapd) for tests and benchmarks: a
// real IMAP server, so the mailbox sync is tested against the protocol rather
// than a mock. Each instance has its own config file, passwd-file, Maildir,
// runtime and state directories in one temporary directory, and listens on
// 127.0.0.1 on a free port (plain IMAP: no TLS, plain-text logins allowed).
// The system's Dovecot (its config and its service) is never touched.
//
// Usage:
//
//   describeWithImap("imap source", () => {     // skipped, with the reason printed, without Dovecot
//     let imap: Dovecot;
//     beforeAll(async () => { imap = await startDovecot(); });
//     afterAll(() => imap?.stop());
//     …
//     await imap.addUser("jane@acme.test", "secret");
//     await imap.appendMessage("jane@acme.test", "Junk", raw, { date });   // over IMAP APPEND
//     await imap.writeMessages("jane@acme.test", "INBOX", [{ raw, date }]); // straight into the Maildir (fast)
//   });
//
// Folders: INBOX and Junk (special-use \Junk) unless `folders` says others,
// created and subscribed at a user's first login. `extraConfig` appends
// settings (e.g. an imap_capability without MOVE).
//
// Users and processes: as root (CI), Dovecot's master runs as root, its
// internal and login processes as the users Debian's package created
// (dovecot, dovenull), and mail is accessed as nobody (Dovecot refuses mail
// access as root), so the Maildir belongs to nobody. As any other user,
// everything runs as that user.
//
// No orphans: the master runs in the foreground as this process's child, and
// a watchdog (a shell reading a pipe from this process) stops it if this
// process dies without calling stop().
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { connect, type Socket } from "node:net";
import { hostname, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { describe } from "vitest";
import { freePort } from "./free-port.ts";

export const DOVECOT_BIN = process.env.DOVECOT_BIN ?? "/usr/sbin/dovecot";

/** CI sets REQUIRE_IMAP=1 so a missing Dovecot fails the run instead of skipping its tests. */
export const imapRequired = process.env.REQUIRE_IMAP === "1";

/** Why no throw-away Dovecot can run here, or undefined when it can. */
export function dovecotMissingReason(): string | undefined {
  return existsSync(DOVECOT_BIN) ? undefined : `${DOVECOT_BIN} not found (apt-get install dovecot-imapd)`;
}

let skipNoticePrinted = false;

/**
 * `describe` for tests that need a real IMAP server: skipped with the reason
 * printed when Dovecot is missing, unless REQUIRE_IMAP=1, where the tests run
 * and startDovecot() fails.
 */
export function describeWithImap(name: string, body: () => void): void {
  const missing = dovecotMissingReason();
  if (missing && !imapRequired && !skipNoticePrinted) {
    skipNoticePrinted = true;
    process.stderr.write(`IMAP tests skipped: ${missing} (REQUIRE_IMAP=1 makes this a failure)\n`);
  }
  describe.skipIf(missing !== undefined && !imapRequired)(name, body);
}

export type Dovecot = {
  host: "127.0.0.1";
  port: number;
  /** The instance's temporary directory (config, passwd-file, mail, log). */
  dir: string;
  /** Adds a login (passwd-file; Dovecot rereads it, no restart). */
  addUser(email: string, password: string): Promise<void>;
  /** Stores a message over IMAP APPEND; `date` is its INTERNALDATE (what SEARCH SINCE reads). Returns its UID. */
  appendMessage(user: string, folder: string, raw: string | Buffer, opts?: { date?: Date }): Promise<number>;
  /**
   * Writes messages straight into the user's Maildir (cur/, no flags), each
   * dated by its file time as Dovecot reads it. For bulk fills: 10,000
   * messages take well under a second. Dovecot gives them UIDs when a
   * session next opens the folder, in the order written.
   */
  writeMessages(user: string, folder: string, messages: { raw: string | Buffer; date?: Date }[]): void;
  /** A connected imapflow client for the user (the caller logs out). */
  client(user: string): Promise<ImapFlow>;
  /** The server's log so far (for failure messages). */
  logText(): string;
  stop(): Promise<void>;
};

const running = new Set<Dovecot>();

/** The users Dovecot's processes run as, and the mail files' owner. */
function processUsers(): { config: string; mailOwner: { uid: number; gid: number } | null } {
  const me = userInfo();
  if (me.uid === 0) {
    const nobody = 65534;
    return {
      // default_internal_user / default_login_user keep Dovecot's defaults
      // (dovecot, dovenull: created by Debian's package).
      config: `mail_uid = ${nobody}\nmail_gid = ${nobody}\nfirst_valid_uid = 1\nfirst_valid_gid = 1\n`,
      mailOwner: { uid: nobody, gid: nobody },
    };
  }
  // Unprivileged: Dovecot cannot change users, so every service runs as us.
  const group =
    readFileSync("/etc/group", "utf8")
      .split("\n")
      .map((line) => line.split(":"))
      .find((fields) => Number(fields[2]) === me.gid)?.[0] ?? me.username;
  return {
    config: [
      `default_internal_user = ${me.username}`,
      `default_internal_group = ${group}`,
      `default_login_user = ${me.username}`,
      `first_valid_uid = ${Math.min(me.uid, 500)}`,
      `first_valid_gid = ${Math.min(me.gid, 500)}`,
      "",
    ].join("\n"),
    mailOwner: null,
  };
}

export type DovecotFolder = { name: string; specialUse?: string };

function configText(dir: string, port: number, users: string, folders: DovecotFolder[], extraConfig: string): string {
  const folderBlocks = folders
    .map(
      (f) =>
        `  mailbox "${f.name}" {\n${f.specialUse ? `    special_use = ${f.specialUse}\n` : ""}    auto = subscribe\n  }`,
    )
    .join("\n");
  return `# Throw-away test instance (tests/support/dovecot.ts); not the system's Dovecot.
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password answers at once, and repeated failures (tests of them) are
# not slowed down by the brute-force penalty.
auth_failure_delay = 0
${users}mail_location = maildir:${dir}/mail/%u
mail_fsync = never
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users/%u
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox INBOX {
    auto = subscribe
  }
${folderBlocks}
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
${extraConfig}
`;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Maildir++ folder directory of a user: INBOX is the root, others ".Name" ("/" becomes "."). */
function folderDir(mailRoot: string, user: string, folder: string): string {
  const root = join(mailRoot, user);
  return folder.toUpperCase() === "INBOX" ? root : join(root, `.${folder.replaceAll("/", ".")}`);
}

/**
 * Starts a throw-away Dovecot and waits until it accepts connections. Fails
 * with Dovecot's log when it does not start (or when the binary is missing).
 */
export async function startDovecot(
  opts: {
    /** Folders besides INBOX, created and subscribed at a user's first login (default: Junk, special-use \\Junk). */
    folders?: DovecotFolder[];
    /** Settings appended to the config (e.g. an imap_capability without MOVE, like an older server). */
    extraConfig?: string;
  } = {},
): Promise<Dovecot> {
  const missing = dovecotMissingReason();
  if (missing) {
    throw new Error(`Cannot start a throw-away Dovecot: ${missing}${imapRequired ? " (REQUIRE_IMAP=1)" : ""}`);
  }
  const dir = mkdtempSync(join(tmpdir(), "coldreach-dovecot-"));
  // Dovecot's unprivileged processes (login, mail as nobody) must reach their sockets and the Maildir.
  chmodSync(dir, 0o755);
  const users = processUsers();
  const mailRoot = join(dir, "mail");
  for (const sub of ["run", "state", "mail", "users"]) mkdirSync(join(dir, sub));
  if (users.mailOwner) chownSync(mailRoot, users.mailOwner.uid, users.mailOwner.gid);
  const passwords = new Map<string, string>();

  let master: ChildProcess | undefined;
  let port = 0;
  const logFile = join(dir, "dovecot.log");
  const logText = () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");

  // A port probed free can be taken before Dovecot binds it: then Dovecot
  // exits at once ("Address already in use") and another port is tried.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const configFile = join(dir, "dovecot.conf");
    writeFileSync(
      configFile,
      configText(
        dir,
        port,
        users.config,
        opts.folders ?? [{ name: "Junk", specialUse: "\\Junk" }],
        opts.extraConfig ?? "",
      ),
    );
    const child = spawn(DOVECOT_BIN, ["-F", "-c", configFile], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let gone = false;
    void exited.then(() => {
      gone = true;
    });
    const deadline = Date.now() + 10_000;
    while (!gone && Date.now() < deadline && !(await accepts(port))) await sleep(10);
    if (!gone && Date.now() < deadline) {
      master = child;
      // A test file that forgets stop() must not keep its process alive: the watchdog stops Dovecot then.
      child.unref();
      (child.stderr as Socket | null)?.unref();
      break;
    }
    if (!gone) child.kill("SIGKILL");
    await exited;
    const why = `${stderr}\n${logText()}`.trim();
    if (attempt < 3 && /address already in use/i.test(why)) continue;
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Dovecot did not start:\n${why}`);
  }
  const started: ChildProcess = master;
  const masterPid = started.pid!;
  // Stops the master if this process ends without stop(): the pipe closes, `read` returns.
  const watchdog = spawn("/bin/sh", ["-c", `read _ignored; kill -TERM ${masterPid} 2>/dev/null`], {
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
  });
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  const masterExit = new Promise<void>((resolve) => {
    if (started.exitCode !== null) resolve();
    else started.once("exit", () => resolve());
  });

  const owned = (path: string) => {
    if (users.mailOwner) chownSync(path, users.mailOwner.uid, users.mailOwner.gid);
  };
  const ensureFolder = (user: string, folder: string): string => {
    const userDir = join(mailRoot, user);
    if (!existsSync(userDir)) {
      mkdirSync(userDir);
      owned(userDir);
    }
    const target = folderDir(mailRoot, user, folder);
    for (const path of [target, join(target, "cur"), join(target, "new"), join(target, "tmp")]) {
      if (!existsSync(path)) {
        mkdirSync(path);
        owned(path);
      }
    }
    if (target !== userDir && !existsSync(join(target, "maildirfolder"))) {
      writeFileSync(join(target, "maildirfolder"), "");
      owned(join(target, "maildirfolder"));
    }
    return target;
  };

  let sequence = 0;
  const host = hostname().replaceAll("/", "\\057").replaceAll(":", "\\072");
  let stopped = false;

  const instance: Dovecot = {
    host: "127.0.0.1",
    port,
    dir,
    async addUser(email, password) {
      if (/[:\n]/.test(email) || /[:\n]/.test(password))
        throw new Error("passwd-file entries cannot hold ':' or newlines");
      passwords.set(email, password);
      // One passwd-file per user (the config's path has %u): a new user is a
      // new file, found at once (Dovecot rereads a changed file at most once a second).
      writeFileSync(join(dir, "users", email), `${email}:{PLAIN}${password}:::::\n`);
    },
    async client(user) {
      const password = passwords.get(user);
      if (password === undefined) throw new Error(`no such test user ${user} (addUser first)`);
      const client = new ImapFlow({
        host: "127.0.0.1",
        port,
        secure: false,
        auth: { user, pass: password },
        logger: false,
        disableAutoIdle: true,
      });
      // A socket error is an event; without a listener it would end the test process.
      client.on("error", () => {});
      await client.connect();
      return client;
    },
    async appendMessage(user, folder, raw, appendOpts = {}) {
      const client = await instance.client(user);
      try {
        const result = await client.append(folder, raw, [], appendOpts.date);
        const uid = result ? result.uid : undefined;
        if (!uid) throw new Error(`APPEND to ${folder} returned no UID`);
        return uid;
      } finally {
        await client.logout();
      }
    },
    writeMessages(user, folder, messages) {
      const target = ensureFolder(user, folder);
      const now = Date.now();
      for (const message of messages) {
        const body = typeof message.raw === "string" ? Buffer.from(message.raw) : message.raw;
        const date = message.date ?? new Date(now);
        sequence++;
        const seconds = Math.floor(date.getTime() / 1000);
        // Maildir's unique name; S= is the size, so Dovecot need not stat it; ":2," = no flags.
        const name = `${seconds}.M${sequence}P${process.pid}R${randomBytes(4).toString("hex")}.${host},S=${body.length}:2,`;
        const path = join(target, "cur", name);
        writeFileSync(path, body);
        utimesSync(path, date, date);
        owned(path);
      }
    },
    logText,
    async stop() {
      if (stopped) return;
      stopped = true;
      running.delete(instance);
      // The watchdog first, so it can never signal a pid that is no longer ours.
      watchdog.kill("SIGKILL");
      started.kill("SIGTERM");
      const killTimer = setTimeout(() => started.kill("SIGKILL"), 5_000);
      await masterExit;
      clearTimeout(killTimer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.add(instance);
  return instance;
}

/** Every instance this process started and has not stopped (for a test file's afterAll safety net). */
export async function stopAllDovecots(): Promise<void> {
  await Promise.all([...running].map((d) => d.stop()));
}

/** Dovecot's version line, for benchmark headers. */
export function dovecotVersion(): string {
  return execFileSync(DOVECOT_BIN, ["--version"], { encoding: "utf8" }).trim();
}
