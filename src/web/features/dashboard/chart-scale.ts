// Pure geometry for the dashboard's activity chart: a rounded top for the
// y axis, its ticks, short day labels and SVG paths.

/** The smallest "nice" number (1, 1.5, 2, 2.5, 3 or 5 × 10^k, in whole steps) ≥ max, split into `steps` whole ticks. */
export function niceMax(max: number, steps = 4): number {
  if (!(max > 0)) return steps;
  const rough = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  for (const m of [1, 1.5, 2, 2.5, 3, 5, 10]) {
    const step = m * magnitude;
    if (Number.isInteger(step) && step * steps >= max) return step * steps;
  }
  return Math.ceil(rough) * steps;
}

/** `steps + 1` evenly spaced ticks from 0 to top. */
export function yTicks(top: number, steps = 4): number[] {
  return Array.from({ length: steps + 1 }, (_, i) => (top / steps) * i);
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03-07" → "Mar 7", read as a calendar day (no timezone shift). */
export function shortDay(day: string): string {
  const [, m, d] = day.split("-");
  return `${months[Number(m) - 1] ?? m} ${Number(d)}`;
}

/** An SVG path through the points, in order. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${round(p.x)},${round(p.y)}`).join(" ");
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Indexes of the days that get an x-axis label: the last day, then every `every` days back. */
export function labelledDays(count: number, every: number): number[] {
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}
