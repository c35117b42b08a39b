import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';

/** Vite's id for the module that defines `__vitePreload` in a build. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Serves the app's own preload helper (./preload-helper.ts) in place of Vite's in the browser
 * build: the same contract (`__vitePreload(load, deps)`), without the per-chunk CSS, CSP nonce
 * and error-event code this app never runs (decision 0044).
 */
export function preloadHelperPlugin(srcBuildDir: string, base: string): Plugin {
  return {
    name: 'preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER_ID) return null;
      const source = readFileSync(`${srcBuildDir}/preload-helper.ts`, 'utf8');
      return transformSync(source, {
        loader: 'ts',
        format: 'esm',
        define: { __PRELOAD_BASE__: JSON.stringify(base) },
      }).code;
    },
  };
}
