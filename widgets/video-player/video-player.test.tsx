import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { videoPlayerProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'video-player',
  id: 'player',
  props: videoPlayerProps.parse(props),
});

const video = () => document.querySelector('video') as HTMLVideoElement;

describe('video-player', () => {
  it('renders a video with poster and controls, named by its title, never autoplaying sound', async () => {
    renderPage([
      node({ src: '/mp/activity/demo/guide-video.webm', poster: '/p.svg', title: '玩机攻略' }),
    ]);
    await screen.findByRole('heading', { name: '玩机攻略' });
    const v = video();
    expect(v.getAttribute('src')).toBe('/mp/activity/demo/guide-video.webm');
    expect(v.getAttribute('poster')).toBe('/p.svg');
    expect(v.controls).toBe(true);
    expect(v.autoplay).toBe(false);
    expect(v.getAttribute('aria-labelledby')).toBeTruthy();
  });

  it('autoplays only muted', async () => {
    renderPage([node({ src: '/v.webm', autoplayMuted: true })]);
    await screen.findByText('', { selector: 'video' });
    expect(video().autoplay).toBe(true);
    expect(video().muted).toBe(true);
  });

  it('takes the activity video when asked, and says so when there is none', async () => {
    renderPage([node({ useActivityVideo: true })]);
    expect(await screen.findByText('视频暂未上线')).toBeTruthy();
  });

  it('a video that fails offers a retry', async () => {
    renderPage([node({ src: '/missing.webm' })]);
    await screen.findByText('', { selector: 'video' });
    fireEvent.error(video());
    const retry = await screen.findByRole('button', { name: '重试' });
    await userEvent.setup().click(retry);
    expect(video()).toBeTruthy();
  });
});
