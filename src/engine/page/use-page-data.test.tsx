import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { useApi } from '../data/use-api';
import { WidgetRegistry } from '../registry/widget-registry';
import type { ClientWidget } from '../registry/widget-component';
import { renderPage } from '../../../tests/support/render-page';

/** A widget showing the chances it read, as lucky-draw does. */
function Chances() {
  const query = useApi('generalActivity.getRemainChance', {
    activityCode: 'demo',
  });
  return <p>{query.data ? `剩余 ${query.data.result?.remainChance ?? '-'} 次` : '加载中'}</p>;
}

describe('page data sources', () => {
  it('a source that changes the server state (visitIndex) refreshes what widgets read before', async () => {
    let chances = 1;
    let visited: () => void = () => undefined;
    const services = createFakeServices({
      apiHandler: async (name) => {
        if (name === 'generalActivity.visitIndex') {
          // The visit is paid after the widget has already read its chances.
          await new Promise<void>((resolve) => (visited = resolve));
          chances += 1;
          return { code: 0, result: { visited: true } };
        }
        if (name === 'generalActivity.getRemainChance') {
          return { code: 0, result: { remainChance: chances } };
        }
        return { code: 0, result: null };
      },
    });
    const registry = new WidgetRegistry([
      [
        'chances',
        {
          meta: { prerender: 'render' },
          load: async () => ({ default: Chances }),
        } satisfies ClientWidget,
      ],
    ]);
    renderPage([{ type: 'chances', id: 'c', props: {} }], {
      services,
      registry,
      document: { data: { visit: { call: 'generalActivity.visitIndex', params: {} } } },
    });
    expect(await screen.findByText('剩余 1 次')).toBeTruthy();
    visited();
    expect(await screen.findByText('剩余 2 次')).toBeTruthy();
  });

  it('a refresh action without calls reads the data sources again, with the page activity code', async () => {
    let bound = false;
    const services = createFakeServices({
      apiHandler: async (name, params) => {
        if (name === 'tongchengActivity.saveTongchengUserDraw') bound = true;
        if (name === 'tongchengActivity.getUserDrawStatus')
          return { code: 0, result: { bound, code: params?.activityCode } };
        return { code: 0, result: null };
      },
    });
    renderPage(
      [
        {
          type: 'button',
          id: 'b',
          props: { label: '绑定', variant: 'primary', fullWidth: true, disabled: false },
          on: {
            click: [
              { type: 'api', call: 'tongchengActivity.saveTongchengUserDraw', params: {} },
              { type: 'refresh' },
            ],
          },
        },
        {
          type: 'rich-text',
          id: 't',
          props: { content: ['{{data.status.code}} {{data.status.bound}} {{page.parentRoute}}'] },
        },
      ],
      {
        services,
        route: '/tongchengQ3/phone',
        document: {
          activity: { code: 'tongcheng-q3' },
          data: {
            status: {
              call: 'tongchengActivity.getUserDrawStatus',
              params: { activityCode: '{{page.activityCode}}' },
            },
          },
        },
      },
    );
    // Generous waits: the whole suite runs in parallel on a busy machine (a wait, not a speed check).
    const wait = { timeout: 10_000 };
    expect(await screen.findByText('tongcheng-q3 false /tongchengQ3', {}, wait)).toBeTruthy();
    (await screen.findByRole('button', { name: '绑定' }, wait)).click();
    expect(await screen.findByText('tongcheng-q3 true /tongchengQ3', {}, wait)).toBeTruthy();
  });
});
