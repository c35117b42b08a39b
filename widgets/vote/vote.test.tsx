import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, deferred, ok } from '../../tests/support/widget-test-utils';
import { voteProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'vote',
  id: 'vote',
  props: voteProps.parse({
    activityCode: 'demo-luckdraw',
    detailPath: '/newProduct/detail',
    ...props,
  }),
});

/** Answers like server/src/routes/votes.ts: one vote per product and day, a daily cap. */
function voteServer(cap = 2): FakeApiHandler {
  const votes = new Map([
    ['black', 3],
    ['white', 1],
  ]);
  const mine = new Set<string>();
  const view = (id: string) => ({
    productId: id,
    title: id === 'black' ? '曜石黑' : '雪山白',
    desc: '',
    image: id === 'black' ? '/mp/activity/demo/vote-black.png' : 'javascript:alert(1)',
    votes: votes.get(id) ?? 0,
    voted: mine.has(id),
  });
  return (name, params) => {
    if (name === 'newProduct.getNewProductList') return ok({ list: [...votes.keys()].map(view) });
    if (name === 'newProduct.getNewProductById') return ok(view(String(params?.productId)));
    if (name === 'newProduct.getNewProductHeader')
      return ok({
        status: 'ongoing',
        totalVotes: [...votes.values()].reduce((a, b) => a + b, 0),
        votesLeft: cap - mine.size,
        perUserDailyLimit: cap,
      });
    if (name === 'newProduct.vote' || name === 'newProduct.vote.get') {
      const id = String(params?.productId);
      if (mine.has(id)) throw apiFailure(409, '今天已经投过这款了');
      mine.add(id);
      votes.set(id, (votes.get(id) ?? 0) + 1);
      return ok({ productId: id, votes: votes.get(id), votesLeft: cap - mine.size });
    }
    return ok(null);
  };
}

describe('vote', () => {
  it('shows the rule and options, hides counts until the visitor votes, then shows results', async () => {
    const server = voteServer();
    const gate = deferred();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'newProduct.vote'
          ? gate.promise.then(() => server(name, params))
          : server(name, params),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('活动期间每天都可投票，每款新品每天限投1票。')).toBeTruthy();
    expect(await screen.findByText('今日剩余2票')).toBeTruthy();
    expect(screen.queryByText(/3票/)).toBeNull();
    // An unsafe image address from the server is not drawn.
    expect(screen.getAllByRole('img')).toHaveLength(1);
    const button = screen.getByRole('button', { name: '投一票：曜石黑' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button);
    gate.resolve(ok(null));
    expect(await screen.findByText('4票 · 80%')).toBeTruthy();
    expect(screen.getByRole('button', { name: '已投票：曜石黑' })).toHaveProperty('disabled', true);
    expect(screen.getByText('今日剩余1票')).toBeTruthy();
    expect(services.record.calls.filter((c) => c.name === 'newProduct.vote')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('投票成功：曜石黑');
  });

  it('votes with the GET twin when voteMethod is GET (spec §7 newProduct vote)', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: voteServer() });
    renderPage([node({ voteMethod: 'GET' })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '投一票：曜石黑' }));
    expect(await screen.findByText('4票 · 80%')).toBeTruthy();
    const names = services.record.calls.map((c) => c.name);
    expect(names.filter((name) => name === 'newProduct.vote.get')).toHaveLength(1);
    expect(names).not.toContain('newProduct.vote');
  });

  it('locks every option once the daily votes are used', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: true, apiHandler: voteServer(1) }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '投一票：曜石黑' }));
    const other = await screen.findByRole('button', { name: '今日票数已用完：雪山白' });
    expect(other).toHaveProperty('disabled', true);
  });

  it('links to the detail page, which shows one product from the query', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: voteServer(),
      href: 'http://localhost/mp/activity/newProduct/detail?id=white',
    });
    renderPage([node({ mode: 'detail', results: 'always' })], {
      services,
      route: '/newProduct/detail',
    });
    const item = (await screen.findByText('雪山白')).closest('li')!;
    expect(within(item).getByText('1票 · 25%')).toBeTruthy();
    expect(screen.queryByText('曜石黑')).toBeNull();
    expect(
      services.record.calls.find((c) => c.name === 'newProduct.getNewProductById')?.params,
    ).toEqual({
      activityCode: 'demo-luckdraw',
      productId: 'white',
    });
  });

  it('shows the fixed productId in detail mode, whatever the query says', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: voteServer(),
      href: 'http://localhost/mp/activity/newProduct/ultraDetail?id=black',
    });
    renderPage([node({ mode: 'detail', productId: 'white', results: 'always' })], {
      services,
      route: '/newProduct/ultraDetail',
    });
    expect(await screen.findByText('雪山白')).toBeTruthy();
    expect(
      services.record.calls.find((c) => c.name === 'newProduct.getNewProductById')?.params,
    ).toMatchObject({ productId: 'white' });
  });

  it('asks a logged-out visitor to log in and keeps the vote buttons off', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: voteServer() });
    renderPage([node()], { services });
    expect(await screen.findByRole('button', { name: '投一票：曜石黑' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
  });

  it('shows an error with a retry that calls again', async () => {
    let fail = true;
    const server = voteServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'newProduct.getNewProductList' && fail) throw new Error('offline');
        return server(name, params);
      },
    });
    renderPage([node()], { services });
    expect((await screen.findByRole('alert')).textContent).toContain('投票信息加载失败');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('曜石黑')).toBeTruthy();
  });
});
