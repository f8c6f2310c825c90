import type { ComponentProps, ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { DialogClose, DialogFooter } from './ui/dialog.tsx';

/**
 * The buttons of a form in a dialog: cancel closes it, submit is disabled and relabelled while the
 * form is being sent (SPEC section 4: a loading flag that disables the button and swaps its label).
 */
export function DialogFormFooter({
  cancelLabel,
  submitLabel,
  submittingLabel,
  submitting,
  icon,
  variant,
}: {
  cancelLabel: string;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  icon?: ReactNode;
  variant?: ComponentProps<typeof Button>['variant'];
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {cancelLabel}
        </Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={submitting}>
        {icon}
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
