import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's folder (server/), from this module's own address: it runs from server/src/ under
 * tsx and, bundled, from server/dist/main.js (npm run build:server); both are one level below
 * server/. Every file the server reads at run time is found from here, never from a module's
 * own depth, which the bundle does not keep.
 */
export const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

/** The checkout's root: package.json, dist/, campaigns/. Relative paths in the env start here. */
export const REPO_ROOT = path.dirname(path.resolve(SERVER_DIR));
