/**
 * The deep-link landing page (spec §2, §4): validate the target, try to open it at once, and
 * when the page is still visible after the wait, show a large button so the user can open it
 * with a tap (some browsers only follow a scheme from a user gesture). Plain DOM, no React.
 */
import { DEEP_LINK_POLL_INTERVAL_MS } from '../spec/constants';
import type { Clock } from '../services/types';
import type { AppLauncher, HiddenReader } from '../services/deep-link/launcher';
import { validateTarget } from '../services/deep-link/validate-target';
import { pollForHidden } from '../services/deep-link/wait-for-hidden';
import type { LandingParams } from './landing-params';

export interface LandingDeps {
  root: HTMLElement;
  clock: Clock;
  launcher: AppLauncher;
  isHidden: HiddenReader;
  ownOrigin: string;
}

export type LandingOutcome = 'opened' | 'button' | 'refused';

/** User-facing copy (Chinese); the English meaning is in each comment. */
export const LANDING_COPY = {
  opening: '正在打开App…', // "Opening the app…"
  button: '打开App', // "Open the app"
  hint: '如果没有自动打开，请点击上方按钮', // "If it did not open by itself, tap the button above"
  refused: '链接无效或不安全，已阻止打开', // "The link is invalid or unsafe and was blocked"
} as const;

function el<K extends keyof HTMLElementTagNameMap>(
  root: HTMLElement,
  tag: K,
  className: string,
  text: string,
): HTMLElementTagNameMap[K] {
  const node = root.ownerDocument.createElement(tag);
  node.className = className;
  node.textContent = text;
  root.appendChild(node);
  return node;
}

/** Validates `params.schema`; returns the URL to launch or a reason it was refused. */
export function checkLandingTarget(
  params: LandingParams,
  ownOrigin: string,
): { ok: true; url: string } | { ok: false; reason: string } {
  const checked = validateTarget(params.schema, { ownOrigin });
  if (!checked.ok) return checked;
  const scheme = new URL(checked.url).protocol.slice(0, -1);
  if (params.limitSchemes && !params.limitSchemes.includes(scheme)) {
    return { ok: false, reason: `scheme '${scheme}:' is not allowed by limitApp` };
  }
  return { ok: true, url: checked.url };
}

export async function runLanding(
  deps: LandingDeps,
  params: LandingParams,
): Promise<LandingOutcome> {
  const { root } = deps;
  root.textContent = '';
  const target = checkLandingTarget(params, deps.ownOrigin);
  if (!target.ok) {
    const message = el(root, 'p', 'landing-refused', LANDING_COPY.refused);
    message.setAttribute('role', 'alert');
    message.dataset['reason'] = target.reason;
    return 'refused';
  }
  const status = el(root, 'p', 'landing-status', LANDING_COPY.opening);
  status.setAttribute('role', 'status');
  const button = el(root, 'button', 'landing-button', LANDING_COPY.button);
  button.type = 'button';
  button.hidden = true;
  button.addEventListener('click', () => deps.launcher.launch(target.url));
  const hint = el(root, 'p', 'landing-hint', LANDING_COPY.hint);
  hint.hidden = true;

  deps.launcher.launch(target.url);
  const count = Math.ceil(params.timeoutMs / DEEP_LINK_POLL_INTERVAL_MS);
  const hidden = await pollForHidden(deps.clock, deps.isHidden, DEEP_LINK_POLL_INTERVAL_MS, count);
  if (hidden) return 'opened';
  status.hidden = true;
  button.hidden = false;
  hint.hidden = false;
  return 'button';
}
