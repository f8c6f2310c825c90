// Object URLs stay readable this long after the click: some browsers read the blob only after
// click() has returned (the figure FileSaver.js uses, https://github.com/eligrey/FileSaver.js/issues/205).
const REVOKE_AFTER_MS = 40_000;

/** Hands a Blob to the browser as a download named `fileName` (a temporary link with `download`). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
