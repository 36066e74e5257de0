import { ScreenPlaceholder } from "../../placeholders/screen-placeholder.tsx";

export function CreateCampaignPage() {
  return <ScreenPlaceholder title="Create Campaign" holds="The six-step campaign wizard." />;
}
