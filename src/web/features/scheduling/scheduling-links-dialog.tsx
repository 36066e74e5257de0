// BACKBONE STUB (branch backbone-14 only): the helper building the Scheduling Links manager replaces this file.
export function SchedulingLinksDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
