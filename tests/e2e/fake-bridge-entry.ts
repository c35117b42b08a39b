/**
 * Runs in the page before its own scripts (fake-bridge.ts adds it as an init script): puts the
 * fake provider-app bridge on the window when the address asks for it (?fakeBridge=<app>,
 * &fakeBridgeVersion, &fakeBridgeNfc, &fakeBridgeWechat), as the provider's app puts the real
 * one. A production build no longer does this itself (issue 35), so the tests do.
 */
import type { BridgeWindow } from '../../src/services/bridge/bridge-global';
import { installFakeBridgeFromQuery } from '../../src/services/bridge/fake-bridge';
import { sandboxCashierHandler } from '../../src/services/bridge/sandbox-cashier';

// The fake's cashier completes orders through the reference server's sandbox cashier
// (SANDBOX_CASHIER=1 in scripts/e2e-server.mjs).
const pay = sandboxCashierHandler(window.fetch.bind(window));
installFakeBridgeFromQuery(
  window as unknown as BridgeWindow,
  new URLSearchParams(window.location.search),
  true,
  { handlers: { pay, payV2: pay } },
);
