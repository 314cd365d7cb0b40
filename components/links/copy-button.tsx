'use client';

import { Button, useToast } from '@/components/ui';

/** Copies a link URL; where the clipboard is unavailable (plain http), says how to copy by hand. */
export function CopyButton({
  url,
  label = 'Copy URL',
  size = 'sm',
}: {
  url: string;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const toast = useToast();
  return (
    <Button
      size={size}
      variant="secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          toast.success('Link URL copied');
        } catch {
          toast.info('Copy it by hand', url);
        }
      }}
    >
      {label}
    </Button>
  );
}
