// The lists' search box: a search-type input with a magnifier, named for
// screen readers by `label` (the placeholder is not a label).
import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";
import { Input } from "./ui/input.tsx";

type SearchInputProps = Omit<ComponentProps<typeof Input>, "type" | "onChange" | "value"> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
};

export function SearchInput({ label, value, onValueChange, className, ...rest }: SearchInputProps) {
  return (
    <div className={cn("relative", className)}>
      <Search aria-hidden className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground" />
      <Input
        type="search"
        aria-label={label}
        className="pl-9"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        {...rest}
      />
    </div>
  );
}
