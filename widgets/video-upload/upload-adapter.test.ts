import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile, UploadError } from './upload-adapter';

/** A scripted XMLHttpRequest: the test plays progress events and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  upload: {
    onprogress:
      ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload adapter', () => {
  it('posts the file as multipart, reports progress and resolves with the stored file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const file = new Blob(['video'], { type: 'video/mp4' });
    const done = uploadFile('/mp/api/file/put/t', file, (f) => progress.push(f));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    xhr.answer(200, { code: 0, result: { url: '/mp/api/file/v/a.mp4', name: 'a.mp4' } });
    await expect(done).resolves.toEqual({ url: '/mp/api/file/v/a.mp4', name: 'a.mp4' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects with the server message on a refused upload, and on a network error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFile('/u', new Blob(['x']), () => undefined);
    FakeXhr.last!.answer(400, { code: 400, msg: 'file type not allowed' });
    await expect(refused).rejects.toEqual(new UploadError('file type not allowed', 400));
    const offline = uploadFile('/u', new Blob(['x']), () => undefined);
    FakeXhr.last!.onerror?.();
    await expect(offline).rejects.toBeInstanceOf(UploadError);
  });
});
