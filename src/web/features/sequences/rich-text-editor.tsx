// The rich-text body editor (TipTap). The body is stored as HTML; an empty
// editor stores "" (not "<p></p>") so an untouched body counts as missing.
import { EditorContent, useEditor } from "@tiptap/react";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { cn } from "#web/lib/cn.ts";
import { richContentClass } from "./rich-content-class.ts";
import { richTextExtensions } from "./rich-text-extensions.ts";
import { RichTextToolbar } from "./rich-text-toolbar.tsx";

export type BodyEditorHandle = { insertText: (text: string) => void };

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  ref?: Ref<BodyEditorHandle>;
  onFocus?: () => void;
};

const placeholderClass =
  "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]";

export function RichTextEditor(props: Props) {
  const { id, label, value, onChange, onFocus, placeholder = "Write your email...", ref } = props;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onFocusRef = useRef(onFocus);
  onFocusRef.current = onFocus;
  // The last HTML this editor reported: a value prop equal to it is our own echo, not a change from outside.
  const emitted = useRef(value);

  const editor = useEditor({
    extensions: richTextExtensions(placeholder),
    content: value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: cn(
          "min-h-40 px-3 py-2 outline-none [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-ring",
          richContentClass,
          placeholderClass,
        ),
      },
    },
    onFocus: () => onFocusRef.current?.(),
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? "" : current.getHTML();
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(
    ref,
    () => ({
      insertText: (text: string) => {
        editor.chain().focus().insertContent({ type: "text", text }).run();
      },
    }),
    [editor],
  );

  return (
    <div className="overflow-hidden rounded-md border border-input bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30">
      <RichTextToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
