/**
 * The one place that talks to the upload link: XMLHttpRequest, because the api client is
 * fetch-based and fetch reports no upload progress. The body is multipart (spec §7: "POST
 * multipart to a given CDN link"); the answer is the usual envelope ({ code, result: { url,
 * name } }). Tests replace this module.
 */
export interface UploadedFile {
  url: string;
  name: string;
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function uploadFile(
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as {
        code?: unknown;
        result?: { url?: unknown; name?: unknown };
        msg?: unknown;
      } | null;
      const result = body?.result;
      if (
        xhr.status >= 200 &&
        xhr.status < 300 &&
        body?.code === 0 &&
        typeof result?.url === 'string'
      ) {
        onProgress(1);
        resolve({ url: result.url, name: typeof result.name === 'string' ? result.name : '' });
        return;
      }
      const msg = typeof body?.msg === 'string' ? body.msg : `upload failed (${xhr.status})`;
      reject(new UploadError(msg, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('network error', 0));
    xhr.ontimeout = () => reject(new UploadError('timeout', 0));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
