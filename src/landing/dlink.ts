// Entry of /activity/dlink?schema= (spec §2).
import { browserLandingDeps, landingRoot } from './browser-adapters';
import { runLanding } from './landing-page';
import { readDlinkParams } from './landing-params';
import './landing.css';

void runLanding(
  browserLandingDeps(window, landingRoot(document)),
  readDlinkParams(new URLSearchParams(window.location.search)),
);
