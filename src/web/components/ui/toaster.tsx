import type { CSSProperties } from "react";
import { createPortal } from "react-dom";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

export type ToasterProps = Omit<SonnerProps, "theme"> & {
  /** The app's resolved theme; toasts follow the `dark` class, not the OS. */
  theme: "light" | "dark";
};

/**
 * sonner's rich colours in the light theme put 13 px text below WCAG AA's
 * 4.5:1 (success 4.3, info 4.4, warning 3.1, error 4.4 on their tints). The
 * same hues, darker: 6.0, 5.7, 6.1, 5.8. Its dark theme passes as it is
 * (6.6 and above).
 */
const lightRichText = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--info-text": "hsl(210, 92%, 38%)",
  "--warning-text": "hsl(31, 92%, 30%)",
  "--error-text": "hsl(360, 100%, 38%)",
};

export function Toaster({ theme, ...props }: ToasterProps) {
  // Straight under <body>, not inside the app's root: an open dialog hides
  // everything beside it from screen readers (aria-hidden on the root), and
  // spares a live region only if it is already there, so a Toaster mounted
  // after the dialog opened (it loads at the first toast) was hidden with it.
  return createPortal(
    <Sonner
      theme={theme}
      richColors
      closeButton
      // At the top, in the middle: the screens' main buttons (Next, Launch
      // Campaign, Send) sit at the bottom right of their forms, where a
      // bottom-right toast covered them; the page's own actions are on the right
      // of its header. Below 600 px sonner spans the width, over the menu bar.
      position="top-center"
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          ...(theme === "light" ? lightRichText : {}),
        } as CSSProperties
      }
      {...props}
    />,
    document.body,
  );
}
