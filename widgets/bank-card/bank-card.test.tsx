import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { ok } from '../../tests/support/widget-test-utils';
import { isCardNumber } from './card-number';
import { bankCardProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'bank-card',
  id: 'cards',
  props: bankCardProps.parse(props),
});
const VALID = '6222020000000015';

function cardServer(): FakeApiHandler {
  const cards: { cardId: number; bankName: string; last4: string }[] = [];
  return (name, params) => {
    if (name === 'bankCard.list') return ok({ list: [...cards] });
    if (name === 'bankCard.bind') {
      const card = {
        cardId: cards.length + 1,
        bankName: String(params?.bankName),
        last4: String(params?.cardNumber).slice(-4),
      };
      cards.push(card);
      return ok({ bound: true, alreadyBound: false, card });
    }
    if (name === 'configActivity.bindCardUrl') return ok({ url: '/mp/activity/bind-card' });
    return ok(null);
  };
}

describe('bank-card', () => {
  it('checks the number and the agreement before binding, then lists the card by its last four digits', async () => {
    expect(isCardNumber(VALID)).toBe(true);
    const services = createFakeServices({ loggedIn: true, apiHandler: cardServer() });
    renderPage([node({ mode: 'bind' })], { services });
    expect(await screen.findByText('还没有绑定银行卡')).toBeTruthy();
    const user = userEvent.setup();
    const input = screen.getByLabelText('银行卡号');
    await user.type(input, '6222020000000019');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('请输入正确的银行卡号')).toBeTruthy();
    await user.clear(input);
    await user.type(input, VALID);
    expect((input as HTMLInputElement).value).toBe('6222 0200 0000 0015');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('请先阅读并同意服务协议')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('开户银行'), '招商银行');
    await user.click(screen.getByLabelText(/银行卡绑定服务协议/));
    await user.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('绑定成功')).toBeTruthy();
    expect(await screen.findByText('尾号0015')).toBeTruthy();
    const binds = services.record.calls.filter((c) => c.name === 'bankCard.bind');
    expect(binds).toHaveLength(1);
    expect(binds[0]?.params).toEqual({ bankName: '招商银行', cardNumber: VALID });
  });

  it('the entry follows the address bindCardUrl answers', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: cardServer() });
    renderPage([node()], { services, route: '/account' });
    await userEvent.setup().click(await screen.findByRole('button', { name: '绑定银行卡' }));
    await waitFor(() =>
      expect(services.record.calls.map((c) => c.name)).toContain('configActivity.bindCardUrl'),
    );
    expect(services.record.toasts).toEqual([]);
  });

  it('asks visitors to log in and sends nothing', async () => {
    const services = createFakeServices();
    renderPage([node({ mode: 'bind' })], { services });
    expect(await screen.findByText('登录后绑定银行卡')).toBeTruthy();
    expect(services.record.calls).toEqual([]);
  });
});
