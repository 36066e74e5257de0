// A field's spintax errors under it, each with its position (spintax.ts), and
// for plain text the words around it with the brace marked, so the user finds
// it without counting. The API refuses the same (sequence.schemas.ts).
import { CircleAlert } from "lucide-react";
import type { SpintaxError } from "#shared/sequences/spintax.ts";

const AROUND = 20;

function Excerpt({ source, error }: { source: string; error: SpintaxError }) {
  const start = Math.max(0, error.offset - AROUND);
  const end = Math.min(source.length, error.offset + Math.min(error.length, AROUND) + AROUND);
  return (
    <span className="mt-0.5 block font-mono text-xs">
      {start > 0 && "…"}
      {source.slice(start, error.offset)}
      <mark className="rounded-sm bg-destructive/20 px-0.5 text-destructive">
        {source.slice(error.offset, error.offset + Math.min(error.length, AROUND))}
      </mark>
      {source.slice(error.offset + Math.min(error.length, AROUND), end)}
      {end < source.length && "…"}
    </span>
  );
}

export function SpintaxProblems(props: {
  id: string;
  field: string;
  source: string;
  format: "text" | "html";
  errors: readonly SpintaxError[];
}) {
  if (props.errors.length === 0) return null;
  return (
    <div id={props.id} role="alert" className="space-y-1 text-destructive text-sm">
      {props.errors.map((error) => (
        <p key={`${error.offset}:${error.message}`} className="flex items-start gap-2">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {props.field}: {error.message}
            {props.format === "text" && <Excerpt source={props.source} error={error} />}
          </span>
        </p>
      ))}
    </div>
  );
}
