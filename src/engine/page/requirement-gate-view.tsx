import type { ReactNode } from 'react';
import { useServices } from '../../services/context';
import type { Environment } from '../../services/types';
import { compareVersions } from '../../contracts/env/version';
import type { CampaignDocument } from '../document/types';

type Requirements = NonNullable<CampaignDocument['requirements']>;

export type GateVerdict = 'ok' | 'login' | 'open-app' | 'upgrade';

/**
 * What stands between the visitor and the page, first unmet requirement wins. `loggedIn` is
 * asked only when the page requires a login: it parses the cookies, on every render.
 */
export function gateVerdict(
  requirements: Requirements | undefined,
  env: Environment,
  loggedIn: () => boolean,
): GateVerdict {
  if (!requirements) return 'ok';
  if (requirements.apps && !requirements.apps.some((app) => app === env.host)) return 'open-app';
  const minimum = requirements.minVersions?.[env.host as 'finance' | 'wallet' | 'payments'];
  if (minimum && (env.appVersion === null || compareVersions(env.appVersion, minimum) < 0))
    return 'upgrade';
  if (requirements.login && !loggedIn()) return 'login';
  return 'ok';
}

const COPY = {
  login: { text: '登录后参与活动', button: '立即登录' },
  'open-app': { text: '请在App中打开本页面参与活动', button: '打开App' },
  upgrade: { text: '当前App版本过低，请升级到最新版本后参与', button: '去升级' },
} as const;

/**
 * The gate of a page with requirements (3 of 172 documents): a chunk of its own, loaded with such
 * a document (./requirement-gate.tsx).
 */
export function GateView({
  document,
  children,
}: {
  document: CampaignDocument;
  children: ReactNode;
}) {
  const services = useServices();
  const verdict = gateVerdict(document.requirements, services.env, () =>
    services.auth.isLoggedIn(),
  );
  if (verdict === 'ok') return <>{children}</>;
  const copy = COPY[verdict];
  const act = () => {
    if (verdict === 'login') void services.auth.login();
    else void services.deepLink.open(services.navigation.href());
  };
  return (
    <div className="ce-gate" data-gate={verdict}>
      <p className="ce-gate__text">{copy.text}</p>
      <button type="button" className="ce-gate__button" onClick={act}>
        {copy.button}
      </button>
    </div>
  );
}
