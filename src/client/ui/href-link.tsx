/**
 * A link to an in-app path given as a plain string. TanStack's <Link to> is typed
 * against the routes that exist today; menus also point at routes later issues
 * add (/suite/billionetts, /circle/…), so these go through `navigate({ href })`,
 * which the router resolves at click time. A real <a href> keeps middle-click,
 * copy-link and screen-reader semantics.
 */
import { useNavigate } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export type HrefLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

export const HrefLink = forwardRef<HTMLAnchorElement, HrefLinkProps>(function HrefLink({ href, onClick, ...rest }, ref) {
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate({ href });
  };
  return <a ref={ref} href={href} onClick={handle} {...rest} />;
});
