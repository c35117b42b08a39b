import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { productListProps, productListWidget } from './schema';

const loan = {
  id: 'loan-1',
  kind: 'loan',
  name: '随借随还',
  highlight: '20万',
  highlightLabel: '最高可借',
  rate: '年化利率(单利) 7.2%起',
  tags: ['极速到账'],
};

const node = (props: Record<string, unknown> = {}) => ({
  type: 'product-list',
  id: 'products',
  props: productListProps.parse(props),
  on: { select: [{ type: 'toast' as const, text: '已选择' }] },
});

describe('product-list', () => {
  it('shows each product with its figure, rate line, tags and action', async () => {
    renderPage([node({ title: '精选产品', items: [loan] })], { services: createFakeServices() });
    expect(await screen.findByRole('heading', { name: '随借随还' })).toBeTruthy();
    expect(screen.getByText('20万')).toBeTruthy();
    expect(screen.getByText('年化利率(单利) 7.2%起')).toBeTruthy();
    expect(screen.getByText('极速到账')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即查看：随借随还' })).toBeTruthy();
  });

  it('emits select with the product when it has no link', async () => {
    const services = createFakeServices();
    renderPage([node({ items: [loan] })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: /随借随还/ }));
    await waitFor(() => expect(services.record.toasts.at(-1)?.text).toBe('已选择'));
  });

  it('loads products from a call, and a failure shows a retry, never "no products"', async () => {
    let fail = true;
    const services = createFakeServices({
      apiHandler: (name) => {
        if (name !== 'configActivity.youpinGoods') return ok(null);
        if (fail) throw apiFailure(500, 'boom');
        return ok({
          list: [{ productId: 'f1', name: '稳健理财', kind: 'wealth', rate: '七日年化2.1%' }],
        });
      },
    });
    renderPage([node({ call: { name: 'configActivity.youpinGoods' } })], {
      services,
      document: { activity: { code: 'bank' } },
    });
    expect(await screen.findByText('产品加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无可申请的产品')).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('稳健理财')).toBeTruthy();
    expect(services.record.calls[0]?.params).toEqual({ activityCode: 'bank' });
  });

  it('asks visitors to log in before a call that needs login, and shows the empty state', async () => {
    renderPage([node({ call: { name: 'configActivity.youpinGoods', requiresLogin: true } })], {
      services: createFakeServices(),
    });
    expect(await screen.findByText('登录后查看专属产品')).toBeTruthy();
    renderPage([node({ call: { name: 'configActivity.memberSpecial' } })], {
      services: createFakeServices({ apiHandler: () => ok({ list: [] }) }),
    });
    expect(await screen.findByText('暂无可申请的产品')).toBeTruthy();
  });

  it('declares the regulated kinds it shows, for the compliance check', () => {
    const props = productListProps.parse({
      items: [loan],
      call: { name: 'configActivity.youpinGoods' },
      kinds: ['fund'],
    });
    expect(productListWidget.compliance?.promotes?.(props)).toEqual(['loan', 'fund']);
    expect(productListProps.safeParse({ call: { name: 'nope.nothing' } }).success).toBe(false);
  });
});
