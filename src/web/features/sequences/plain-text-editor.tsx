// The plain-text body: a textarea that can take a merge tag at the cursor.
import { type Ref, useImperativeHandle, useRef } from "react";
import { Textarea } from "#web/components/ui/textarea.tsx";
import type { BodyEditorHandle } from "./rich-text-editor.tsx";

type Props = {
  id: string;
  value: string;
  onChange: (text: string) => void;
  ref?: Ref<BodyEditorHandle>;
  describedBy?: string;
  onFocus?: () => void;
};

/** Inserts `text` into a text field at its selection and puts the cursor after it. */
export function insertAtCursor(
  field: HTMLInputElement | HTMLTextAreaElement,
  value: string,
  text: string,
  onChange: (next: string) => void,
) {
  const start = field.selectionStart ?? value.length;
  const end = field.selectionEnd ?? value.length;
  onChange(value.slice(0, start) + text + value.slice(end));
  const caret = start + text.length;
  // After React has written the new value.
  requestAnimationFrame(() => {
    field.focus();
    field.setSelectionRange(caret, caret);
  });
}

export function PlainTextEditor({ id, value, onChange, ref, describedBy, onFocus }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      insertText: (text: string) => {
        if (textarea.current) insertAtCursor(textarea.current, value, text, onChange);
      },
    }),
    [value, onChange],
  );
  return (
    <Textarea
      ref={textarea}
      id={id}
      value={value}
      rows={8}
      placeholder="Write your email..."
      aria-describedby={describedBy}
      onFocus={onFocus}
      onChange={(e) => onChange(e.target.value)}
      className="min-h-40 font-normal"
    />
  );
}
