import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export type FieldErrorProps = Omit<ComponentProps<"p">, "children"> & {
  /** The validation message (e.g. `errors.email?.message`); nothing renders when empty. */
  message?: string | null | undefined;
};

/** Inline validation message. Give it an `id` and point the field's `aria-describedby` at it. */
export function FieldError({ message, className, ...props }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p
      data-slot="field-error"
      role="alert"
      className={cn("font-medium text-destructive text-sm", className)}
      {...props}
    >
      {message}
    </p>
  );
}
