import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BASE_PATH } from '../../spec/constants';

/** A click the browser would handle itself (new tab, new window, download) stays the browser's. */
function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The 404 page's heading, also its title in the prerendered HTML. */
export const NOT_FOUND_TITLE = '页面不存在';

/** spec §2: unknown paths show a 404 page. */
export function NotFoundScreen() {
  // A plain anchor, not react-router's <Link>: Link brings its prefetching and route matching
  // into every page's first load, for this one link (docs/perf.md).
  const navigate = useNavigate();
  return (
    <main className="ce-screen" data-screen="not-found">
      <h1 className="ce-screen__title">{NOT_FOUND_TITLE}</h1>
      <p className="ce-screen__text">您访问的活动页面不存在或已下线。</p>
      <a
        className="ce-screen__button"
        href={BASE_PATH}
        onClick={(event) => {
          if (!isPlainLeftClick(event)) return;
          event.preventDefault();
          navigate('/');
        }}
      >
        返回首页
      </a>
    </main>
  );
}

/** Shown when a chunk cannot load even after the one automatic reload: never a white page. */
export function ChunkErrorScreen({
  code,
  offline = false,
  onRetry,
}: {
  code: string;
  /** The browser reports no network: the page reloads by itself when it is back. */
  offline?: boolean;
  onRetry: () => void;
}) {
  return (
    <main className="ce-screen" data-screen="chunk-error" data-code={code}>
      <h1 className="ce-screen__title">页面加载失败</h1>
      <p className="ce-screen__text" role="status">
        {offline ? '网络已断开，联网后将自动重新加载。' : '网络不太稳定，请检查网络后重试。'}
      </p>
      <button type="button" className="ce-screen__button" onClick={onRetry}>
        重新加载
      </button>
    </main>
  );
}

export function PageSkeleton() {
  return <main className="ce-screen ce-screen--loading" aria-busy="true" aria-label="加载中" />;
}
