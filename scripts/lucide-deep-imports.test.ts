import { describe, expect, it } from "vitest";
import { rewriteLucideImports } from "./lucide-deep-imports.ts";

const icons = new Map([
  ["X", "lucide-react/icons/x"],
  ["XIcon", "lucide-react/icons/x"],
  ["CalendarDays", "lucide-react/icons/calendar-days"],
]);

describe("rewriteLucideImports", () => {
  it("imports each icon from its own module, keeping local names", () => {
    expect(rewriteLucideImports('import { X, CalendarDays as Cal } from "lucide-react";', icons)).toBe(
      'import X from "lucide-react/icons/x"; import Cal from "lucide-react/icons/calendar-days";',
    );
  });

  it("keeps what is not an icon in an import from the index, over several lines", () => {
    const code = 'import {\n  XIcon,\n  type LucideIcon,\n} from "lucide-react";\nconst a = 1;';
    expect(rewriteLucideImports(code, icons)).toBe(
      'import XIcon from "lucide-react/icons/x"; import { type LucideIcon } from "lucide-react";\nconst a = 1;',
    );
  });

  it("leaves imports without icons and other modules alone", () => {
    for (const code of ['import { type LucideIcon } from "lucide-react";', 'import { X } from "other";']) {
      expect(rewriteLucideImports(code, icons)).toBe(code);
    }
  });
});
