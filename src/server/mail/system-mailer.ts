// System mail (sign-up confirmation, notifications) goes over real SMTP: to the
// capture server in capture mode, to SYSTEM_SMTP_URL in live mode.
import nodemailer, { type Transporter } from "nodemailer";

export type SystemMessage = { to: string; subject: string; html: string; text: string };
export type SystemMailer = { send: (message: SystemMessage) => Promise<void>; close: () => void };

export function createSystemMailer(opts: { smtpUrl: string; from: string }): SystemMailer {
  const transporter: Transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({ from: opts.from, ...message });
    },
    close: () => transporter.close(),
  };
}

export function captureSmtpUrl(port: number): string {
  // ignoreTLS: the capture server speaks plain SMTP on loopback.
  return `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
}
