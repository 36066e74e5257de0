// The facts a figure needs next to it to mean anything: cores, CPU, memory,
// Node, and how busy the machine already was.
import { readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";

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

/**
 * CPU time every process on the machine has used so far, ms (all cores; idle
 * excluded).
 */
function machineBusyMs(): number {
  let busy = 0;
  for (const cpu of cpus()) busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  return busy;
}

/**
 * Starts counting CPU time; `stop()` gives this process's (user + system) and
 * the whole machine's since then, ms. The machine's counts what a run costs in
 * all: the engine's threads, PostgreSQL's backends and the SMTP sink, which the
 * process's own cpuUsage() does not see; it is steadier than msg/s on a machine
 * whose speed drifts.
 */
export function cpuMeter(): { stop: () => { cpuMs: number; machineCpuMs: number } } {
  const process0 = process.cpuUsage();
  const machine0 = machineBusyMs();
  return {
    stop: () => {
      const used = process.cpuUsage(process0);
      return { cpuMs: (used.user + used.system) / 1000, machineCpuMs: machineBusyMs() - machine0 };
    },
  };
}
