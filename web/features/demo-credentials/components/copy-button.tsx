import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';

const COPIED_ICON_MS = 2000;

export interface CopyMessages {
  /** The button's accessible name, e.g. "Kopiera e-post". */
  label: string;
  successTitle: string;
  successDescription: string;
  failureTitle: string;
  failureDescription: string;
}

/** Copies `value` to the clipboard and says how it went in a toast; the icon confirms for a moment. */
export function CopyButton({ value, messages }: { value: string; messages: CopyMessages }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_ICON_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      // The Clipboard API exists only in secure contexts (https or localhost).
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: messages.successTitle, description: messages.successDescription, variant: 'success' });
    } catch {
      toast({ title: messages.failureTitle, description: messages.failureDescription, variant: 'destructive' });
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={messages.label}
      title={messages.label}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon className="text-success" aria-hidden /> : <CopyIcon aria-hidden />}
    </Button>
  );
}
