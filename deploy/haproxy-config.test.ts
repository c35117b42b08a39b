import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPOSE_BALANCER, haproxyConfig } from './haproxy-config';

describe('the load balancer configuration', () => {
  it('the compose file mounts what haproxyConfig writes (npx tsx deploy/write-haproxy-cfg.ts)', () => {
    const committed = readFileSync(new URL('./haproxy.cfg', import.meta.url), 'utf8');
    expect(committed).toBe(haproxyConfig(COMPOSE_BALANCER));
  });

  it('health-checks readiness, so a node whose database is away leaves the rotation', () => {
    const cfg = haproxyConfig({ bind: ':1', nodes: [{ name: 'a', address: 'a:1' }] });
    expect(cfg).toContain('option httpchk GET /mp/api/health/ready');
    expect(cfg).toMatch(/server a a:1 check/);
  });

  it('retries only requests that never reached a node (a sent request may have committed)', () => {
    const cfg = haproxyConfig({ bind: ':1', nodes: [{ name: 'a', address: 'a:1' }] });
    expect(cfg).toContain('retry-on conn-failure');
    expect(cfg).not.toMatch(/retry-on .*(response|timeout|all-retryable)/);
  });
});
