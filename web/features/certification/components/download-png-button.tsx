import { DownloadIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { downloadPng } from '../lib/download-png.ts';

export interface DownloadMessages {
  generating: string;
  success: string;
  successDescription?: string;
  failureDescription: string;
}

/** Saves what `target` shows as a PNG, saying in toasts (SPEC section 8) that it is being made and how it went. */
export function DownloadPngButton({
  target,
  fileName,
  scale,
  messages,
  children,
}: {
  target: RefObject<HTMLElement | null>;
  fileName: string;
  scale: number;
  messages: DownloadMessages;
  children: ReactNode;
}) {
  const { t } = useTranslation('certification');
  const [generating, setGenerating] = useState(false);

  const download = async () => {
    if (!target.current) return;
    setGenerating(true);
    toast({ title: messages.generating });
    try {
      await downloadPng(target.current, { fileName, scale });
      toast({ title: messages.success, description: messages.successDescription, variant: 'success' });
    } catch {
      toast({ title: t('toasts.failed'), description: messages.failureDescription, variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <Button type="button" variant="outline" pending={generating} onClick={() => void download()}>
      <DownloadIcon aria-hidden />
      {children}
    </Button>
  );
}
