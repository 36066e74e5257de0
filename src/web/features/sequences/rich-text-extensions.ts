// The TipTap schema of a rich-text email body: only what the stored-HTML
// allow-list keeps (no code blocks, rules or tables), so what the user sees in
// the editor is what is saved and sent.
import type { Extensions } from "@tiptap/core";
import { Image } from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extension-placeholder";
import { FontSize, TextStyle } from "@tiptap/extension-text-style";
import { StarterKit } from "@tiptap/starter-kit";
import { isAllowedHref } from "#shared/sequences/email-html-policy.ts";

/** The font sizes (docs/product.md §9.6). */
export const FONT_SIZES = ["8px", "10px", "12px", "14px", "16px", "18px", "24px"] as const;

export function richTextExtensions(placeholder: string): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        // Pasted or typed links with another scheme (javascript:, data:) never become links.
        isAllowedUri: (url) => isAllowedHref(url),
        HTMLAttributes: { rel: "noopener noreferrer", target: "_blank" },
      },
    }),
    TextStyle,
    FontSize,
    Image.configure({ allowBase64: true, inline: false }),
    Placeholder.configure({ placeholder }),
  ];
}
