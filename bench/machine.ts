// The facts a figure needs next to it to mean anything: cores, CPU, memory,
// Node, and how busy the machine already was.
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg, totalmem } from "node:os";

export type MachineFacts = { cores: number; cpu: string; ramGb: string; node: string; date: string; load: string };

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    return line?.split(":")[1]?.trim() ?? "unknown";
  } catch {
    return "unknown (no /proc/cpuinfo)";
  }
}

export function machineFacts(): MachineFacts {
  return {
    cores: availableParallelism(),
    cpu: cpuModel(),
    ramGb: (totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    date: new Date().toISOString(),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
  };
}
