import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir } from '../src/build/precompress';

/**
 * The app's build ends by writing .br and .gz beside its files (vite.config.ts), which the
 * reference server then serves by content negotiation. The bench's hand-written pages get the
 * same last step, so they are served exactly as the app is and the wire sizes compare.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'bench-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
