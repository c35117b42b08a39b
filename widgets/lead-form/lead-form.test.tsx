import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../src/engine/actions/action-schema';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { apiFailure, deferred, ok } from '../../tests/support/widget-test-utils';
import { leadFormProps } from './schema';
import { validateField } from './validate';

const FIELDS = [
  { name: 'name', label: '姓名', maxLength: 20 },
  { name: 'phone', label: '手机号', kind: 'phone' },
  {
    name: 'city',
    label: '城市',
    kind: 'select',
    required: false,
    options: [
      { value: 'bj', label: '北京' },
      { value: 'sh', label: '上海' },
    ],
  },
];

const node = (props: Record<string, unknown> = {}, on?: Record<string, ActionInput[]>) => ({
  type: 'lead-form',
  id: 'lead',
  props: leadFormProps.parse({ activityCode: 'demo-luckdraw', fields: FIELDS, ...props }),
  ...(on ? { on } : {}),
});

const withPhone = (handler?: (name: string) => ReturnType<typeof ok> | Promise<unknown> | null) =>
  createFakeServices({
    loggedIn: true,
    apiHandler: async (name) => {
      const answer = handler?.(name);
      if (answer) return (await answer) as ReturnType<typeof ok>;
      return name === 'user.getUserPhone' ? ok({ phone: '138****8000' }) : ok(null);
    },
  });

const submits = (services: ReturnType<typeof createFakeServices>, call = 'leads.save') =>
  services.record.calls.filter((c) => c.name === call);

describe('lead-form', () => {
  it('offers the masked account phone and sends useAccountPhone when it is kept', async () => {
    const services = withPhone();
    renderPage([node()], { services });
    const user = userEvent.setup();
    await waitFor(() =>
      expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('138****8000'),
    );
    await user.type(screen.getByLabelText('姓名'), '张三');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submits(services)).toHaveLength(1));
    expect(submits(services)[0]?.params).toEqual({
      activityCode: 'demo-luckdraw',
      name: '张三',
      useAccountPhone: true,
      city: '',
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('提交成功'));
  });

  it('lets the visitor type another number, checked in Chinese', async () => {
    const services = withPhone();
    renderPage([node()], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '使用其他手机号' }));
    const phone = screen.getByLabelText('手机号');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    await user.type(phone, '1234');
    await user.click(screen.getByRole('button', { name: '提交' }));
    const messageOf = (label: string) => {
      const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
      return document.getElementById(ids)?.textContent;
    };
    expect(messageOf('姓名')).toBe('请填写姓名');
    expect(messageOf('手机号')).toBe('请填写11位手机号');
    expect(document.activeElement).toBe(screen.getByLabelText('姓名'));
    expect(submits(services)).toHaveLength(0);
    await user.type(screen.getByLabelText('姓名'), '李四');
    await user.clear(phone);
    await user.type(phone, '139 0013 9000');
    await user.selectOptions(screen.getByLabelText(/城市/), 'sh');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submits(services)).toHaveLength(1));
    expect(submits(services)[0]?.params).toEqual({
      activityCode: 'demo-luckdraw',
      name: '李四',
      phone: '13900139000',
      city: 'sh',
    });
  });

  it('submits once for a double tap and runs on.submitted after success', async () => {
    const gate = deferred();
    const services = withPhone((name) =>
      name === 'tongchengActivity.saveTongchengUserDraw' ? gate.promise : null,
    );
    renderPage(
      [
        node(
          { submitCall: 'tongchengActivity.saveTongchengUserDraw', fields: [FIELDS[1]] },
          { submitted: [{ type: 'toast', text: '已绑定' }] },
        ),
      ],
      { services },
    );
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: '提交' });
    await screen.findByDisplayValue('138****8000');
    await user.click(button);
    await user.click(button);
    expect((screen.getByRole('button', { name: '提交中…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    gate.resolve(ok({ prizeId: 'p-train' }));
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toEqual(['提交成功', '已绑定']),
    );
    expect(submits(services, 'tongchengActivity.saveTongchengUserDraw')).toHaveLength(1);
  });

  it('keeps what was typed across a failed submit and a reload, and clears it on success', async () => {
    let fail = true;
    const services = withPhone((name) =>
      name === 'leads.save'
        ? fail
          ? Promise.reject(apiFailure(500, 'internal'))
          : Promise.resolve(ok({ saved: true }))
        : null,
    );
    const first = renderPage([node()], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '使用其他手机号' }));
    await user.type(screen.getByLabelText('姓名'), '王五');
    await user.type(screen.getByLabelText('手机号'), '13700137000');
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByRole('alert')).textContent).toBe('提交失败，请稍后再试');
    expect(screen.getByRole('button', { name: '重新提交' })).toBeTruthy();

    // A reload: a new page over the same tab storage.
    first.unmount();
    cleanup();
    renderPage([node()], { services });
    await waitFor(() =>
      expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('王五'),
    );
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13700137000');

    fail = false;
    await act(async () => {
      await user.click(screen.getByRole('button', { name: '提交' }));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('提交成功'));
    expect(services.storage.session?.get('lead-form:/test:lead')).toBeNull();
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('');
  });

  it('asks a logged-out visitor to log in and sends nothing', async () => {
    const services = createFakeServices({ loggedIn: false });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls.filter((c) => c.name === 'user.getUserPhone')).toHaveLength(0);
  });

  it('checks patterns and lengths with the messages the page gives', () => {
    const field = leadFormProps.parse({
      fields: [
        {
          name: 'plate',
          label: '车牌号',
          pattern: '[\\u4e00-\\u9fa5][A-Z][A-Z0-9]{5,6}',
          patternMessage: '车牌号格式不正确',
          maxLength: 8,
        },
      ],
    }).fields[0]!;
    expect(validateField(field, '京A12345')).toBeUndefined();
    expect(validateField(field, 'A12345')).toBe('车牌号格式不正确');
    expect(validateField(field, '')).toBe('请填写车牌号');
    expect(validateField(field, '京A123456789')).toBe('车牌号最多8个字');
  });

  it('refuses duplicate names, selects without options and unknown calls at build time', () => {
    expect(leadFormProps.safeParse({ fields: [FIELDS[0], FIELDS[0]] }).success).toBe(false);
    expect(
      leadFormProps.safeParse({ fields: [{ name: 'c', label: '城市', kind: 'select' }] }).success,
    ).toBe(false);
    expect(leadFormProps.safeParse({ fields: [FIELDS[0]], submitCall: 'leads.sav' }).success).toBe(
      false,
    );
    expect(
      leadFormProps.safeParse({ fields: [{ name: 'x', label: 'x', pattern: '(' }] }).success,
    ).toBe(false);
  });
});
