import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { estimateSubsidy, yuan } from './installment-data';
import { installmentOffersProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'installment-offers',
  id: 'offers',
  props: installmentOffersProps.parse({ activityCode: 'inst', ...props }),
});

const PRODUCT = {
  productId: 'phone-12',
  name: '手机分期',
  desc: '12期免息',
  terms: [3, 6, 12],
  minCents: 50000,
  maxCents: 1000000,
  subsidyBps: 200,
};

/** Answers like server/src/routes/installment.ts (cents; cap 200 yuan). */
function installmentServer(): FakeApiHandler {
  const reminded = new Set<string>();
  const records: Record<string, unknown>[] = [];
  let earned = 0;
  return (name, params) => {
    if (name === 'installment.getProductInfos')
      return ok({ list: [{ ...PRODUCT, reminded: reminded.has(PRODUCT.productId) }] });
    if (name === 'installment.getUserInfo')
      return ok({
        creditLimit: 5000000,
        creditAvailable: 5000000,
        subsidyCap: 20000,
        subsidyEarned: earned,
        recordCount: records.length,
      });
    if (name === 'installment.reachLimit') return ok({ reachLimit: earned >= 20000 });
    if (name === 'installment.addRemind') {
      reminded.add(String(params?.productId));
      return ok({ reminded: true });
    }
    if (name === 'installment.addCreditRecord') {
      const amount = Number(params?.amount);
      const saved = Math.min(Math.floor(amount * 0.02), 20000 - earned);
      earned += saved;
      const record = {
        recordId: records.length + 1,
        productId: params?.productId,
        amount,
        term: params?.term,
        saved,
        createTime: Date.UTC(2026, 2, 1, 2, 5),
      };
      records.unshift(record);
      return ok(record);
    }
    if (name === 'installment.getSavedHistory') return ok({ total: records.length, list: records });
    return ok(null);
  };
}

describe('installment-offers', () => {
  it('applies with the picked term and amount, then shows the credit and subsidy', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: installmentServer() });
    renderPage([node()], { services });
    const card = (await screen.findByRole('heading', { name: '手机分期' })).closest('li')!;
    await userEvent.click(within(card).getByRole('radio', { name: '6期' }));
    const amount = within(card).getByRole('spinbutton', { name: '申请金额（元）' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '3000');
    expect(within(card).getByText(/预计补贴60\.00元/)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: '立即申请' }));
    await waitFor(() =>
      expect(
        services.record.calls.find((c) => c.name === 'installment.addCreditRecord')?.params,
      ).toMatchObject({ productId: 'phone-12', amount: 300000, term: 6 }),
    );
    expect(await screen.findByText('60.00')).toBeTruthy();
  });

  it('refuses an amount outside the product range without calling the server', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: installmentServer() });
    renderPage([node()], { services });
    const amount = await screen.findByRole('spinbutton', { name: '申请金额（元）' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    expect(screen.getByRole('alert').textContent).toContain('500.00 – 10,000.00');
    expect(screen.getByRole('button', { name: '立即申请' })).toHaveProperty('disabled', true);
  });

  it('sets a reminder once and lists it with the records', async () => {
    const server = installmentServer();
    const services = createFakeServices({ loggedIn: true, apiHandler: server });
    renderPage([node(), { ...node({ view: 'records' }), id: 'records' }], { services });
    await userEvent.click(await screen.findByRole('button', { name: '设置还款提醒' }));
    expect(await screen.findByRole('button', { name: '已设置提醒' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(await screen.findByText(/已设置还款提醒：手机分期/)).toBeTruthy();
  });

  it('asks visitors to log in before applying and shows records only after login', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: installmentServer() });
    renderPage([{ ...node({ view: 'records' }), id: 'records' }, node()], { services });
    expect(await screen.findByRole('button', { name: '立即登录' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: '立即申请' }));
    expect(services.record.calls.some((c) => c.name === 'installment.addCreditRecord')).toBe(false);
    expect(services.record.calls.some((c) => c.name === 'installment.getSavedHistory')).toBe(false);
  });

  it('shows a failed product list as an error with retry', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => {
        throw apiFailure(500, 'down');
      },
    });
    renderPage([node()], { services });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('says nothing about subsidies when no product pays one', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => {
        if (name === 'installment.getProductInfos')
          return ok({ list: [{ ...PRODUCT, subsidyBps: 0 }] });
        if (name === 'installment.getUserInfo')
          return ok({ creditLimit: 100000, creditAvailable: 100000, subsidyCap: 0 });
        if (name === 'installment.reachLimit') return ok({ reachLimit: true });
        return ok(null);
      },
    });
    renderPage([node()], { services });
    expect(await screen.findByText('1,000.00')).toBeTruthy();
    expect(screen.queryByText(/补贴/)).toBeNull();
  });

  it('estimates the subsidy within what is left of the cap', () => {
    const product = { ...PRODUCT, reminded: false };
    const user = {
      creditLimit: 0,
      creditAvailable: 0,
      subsidyCap: 20000,
      subsidyEarned: 19000,
      recordCount: 1,
    };
    expect(estimateSubsidy(300000, product, null)).toBe(6000);
    expect(estimateSubsidy(300000, product, user)).toBe(1000);
    expect(yuan(123456)).toBe('1,234.56');
  });
});
