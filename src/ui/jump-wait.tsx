/**
 * Jump-wait indicator (spec §2): a small 'opening the app…' note shown while a deep link is tried
 * (spec §4: up to DEEP_LINK_POLL_COUNT polls). It does not block the page.
 */
import { UI_COPY } from './copy';
import './jump-wait.css';

export interface JumpWaitProps {
  open: boolean;
  text?: string;
}

export function JumpWait({ open, text = UI_COPY.openingApp }: JumpWaitProps) {
  if (!open) return null;
  return (
    <div className="ui-jump-wait" role="status" data-testid="ui-jump-wait">
      <span className="ui-jump-wait__spinner" aria-hidden="true" />
      <span className="ui-jump-wait__text">{text}</span>
    </div>
  );
}
