/**
 * The reference server for the page benches (scripts/bench-serve.ts starts it): one process, one
 * embedded database (in memory, migrated, the demo activities loaded, as `npm start` has them),
 * and one instance of the server's app (server/src/app.ts buildApp: API, static files with their
 * precompressed variants, route pages) per build folder, each on its own port. One process
 * instead of one per build spares a database start per build, most of a server's start-up on a
 * busy machine.
 *
 * Usage: node --import tsx scripts/bench-app-server.ts name=dir [name=dir...]; prints
 * `ready <name> <origin>` per build once it listens; stops on SIGTERM or when stdin closes.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { makeAppConfig } from '../server/src/config/app-config';
import { loadActivities } from '../server/src/config/load-activities';
import { migrate } from '../server/src/db/migrate';
import { openPglite } from '../server/src/db/pglite-driver';

const builds = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at < 1) throw new Error(`expected name=dir, got ${arg}`);
  return { name: arg.slice(0, at), dir: arg.slice(at + 1) };
});
const db = await openPglite();
await migrate(db);
const config = makeAppConfig(await loadActivities());
const secret = randomBytes(32).toString('hex');
const apps = await Promise.all(
  builds.map(async ({ name, dir }) => {
    const app = await buildApp({ db, config, secret, staticDir: dir, logger: false });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    console.log(`ready ${name} ${origin}`);
    return app;
  }),
);

/** Stops on SIGTERM, or when the bench that started it is gone (its end of stdin closes). */
function stop(): void {
  setTimeout(() => process.exit(0), 5_000).unref();
  void Promise.all(apps.map((app) => app.close()))
    .then(() => db.close())
    .finally(() => process.exit(0));
}
process.once('SIGTERM', stop);
process.stdin.once('end', stop);
process.stdin.resume();
