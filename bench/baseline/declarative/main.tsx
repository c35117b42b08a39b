/**
 * The strict baseline: the page with react-router's declarative API (<BrowserRouter>, <Routes>),
 * the API the app itself uses. Same content as the reference page; only the router API differs.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LuckDraw } from '../page';

createRoot(document.getElementById('root') as HTMLElement).render(
  <BrowserRouter basename="/mp/activity">
    <Routes>
      <Route path="*" element={<LuckDraw />} />
    </Routes>
  </BrowserRouter>,
);
