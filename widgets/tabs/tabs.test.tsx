import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { tabsProps } from './schema';

const panel = (id: string, text: string) => ({ type: 'rich-text', id, props: { content: [text] } });

const tabs = () => ({
  type: 'tabs',
  id: 'tabs',
  props: tabsProps.parse({
    tabs: [{ title: '每日任务' }, { title: '我的奖品', badge: '新' }, { title: '规则' }],
  }),
  children: [
    panel('p1', '第一块'),
    panel('p2', '第二块'),
    { type: 'rich-text', props: { content: ['第三块'] } },
  ],
});

describe('tabs', () => {
  it('renders an accessible tablist with only the open panel mounted', async () => {
    renderPage([tabs()]);
    const list = await screen.findByRole('tablist');
    const items = screen.getAllByRole('tab');
    expect(list).toBeTruthy();
    expect(items).toHaveLength(3);
    expect(items[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('第一块')).toBeTruthy();
    expect(screen.queryByText('第二块')).toBeNull();
    const open = screen.getByRole('tabpanel');
    expect(open.getAttribute('aria-labelledby')).toBe(items[0]?.id);
  });

  it('switches by tap and by arrow keys (wrapping), keeping generated ids', async () => {
    renderPage([tabs()]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /我的奖品/ }));
    expect(await screen.findByText('第二块')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('第三块')).toBeTruthy();
    expect(document.querySelector('[data-node-id="tabs-2"]')).not.toBeNull();
    expect(document.activeElement?.textContent).toBe('规则');
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('第一块')).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getAllByRole('tab')[2]?.getAttribute('aria-selected')).toBe('true');
  });
});
