import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { UI_COPY } from '../../src/ui/copy';
import { deferred, ok } from '../../tests/support/widget-test-utils';
import { prizeRecordsProps } from '../prize-records/schema';
import { addressFormProps } from './schema';
import { validateAddress } from './validate';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'address-form',
  id: 'address',
  props: addressFormProps.parse({ activityCode: 'demo-luckdraw', ...props }),
});

const saves = (services: ReturnType<typeof createFakeServices>) =>
  services.record.calls.filter((c) => c.name === 'user.insertOrUpdateUserData');

describe('address-form', () => {
  it('shows a clear message per field and focuses the first wrong one', async () => {
    const services = createFakeServices({ loggedIn: true });
    renderPage([node()], { services });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('手机号'), '1234567');
    await user.click(screen.getByRole('button', { name: '保存地址' }));
    const messageOf = (label: string) => {
      const id = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
      return document.getElementById(id)?.textContent;
    };
    expect(messageOf('收货人')).toBe('请填写收货人姓名');
    expect(messageOf('手机号')).toBe('请填写11位手机号');
    expect(messageOf('所在地区')).toBe('请填写所在地区');
    expect(messageOf('详细地址')).toBe('请填写详细地址');
    // The first problem is also announced to screen readers.
    expect(screen.getByRole('status').textContent).toBe('请填写收货人姓名');
    expect(document.activeElement).toBe(screen.getByLabelText('收货人'));
    expect(screen.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
    expect(saves(services)).toHaveLength(0);
  });

  it('saves once for a double tap, with the configured call and params', async () => {
    const gate = deferred();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => (name === 'user.insertOrUpdateUserData' ? gate.promise : ok(null)),
    });
    renderPage([node({ params: { prizeLogId: 12 } })], { services });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('收货人'), '张三');
    await user.type(screen.getByLabelText('手机号'), '138 0013 8000');
    await user.type(screen.getByLabelText('所在地区'), '北京市 海淀区');
    await user.type(screen.getByLabelText('详细地址'), '清河中街68号');
    const submit = screen.getByRole('button', { name: '保存地址' });
    await user.click(submit);
    await user.click(submit);
    gate.resolve(ok({ saved: true }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('地址已保存'));
    expect(saves(services)).toHaveLength(1);
    expect(saves(services)[0]?.params).toEqual({
      prizeLogId: 12,
      activityCode: 'demo-luckdraw',
      name: '张三',
      phone: '13800138000',
      region: '北京市 海淀区',
      address: '清河中街68号',
    });
  });

  it('fills the form from the load call', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) =>
        name === 'user.getUserDataByMiidSid'
          ? ok({
              name: '李四',
              phone: '13900139000',
              region: '上海市',
              detailAddress: '浦东新区世纪大道1号',
            })
          : ok(null),
    });
    renderPage([node({ loadCall: 'user.getUserDataByMiidSid' })], { services });
    expect(((await screen.findByLabelText('收货人')) as HTMLInputElement).value).toBe('李四');
    expect((screen.getByLabelText('详细地址') as HTMLInputElement).value).toBe(
      '浦东新区世纪大道1号',
    );
  });

  it('asks a logged-out visitor to log in', async () => {
    const services = createFakeServices({ loggedIn: false });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
  });

  it('validates names, mainland numbers and detail length', () => {
    const good = {
      name: '王五',
      phone: '13700137000',
      region: '广东省深圳市',
      detail: '南山区科技园1号',
    };
    expect(validateAddress(good)).toEqual({});
    expect(validateAddress({ ...good, phone: '12345678901' }).phone).toBe('手机号格式不正确');
    expect(validateAddress({ ...good, phone: '1370013700a' }).phone).toBe('请填写11位手机号');
    expect(validateAddress({ ...good, name: '王' }).name).toBe('姓名需为2至20个字');
    expect(validateAddress({ ...good, name: '<b>王五</b>' }).name).toBe('姓名只能包含中文或字母');
    expect(validateAddress({ ...good, detail: '1号' }).detail).toBe('详细地址至少5个字');
  });

  it('refuses an unknown save call at build time', () => {
    expect(addressFormProps.safeParse({ submitCall: 'user.insertOrUpdate' }).success).toBe(false);
  });

  it('reads the prize lists of the page again after saving (their prizes now ship)', async () => {
    let status = 'unpaid';
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => {
        if (name === 'user.insertOrUpdateUserData') status = 'addressed';
        if (name === 'generalActivity.myPrize')
          return ok({
            // The whole draw as the contract has it (src/contracts/draw-history.ts drawView).
            list: [
              {
                drawId: 1,
                prizeId: 'p',
                prizeName: '耳机',
                prizeImage: '',
                prizeType: 'physical',
                index: 0,
                status,
                multiplied: false,
                time: Date.UTC(2025, 4, 1, 2, 30),
              },
            ],
          });
        return ok(null);
      },
    });
    renderPage(
      [
        node(),
        {
          type: 'prize-records',
          id: 'records',
          props: prizeRecordsProps.parse({
            activityCode: 'demo-luckdraw',
            statusTexts: { unpaid: '待填写地址', addressed: '待发货' },
          }),
        },
      ],
      { services },
    );
    expect(await screen.findByText('待填写地址')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('收货人'), '张三');
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('所在地区'), '北京市 海淀区');
    await user.type(screen.getByLabelText('详细地址'), '清河中街68号');
    await user.click(screen.getByRole('button', { name: '保存地址' }));
    expect(await screen.findByText('待发货')).toBeTruthy();
  });

  it('keeps what was typed across a failed save and a reload, and clears it on success (issue 19)', async () => {
    let fail = true;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => {
        if (name === 'user.insertOrUpdateUserData' && fail) throw new TypeError('Failed to fetch');
        return ok(null);
      },
    });
    const first = renderPage([node()], { services });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('收货人'), '张三');
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('所在地区'), '北京市海淀区');
    await user.type(screen.getByLabelText('详细地址'), '清河中街68号');
    await user.click(screen.getByRole('button', { name: '保存地址' }));
    // A fault of the network says so (the kit's wording), it is not a silent failure.
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toContain(UI_COPY.fault.network),
    );

    // A reload: a new page over the same tab storage.
    first.unmount();
    cleanup();
    renderPage([node()], { services });
    await waitFor(() =>
      expect((screen.getByLabelText('收货人') as HTMLInputElement).value).toBe('张三'),
    );
    expect((screen.getByLabelText('详细地址') as HTMLInputElement).value).toBe('清河中街68号');

    fail = false;
    await act(async () => {
      await user.click(screen.getByRole('button', { name: '保存地址' }));
    });
    await waitFor(() => expect(saves(services).length).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect(services.storage.session?.get('address-form:/test:address')).toBeNull(),
    );
  });

  it('says the saved address could not load, with a retry, and keeps the form usable', async () => {
    let fail = true;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => {
        if (name === 'user.getUserDataByMiidSid' && fail) throw new TypeError('Failed to fetch');
        return ok({ name: '李四', phone: '13900139000', region: '上海', detail: '世纪大道1号' });
      },
    });
    renderPage([node({ loadCall: 'user.getUserDataByMiidSid' })], { services });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(UI_COPY.fault.network);
    expect(screen.getByLabelText('收货人')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: UI_COPY.retry }));
    await waitFor(() =>
      expect((screen.getByLabelText('收货人') as HTMLInputElement).value).toBe('李四'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
