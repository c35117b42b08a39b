import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { useServices } from '../../services/context';
import { HOME_SCROLL_RESET_MS } from '../../spec/constants';

/**
 * spec §2: scroll resets to top on navigation unless the browser restores it (back/forward is a
 * POP, left to the browser); home scrolls to top 500 ms after arrival.
 */
export function ScrollManager() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const { clock } = useServices();
  useEffect(() => {
    if (navigationType !== 'POP') globalThis.scrollTo(0, 0);
    if (pathname === '/' || pathname === '') {
      return clock.setTimeout(() => globalThis.scrollTo(0, 0), HOME_SCROLL_RESET_MS);
    }
    return undefined;
  }, [pathname, navigationType, clock]);
  return null;
}
