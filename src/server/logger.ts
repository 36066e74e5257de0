import { type Logger, pino } from "pino";

export type { Logger };

// Secrets must never reach the logs, whatever a caller passes in.
export const redactPaths = [
  "password",
  "*.password",
  "*.*.password",
  "smtpPassword",
  "*.smtpPassword",
  "imapPassword",
  "*.imapPassword",
  "token",
  "*.token",
  "*.refreshToken",
  "*.accessToken",
  "headers.cookie",
  "*.headers.cookie",
  "headers.authorization",
  "*.headers.authorization",
  "appSecret",
  "*.appSecret",
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: "[redacted]" } });
}
