import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ServicesProvider } from '../../services/context';
import { createFakeServices } from '../../../tests/support/fake-services';
import type { CampaignDocument } from '../document/types';
import { CampaignRoute } from './campaign-route';
import { DocumentCache } from './document-cache';

const dlink = {
  version: 2,
  title: '打开App',
  landing: 'dlink',
  route: '/dlink',
  widgetTypes: [],
  initialWidgetTypes: [],
} as unknown as CampaignDocument;

describe('a landing alias inside the app (/dlink, spec §2)', () => {
  it('loads the landing page in one full navigation, with the query as it was', async () => {
    const services = createFakeServices();
    const cache = new DocumentCache(
      new Map([['/dlink', async () => ({ default: dlink })]]),
      services.clock,
    );
    await act(async () => {
      render(
        <ServicesProvider services={services}>
          <MemoryRouter initialEntries={['/dlink?schema=miwallet%3A%2F%2Fhome']}>
            <Routes>
              <Route path="*" element={<CampaignRoute cache={cache} />} />
            </Routes>
          </MemoryRouter>
        </ServicesProvider>,
      );
    });
    await waitFor(() =>
      expect(services.record.navigations).toEqual([
        { kind: 'replace', url: '/activity/dlink?schema=miwallet%3A%2F%2Fhome' },
      ]),
    );
  });
});
