import { Monitor, Moon, Sun } from "lucide-react";
import { toast } from "sonner";
import type { ThemeMode } from "#shared/db-enums.ts";
import { cn } from "#web/lib/cn.ts";
import { useTheme } from "../theme/theme-provider.tsx";

const options: { mode: ThemeMode; label: string; icon: typeof Sun }[] = [
  { mode: "light", label: "Light", icon: Sun },
  { mode: "dark", label: "Dark", icon: Moon },
  { mode: "auto", label: "Auto", icon: Monitor },
];

/** Three-way theme choice, stored in the user's settings. */
export function ThemeSwitcher() {
  const { mode, setMode } = useTheme();
  return (
    <div role="radiogroup" aria-label="Theme" className="flex rounded-md border bg-background p-0.5">
      {options.map(({ mode: m, label, icon: Icon }) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          aria-label={label}
          title={label}
          onClick={() =>
            setMode(m).catch((err: unknown) => {
              console.warn("theme save failed", err);
              toast.error("Failed to save settings");
            })
          }
          className={cn(
            "flex flex-1 items-center justify-center rounded-sm py-1 text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
            mode === m && "bg-accent text-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}
