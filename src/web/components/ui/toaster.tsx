import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

export type ToasterProps = Omit<SonnerProps, "theme"> & {
  /** The app's resolved theme; toasts follow the `dark` class, not the OS. */
  theme: "light" | "dark";
};

export function Toaster({ theme, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position="bottom-right"
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
      {...props}
    />
  );
}
