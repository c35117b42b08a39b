/**
 * The reference page: the same content mounted with react-router's data router
 * (createBrowserRouter + RouterProvider, the setup React Router 7 documents first). Built here it
 * weighs what issue 2 quotes for "a hand-written React 19 page with react-router" (97 KB gzip), so
 * the first-load budget (<= 1.15x) is measured against it; the declarative page is reported too.
 */
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LuckDraw } from '../page';

const router = createBrowserRouter([{ path: '*', element: <LuckDraw /> }], {
  basename: '/mp/activity',
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <RouterProvider router={router} />,
);
