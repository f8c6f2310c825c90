import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The shape of a card whose content is loading: a title, a block of text, a button. */
export function CardSkeleton({ lines = 1 }: { lines?: number }) {
  return (
    <Card className="grid gap-4 p-6">
      <Skeleton className="h-6 w-48 max-w-full" />
      {Array.from({ length: lines }, (_, line) => (
        <Skeleton key={line} className="h-12 w-full" />
      ))}
      <Skeleton className="h-10 w-40" />
    </Card>
  );
}
