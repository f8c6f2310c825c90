import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './ui/dialog.tsx';

/**
 * A dialog about one record (a customer, a report, a message's recipient), open while there is one.
 * `onCloseAutoFocus` gives focus back to what opened it: Radix does so only for a Dialog.Trigger, and
 * these open from a row's button or menu.
 */
export function RecordDialog<TRecord>({
  record,
  onClose,
  onCloseAutoFocus,
  closeLabel,
  title,
  description,
  className,
  children,
}: {
  record: TRecord | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  closeLabel: string;
  title: ReactNode;
  description: (record: TRecord) => ReactNode;
  className?: string;
  children: (record: TRecord) => ReactNode;
}) {
  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {record !== null ? (
        <DialogContent closeLabel={closeLabel} onCloseAutoFocus={onCloseAutoFocus} className={className}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description(record)}</DialogDescription>
          </DialogHeader>
          {children(record)}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
