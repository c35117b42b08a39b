/**
 * Smoke test of the pages built from the campaign widgets: each compiles, renders every node
 * (no error-boundary fallback, nothing reported) against fake services answering empty data.
 */
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCampaignProject } from '../../src/build/campaign-project';
import { createDocumentSchema } from '../../src/engine/document/document-schema';
import { apiNames, isKnownApiName } from '../../src/services/api/catalogue';
import { widgetDefinitions } from '../index';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { ok } from '../../tests/support/widget-test-utils';

/** Each page and a heading one of its campaign widgets draws once loaded. */
const PAGES = {
  'index.json': '每日签到',
  'newProduct.json': '新品配色投票',
  'newProduct/detail.json': '新品详情',
  'videoActivity/index.json': '上传攻略视频',
} as const;

describe('campaign pages of the campaign widgets', () => {
  // As src/build/campaign-context.ts does, but without its import.meta.url (not a file: URL
  // under jsdom); vitest runs from the repository root.
  const project = openCampaignProject(join(process.cwd(), 'campaigns'), {
    schema: createDocumentSchema(widgetDefinitions),
    widgetTypes: widgetDefinitions.map((widget) => widget.type),
    isKnownApi: isKnownApiName,
    apiNames: [...apiNames],
  });
  for (const [file, text] of Object.entries(PAGES)) {
    it(`${file} compiles and renders every node`, async () => {
      const result = project.compile(file);
      expect(result.diagnostics).toEqual([]);
      const doc = result.document!;
      const services = createFakeServices({
        loggedIn: true,
        apiHandler: (name) =>
          name === 'configActivity.getSingleConfigActivity4c'
            ? { code: 1, result: { activityCode: 'demo-luckdraw', status: 'ongoing', canShare: 1 } }
            : ok({ list: [] }),
      });
      renderPage(doc.body ?? [], { services, document: doc, route: doc.route });
      await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"]')).toHaveLength(0));
      expect(await screen.findByRole('heading', { name: text })).toBeTruthy();
      expect(screen.queryByText('此模块暂时无法显示')).toBeNull();
      expect(screen.queryByText(/未知模块/)).toBeNull();
      expect(services.record.reports).toEqual([]);
    });
  }
});
