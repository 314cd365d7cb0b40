'use client';

import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import { forwardRef, type ComponentProps } from 'react';

/**
 * next/link that prefetches when a person points at it, touches it or tabs to it, not whenever it
 * is on screen. Next prefetches every link in view, and for this portal's dynamic pages each one is
 * a server render: the side navigation's 17 links and a Devices page's 25 rows asked for 40 renders
 * at every page load, which the page's own data then queued behind (issue 34: the big
 * organization's Devices list answered in 60 ms alone and 500 ms inside a page load). The route is
 * still fetched before the click lands, so following a link shows its loading state at once.
 */
export const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof NextLink>>(function Link(
  { href, prefetch, onMouseEnter, onFocus, onTouchStart, ...rest },
  ref,
) {
  const router = useRouter();
  const warm = () => {
    if (prefetch !== false && typeof href === 'string' && href.startsWith('/')) router.prefetch(href);
  };
  return (
    <NextLink
      ref={ref}
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        warm();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        warm();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        warm();
        onTouchStart?.(e);
      }}
      {...rest}
    />
  );
});
