import type { ReactNode } from "react";
import { FieldError } from "./ui/field-error.tsx";
import { Label } from "./ui/label.tsx";

/** A label, its control, and either a hint or the validation message under it. */
export function FormField(props: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  const { id, label, hint, error, children } = props;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
