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

/** The calls the page made to the fake bridge so far (none when the page has no fake). */
export function bridgeCalls(
  page: Page,
): Promise<{ method: string; args: Record<string, unknown> }[]> {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          MiFinanceBridge?: { calls: { method: string; args: Record<string, unknown> }[] };
        }
      ).MiFinanceBridge?.calls ?? [],
  );
}

/**
 * The texts the page asked the fake bridge to toast: inside the provider's apps plain toasts are
 * the app's own (spec §7 "Native bridge", src/ui/native-ui.ts), never the web kit's.
 */
export async function bridgeToasts(page: Page): Promise<string[]> {
  return (await bridgeCalls(page))
    .filter((call) => call.method === 'toast')
    .map((call) => String(call.args.text));
}
