import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Build-time compression of the front end (issue 10, point 2): every compressible file of the
 * build gets a `.br` and a `.gz` beside it, which the server sends by content negotiation
 * (@fastify/static `preCompressed`), so no request pays for compression and the phone gets the
 * smallest encoding it accepts. Brotli runs at its maximum quality: a build can afford the
 * seconds, a request could not.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats the build writes; images other than SVG, fonts and media are compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
]);

/**
 * Below this compressing saves a handful of bytes at most. Small widget and helper chunks (300 B
 * to 1 KB) are still worth it: a page fetches many, and brotli takes ~40% off each (issue 10's
 * budget counts bytes on the wire). Compressed once at build time, so no CPU per request.
 */
export const MIN_PRECOMPRESS_BYTES = 256;

const ENCODINGS = [
  {
    suffix: '.br',
    compress: (data: Buffer) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data: Buffer) => gzipAsync(data, { level: 9 }) },
] as const;

export interface PrecompressedFile {
  /** Path relative to the directory, with forward slashes. */
  file: string;
  bytes: number;
  /** Size of the written .br, or null when brotli did not make the file smaller. */
  br: number | null;
  /** Size of the written .gz, or null when gzip did not make the file smaller. */
  gz: number | null;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      // .vite/ holds the bundler's manifests, read by tools at build time, not by browsers.
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : listFiles(dir, rel);
      return entry.isFile() ? [rel] : [];
    }),
  );
  return nested.flat();
}

/** Whether precompressDir compresses a file of this name and size. */
export function isPrecompressible(file: string, bytes: number, minBytes: number): boolean {
  return bytes >= minBytes && COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase());
}

async function precompressFile(
  dir: string,
  file: string,
  minBytes: number,
): Promise<PrecompressedFile | null> {
  const full = path.join(dir, file);
  const data = await readFile(full);
  const sizes: (number | null)[] = [];
  for (const encoding of ENCODINGS) {
    const sibling = full + encoding.suffix;
    const compressed = isPrecompressible(file, data.length, minBytes)
      ? await encoding.compress(data)
      : null;
    if (compressed && compressed.length < data.length) {
      await writeFile(sibling, compressed);
      sizes.push(compressed.length);
    } else {
      // A sibling left from an earlier run would be served in place of the new content.
      await rm(sibling, { force: true });
      sizes.push(null);
    }
  }
  if (sizes.every((size) => size === null)) return null;
  return { file, bytes: data.length, br: sizes[0] ?? null, gz: sizes[1] ?? null };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` that is at
 * least `minBytes` long, keeping only encodings that make the file smaller. Safe to run again
 * on the same directory (siblings are rewritten, or removed when no longer worth it). Resolves
 * to what was written, in path order.
 */
export async function precompressDir(
  dir: string,
  options: { minBytes?: number } = {},
): Promise<PrecompressedFile[]> {
  const minBytes = options.minBytes ?? MIN_PRECOMPRESS_BYTES;
  const files = (await listFiles(dir))
    .filter((file) => !file.endsWith('.br') && !file.endsWith('.gz'))
    .sort();
  const results: (PrecompressedFile | null)[] = new Array<PrecompressedFile | null>(files.length);
  // zlib runs on libuv's thread pool: a few files at a time keeps the cores busy, no more.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      results[index] = await precompressFile(dir, files[index] as string, minBytes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), 4) }, worker));
  return results.filter((result): result is PrecompressedFile => result !== null);
}

/** One line for the build log: how many files, and their total size raw, brotli and gzip. */
export function summarizePrecompressed(files: readonly PrecompressedFile[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const total = (pick: (file: PrecompressedFile) => number) =>
    files.reduce((sum, file) => sum + pick(file), 0);
  return (
    `precompressed ${files.length} files: ${kb(total((f) => f.bytes))} → ` +
    `br ${kb(total((f) => f.br ?? f.bytes))}, gzip ${kb(total((f) => f.gz ?? f.bytes))}`
  );
}
