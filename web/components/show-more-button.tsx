import { Button } from './ui/button.tsx';

/**
 * "Visa fler" under a list paged on the server by cursor (an infinite query): loads the next page,
 * pending while it does; nothing once the last page is shown.
 */
export function ShowMoreButton({
  query,
  label,
  loadingLabel,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  loadingLabel: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => void query.fetchNextPage()} pending={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? loadingLabel : label}
      </Button>
    </div>
  );
}
