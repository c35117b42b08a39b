import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { riskNoticeProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'risk-notice',
  id: 'risk',
  props: riskNoticeProps.parse(props),
});

describe('risk-notice', () => {
  it('shows the default compliance text under its heading, as a labelled region', async () => {
    renderPage([node()], { services: createFakeServices() });
    const region = await screen.findByRole('complementary', { name: '风险提示' });
    expect(region.textContent).toContain('持牌金融机构');
    expect(region.textContent).toContain('理性消费');
  });

  it('shows the text of its props and opens the full terms through the engine', async () => {
    const services = createFakeServices({ href: 'https://m.example.cn/mp/activity/bank' });
    renderPage(
      [node({ content: ['基金有风险，投资需谨慎。'], link: { to: 'https://m.mi.com/terms' } })],
      { services },
    );
    expect(await screen.findByText('基金有风险，投资需谨慎。')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '查看完整条款' }));
    await waitFor(() =>
      expect(services.record.navigations.at(-1)).toEqual({
        kind: 'assign',
        url: 'https://m.mi.com/terms',
      }),
    );
  });

  it('refuses a javascript: link in its props', () => {
    expect(riskNoticeProps.safeParse({ link: { to: 'javascript:alert(1)' } }).success).toBe(false);
  });
});
