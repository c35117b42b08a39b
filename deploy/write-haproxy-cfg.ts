// npx tsx deploy/write-haproxy-cfg.ts: rewrites deploy/haproxy.cfg (the compose file's balancer).
import { writeFileSync } from 'node:fs';
import { COMPOSE_BALANCER, haproxyConfig } from './haproxy-config';

writeFileSync(new URL('./haproxy.cfg', import.meta.url), haproxyConfig(COMPOSE_BALANCER));
