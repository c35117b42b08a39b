import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { movieDetailProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'movie-detail',
  id: 'movie',
  props: movieDetailProps.parse({ activityCode: 'cateye-movie', movieId: 'm-river', ...props }),
});

const START = Date.parse('2030-06-01T19:30:00+08:00');

function cinemaServer(opts: { signDays?: number } = {}): FakeApiHandler {
  let seats = 2;
  let used = 0;
  return (name) => {
    if (name === 'cinema.movieDetail')
      return ok({
        movieId: 'm-river',
        name: '长河之上',
        score: 9.1,
        tags: ['剧情'],
        durationMinutes: 128,
        desc: '寻亲之旅',
        showings: [
          {
            showingId: 's-1',
            cinema: '城市影城',
            hall: '3号厅',
            startTime: START,
            seatsLeft: seats,
            started: false,
          },
        ],
      });
    if (name === 'cinema.ticketStatus')
      return ok({ signDays: opts.signDays ?? 1, signDaysRequired: 1, used, ticketsLeft: 1 - used });
    if (name === 'cinema.claimTicket') {
      if (used >= 1) throw Object.assign(apiFailure(409, 'no'), { error: 'LIMIT_REACHED' });
      used += 1;
      seats -= 1;
      return ok({ orderNo: 'CE1', ticketCode: 'AB12' });
    }
    return ok(null);
  };
}

describe('movie-detail', () => {
  it('shows the movie and its showings to visitors, with a login prompt', async () => {
    renderPage([node()], { services: createFakeServices({ apiHandler: cinemaServer() }) });
    expect(await screen.findByRole('heading', { name: '长河之上' })).toBeTruthy();
    expect(screen.getByText('9.1')).toBeTruthy();
    expect(screen.getByText('06-01 19:30')).toBeTruthy();
    expect(screen.getByText('登录后领取免费电影票')).toBeTruthy();
  });

  it('claims a ticket once, then says the free ticket is used', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: cinemaServer() });
    renderPage([node({ ordersTarget: '/catEye/orderList' })], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /免费领票：06-01 19:30/ }));
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toContain('领票成功，可在观影订单中查看'),
    );
    expect(await screen.findByText('您的免费观影券已领完')).toBeTruthy();
    expect(await screen.findByText('余1座')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看我的订单' })).toBeTruthy();
  });

  it('asks for more sign-ins before a ticket', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: cinemaServer({ signDays: 0 }),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('再签到1天即可免费领票')).toBeTruthy();
    expect(screen.getByRole('button', { name: /免费领票/ })).toHaveProperty('disabled', true);
  });

  it('without a movie id it says so', async () => {
    renderPage([node({ movieId: '' })]);
    expect(await screen.findByText('未找到该影片')).toBeTruthy();
  });
});
