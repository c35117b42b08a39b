/**
 * Debug console (spec §2): vConsole loads only when the page query has vconsole=true. It is
 * reached through a dynamic import so it stays in its own chunk, out of every page's first load.
 */
import type VConsole from 'vconsole';

/** spec §2: the query parameter and value that turn the debug console on. */
export const DEBUG_CONSOLE_PARAM = 'vconsole';
const DEBUG_CONSOLE_ON = 'true';

export interface DebugConsoleModule {
  default: new () => VConsole;
}

/**
 * Starts vConsole when `query` asks for it; resolves with the instance, or null when not asked.
 * Rejects when the loader fails (the caller reports it; the page itself carries on).
 */
export async function maybeLoadDebugConsole(
  query: URLSearchParams,
  load: () => Promise<DebugConsoleModule> = () => import('vconsole'),
): Promise<VConsole | null> {
  if (query.get(DEBUG_CONSOLE_PARAM) !== DEBUG_CONSOLE_ON) return null;
  const { default: DebugConsole } = await load();
  return new DebugConsole();
}
