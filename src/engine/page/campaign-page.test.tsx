import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { UI_COPY } from '../../ui/copy';
import { conditions } from '../conditions/lazy-conditions';
import { renderPage } from '../../../tests/support/render-page';
import { ACTIVITY_INFO_CALL } from './activity-config';

const text = (id: string, content: string, extra: object = {}) => ({
  type: 'rich-text',
  id,
  props: { content: [content] },
  ...extra,
});

describe('campaign page: the activity info (spec §7)', () => {
  it('a page bound to an activity asks for its info once and binds it', async () => {
    const services = createFakeServices({
      apiHandler: (name) =>
        name === ACTIVITY_INFO_CALL
          ? { code: 0, result: { activityConfig: '{"slogan":"好礼相送"}' } }
          : { code: 0, result: null },
    });
    renderPage([text('t', '{{activity.activityConfig.slogan}}')], {
      services,
      document: { activity: { code: 'demo', configId: '7' } },
    });
    expect(await screen.findByText('好礼相送')).toBeTruthy();
    expect(services.record.calls).toEqual([
      { name: ACTIVITY_INFO_CALL, params: { activityCode: 'demo', configId: '7' } },
    ]);
  });

  it('a page without an activity asks for nothing', async () => {
    const services = createFakeServices();
    renderPage([text('t', '无活动 {{activity.activityConfig.slogan|-}}')], { services });
    expect(await screen.findByText('无活动 -')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(services.record.calls).toEqual([]);
    expect(screen.queryByRole('button', { name: UI_COPY.retry })).toBeNull();
  });

  it('a failed activity call shows the page load error, whose retry asks again', async () => {
    let failing = true;
    const services = createFakeServices({
      apiHandler: () => {
        if (failing) throw new TypeError('Failed to fetch');
        return { code: 0, result: { activityConfig: '{"slogan":"好礼相送"}' } };
      },
    });
    renderPage([text('t', '{{activity.activityConfig.slogan|…}}')], {
      services,
      document: { activity: { code: 'demo' } },
    });
    expect(await screen.findByText(UI_COPY.fault.network)).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: UI_COPY.retry }));
    expect(await screen.findByText('好礼相送')).toBeTruthy();
    expect(screen.queryByText(UI_COPY.fault.network)).toBeNull();
    expect(services.record.calls.map((call) => call.name)).toEqual([
      ACTIVITY_INFO_CALL,
      ACTIVITY_INFO_CALL,
    ]);
  });
});

describe('campaign page: what a `when` sees', () => {
  it('a page whose nodes have no `when` never reads the login cookies', async () => {
    const services = createFakeServices({ loggedIn: true });
    const isLoggedIn = vi.spyOn(services.auth, 'isLoggedIn');
    renderPage([text('a', '甲'), text('b', '乙')], { services });
    expect(await screen.findByText('乙')).toBeTruthy();
    expect(isLoggedIn).not.toHaveBeenCalled();
  });

  it('a `when` sees the login and the query, read once for all the nodes of a render', async () => {
    const services = createFakeServices({
      loggedIn: true,
      href: 'http://localhost/mp/activity/test?from=sms',
    });
    const isLoggedIn = vi.spyOn(services.auth, 'isLoggedIn');
    // As the document cache does for a document whose `when`s ask more than the login state
    // (document-needs.ts): the evaluator is there before the first render.
    await conditions.get();
    renderPage(
      [
        text('in', '已登录', { when: { loggedIn: true } }),
        text('out', '未登录', { when: { loggedIn: false } }),
        text('sms', '短信来的', { when: { query: { name: 'from', equals: 'sms' } } }),
        text('app', '应用来的', { when: { query: { name: 'from', equals: 'app' } } }),
        text('both', '登录且短信', {
          when: { all: [{ loggedIn: true }, { query: { name: 'from', present: true } }] },
        }),
      ],
      { services },
    );
    expect(await screen.findByText('已登录')).toBeTruthy();
    expect(screen.getByText('短信来的')).toBeTruthy();
    expect(screen.getByText('登录且短信')).toBeTruthy();
    expect(screen.queryByText('未登录')).toBeNull();
    expect(screen.queryByText('应用来的')).toBeNull();
    // One page render in a test (no StrictMode): three conditions on the login, one cookie read.
    await waitFor(() => expect(isLoggedIn).toHaveBeenCalledTimes(1));
  });
});
