import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { SAVE_IMAGE_MESSAGES } from '../../src/services/images/save-image';
import { SHARE_IMAGE_SCALE } from '../../src/spec/constants';
import { UI_COPY } from '../../src/ui/copy';
import { qrContent } from './qr-value';
import { qrCardProps } from './schema';

const html2canvas = vi.hoisted(() =>
  vi.fn(async (_element: HTMLElement, _options: unknown) => ({
    toDataURL: () => 'data:image/png;base64,SU1H',
  })),
);
vi.mock('html2canvas', () => ({ default: html2canvas }));

// jsdom has no canvas: a 2D context that takes the code's drawing (src/ui/qr-code.test.tsx checks
// its pixels), and a PNG data URL for what was drawn.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ fillStyle: '', fillRect: () => undefined }) as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,UVI=');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const node = (props: Record<string, unknown>) => ({
  type: 'qr-card',
  props: qrCardProps.parse(props),
});

const invite = { code: 0, result: { password: 'AB12CD' } };

describe('qr-card', () => {
  it('draws a code for a path of this site, made absolute', async () => {
    renderPage([node({ value: '/mp/activity/miCar', alt: '试驾二维码', caption: '扫码预约' })]);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '试驾二维码' }).tagName).toBe('IMG'),
    );
    expect(screen.getByRole('img', { name: '试驾二维码' }).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(screen.getByText('扫码预约')).toBeTruthy();
  });

  it('loads the value from a call and fills the link template', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: () => invite });
    renderPage(
      [
        node({
          call: 'invitationPassword.getInvitationPassword',
          field: 'password',
          value: '/mp/activity/miCar/tasting?invite={value}',
          valueLabel: '邀请码：',
        }),
      ],
      { services },
    );
    expect(await screen.findByText('AB12CD')).toBeTruthy();
    expect(services.record.calls[0]?.name).toBe('invitationPassword.getInvitationPassword');
  });

  it('asks a visitor who is not logged in to log in, and calls nothing', async () => {
    const services = createFakeServices({ apiHandler: () => invite });
    renderPage([node({ call: 'invitationPassword.getInvitationPassword', field: 'password' })], {
      services,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '去登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '保存图片' })).toBeNull();
  });

  it('shows a failed call with a retry, never an empty card', async () => {
    let fail = true;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => {
        if (fail) throw Object.assign(new Error('offline'), { code: -1 });
        return invite;
      },
    });
    renderPage(
      [node({ call: 'invitationPassword.getInvitationPassword', field: 'password', kind: 'text' })],
      { services },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('二维码生成失败');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '二维码' }).tagName).toBe('IMG'));
  });

  it('says a code that could not be drawn failed, and draws it again on the next tap', async () => {
    const services = createFakeServices();
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValueOnce(null);
    renderPage([node({ value: '/mp/activity/miCar', alt: '试驾二维码' })], { services });
    expect((await screen.findByRole('alert')).textContent).toContain('二维码生成失败');
    expect(services.record.reports).toMatchObject([{ context: { where: 'qr-card' } }]);
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '试驾二维码' }).getAttribute('src')).toBe(
        'data:image/png;base64,UVI=',
      ),
    );
  });

  it('saves the card as an image: generating toast, scale 2, then the share service saves it', async () => {
    const services = createFakeServices();
    renderPage([node({ value: '/mp/activity/miCar/invitation', title: '试驾邀请函' })], {
      services,
    });
    await waitFor(() => expect(screen.getByRole('img', { name: '二维码' }).tagName).toBe('IMG'));
    await userEvent.setup().click(screen.getByRole('button', { name: '保存图片' }));
    await waitFor(() =>
      expect(services.record.savedImages).toEqual(['data:image/png;base64,SU1H']),
    );
    expect(services.record.toasts[0]).toMatchObject({ text: UI_COPY.generatingImage });
    expect(html2canvas.mock.calls[0]?.[1]).toMatchObject({ scale: SHARE_IMAGE_SCALE });
    expect(SHARE_IMAGE_SCALE).toBe(2);
  });

  it('says the save failed when the image cannot be drawn', async () => {
    html2canvas.mockRejectedValueOnce(new Error('tainted'));
    const services = createFakeServices();
    renderPage([node({ value: '/mp/activity/miCar/invitation' })], { services });
    await waitFor(() => expect(screen.getByRole('img', { name: '二维码' }).tagName).toBe('IMG'));
    await userEvent.setup().click(screen.getByRole('button', { name: '保存图片' }));
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toContain(SAVE_IMAGE_MESSAGES.failed),
    );
    expect(services.record.savedImages).toEqual([]);
  });

  it('refuses a value bound to another site or to script', async () => {
    renderPage([
      {
        type: 'qr-card',
        props: { ...node({ value: '/x' }).props, value: 'https://evil.example/x' },
      },
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('二维码生成失败');
    expect(screen.queryByRole('button', { name: '保存图片' })).toBeNull();
  });
});

describe('qr-card image', () => {
  it('draws no picture whose bound address is not safe (issue 19)', async () => {
    renderPage([
      {
        type: 'qr-card',
        props: { ...node({ value: '/x' }).props, image: '//evil.example/x.png', imageAlt: '图' },
      },
    ]);
    await waitFor(() => expect(screen.getByRole('img', { name: '二维码' }).tagName).toBe('IMG'));
    expect(screen.queryByRole('img', { name: '图' })).toBeNull();
  });
});

describe('qrContent', () => {
  const own = 'https://m.example.cn/mp/activity/miCar';
  it('keeps own and provider links, absolute', () => {
    expect(qrContent('link', '/mp/activity/miCar?x=1', own)).toBe(
      'https://m.example.cn/mp/activity/miCar?x=1',
    );
    expect(qrContent('link', 'https://m.mi.com/a', own)).toBe('https://m.mi.com/a');
  });
  it.each(['javascript:alert(1)', 'https://evil.example/', '//evil.example/x', 'miwallet://x'])(
    'refuses the link %s',
    (value) => expect(qrContent('link', value, own)).toBeNull(),
  );
  it('keeps text and refuses text that reads as an address', () => {
    expect(qrContent('text', 'AB12CD', own)).toBe('AB12CD');
    expect(qrContent('text', 'https://evil.example', own)).toBeNull();
    expect(qrContent('text', 'www.evil.example', own)).toBeNull();
  });
});
