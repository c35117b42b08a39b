import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { CAMPAIGN_TIME_ZONE } from '../../src/spec/constants';
import { activityCodeOf } from '../_campaign-kit/activity';
import type { UserHeaderProps } from './schema';
import './user-header.css';

const AVATAR = 48;

const LOGIN_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: CAMPAIGN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * userInfo { activityCode } → { nickName, avatarUrl, … } (server/src/routes/user.ts). A failure
 * shows the default nickname and avatar and nothing else (spec §8 row 7, "silently ignored"); the
 * transport still reports HTTP errors (§8 row 3).
 */
export default function UserHeader({ props }: WidgetComponentProps<UserHeaderProps>) {
  const page = usePage();
  const { auth } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  // spec §8 row 7: silent, so the engine's safety net adds no load error either.
  const info = useApi(
    loggedIn ? 'generalActivity.userInfo' : null,
    { activityCode },
    { silent: true },
  );
  // Silent like the user info: without it the line is simply not shown.
  const login = useApi(
    loggedIn && props.showLoginTime ? 'generalActivity.getLoginTime' : null,
    undefined,
    {
      silent: true,
    },
  );
  const loginTime = login.data?.result?.loginTime;
  const user = info.data?.result;
  const nickName = user?.nickName ?? '';
  // The avatar is the user's own data: an unsafe address is dropped.
  const avatarUrl = isSafeUrl(user?.avatarUrl) ? user.avatarUrl : props.defaultAvatar;
  const style = {
    ...(props.background ? { background: props.background } : {}),
    ...(props.color ? { color: props.color } : {}),
  };

  const avatar = avatarUrl ? (
    <img className="w-user-header__avatar" src={avatarUrl} alt="" width={AVATAR} height={AVATAR} />
  ) : (
    <span className="w-user-header__avatar w-user-header__avatar--blank" aria-hidden="true" />
  );

  if (!loggedIn) {
    return (
      <header className="w-user-header" style={style}>
        {avatar}
        <p className="w-user-header__text">{props.loginText}</p>
        <button
          type="button"
          className="w-user-header__login"
          onClick={() => void page.run([{ type: 'login' }])}
        >
          {props.loginButtonText}
        </button>
      </header>
    );
  }
  return (
    <header className="w-user-header" style={style} aria-busy={info.isLoading}>
      {avatar}
      <div className="w-user-header__text">
        {info.isLoading ? (
          <span className="w-user-header__placeholder" role="status" aria-label="加载中" />
        ) : (
          <p className="w-user-header__name">
            {props.greeting}
            {nickName || props.defaultNickname}
          </p>
        )}
        {/* spec §8 row 7: a failed user-info call is silently ignored: the defaults stay. */}
        <p className="w-user-header__subtitle">{props.subtitle}</p>
        {typeof loginTime === 'number' && loginTime > 0 ? (
          <p className="w-user-header__subtitle">
            {props.loginTimeTemplate.replace('{time}', LOGIN_TIME.format(new Date(loginTime)))}
          </p>
        ) : null}
      </div>
    </header>
  );
}
