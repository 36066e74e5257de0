// Sends, opens and replies per day over the last 30 days (issue 6), drawn as
// inline SVG: a line per series, told apart by colour and by dash pattern, a
// legend with the totals, and the figures in a visually hidden table.
import { TrendingUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { DashboardActivity } from "#shared/dashboard/dashboard.schemas.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { labelledDays, linePath, niceMax, shortDay, yTicks } from "./chart-scale.ts";

type SeriesKey = "sent" | "opened" | "replied";

const series: { key: SeriesKey; label: string; stroke: string; fill: string; dash?: string }[] = [
  { key: "sent", label: "Sent", stroke: "stroke-primary", fill: "fill-primary" },
  {
    key: "opened",
    label: "Opened",
    stroke: "stroke-emerald-600 dark:stroke-emerald-400",
    fill: "fill-emerald-600 dark:fill-emerald-400",
    dash: "6 4",
  },
  {
    key: "replied",
    label: "Replied",
    stroke: "stroke-amber-600 dark:stroke-amber-400",
    fill: "fill-amber-600 dark:fill-amber-400",
    dash: "2 3",
  },
];

const HEIGHT = 220;
const margin = { top: 12, right: 12, bottom: 26, left: 36 };
const number = new Intl.NumberFormat("en-US");

/**
 * The width of an element, following resizes. Only the observer reads it: it
 * reports the first width once layout is done anyway, where reading clientWidth
 * in the effect made the browser lay out the whole dashboard early, a long task
 * of its own on a slow phone.
 */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function summaryText(data: DashboardActivity) {
  const { sent, opened, replied } = data.totals;
  const busiest = data.days.reduce((best, d) => (d.sent > best.sent ? d : best), data.days[0]!);
  const range = `${shortDay(data.from)} to ${shortDay(data.to)}`;
  if (sent + opened + replied === 0) return `No emails sent, opened or replied to from ${range}.`;
  const peak =
    busiest.sent > 0 ? ` The busiest day was ${shortDay(busiest.day)} with ${number.format(busiest.sent)} sent.` : "";
  return `From ${range}: ${number.format(sent)} sent, ${number.format(opened)} opened, ${number.format(replied)} replied.${peak}`;
}

function Plot({ data, width }: { data: DashboardActivity; width: number }) {
  const days = data.days;
  const plotW = Math.max(1, width - margin.left - margin.right);
  const plotH = HEIGHT - margin.top - margin.bottom;
  const top = niceMax(Math.max(0, ...days.flatMap((d) => [d.sent, d.opened, d.replied])));
  const x = (i: number) => margin.left + (days.length > 1 ? (i / (days.length - 1)) * plotW : plotW / 2);
  const y = (v: number) => margin.top + plotH - (v / top) * plotH;
  const column = days.length > 1 ? plotW / (days.length - 1) : plotW;
  const labels = labelledDays(days.length, width < 480 ? 14 : 7);

  return (
    <svg width={width} height={HEIGHT} aria-hidden="true" className="block overflow-visible">
      {yTicks(top).map((t) => (
        <g key={t}>
          <line x1={margin.left} x2={margin.left + plotW} y1={y(t)} y2={y(t)} className="stroke-border" />
          <text
            x={margin.left - 6}
            y={y(t)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-muted-foreground text-[11px] tabular-nums"
          >
            {number.format(t)}
          </text>
        </g>
      ))}
      {labels.map((i) => (
        <text
          key={days[i]!.day}
          x={x(i)}
          y={HEIGHT - 6}
          textAnchor={i === days.length - 1 ? "end" : "middle"}
          className="fill-muted-foreground text-[11px]"
        >
          {shortDay(days[i]!.day)}
        </text>
      ))}
      {series.map((s) => (
        <g key={s.key}>
          <path
            d={linePath(days.map((d, i) => ({ x: x(i), y: y(d[s.key]) })))}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            strokeDasharray={s.dash}
            className={s.stroke}
          />
          {days.map((d, i) =>
            d[s.key] > 0 ? <circle key={d.day} cx={x(i)} cy={y(d[s.key])} r={3} className={s.fill} /> : null,
          )}
        </g>
      ))}
      {/* Hover targets: one column per day with the day's figures as a tooltip. */}
      {days.map((d, i) => (
        <rect
          key={d.day}
          x={x(i) - column / 2}
          y={margin.top}
          width={column}
          height={plotH}
          className="fill-transparent hover:fill-foreground/5"
        >
          <title>{`${shortDay(d.day)}: ${d.sent} sent, ${d.opened} opened, ${d.replied} replied`}</title>
        </rect>
      ))}
    </svg>
  );
}

export function ActivityChart({
  data,
  loading,
  failed,
}: {
  data: DashboardActivity | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const titleId = useId();
  const [ref, width] = useWidth<HTMLDivElement>();
  const empty = data && data.totals.sent + data.totals.opened + data.totals.replied === 0;

  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp className="size-4 text-primary" aria-hidden />
          <h2 id={titleId}>Activity, Last 30 Days</h2>
        </CardTitle>
        <CardDescription>Emails sent, opened and replied to per day (UTC)</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {/* The legend is there while the figures load (their places held), so the chart does not move down when they arrive. */}
        {(data || loading) && (
          <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            {series.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <svg width="24" height="8" aria-hidden="true">
                  <line
                    x1="1"
                    x2="23"
                    y1="4"
                    y2="4"
                    strokeWidth={2.5}
                    strokeLinecap="round"
                    strokeDasharray={s.dash}
                    className={s.stroke}
                  />
                </svg>
                <span>{s.label}</span>
                {data ? (
                  <span className="font-semibold tabular-nums">{number.format(data.totals[s.key])}</span>
                ) : (
                  <Skeleton className="h-4 w-8" />
                )}
              </li>
            ))}
          </ul>
        )}
        <div ref={ref} className="relative w-full" style={{ minHeight: HEIGHT }}>
          {loading && <Skeleton className="absolute inset-0" />}
          {failed && !data && (
            <p className="absolute inset-0 flex items-center justify-center text-muted-foreground text-sm">
              Failed to load dashboard data
            </p>
          )}
          {data && (
            <figure className="m-0" role="img" aria-label={summaryText(data)}>
              {width > 0 && <Plot data={data} width={width} />}
            </figure>
          )}
          {empty && (
            <p
              className={cn(
                "absolute inset-x-0 top-1/3 mx-auto w-fit rounded-md border bg-card px-3 py-1.5",
                "text-muted-foreground text-sm",
              )}
            >
              No activity in the last 30 days
            </p>
          )}
        </div>
        {data && (
          // Visually hidden by its wrapper: a table ignores the 1 px height of
          // sr-only and kept its rows' full height, scrolling the whole app.
          <div className="sr-only">
            <table>
              <caption>
                Emails sent, opened and replied to per day, {shortDay(data.from)} to {shortDay(data.to)} (UTC)
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Opened</th>
                  <th scope="col">Replied</th>
                </tr>
              </thead>
              <tbody>
                {data.days.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{d.sent}</td>
                    <td>{d.opened}</td>
                    <td>{d.replied}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
