import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { deferred, ok } from '../../tests/support/widget-test-utils';
import { videoUploadProps } from './schema';
import { uploadFile, type UploadedFile } from './upload-adapter';
import { probeDuration } from './video-probe';

vi.mock('./upload-adapter', () => ({ uploadFile: vi.fn() }));
vi.mock('./video-probe', () => ({ probeDuration: vi.fn() }));
const upload = vi.mocked(uploadFile);
const probe = vi.mocked(probeDuration);

const node = (props: Record<string, unknown> = {}) => ({
  type: 'video-upload',
  id: 'video',
  props: videoUploadProps.parse({ activityCode: 'video-guide', ...props }),
});

function videoServer(options: { left?: number; uploadUrl?: string } = {}): FakeApiHandler {
  const liked = new Set<number>();
  return (name, params) => {
    if (name === 'video.getTodayVideoSubmitNum')
      return ok({ num: 3 - (options.left ?? 2), limit: 3, left: options.left ?? 2 });
    if (name === 'file.generatePreSignedUri')
      return ok({ uploadUrl: options.uploadUrl ?? '/mp/api/file/put/abc?expires=1&sig=x' });
    if (name === 'video.addVideoGuide') return ok({ guideId: 7, num: 2, limit: 3, left: 1 });
    if (name === 'video.getVideoPlayerGuide' || name === 'video.getMyVideoGuide')
      return ok({
        list: [
          {
            guideId: 1,
            title: '新手攻略',
            videoUrl: '/files/a.mp4',
            coverUrl: '',
            likeCount: 5 + (liked.has(1) ? 1 : 0),
            liked: liked.has(1),
            author: '张**',
            time: 0,
          },
        ],
      });
    if (name === 'video.likeVideoPlayerGuide') {
      const first = !liked.has(Number(params?.guideId));
      liked.add(Number(params?.guideId));
      return ok({ guideId: params?.guideId, liked: true, firstTime: first, likeCount: 6 });
    }
    return ok(null);
  };
}

function videoFile(type = 'video/mp4', sizeMb = 4) {
  const file = new File(['x'], 'guide.mp4', { type });
  Object.defineProperty(file, 'size', { value: sizeMb * 1024 * 1024 });
  return file;
}

const setup = () => userEvent.setup({ applyAccept: false });

beforeEach(() => {
  upload.mockReset();
  probe.mockReset();
  probe.mockResolvedValue(60);
});

