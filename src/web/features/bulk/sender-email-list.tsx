import { AtSign, Plus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { bulkMessages } from "#shared/bulk/bulk-messages.ts";
import { addSenderEmail, removeSenderEmail, senderSuggestions } from "#shared/bulk/sender-list.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";

type SenderEmailListProps = {
  senders: string[];
  onChange: (senders: string[]) => void;
  /** The user's saved sender addresses, offered as suggestions. */
  saved: string[];
  disabled?: boolean;
};

/** The sender email list: an input with Add (Enter works too), and each address with a remove button. */
export function SenderEmailList({ senders, onChange, saved, disabled }: SenderEmailListProps) {
  const [input, setInput] = useState("");
  const [error, setError] = useState<string | null>(null);
  const suggestions = senderSuggestions(saved, senders);

  function add(event?: FormEvent) {
    event?.preventDefault();
    const result = addSenderEmail(senders, input);
    if (!result.ok) {
      setError(result.message);
      toast.error(result.message);
      return;
    }
    setError(null);
    setInput("");
    onChange(result.senders);
    toast.success(bulkMessages.senderAdded, { description: result.email });
  }

  function remove(email: string) {
    onChange(removeSenderEmail(senders, email));
    toast.success(bulkMessages.senderRemoved, { description: email });
  }

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="bulk-sender-email">Sender email</Label>
        <div className="flex gap-2">
          <Input
            id="bulk-sender-email"
            type="email"
            list="bulk-sender-suggestions"
            autoComplete="off"
            placeholder="you@yourcompany.com"
            value={input}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bulk-sender-email-error" : undefined}
            onChange={(e) => {
              setInput(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") add(e);
            }}
          />
          <datalist id="bulk-sender-suggestions">
            {suggestions.map((email) => (
              <option key={email} value={email} />
            ))}
          </datalist>
          <Button type="button" variant="outline" onClick={() => add()} disabled={disabled}>
            <Plus aria-hidden /> Add
          </Button>
        </div>
        <FieldError id="bulk-sender-email-error" message={error} />
      </div>

      {senders.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-6 text-center">
          <AtSign className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium text-sm">No sender emails added yet</p>
          <p className="text-muted-foreground text-xs">
            Add the addresses the emails go out from. They take turns, one contact each.
          </p>
        </div>
      ) : (
        <ul aria-label="Sender emails" className="divide-y rounded-lg border">
          {senders.map((email) => (
            <li key={email} className="flex items-center justify-between gap-2 py-1.5 pr-1.5 pl-3 text-sm">
              <span className="min-w-0 truncate font-medium" title={email}>
                {email}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${email}`}
                title={`Remove ${email}`}
                disabled={disabled}
                onClick={() => remove(email)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
