import { UploadIcon } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface FilePickerProps {
  label: string;
  /** The picker's filter, e.g. `.pdf,.doc`; the server checks type and content again. */
  accept: string;
  maxBytes: number;
  disabled?: boolean;
  /** A file is on its way: the button stays focused but opens nothing. */
  pending?: boolean;
  /** A file over `maxBytes`: it is not sent (SPEC section 5, the upload does not start). */
  onTooLarge: (file: File) => void;
  onFile: (file: File) => void;
}

/** A button that opens the browser's file chooser (the native input stays hidden) and hands over one file. */
export function FilePicker({
  label,
  accept,
  maxBytes,
  disabled = false,
  pending = false,
  onTooLarge,
  onFile,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        disabled={disabled || pending}
        tabIndex={-1}
        aria-hidden
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that choosing the same file again (after a failure) is a change again.
          event.target.value = '';
          if (!file) return;
          if (file.size > maxBytes) onTooLarge(file);
          else onFile(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        pending={pending}
        onClick={() => input.current?.click()}
      >
        <UploadIcon aria-hidden />
        {label}
      </Button>
    </>
  );
}
