import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { parseRoute } from './history';
import { usePreloadRoute } from './preload';
import { useHref, useLocation, useNavigate } from './Router';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  className?: string;
}

/** A plain click moves within the app; a click with a modifier (new tab, new window) is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

/**
 * An anchor to a route of the app: a real href (`#/marketplace`), followed by the router. Hovering, touching
 * or focusing it starts loading the route's screen, so a click finds its chunks on their way.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, onMouseEnter, onTouchStart, onFocus, ...anchor },
  ref,
) {
  const href = useHref(to);
  const navigate = useNavigate();
  const preloadRoute = usePreloadRoute();
  const preload = () => preloadRoute(parseRoute(to).pathname);
  return (
    <a
      {...anchor}
      ref={ref}
      href={href}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        preload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A class, or one chosen by whether the link is the current route. */
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on exactly this path, not below it. */
  end?: boolean;
}

/** A link that knows when it is the current route: `aria-current="page"` and an active class. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { className, end, to, ...link },
  ref,
) {
  const { pathname } = useLocation();
  const target = to.split('?')[0]!.toLowerCase();
  const here = pathname.toLowerCase();
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <Link {...link} ref={ref} to={to} className={classes} aria-current={isActive ? 'page' : undefined} />;
});
