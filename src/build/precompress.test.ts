import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir, summarizePrecompressed } from './precompress';

const script = 'export function f(a){return a.map((x)=>x*2).filter(Boolean)}\n'.repeat(200);

async function dist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'pages/contract'), { recursive: true });
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'assets/app-abc.js'), script);
  await writeFile(path.join(dir, 'assets/app-abc.css'), '.a{color:red}\n'.repeat(300));
  await writeFile(path.join(dir, 'pages/contract/record.html'), `<p>${'记录 '.repeat(500)}</p>`);
  await writeFile(path.join(dir, 'assets/tiny-1.js'), 'export const a=1;\n'.repeat(10));
  // Random bytes do not shrink: no sibling is worth writing.
  await writeFile(path.join(dir, 'assets/noise-2.js'), randomBytes(4096));
  await writeFile(path.join(dir, 'assets/photo-3.png'), Buffer.alloc(8192));
  await writeFile(path.join(dir, '.vite/manifest.json'), JSON.stringify({ a: script }));
  return dir;
}

describe('precompressDir', () => {
  it('writes .br and .gz beside each compressible file that shrinks, identical once decoded', async () => {
    const dir = await dist();
    const written = await precompressDir(dir);
    expect(written.map((w) => w.file)).toEqual([
      'assets/app-abc.css',
      'assets/app-abc.js',
      'pages/contract/record.html',
    ]);
    const js = path.join(dir, 'assets/app-abc.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(script);
    const entry = written.find((w) => w.file === 'assets/app-abc.js');
    expect(entry?.br).toBeLessThan(entry?.gz ?? 0);
    expect(entry?.gz).toBeLessThan(script.length / 10);
    expect(summarizePrecompressed(written)).toMatch(/^precompressed 3 files: .* → br .*, gzip /);
  });

  it('skips tiny files, files that do not shrink, other formats and the bundler manifests', async () => {
    const dir = await dist();
    await precompressDir(dir);
    for (const file of [
      'assets/tiny-1.js',
      'assets/noise-2.js',
      'assets/photo-3.png',
      '.vite/manifest.json',
    ]) {
      expect(existsSync(path.join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it('runs again on the same folder: rewrites siblings, removes one no longer worth it', async () => {
    const dir = await dist();
    await precompressDir(dir);
    const js = path.join(dir, 'assets/app-abc.js');
    await writeFile(js, randomBytes(4096));
    const again = await precompressDir(dir);
    expect(again.map((w) => w.file)).not.toContain('assets/app-abc.js');
    expect(existsSync(`${js}.br`)).toBe(false);
    expect(existsSync(`${js}.gz`)).toBe(false);
    // No .br.br: compressed siblings are never inputs.
    expect(existsSync(path.join(dir, 'assets/app-abc.css.br.br'))).toBe(false);
  });

  it('takes a smaller threshold for tests and tools', async () => {
    const dir = await dist();
    const written = await precompressDir(dir, { minBytes: 1 });
    expect(written.map((w) => w.file)).toContain('assets/tiny-1.js');
  });
});
