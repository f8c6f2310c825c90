import { saveFile } from '../../../lib/save-file.ts';

// SPEC section 9: how long rendering may wait for an image or a font.
const IMAGE_TIMEOUT_MS = 15_000;

/**
 * Saves `node` as a PNG of `scale` times its CSS size; around what the node paints itself stays
 * transparent. modern-screenshot loads on the first download, outside the page's chunk.
 */
export async function downloadPng(
  node: HTMLElement,
  { fileName, scale }: { fileName: string; scale: number },
): Promise<void> {
  const { domToBlob } = await import('modern-screenshot');
  const blob = await domToBlob(node, { type: 'image/png', scale, timeout: IMAGE_TIMEOUT_MS, backgroundColor: null });
  saveFile(blob, fileName);
}
