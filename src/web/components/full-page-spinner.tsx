import { Spinner } from "./ui/spinner.tsx";

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} size="base" />
    </div>
  );
}
