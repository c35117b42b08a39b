import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';

describe('rich-text', () => {
  it('renders paragraphs, headings and lists as escaped text', async () => {
    renderPage([
      {
        type: 'rich-text',
        id: 'rules',
        props: {
          title: '活动规则',
          content: ['<b>不是标记</b>', { heading: '奖品' }, { list: ['每天一次', '当天有效'] }],
        },
      },
    ]);
    expect(await screen.findByRole('heading', { name: '活动规则' })).toBeTruthy();
    expect(screen.getByText('<b>不是标记</b>')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '奖品' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '每天一次',
      '当天有效',
    ]);
  });

  it('shows its other blocks while a bound block waits for its data (/luckdrawPage before the activity answers)', async () => {
    renderPage([
      {
        type: 'rich-text',
        id: 'heading',
        props: { title: '{{activity.title}}', content: ['{{activity.activityDesp}}', '规则见下'] },
      },
    ]);
    expect(await screen.findByText('规则见下')).toBeTruthy();
    expect(screen.queryByText('此模块暂时无法显示')).toBeNull();
  });
});
