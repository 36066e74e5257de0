import { ScreenPlaceholder } from "../placeholders/screen-placeholder.tsx";

export function SendersPage() {
  return (
    <ScreenPlaceholder
      title="Senders"
      holds="This screen will manage your sender accounts, their connections, daily limits and sending statistics."
    />
  );
}
