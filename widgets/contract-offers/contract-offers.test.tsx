import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { contractOffersProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'contract-offers',
  id: 'offers',
  props: contractOffersProps.parse({ activityCode: 'contract', ...props }),
});

const quote = (planId: string, price: number, phoneSubsidy: number, bill: number) => ({
  planId,
  contractPriceCents: price,
  phoneSubsidyCents: phoneSubsidy,
  billSubsidyCents: bill,
  totalSubsidyCents: phoneSubsidy + bill,
});

const plan = (
  planId: string,
  name: string,
  fee: number,
  phoneSubsidy: number,
  perMonth: number,
) => ({
  planId,
  name,
  monthlyFeeCents: fee,
  months: 24,
  dataGb: 30,
  voiceMinutes: 300,
  phoneSubsidyCents: phoneSubsidy,
  billSubsidyCentsPerMonth: perMonth,
  desc: '',
});

function contractServer() {
  let applied: { phoneId: string; planId: string } | null = null;
  const handler: FakeApiHandler = (name, params) => {
    if (name === 'contractPhone.offers')
      return ok({
        phones: [
          {
            phoneId: 'mi-15',
            name: '小米15',
            spec: '12GB+256GB',
            image: '/demo/phone.svg',
            priceCents: 449900,
            tag: '新品',
            highlights: ['徕卡光学三摄'],
            quotes: [
              quote('plan-59', 399900, 50000, 24000),
              quote('plan-99', 329900, 120000, 48000),
            ],
          },
        ],
        plans: [
          plan('plan-59', '59元畅享套餐', 5900, 50000, 1000),
          plan('plan-99', '99元尊享套餐', 9900, 120000, 2000),
        ],
        myApplication: applied
          ? {
              ...applied,
              phoneName: '小米15',
              planName: '99元尊享套餐',
              contractPriceCents: 329900,
              totalSubsidyCents: 168000,
              status: 'submitted',
              applyTime: 0,
            }
          : null,
      });
    if (name === 'contractPhone.apply') {
      if (params?.planId !== 'plan-99') throw apiFailure(400, 'not offered');
      applied = { phoneId: String(params.phoneId), planId: String(params.planId) };
      return ok({ ...applied, firstTime: true });
    }
    return ok(null);
  };
  return handler;
}

describe('contract-offers', () => {
  it('shows each phone with its lowest contract price, largest subsidy and the plans', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: false, apiHandler: contractServer() }),
    });
    const card = await screen.findByRole('listitem', { name: '小米15' });
    expect(card.textContent).toContain('合约价低至¥3299');
    expect(card.textContent).toContain('最高补贴¥1680');
    expect(screen.getByText('99元尊享套餐')).toBeTruthy();
    expect(screen.getByText('¥99/月 · 24个月')).toBeTruthy();
  });

  it('opens the details with a quote per plan and applies for the chosen plan once', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: contractServer() });
    renderPage([node()], { services });
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: '小米15' });
    const details = within(card).getByRole('button', { name: '查看详情' });
    await user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(within(card).getByText('徕卡光学三摄')).toBeTruthy();
    await user.click(within(card).getByRole('radio', { name: /99元尊享套餐/ }));
    const apply = within(card).getByRole('button', { name: '立即申请' });
    await user.dblClick(apply);
    await waitFor(() => expect(within(card).getByRole('button', { name: '已申请' })).toBeTruthy());
    const calls = services.record.calls.filter((c) => c.name === 'contractPhone.apply');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({
      activityCode: 'contract',
      phoneId: 'mi-15',
      planId: 'plan-99',
    });
    expect(screen.getByRole('note').textContent).toBe(
      '已申请：小米15（99元尊享套餐），合约价¥3299，共补贴¥1680',
    );
  });

  it('asks a visitor to log in before applying, and applies for nothing', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: contractServer() });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即申请' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls.some((c) => c.name === 'contractPhone.apply')).toBe(false);
  });

  it('says a failed application in Chinese and keeps the button', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: contractServer() });
    renderPage([node()], { services });
    // The first plan (59) is refused by this fake server.
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即申请' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('申请失败，请稍后再试'),
    );
    expect(screen.getByRole('button', { name: '立即申请' })).toBeTruthy();
  });
});
