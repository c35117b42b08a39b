import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { conditions } from '../conditions/lazy-conditions';
import { WidgetRegistry } from '../registry/widget-registry';
import type { ClientWidget } from '../registry/widget-component';
import { renderPage } from '../../../tests/support/render-page';

const text = (id: string, content: string, extra: object = {}) => ({
  type: 'rich-text',
  id,
  props: { content: [content] },
  ...extra,
});

function Thrower(): never {
  throw new Error('widget bug');
}

describe('renderer', () => {
  // As the document cache does for a document with a `when` before its first render (decision
  // 0028): on a loaded machine, importing the evaluator on demand can outlast findBy's second.
  beforeAll(() => conditions.get());

  it('renders nodes through the registry, with bindings as plain text', async () => {
    const services = createFakeServices({
      href: 'http://localhost/mp/activity/test?name=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    });
    renderPage([text('hello', '你好 {{query.name}}')], { services });
    const paragraph = await screen.findByText(/你好/);
    expect(paragraph.textContent).toBe('你好 <img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });

  it('isolates a widget that throws: fallback shown, error reported, the rest renders', async () => {
    const base = [...['rich-text', 'button', 'container', 'image-list']].map(
      (type) =>
        [
          type,
          {
            meta: { prerender: 'render' },
            load: () => import(`../../../widgets/${type}/${type}.tsx`),
          },
        ] as const,
    );
    const registry = new WidgetRegistry([
      ...base,
      [
        'broken',
        {
          meta: { prerender: 'render' },
          load: async () => ({ default: Thrower }),
        } satisfies ClientWidget,
      ],
    ]);
    const services = createFakeServices();
    renderPage(
      [text('before', '之前'), { type: 'broken', id: 'bad', props: {} }, text('after', '之后')],
      { services, registry },
    );
    expect(await screen.findByText('之后')).toBeTruthy();
    expect(await screen.findByText('此模块暂时无法显示')).toBeTruthy();
    expect(screen.getByText('之前')).toBeTruthy();
    expect(
      services.record.reports.some(
        (r) => (r.context as { nodeId?: string } | undefined)?.nodeId === 'bad',
      ),
    ).toBe(true);
  });

  it('keeps a broken widget to its own node on a page of many: every other node renders', async () => {
    const registry = new WidgetRegistry([
      [
        'rich-text',
        {
          meta: { prerender: 'render' },
          load: () => import('../../../widgets/rich-text/rich-text'),
        },
      ],
      ['broken', { meta: { prerender: 'render' }, load: async () => ({ default: Thrower }) }],
    ]);
    await registry.preload(['rich-text', 'broken']);
    const services = createFakeServices();
    const body = Array.from({ length: 60 }, (_, index) =>
      index === 30 ? { type: 'broken', id: 'bad', props: {} } : text(`t${index}`, `段落 ${index}`),
    );
    renderPage(body, { services, registry });
    expect(await screen.findByText('段落 59')).toBeTruthy();
    expect(screen.getAllByText(/^段落 /)).toHaveLength(59);
    expect(screen.getAllByText('此模块暂时无法显示')).toHaveLength(1);
    expect(document.querySelector('[data-node-id="bad"] [data-node-failed="bad"]')).not.toBeNull();
    expect(
      services.record.reports.filter(
        (r) => (r.context as { nodeId?: string } | undefined)?.nodeId === 'bad',
      ),
    ).toHaveLength(1);
  });

  it('isolates a widget that throws on a later render (after a tap), the page carries on', async () => {
    function ThrowsOnTap({ emit }: { emit: (event: string) => Promise<void> }) {
      const [tapped, setTapped] = useState(false);
      if (tapped) throw new Error('broken after tap');
      return (
        <button type="button" onClick={() => setTapped(true)} data-emit={typeof emit}>
          会坏的按钮
        </button>
      );
    }
    const registry = new WidgetRegistry([
      [
        'rich-text',
        {
          meta: { prerender: 'render' },
          load: () => import('../../../widgets/rich-text/rich-text'),
        },
      ],
      [
        'fragile',
        { meta: { prerender: 'render' }, load: async () => ({ default: ThrowsOnTap as never }) },
      ],
    ]);
    const services = createFakeServices();
    renderPage([{ type: 'fragile', id: 'f', props: {} }, text('after', '之后')], {
      services,
      registry,
    });
    await userEvent.click(await screen.findByRole('button', { name: '会坏的按钮' }));
    expect(await screen.findByText('此模块暂时无法显示')).toBeTruthy();
    expect(screen.getByText('之后')).toBeTruthy();
  });

  it('gives a node whose props hold no binding the same props object on every render', async () => {
    const seen: unknown[] = [];
    function Recorder({ props, emit }: { props: unknown; emit: (event: string) => Promise<void> }) {
      seen.push(props);
      return (
        <button type="button" onClick={() => void emit('click')}>
          记录
        </button>
      );
    }
    const registry = new WidgetRegistry([
      [
        'recorder',
        {
          meta: { prerender: 'render' },
          load: async () => ({ default: Recorder as never }),
        },
      ],
    ]);
    const props = { label: '固定' };
    renderPage(
      [
        {
          type: 'recorder',
          id: 'r',
          props,
          on: { click: [{ type: 'setState', key: 'n', value: 1 }] },
        },
      ],
      { registry },
    );
    await userEvent.click(await screen.findByRole('button', { name: '记录' }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(1));
    expect(seen.every((item) => item === props)).toBe(true);
  });

  it('a widget chunk that fails to load shows the fallback and reloads the page once (spec §4)', async () => {
    const registry = new WidgetRegistry([
      [
        'rich-text',
        {
          meta: { prerender: 'render' },
          load: () => import('../../../widgets/rich-text/rich-text'),
        },
      ],
      [
        'gone',
        {
          meta: { prerender: 'render' },
          load: () =>
            Promise.reject(
              new TypeError(
                'Failed to fetch dynamically imported module: /mp/activity/assets/gone-1.js',
              ),
            ),
        },
      ],
    ]);
    const services = createFakeServices();
    renderPage(
      [
        { type: 'gone', id: 'g1', props: {} },
        { type: 'gone', id: 'g2', props: {} },
        text('ok', '其余内容'),
      ],
      { services, registry },
    );
    expect(await screen.findByText('其余内容')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('此模块暂时无法显示')).toHaveLength(2));
    expect(services.record.navigations.filter((n) => n.kind === 'reload')).toHaveLength(1);
  });

  it('shows a placeholder for an unknown type and never resolves "__proto__"', async () => {
    const services = createFakeServices();
    renderPage([{ type: '__proto__', props: {} }, text('ok', '正常')], { services });
    expect(await screen.findByText('正常')).toBeTruthy();
    expect(screen.getByText(/未知模块/)).toBeTruthy();
  });

  it('renders a node only when its condition holds', async () => {
    renderPage([
      text('in', '已登录可见', { when: { loggedIn: true } }),
      text('out', '未登录可见', { when: { loggedIn: false } }),
    ]);
    expect(await screen.findByText('未登录可见')).toBeTruthy();
    expect(screen.queryByText('已登录可见')).toBeNull();
  });

  it('runs actions: api call with success branch, state and a toast with bindings', async () => {
    const services = createFakeServices({
      apiHandler: () => ({ code: 0, result: { prizeName: '耳机' } }),
    });
    renderPage(
      [
        {
          type: 'button',
          id: 'draw',
          props: { label: '抽奖', variant: 'primary', disabled: false, fullWidth: true },
          on: {
            click: [
              {
                type: 'api',
                call: 'generalActivity.luckDraw',
                params: { activityCode: 'demo' },
                saveAs: 'prize',
                onSuccess: [{ type: 'toast', text: '恭喜获得{{state.prize.prizeName}}' }],
              },
            ],
          },
        },
      ],
      { services },
    );
    await userEvent.click(await screen.findByRole('button', { name: '抽奖' }));
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toContain('恭喜获得耳机'),
    );
    expect(services.record.calls[0]).toMatchObject({
      name: 'generalActivity.luckDraw',
      params: { activityCode: 'demo' },
    });
    expect(services.record.calls[0]?.idempotencyKey).toBeTruthy();
  });

  it('refresh reads the named calls again, whichever widget loaded them', async () => {
    let chances = 0;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => {
        if (name === 'banker.luckyDraw/addChance') chances += 1;
        return { code: 0, result: { remainChance: chances, list: [] } };
      },
    });
    renderPage(
      [
        {
          type: 'button',
          id: 'add',
          props: { label: '领取', variant: 'primary', disabled: false, fullWidth: true },
          on: {
            click: [
              {
                type: 'api',
                call: 'banker.luckyDraw/addChance',
                onSuccess: [{ type: 'refresh', calls: ['generalActivity.getRemainChance'] }],
              },
            ],
          },
        },
      ],
      { services, document: { data: { left: { call: 'generalActivity.getRemainChance' } } } },
    );
    await waitFor(() => expect(services.record.calls).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: '领取' }));
    await waitFor(() =>
      expect(services.record.calls.map((c) => c.name)).toEqual([
        'generalActivity.getRemainChance',
        'banker.luckyDraw/addChance',
        'generalActivity.getRemainChance',
      ]),
    );
  });

  it('locks a button while its actions run: a second tap sends nothing', async () => {
    let release: () => void = () => undefined;
    const services = createFakeServices({
      apiHandler: () =>
        new Promise((resolve) => (release = () => resolve({ code: 0, result: null }))),
    });
    renderPage(
      [
        {
          type: 'button',
          id: 'b',
          props: { label: '领取', variant: 'primary', disabled: false, fullWidth: true },
          on: { click: [{ type: 'api', call: 'generalActivityCoupon.drawCoupon' }] },
        },
      ],
      { services },
    );
    const button = await screen.findByRole('button', { name: '领取' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(services.record.calls).toHaveLength(1);
    release();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('opens and closes document dialogs; Escape closes', async () => {
    renderPage(
      [
        {
          type: 'button',
          id: 'open',
          props: { label: '规则', variant: 'text', disabled: false, fullWidth: false },
          on: { click: [{ type: 'openDialog', dialog: 'rules' }] },
        },
      ],
      {
        document: {
          dialogs: [
            { id: 'rules', title: '活动规则', closable: true, body: [text('r', '规则内容')] },
          ],
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: '规则' }));
    expect(await screen.findByRole('dialog', { name: '活动规则' })).toBeTruthy();
    expect(await screen.findByText('规则内容')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a navigate action to a javascript: URL', async () => {
    const services = createFakeServices();
    renderPage(
      [
        {
          type: 'button',
          id: 'go',
          props: { label: '去', variant: 'primary', disabled: false, fullWidth: true },
          on: { click: [{ type: 'navigate', to: 'javascript:alert(1)' }] },
        },
      ],
      { services },
    );
    await userEvent.click(await screen.findByRole('button', { name: '去' }));
    await waitFor(() => expect(services.record.toasts.length).toBe(1));
    expect(services.record.navigations).toEqual([]);
  });

  it('loads a data source only when its condition holds (no 401 for visitors)', async () => {
    const services = createFakeServices({
      apiHandler: () => ({ code: 0, result: { remainChance: 2 } }),
    });
    renderPage([text('t', '剩余 {{data.chances.remainChance|0}} 次')], {
      services,
      document: {
        data: {
          visit: { call: 'generalActivity.visitIndex', when: { loggedIn: true } },
          chances: { call: 'generalActivity.getRemainChance' },
        },
      },
    });
    expect(await screen.findByText('剩余 2 次')).toBeTruthy();
    expect(services.record.calls.map((c) => c.name)).toEqual(['generalActivity.getRemainChance']);
  });

  it('shows the login prompt for a page that requires login', async () => {
    const services = createFakeServices();
    renderPage([text('secret', '记录')], { services, document: { requirements: { login: true } } });
    await userEvent.click(await screen.findByRole('button', { name: '立即登录' }));
    expect(services.record.logins).toBe(1);
    expect(screen.queryByText('记录')).toBeNull();
  });
});
