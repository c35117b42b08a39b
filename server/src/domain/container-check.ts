/**
 * Structure checks of the video containers we accept (issue 17): magic bytes alone let a file
 * that starts with an `ftyp` box and goes on with HTML pass as video/mp4. These walk the
 * container far enough to know it is one: every top-level ISO BMFF box of an MP4 / QuickTime
 * file, and the EBML header plus the Segment that follows it in WebM. They read through
 * `read(position, length)`, so a 50 MB upload is checked from its file without loading it.
 */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** A box type is four printable characters (QuickTime also uses ©, 0xA9). */
function isBoxType(bytes: Buffer): boolean {
  return bytes.length === 4 && [...bytes].every((b) => (b >= 0x20 && b <= 0x7e) || b === 0xa9);
}

/** Top-level boxes any MP4/MOV file has one of; a file without media data is not a video. */
const MEDIA_BOXES = new Set(['moov', 'mdat', 'moof']);
/** More boxes than this at the top level is not a real file (and bounds the walk). */
const MAX_TOP_LEVEL_BOXES = 10_000;

/**
 * ISO base media file format (ISO/IEC 14496-12 §4.2): `ftyp` first, then boxes whose sizes chain
 * exactly to the end of the file (size 1 = 64-bit size follows, size 0 = up to the end, only for
 * the last box), each with a printable type, and at least one of moov / mdat / moof.
 */
export async function isIsoBmff(read: ReadAt, size: number): Promise<boolean> {
  let at = 0;
  let media = false;
  for (let n = 0; at < size; n++) {
    if (n >= MAX_TOP_LEVEL_BOXES || size - at < 8) return false;
    const header = await read(at, 16);
    const type = header.subarray(4, 8);
    if (!isBoxType(type)) return false;
    const name = type.toString('latin1');
    if (n === 0 && name !== 'ftyp') return false;
    let boxSize = header.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return false;
      const large = header.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      boxSize = Number(large);
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = size - at;
    }
    if (boxSize < headerSize || at + boxSize > size) return false;
    if (n === 0 && boxSize < 16) return false; // ftyp: major brand + minor version at least
    if (MEDIA_BOXES.has(name)) media = true;
    at += boxSize;
  }
  return media && at === size;
}

/** An EBML variable-length integer at `at` (RFC 8794 §4). */
function readVint(buf: Buffer, at: number, keepMarker: boolean) {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML_ID = 0x1a45dfa3;
const DOC_TYPE_ID = 0x4282;
const SEGMENT_ID = 0x18538067;

/**
 * WebM (a Matroska profile): an EBML header element whose DocType child is "webm", followed
 * directly by a Segment element whose declared size (unless "unknown", as live recorders write)
 * fits in the file.
 */
export async function isWebm(read: ReadAt, size: number): Promise<boolean> {
  const head = await read(0, Math.min(size, 4096));
  const id = readVint(head, 0, true);
  if (!id || id.value !== EBML_ID) return false;
  const headerSize = readVint(head, id.length, false);
  if (!headerSize || headerSize.unknown) return false;
  const bodyStart = id.length + headerSize.length;
  const bodyEnd = bodyStart + headerSize.value;
  if (bodyEnd > head.length) return false;
  let docType: string | null = null;
  for (let at = bodyStart; at < bodyEnd;) {
    const childId = readVint(head, at, true);
    if (!childId) return false;
    const childSize = readVint(head, at + childId.length, false);
    if (!childSize || childSize.unknown) return false;
    const start = at + childId.length + childSize.length;
    if (start + childSize.value > bodyEnd) return false;
    if (childId.value === DOC_TYPE_ID) {
      docType = head.subarray(start, start + childSize.value).toString('latin1');
    }
    at = start + childSize.value;
  }
  if (docType?.replace(/\0+$/, '') !== 'webm') return false;
  const segmentHead = await read(bodyEnd, 12);
  const segment = readVint(segmentHead, 0, true);
  if (!segment || segment.value !== SEGMENT_ID) return false;
  const segmentSize = readVint(segmentHead, segment.length, false);
  if (!segmentSize) return false;
  return (
    segmentSize.unknown || bodyEnd + segment.length + segmentSize.length + segmentSize.value <= size
  );
}
