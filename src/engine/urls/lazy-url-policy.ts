/**
 * The URL policy's code (./apply-url-policy.ts and ./url-policy.ts) as a chunk of its own: only
 * a document that binds a URL-typed prop needs it in the browser (the compiler says so,
 * `bindsUrls`), and it loads with that document, before its first render (decision 0028). Pages
 * without such a binding never fetch it.
 */
import { lazyValue } from '../../services/lazy-service';
import type * as ApplyUrlPolicy from './apply-url-policy';

export type UrlPolicyModule = typeof ApplyUrlPolicy;

export const urlPolicy = lazyValue<UrlPolicyModule>(() => import('./apply-url-policy'));
