import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

/** `value` as a QR code image; an empty square of the same size until it has been drawn. */
export function QrCode({ value, alt, className }: { value: string; alt: string; className?: string }) {
  const [image, setImage] = useState<{ value: string; src: string } | null>(null);

  useEffect(() => {
    let current = true;
    // Fails only for text longer than a QR code holds (about 2 kB), never for a verification address.
    void QRCode.toString(value, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }).then((svg) => {
      if (current) setImage({ value, src: `data:image/svg+xml,${encodeURIComponent(svg)}` });
    });
    return () => {
      current = false;
    };
  }, [value]);

  if (image?.value !== value) return <div className={cn('bg-muted', className)} aria-hidden />;
  return <img src={image.src} alt={alt} className={className} />;
}
