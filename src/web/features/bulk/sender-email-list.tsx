import { AtSign, Plus, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { bulkMessages } from "#shared/bulk/bulk-messages.ts";
import { addSenderEmail, removeSenderEmail, senderSuggestions } from "#shared/bulk/sender-list.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { toast } from "#web/lib/toast.ts";

type SenderEmailListProps = {
  senders: string[];
  onChange: (senders: string[]) => void;
  /** The user's saved sender addresses, offered to pick from. */
  saved: string[];
  /** Only saved addresses may be added (Coldreach sends through their accounts). */
  savedOnly?: boolean;
  disabled?: boolean;
};

/** One toast for the list's outcomes, so a success replaces an earlier refusal. */
const TOAST_ID = "bulk-sender-list";

/** The sender email list: an input with Add (Enter works too), and each address with a remove button. */
export function SenderEmailList({ senders, onChange, saved, savedOnly, disabled }: SenderEmailListProps) {
  const [input, setInput] = useState("");
  const [error, setError] = useState<string | null>(null);
  const suggestions = senderSuggestions(saved, senders);

  function add(event?: FormEvent, typed = input) {
    event?.preventDefault();
    const result = addSenderEmail(senders, typed, savedOnly ? saved : null);
    if (!result.ok) {
      setError(result.message);
      toast.error(result.message, { id: TOAST_ID });
      return;
    }
    setError(null);
    setInput("");
    onChange(result.senders);
    toast.success(bulkMessages.senderAdded, { id: TOAST_ID, description: result.email });
  }

  function remove(email: string) {
    // The refusal was about the list before this change.
    setError(null);
    onChange(removeSenderEmail(senders, email));
    toast.success(bulkMessages.senderRemoved, { id: TOAST_ID, description: email });
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
        {suggestions.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <span id="bulk-saved-senders" className="text-muted-foreground text-xs">
              Your saved senders:
            </span>
            <ul aria-labelledby="bulk-saved-senders" className="contents">
              {suggestions.map((email) => (
                <li key={email}>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    aria-label={`Add ${email}`}
                    disabled={disabled}
                    onClick={() => add(undefined, email)}
                  >
                    <Plus aria-hidden /> {email}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
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
