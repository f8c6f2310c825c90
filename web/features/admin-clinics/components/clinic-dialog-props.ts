/** What each dialog about one clinic is given. */
export interface ClinicDialogProps {
  clinic: { id: string; fullName: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes when the dialog closes: the button or menu it was opened from. Radix returns
   * focus only to a Dialog.Trigger, and these dialogs open from a table row's menu or a card's button.
   */
  onCloseAutoFocus?: (event: Event) => void;
}
