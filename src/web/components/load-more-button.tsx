// "Load more" under a server-paged list (TanStack Query's infinite queries):
// shown while there is a next page, disabled while it loads.
import { Button } from "#web/components/ui/button.tsx";

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

export function LoadMoreButton({
  pages,
  label = "Load more",
  variant = "ghost",
  className,
}: {
  pages: Pages;
  label?: string;
  variant?: "ghost" | "outline";
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      size="sm"
      variant={variant}
      className={className}
      onClick={() => void pages.fetchNextPage()}
      disabled={pages.isFetchingNextPage}
    >
      {pages.isFetchingNextPage ? "Loading..." : label}
    </Button>
  );
}
