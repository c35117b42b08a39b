/**
 * The render-cost bench's reference (issue 10, point 4): the 500 widgets of ../content.ts written
 * by hand as a React developer would, with the same markup and stylesheets as the engine's
 * rich-text and button widgets, mounted with react-router's data router like the size bench's
 * reference page (bench/baseline/data-router).
 */
import { Fragment, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { blocks, type ButtonBlock, type TextBlock } from '../content';
import '../../../src/app/global.css';
import '../../../widgets/rich-text/rich-text.css';
import '../../../widgets/button/button.css';

function RichText({ block }: { block: TextBlock }) {
  return (
    <article className="w-rich-text">
      <h2 className="w-rich-text__title">{block.title}</h2>
      <p>{block.paragraph}</p>
    </article>
  );
}

function ClaimButton({ block, onClaim }: { block: ButtonBlock; onClaim: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="w-button w-button--primary w-button--full"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        onClaim(`已领取 ${block.label}`);
        setBusy(false);
      }}
    >
      {block.label}
    </button>
  );
}

function ManyWidgets() {
  const [toast, setToast] = useState<string | null>(null);
  return (
    <main className="ce-page" style={{ maxWidth: '750px' }}>
      {blocks.map(({ text, button }) => (
        <Fragment key={text.id}>
          <RichText block={text} />
          <ClaimButton block={button} onClaim={setToast} />
        </Fragment>
      ))}
      <p aria-live="polite">{toast}</p>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <ManyWidgets /> }], {
  basename: '/mp/activity',
});

// The bench's breakdown: the entry has run (this page has nothing to load before it renders).
performance.mark('bench:start');
performance.mark('bench:prepared');
createRoot(document.getElementById('root') as HTMLElement).render(
  <RouterProvider router={router} />,
);
