'use client';

import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Button, Dialog, ErrorState, Skeleton } from '@/components/ui';

/**
 * A link's QR code, to print at a door or show on a screen: drawn in the browser from the URL
 * (never sent anywhere), as a PNG the administrator can save.
 */
export function QrDialog({ url, name, onClose }: { url: string | null; name: string; onClose: () => void }) {
  const [png, setPng] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setPng(null);
    setFailed(false);
    if (!url) return;
    QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 }).then(setPng, () => setFailed(true));
  }, [url]);
  return (
    <Dialog
      open={!!url}
      onClose={onClose}
      title={`QR code of "${name}"`}
      description="Whoever scans it can open the link's doors while the link is valid: show or print it only where that is intended."
      footer={
        <>
          {png ? (
            <a
              href={png}
              download={`${name.replace(/[^\w -]+/g, '').trim() || 'access-link'}.png`}
              className="text-sm font-medium text-indigo-700 hover:underline"
            >
              Save as image
            </a>
          ) : null}
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <div className="flex justify-center">
        {failed ? (
          <ErrorState message="The QR code could not be drawn. Copy the URL instead." />
        ) : png ? (
          <img src={png} alt={`QR code of the access link ${name}`} width={320} height={320} />
        ) : (
          <Skeleton className="h-80 w-80" />
        )}
      </div>
    </Dialog>
  );
}
