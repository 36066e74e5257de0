// System mail (sign-up confirmation, notifications) goes over real SMTP: to the
// capture server in capture mode, to SYSTEM_SMTP_URL in live mode.
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";

/** An iCalendar object sent as the message's text/calendar alternative (nodemailer's icalEvent). */
export type IcalEvent = {
  /** The iTIP method, matching the calendar's METHOD ("REQUEST", "CANCEL"). */
  method: string;
  /** The VCALENDAR text. */
  content: string;
  filename?: string;
};

export type SystemMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A calendar invite: mail clients show it with Accept / Decline (a booking's confirmation). */
  icalEvent?: IcalEvent;
  /**
   * The From display name for this message (a booking's organizer): the address stays the
   * system's (MAIL_FROM), which is what the system's SPF and DKIM vouch for.
   */
  fromName?: string;
  /** Where a reply goes instead of the system address (a booking's organizer). */
  replyTo?: string;
};
export type SystemMailer = {
  send: (message: SystemMessage) => Promise<void>;
  /** Waits (a bounded time) for messages still being handed over, then closes. */
  close: () => Promise<void>;
};

const DRAIN_TIMEOUT_MS = 5_000;

export function createSystemMailer(opts: { smtpUrl: string; from: string }): SystemMailer {
  const transporter: Transporter = nodemailer.createTransport(opts.smtpUrl);
  // MAIL_FROM's bare address ("Coldreach <no-reply@…>" → "no-reply@…"), for messages with a name of their own.
  const [parsed] = addressparser(opts.from, { flatten: true });
  const systemAddress = parsed?.address || opts.from;
  // Some mail is sent without awaiting (auth's mails, a booking's confirmation
  // from the request that booked), so shutdown has to wait for it here or it dies half-sent.
  const inFlight = new Set<Promise<unknown>>();
  return {
    async send(message) {
      const { fromName, ...rest } = message;
      const from = fromName ? { name: fromName, address: systemAddress } : opts.from;
      const sending = transporter.sendMail({ ...rest, from });
      inFlight.add(sending);
      try {
        await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
    async close() {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((r) => {
          timer = setTimeout(r, DRAIN_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      transporter.close();
    },
  };
}

export function captureSmtpUrl(port: number): string {
  // ignoreTLS: the capture server speaks plain SMTP on loopback.
  return `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
}
