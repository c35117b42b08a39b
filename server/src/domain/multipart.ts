/**
 * Just enough multipart/form-data to take the first file part out of an upload (the front end
 * posts a form to the upload URL, spec §7 Files). The whole body is already in memory and
 * size-limited by the route, so a boundary search over a Buffer is all it takes.
 * @returns the part's bytes, or null when the body has no part with a filename.
 */
export function firstFilePart(body: Buffer, contentType: string): Buffer | null {
  const match = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const headersStart = at + delimiter.length + 2; // skip CRLF after the delimiter
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    if (headersEnd === -1) return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(headersStart, headersEnd).toString('latin1');
    if (/content-disposition:[^\r\n]*filename=/i.test(headers)) {
      return body.subarray(headersEnd + 4, next);
    }
    at = next + 2;
  }
  return null;
}
