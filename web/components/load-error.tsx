import { RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

/** A part of the page that could not load: what is missing, and a way to ask again. */
export function LoadError({
  message,
  onRetry,
  retrying,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-wrap items-center gap-4 rounded-lg border border-dashed bg-card p-6', className)}>
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden />
        {t('actions.retry')}
      </Button>
    </div>
  );
}
