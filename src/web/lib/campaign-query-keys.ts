// The campaign caches' keys. Campaigns owns them; the screens that change a
// campaign from outside (its contacts, the dashboard's refresh) invalidate them
// too, and read them here rather than from the campaigns feature.
export const campaignsQueryKey = ["campaigns"] as const;
export const campaignQueryKey = (id: string) => ["campaigns", id] as const;
