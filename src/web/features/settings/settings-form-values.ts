// The settings form edits fallback merge tags as rows; the API takes a record.
// The resolver validates with the same shared schema the server uses.
import type { FieldErrors, Resolver } from "react-hook-form";
import { type Settings, settingsSchema } from "#shared/settings/settings.schemas.ts";

export type SettingsFormValues = Omit<Settings, "fallbackMergeTags"> & {
  fallbackMergeTags: { tag: string; value: string }[];
};

export function toFormValues(settings: Settings): SettingsFormValues {
  return {
    ...settings,
    // Sorted: the database (jsonb) does not keep key order, so the form shows a stable one.
    fallbackMergeTags: Object.entries(settings.fallbackMergeTags)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, value]) => ({ tag, value })),
  };
}

export function toSettings(values: SettingsFormValues): Settings {
  const tags: Record<string, string> = {};
  for (const { tag, value } of values.fallbackMergeTags) {
    if (tag.trim()) tags[tag.trim()] = value;
  }
  return {
    ...values,
    notificationEmail: values.notificationEmail.trim(),
    automationWebhookUrl: values.automationWebhookUrl.trim(),
    fallbackMergeTags: tags,
  };
}

export const settingsResolver: Resolver<SettingsFormValues> = async (values) => {
  const parsed = settingsSchema.safeParse(toSettings(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "root");
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<SettingsFormValues> };
};
