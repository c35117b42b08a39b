/**
 * The one place that talks to the upload link: XMLHttpRequest, because the api client is
 * fetch-based and fetch reports no upload progress. The body is multipart (spec §7: "POST
 * multipart to a given CDN link"); the answer is the usual envelope ({ code, result: { url,
 * name } }, read in the kit's loose place). Tests replace this module.
 */
import { uploadedFileOf } from '../_campaign-kit/loose/configured';

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
      const answer = uploadedFileOf(xhr.status, xhr.response);
      if (answer.ok) {
        onProgress(1);
        resolve({ url: answer.url, name: answer.name });
        return;
      }
      reject(new UploadError(answer.msg, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError('network error', 0));
    xhr.ontimeout = () => reject(new UploadError('timeout', 0));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
