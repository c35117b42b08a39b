/**
 * npm run ops:errors -- [--url http://127.0.0.1:8080] [--limit 50] [--json]
 *
 * The newest errors pages reported (spec §8 row 3), for the people who run the service: reads
 * the server's /ops/client-errors with OPS_TOKEN (the same value the server was started with).
 * Exit status: 0 listed, 1 the server refused or is unreachable, 2 a usage mistake.
 */
interface StoredError {
  receivedAt: string;
  kind: string;
  message: string;
  page: string;
  url: string | null;
  status: number | null;
  release: string;
  userId: string | null;
  userAgent: string;
}

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: OPS_TOKEN=… npm run ops:errors -- [--url URL] [--limit N] [--json]\n`,
  );
  process.exit(2);
}

async function main(): Promise<void> {
  let base = process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  let limit = 50;
  let json = false;
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--url') base = args[++i] ?? usage('--url needs a value');
    else if (arg === '--limit') limit = Number(args[++i]);
    else if (arg === '--json') json = true;
    else usage(`unknown argument ${arg}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) usage('--limit: 1 to 500');
  const token = process.env.OPS_TOKEN;
  if (!token) usage('set OPS_TOKEN to the token the server was started with');
  const response = await fetch(new URL(`/ops/client-errors?limit=${limit}`, base), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    process.stderr.write(
      `${base} answered ${response.status}` +
        (response.status === 404 ? ' (wrong OPS_TOKEN, or the server has none)' : '') +
        '\n',
    );
    process.exit(1);
  }
  const { errors } = (await response.json()) as { errors: StoredError[] };
  if (json) {
    process.stdout.write(`${JSON.stringify(errors, null, 2)}\n`);
    return;
  }
  for (const e of errors) {
    const call = e.url ? ` ${e.status ?? '-'} ${e.url}` : '';
    process.stdout.write(
      `${e.receivedAt}  ${e.page}  [${e.kind}]${call}  ${e.message}  (release ${e.release}, ` +
        `user ${e.userId ?? '-'}, ${e.userAgent.slice(0, 60)})\n`,
    );
  }
  process.stdout.write(`${errors.length} report(s)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`ops:errors failed: ${(error as Error).message}\n`);
  process.exit(1);
});
