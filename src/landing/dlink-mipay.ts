// Entry of /activity/dlink-mipay?schema=&timeout=&limitApp= (spec §2), the payments-app variant.
import { browserLandingDeps, landingRoot } from './browser-adapters';
import { runLanding } from './landing-page';
import { readDlinkMipayParams } from './landing-params';
import './landing.css';

void runLanding(
  browserLandingDeps(window, landingRoot(document)),
  readDlinkMipayParams(new URLSearchParams(window.location.search)),
);
