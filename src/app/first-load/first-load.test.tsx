import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientWidget } from '../../engine/registry/widget-component';
import { WidgetRegistry } from '../../engine/registry/widget-registry';
import { renderPage } from '../../../tests/support/render-page';
import { createFakeServices } from '../../../tests/support/fake-services';
import { createFakeClock } from '../../../tests/support/fake-clock';
import { NOTHING_WAITS } from './first-load';

describe("the app's first load", () => {
  it('loads the widgets of a first render at once, dialogs and closed tabs when idle', async () => {
    const loads: string[] = [];
    const widget = (type: string): readonly [string, ClientWidget] => [
      type,
      {
        meta: { prerender: 'render' },
        load: vi.fn(async () => {
          loads.push(type);
          return import('../../../widgets/rich-text/rich-text');
        }),
      },
    ];
    const registry = new WidgetRegistry([widget('shown'), widget('in-dialog')]);
    const clock = createFakeClock();
    const services = { ...createFakeServices(), clock };
    renderPage([{ type: 'shown', id: 'a', props: { content: ['可见'] } }], {
      services,
      registry,
      firstLoad: NOTHING_WAITS,
      document: { widgetTypes: ['in-dialog', 'shown'], initialWidgetTypes: ['shown'] },
    });
    expect(await screen.findByText('可见')).toBeTruthy();
    expect(loads).not.toContain('in-dialog');
    act(() => clock.advance(0));
    expect(loads).toContain('in-dialog');
  });
});
