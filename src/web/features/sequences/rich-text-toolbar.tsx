// Formatting controls for the rich-text body: bold, italic, underline, lists,
// link, font size and inline images.
import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { Bold, ImagePlus, Italic, List, ListOrdered, Underline } from "lucide-react";
import { type ChangeEvent, type ReactNode, useRef } from "react";
import { bodyBytes, formatMegabytes, MAX_STEP_BODY_BYTES } from "#shared/sequences/body-size.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { EMBEDDABLE_IMAGE_TYPES, imageFileProblem, readFileAsDataUrl } from "./image-file.ts";
import { LinkPopover } from "./link-popover.tsx";
import { FONT_SIZES } from "./rich-text-extensions.ts";

const DEFAULT_SIZE = "default";

export function ToolbarButton(props: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.active}
      disabled={props.disabled}
      // Keep the editor's selection: a mousedown on the button would otherwise move focus first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={props.onClick}
      className={cn(
        "inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 [&_svg]:size-4",
        props.active && "bg-accent text-accent-foreground",
      )}
    >
      {props.children}
    </button>
  );
}

async function insertImage(editor: Editor, file: File) {
  const problem = imageFileProblem(file);
  if (problem) {
    toast.error(problem);
    return;
  }
  let src: string;
  try {
    src = await readFileAsDataUrl(file);
  } catch (err) {
    console.warn("could not read the image", err);
    toast.error("Failed to upload image. Please try again.");
    return;
  }
  // The image is embedded decoded-size for decoded-size (body-size.ts): refused here rather than at Launch.
  const total = bodyBytes(editor.getHTML()) + file.size;
  if (total > MAX_STEP_BODY_BYTES) {
    toast.error(
      `With this image the message would be ${formatMegabytes(total)}; a step can be at most ${MAX_STEP_BODY_BYTES / 1_000_000} MB with its images. Use a smaller image.`,
    );
    return;
  }
  editor.chain().focus().setImage({ src, alt: file.name }).run();
  toast.success("Image uploaded");
}

export function RichTextToolbar({ editor }: { editor: Editor }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      link: e.isActive("link"),
      fontSize: (e.getAttributes("textStyle").fontSize as string | undefined) ?? DEFAULT_SIZE,
    }),
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire change again.
    event.target.value = "";
    if (file) void insertImage(editor, file);
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 p-1"
    >
      <ToolbarButton label="Bold" active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <Bold aria-hidden />
      </ToolbarButton>
      <ToolbarButton label="Italic" active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <Italic aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label="Underline"
        active={state.underline}
        onClick={() => editor.chain().focus().toggleUnderline().run()}
      >
        <Underline aria-hidden />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <ToolbarButton
        label="Bulleted list"
        active={state.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        <List aria-hidden />
      </ToolbarButton>
      <ToolbarButton
        label="Numbered list"
        active={state.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden />
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <LinkPopover editor={editor} active={state.link} />
      <ToolbarButton label="Insert image" onClick={() => fileInput.current?.click()}>
        <ImagePlus aria-hidden />
      </ToolbarButton>
      <input
        ref={fileInput}
        type="file"
        accept={EMBEDDABLE_IMAGE_TYPES.join(",")}
        className="hidden"
        aria-label="Image file"
        onChange={onFile}
      />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <Select
        value={FONT_SIZES.includes(state.fontSize as (typeof FONT_SIZES)[number]) ? state.fontSize : DEFAULT_SIZE}
        onValueChange={(size) => {
          const chain = editor.chain().focus();
          (size === DEFAULT_SIZE ? chain.unsetFontSize() : chain.setFontSize(size)).run();
        }}
      >
        <SelectTrigger
          size="sm"
          aria-label="Font size"
          className="h-8 w-auto min-w-24 border-0 bg-transparent shadow-none dark:bg-transparent"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={DEFAULT_SIZE}>Normal</SelectItem>
          {FONT_SIZES.map((size) => (
            <SelectItem key={size} value={size}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
