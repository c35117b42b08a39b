import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { renderPage } from '../../../tests/support/render-page';
import { queryActivitySchema } from '../document/query-activity-schema';
import { ACTIVITY_INFO_CALL } from './activity-config';

/** Issue 32: /luckdrawPage?id=… (spec §2 /goldCloseBy) is bound to the activity its id names. */

const mapping = queryActivitySchema.parse({
  activities: { '173': 'gold-close-by', '345': 'gold-close-by-m' },
  unknown: { title: '没有找到这个抽奖活动', actionText: '去幸运大抽奖' },
});

const heading = {
  type: 'rich-text',
  id: 'heading',
  props: { content: ['{{page.activityCode}} · {{activity.title|…}}'] },
};

function open(search: string) {
  const services = createFakeServices({
    href: `http://localhost/mp/activity/luckdrawPage${search}`,
    apiHandler: (name, params) =>
      name === ACTIVITY_INFO_CALL
        ? { code: 1, result: { title: `活动 ${String(params?.activityCode)}` } }
        : { code: 0, result: null },
  });
  renderPage([heading], { services, document: { activityByQuery: mapping } });
  return services;
}

describe('a page bound by its query (activityByQuery)', () => {
  it.each([
    ['?id=173&from=goldCloseBy', 'gold-close-by'],
    ['?id=345&from=goldCloseBy', 'gold-close-by-m'],
  ])('%s draws for its own activity', async (search, code) => {
    const services = open(search);
    expect(await screen.findByText(`${code} · 活动 ${code}`)).toBeTruthy();
    expect(services.record.calls).toEqual([
      { name: ACTIVITY_INFO_CALL, params: { activityCode: code } },
    ]);
  });

  it.each([
    ['', 'no id'],
    ['?id=999', 'an id the mapping lacks'],
    ['?id=__proto__', 'an inherited name'],
    ['?id=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'markup'],
    ['?id=%2F%2Fevil.example', 'an open-redirect payload'],
    ['?id=gold-close-by', 'an activity code instead of an id'],
  ])('shows the clear message for %s (%s), calls nothing', async (search) => {
    const services = open(search);
    expect(await screen.findByRole('heading', { name: '没有找到这个抽奖活动' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去幸运大抽奖' }).getAttribute('href')).toBe(
      '/mp/activity/luckDraw',
    );
    expect(screen.queryByText(/gold-close-by/)).toBeNull();
    expect(services.record.calls).toEqual([]);
  });
});
