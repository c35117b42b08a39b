/**
 * The messaging app's share guide: a page inside it cannot open the share sheet, only its own
 * top-right menu can share, so a share tap dims the page and points at that menu with one line
 * saying what to do. A tap anywhere (or Escape) closes it.
 */
import { useEffect } from 'react';
import { UI_COPY } from './copy';
import './menu-guide.css';

export interface MenuGuideProps {
  text: string;
  onClose: () => void;
}

export function MenuGuide({ text, onClose }: MenuGuideProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    globalThis.addEventListener?.('keydown', onKey);
    return () => globalThis.removeEventListener?.('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="ui-menu-guide"
      role="dialog"
      aria-modal="true"
      aria-label={text}
      data-testid="ui-menu-guide"
      onClick={onClose}
    >
      <svg className="ui-menu-guide__arrow" viewBox="0 0 80 90" aria-hidden="true">
        <path
          d="M12 86 C 16 46, 40 26, 66 14"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray="2 9"
        />
        <path
          d="M50 8 L 70 12 L 62 30"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="ui-menu-guide__text">{text}</p>
      <button type="button" className="ui-menu-guide__close" onClick={onClose}>
        {UI_COPY.gotIt}
      </button>
    </div>
  );
}
