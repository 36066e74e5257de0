// The app's own logger (createLogger: its level, serializers and redaction),
// writing its JSON lines into an array instead of stdout, so a test can read
// everything the app logged.
import { symbols } from "pino";
import { createLogger, type Logger } from "../../src/server/logger.ts";

export function capturingLogger(level = "trace"): { log: Logger; lines: string[] } {
  const log = createLogger(level);
  const lines: string[] = [];
  // pino writes each line to the stream under this symbol; child loggers
  // reach the same one through their prototype.
  (log as unknown as Record<symbol, unknown>)[symbols.streamSym] = {
    write: (line: string) => {
      lines.push(line);
    },
  };
  return { log, lines };
}
