import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { faqProps } from './schema';

const items = [
  { id: 'login', question: '如何登录？', answer: ['点击页面上的登录按钮。'] },
  { id: 'prize', question: '奖品何时发放？', answer: [{ list: ['3个工作日内', '以短信通知'] }] },
];

const node = (props: Record<string, unknown> = {}) => ({
  type: 'faq',
  props: faqProps.parse({ items, ...props }),
});

describe('faq', () => {
  it('shows every question closed, and a tap opens its answer as a labelled region', async () => {
    renderPage([node({ title: '常见问题' })]);
    const first = await screen.findByRole('button', { name: '如何登录？' });
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: '如何登录？' })).toBeNull();
    await userEvent.setup().click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: '如何登录？' });
    expect(region.id).toBe(first.getAttribute('aria-controls'));
    expect(region.textContent).toContain('点击页面上的登录按钮');
    await userEvent.setup().click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('works from the keyboard', async () => {
    renderPage([node()]);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: '如何登录？' });
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(
      screen.getByRole('button', { name: '奖品何时发放？' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(
      screen.getByRole('region', { name: '奖品何时发放？' }).querySelectorAll('li'),
    ).toHaveLength(2);
  });

  it('keeps one answer open when single', async () => {
    renderPage([node({ single: true })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '如何登录？' }));
    await user.click(screen.getByRole('button', { name: '奖品何时发放？' }));
    expect(screen.getByRole('button', { name: '如何登录？' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('opens the question the address names', async () => {
    const services = createFakeServices({
      href: 'http://localhost/mp/activity/helpCenter?faq=prize',
    });
    renderPage([node({ openParam: 'faq' })], { services });
    const button = await screen.findByRole('button', { name: '奖品何时发放？' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  });

  it('refuses an id used twice', () => {
    const result = faqProps.safeParse({ items: [items[0], { ...items[1], id: 'login' }] });
    expect(result.success).toBe(false);
  });
});