describe('video-upload', () => {
  it('refuses a file of the wrong type before reading it', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: true, apiHandler: videoServer() }),
    });
    await setup().upload(await screen.findByLabelText('选择视频'), videoFile('video/x-msvideo'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '不支持该视频格式，请选择 MP4、MOV 或 WebM 视频',
    );
    expect(probe).not.toHaveBeenCalled();
  });

  it('refuses a file that is too large, and one that is too long', async () => {
    renderPage([node({ maxSizeMb: 10 })], {
      services: createFakeServices({ loggedIn: true, apiHandler: videoServer() }),
    });
    const user = setup();
    const input = await screen.findByLabelText('选择视频');
    await user.upload(input, videoFile('video/mp4', 11));
    expect((await screen.findByRole('alert')).textContent).toBe('视频不能超过10MB');
    probe.mockResolvedValue(301);
    await user.upload(input, videoFile());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('视频不能超过5分钟'));
  });

  it('uploads with a progress bar, then submits the guide once for a double tap', async () => {
    const gate = deferred<UploadedFile>();
    upload.mockImplementation((_url, _file, onProgress) => {
      onProgress(0.4);
      return gate.promise;
    });
    const services = createFakeServices({ loggedIn: true, apiHandler: videoServer() });
    renderPage([node()], { services });
    const user = setup();
    expect(await screen.findByText('今日还可提交2次')).toBeTruthy();
    await user.upload(screen.getByLabelText('选择视频'), videoFile());
    await screen.findByText('已选择：guide.mp4');
    await user.type(screen.getByLabelText('标题'), '三分钟上手');
    const submit = screen.getByRole('button', { name: '提交作品' });
    await user.click(submit);
    await user.click(submit);
    const bar = await screen.findByRole('progressbar', { name: '上传进度' });
    expect(bar.getAttribute('value')).toBe('40');
    expect(screen.getByText('40%')).toBeTruthy();
    gate.resolve({ url: '/mp/api/file/v/abc.mp4', name: 'abc.mp4' });
    await waitFor(() =>
      expect(services.record.toasts.map((t) => t.text)).toContain('提交成功，审核通过后展示'),
    );
    const adds = services.record.calls.filter((c) => c.name === 'video.addVideoGuide');
    expect(adds).toHaveLength(1);
    expect(adds[0]?.params).toEqual({
      activityCode: 'video-guide',
      title: '三分钟上手',
      videoUrl: '/mp/api/file/v/abc.mp4',
    });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0]).toBe('http://localhost/mp/api/file/put/abc?expires=1&sig=x');
  });

  it('shows a new submission in my list on the same page at once (issue 32: pending)', async () => {
    upload.mockResolvedValue({ url: '/mp/api/file/v/abc.mp4', name: 'abc.mp4' });
    const services = createFakeServices({ loggedIn: true, apiHandler: videoServer() });
    renderPage([node(), { ...node({ mode: 'mine', title: '我的投稿' }), id: 'mine' }], {
      services,
    });
    const user = setup();
    expect(await screen.findByText('新手攻略')).toBeTruthy();
    const listed = () =>
      services.record.calls.filter((c) => c.name === 'video.getMyVideoGuide').length;
    const before = listed();
    await user.upload(screen.getByLabelText('选择视频'), videoFile());
    await user.type(await screen.findByLabelText('标题'), '三分钟上手');
    await user.click(screen.getByRole('button', { name: '提交作品' }));
    await waitFor(() => expect(listed()).toBe(before + 1));
  });

  it('never sends the file to an upload link on a foreign host', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: videoServer({ uploadUrl: 'https://evil.example.net/put' }),
    });
    renderPage([node()], { services });
    const user = setup();
    await user.upload(await screen.findByLabelText('选择视频'), videoFile());
    await screen.findByText('已选择：guide.mp4');
    await user.type(screen.getByLabelText('标题'), '标题');
    await user.click(screen.getByRole('button', { name: '提交作品' }));
    expect((await screen.findByRole('alert')).textContent).toBe('上传地址无效，请稍后再试');
    expect(upload).not.toHaveBeenCalled();
  });

  it('asks for a title before uploading', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: true, apiHandler: videoServer() }),
    });
    const user = setup();
    await user.upload(await screen.findByLabelText('选择视频'), videoFile());
    await screen.findByText('已选择：guide.mp4');
    await user.click(screen.getByRole('button', { name: '提交作品' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写标题');
  });

  it('shows the daily limit message and locks the form when none is left', async () => {
    renderPage([node()], {
      services: createFakeServices({ loggedIn: true, apiHandler: videoServer({ left: 0 }) }),
    });
    expect(await screen.findByText('今日提交次数已用完，明天再来吧')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提交作品' })).toHaveProperty('disabled', true);
  });

  it('likes a guide once in the gallery', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: videoServer() });
    renderPage([node({ mode: 'gallery', title: '' })], { services });
    const like = await screen.findByRole('button', { name: '点赞：新手攻略' });
    const user = setup();
    await user.click(like);
    await user.click(like);
    expect(await screen.findByRole('button', { name: '已赞：新手攻略' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(/6赞/)).toBeTruthy();
    expect(
      services.record.calls.filter((c) => c.name === 'video.likeVideoPlayerGuide'),
    ).toHaveLength(1);
  });

  it('lists my records without like buttons', async () => {
    renderPage([node({ mode: 'mine' })], {
      services: createFakeServices({ loggedIn: true, apiHandler: videoServer() }),
    });
    expect(await screen.findByText('新手攻略')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /点赞/ })).toBeNull();
  });

  it("shows me my pending and rejected guides with the reviewer's reason (issue 32)", async () => {
    const guide = (
      guideId: number,
      title: string,
      status: string,
      rejectReason: string | null,
    ) => ({
      guideId,
      title,
      videoUrl: `/files/${guideId}.mp4`,
      coverUrl: '',
      likeCount: 0,
      liked: false,
      mine: true,
      author: '我',
      time: 0,
      status,
      rejectReason,
    });
    const handler: FakeApiHandler = (name) =>
      name === 'video.getMyVideoGuide'
        ? ok({
            list: [
              guide(3, '等待审核的攻略', 'pending', null),
              guide(2, '被驳回的攻略', 'rejected', '视频含有广告内容'),
              guide(1, '已展示的攻略', 'approved', null),
            ],
          })
        : ok(null);
    renderPage([node({ mode: 'mine' })], {
      services: createFakeServices({ loggedIn: true, apiHandler: handler }),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.w-video-upload__review')?.textContent)).toEqual([
      '审核中，通过后展示在作品广场',
      '未通过审核原因：视频含有广告内容',
      '已通过审核，正在展示',
    ]);
    expect(screen.getByText('原因：视频含有广告内容')).toBeTruthy();
  });

  it('shows no review state in the gallery, which lists approved guides only', async () => {
    renderPage([node({ mode: 'gallery' })], {
      services: createFakeServices({ loggedIn: true, apiHandler: videoServer() }),
    });
    expect(await screen.findByText('新手攻略')).toBeTruthy();
    expect(document.querySelector('.w-video-upload__review')).toBeNull();
  });

  it('shows the login prompt to a logged-out visitor', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: videoServer() });
    renderPage([node()], { services });
    await setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });
});
