// The two pickers above the steps: which imported column holds each contact's
// address ('Email to'), and which contact the previews are filled for.
import { useId } from "react";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";

export function EmailColumnPicker(props: { value: string; options: string[]; onChange: (column: string) => void }) {
  const id = useId();
  const options = props.options.includes(props.value) ? props.options : [props.value, ...props.options];
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Email to</Label>
      <Select value={props.value} onValueChange={props.onChange}>
        <SelectTrigger id={id} className="w-full sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((column) => (
            <SelectItem key={column} value={column}>
              {column}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function PreviewContactPicker(props: { labels: string[]; value: number; onChange: (index: number) => void }) {
  const id = useId();
  const none = props.labels.length === 0;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Preview as</Label>
      <Select
        value={none ? "none" : String(props.value)}
        onValueChange={(v) => props.onChange(Number(v))}
        disabled={none}
      >
        <SelectTrigger id={id} className="w-full sm:w-72">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {none ? (
            <SelectItem value="none">No contacts uploaded</SelectItem>
          ) : (
            props.labels.map((label, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the first 10 contacts in file order; two may share a label
              <SelectItem key={index} value={String(index)}>
                {label}
              </SelectItem>
            ))
          )}
        </SelectContent>
      </Select>
    </div>
  );
}
