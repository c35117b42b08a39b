import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

let script: Promise<string> | undefined;

/** fake-bridge-entry.ts as one browser script, bundled once per test worker. */
function fakeBridgeScript(): Promise<string> {
  script ??= build({
    entryPoints: [fileURLToPath(new URL('./fake-bridge-entry.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  }).then((result) => {
    const text = result.outputFiles[0]?.text;
    if (!text) throw new Error('fake-bridge-entry.ts bundled to nothing');
    return text;
  });
  return script;
}

/**
 * Every page this test opens gets the fake provider-app bridge when its address says
 * ?fakeBridge=<app> (the in-app journeys), before the page's scripts run, as inside the app.
 */
export async function useFakeBridge(page: Page): Promise<void> {
  await page.addInitScript({ content: await fakeBridgeScript() });
}
