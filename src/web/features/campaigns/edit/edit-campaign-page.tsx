import { ScreenPlaceholder } from "../../placeholders/screen-placeholder.tsx";

export function EditCampaignPage() {
  return (
    <ScreenPlaceholder
      title="Edit Campaign"
      holds="This screen will edit a campaign's details, contacts, email sequence and sender accounts."
    />
  );
}
