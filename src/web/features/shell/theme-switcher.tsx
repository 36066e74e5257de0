import { Monitor, Moon, Sun } from "lucide-react";
import type { ThemeMode } from "#shared/db-enums.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useTheme } from "../theme/theme-provider.tsx";

const options: { mode: ThemeMode; label: string; icon: typeof Sun }[] = [
  { mode: "light", label: "Light", icon: Sun },
  { mode: "dark", label: "Dark", icon: Moon },
  { mode: "auto", label: "Auto", icon: Monitor },
];

/** Three-way theme choice stored in the user's settings: native radios, styled as a segmented control. */
export function ThemeSwitcher() {
  const { mode, setMode } = useTheme();
  return (
    <fieldset className="flex rounded-md border bg-background p-0.5">
      <legend className="sr-only">Theme</legend>
      {options.map(({ mode: m, label, icon: Icon }) => (
        <label
          key={m}
          title={label}
          className={cn(
            "flex flex-1 cursor-pointer items-center justify-center rounded-sm py-1 text-muted-foreground transition-colors hover:text-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring",
            mode === m && "bg-accent text-foreground",
          )}
        >
          <input
            type="radio"
            name="theme-mode"
            value={m}
            checked={mode === m}
            aria-label={label}
            className="sr-only"
            onChange={() =>
              setMode(m).catch((err: unknown) => {
                console.warn("theme save failed", err);
                toast.error("Failed to save settings");
              })
            }
          />
          <Icon className="size-4" aria-hidden />
        </label>
      ))}
    </fieldset>
  );
}
