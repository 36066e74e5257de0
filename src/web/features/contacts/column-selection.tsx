import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Label } from "#web/components/ui/label.tsx";

type ColumnSelectionProps = {
  fields: string[];
  emailColumn: string;
  selected: ReadonlySet<string>;
  onChange: (selected: string[]) => void;
};

/** Which imported columns the campaign keeps (merge tags); the email column always. */
export function ColumnSelection({ fields, emailColumn, selected, onChange }: ColumnSelectionProps) {
  const set = (field: string, on: boolean) =>
    onChange(fields.filter((f) => f === emailColumn || (f === field ? on : selected.has(f))));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Select Columns</h3>
        </CardTitle>
        <CardDescription>
          Columns to keep with each contact; they can be used as merge tags. First name, last name, company and time
          zone are always kept.
        </CardDescription>
        <CardAction className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => onChange([...fields])}>
            Select All
          </Button>
          <Button variant="outline" size="sm" onClick={() => onChange([emailColumn])}>
            Email Only
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Columns">
          {fields.map((field) => {
            const id = `column-${field}`;
            const isEmail = field === emailColumn;
            return (
              <li key={field} className="flex items-center gap-2 rounded-md border p-2">
                <Checkbox
                  id={id}
                  checked={isEmail || selected.has(field)}
                  disabled={isEmail}
                  onCheckedChange={(value) => set(field, value === true)}
                />
                <Label htmlFor={id} className="min-w-0 truncate py-0.5 font-normal leading-normal" title={field}>
                  {field}
                </Label>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
