/**
 * What a logged-in visitor sees of the new-user packet: the packet's days, the bubbles, the
 * friends' packets, and every tap on them. A chunk of its own, loaded by ./new-user-packet.tsx
 * for a logged-in visitor only, while the calls it reads answer: the first screen, prerendered
 * for a visitor who is not logged in, shows the login prompt, and such a visitor never
 * downloads this.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { ApiQueryState } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityPhase } from '../_campaign-kit/activity';
import { ErrorState, LiveRegion, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import {
  bubblesOf,
  fill,
  inviteOf,
  packetOf,
  refusalText,
  rewardOf,
  type BubbleAnswer,
  type InviteAnswer,
  type PacketAnswer,
  type RewardCall,
} from './packet-data';
import type { NewUserPacketProps } from './schema';
import { WordBreaks } from '../_campaign-kit/word-breaks';

/** Balances and lists elsewhere on the page that a packet, bubble or friend packet pays into. */
const PAID_INTO = [
  'generalActivity.getRemainChance',
  'generalActivity.queryUserGoldRichSum',
  'generalActivity.getTaskList',
  'generalActivity.newUser/newUserWelfareTask',
];

/** The section and the calls the widget started before this view arrived. */
export interface PacketViewProps extends Pick<
  WidgetComponentProps<NewUserPacketProps>,
  'props' | 'emit'
> {
  /** The widget's own calls (packet, bubbles, invite), read again after every tap. */
  calls: readonly string[];
  code: string;
  params: { activityCode: string };
  wants: (section: NewUserPacketProps['sections'][number]) => boolean;
  packet: ApiQueryState<PacketAnswer>;
  bubbles: ApiQueryState<BubbleAnswer>;
  invite: ApiQueryState<InviteAnswer>;
  title: ReactNode;
  height: number;
}

export function PacketView({
  props,
  emit,
  code,
  params,
  wants,
  packet,
  bubbles,
  invite,
  title,
  height,
  calls,
}: PacketViewProps) {
  const page = usePage();
  const { api, clock, ui, navigation } = useServices();
  const packetState = useMemo(() => packetOf(packet.data?.result), [packet.data]);
  const bubbleList = useMemo(() => bubblesOf(bubbles.data?.result), [bubbles.data]);
  const inviteInfo = useMemo(() => inviteOf(invite.data?.result), [invite.data]);
  const { lock, busyKey } = useLock();
  const revalidate = useRevalidate();
  const [announcement, setAnnouncement] = useState('');
  const phase = activityPhase(page, code, clock.now());
  const style = props.accentColor ? { background: props.accentColor } : undefined;

  const say = (text: string) => {
    setAnnouncement(text);
    ui.toast({ text, variant: 'short' });
  };

  /** One tap: the call, its reward in Chinese, then every affected call read again. */
  const act = (
    key: string,
    call: RewardCall,
    extra: Record<string, unknown>,
    toast: string,
    event: string,
  ) =>
    lock(key, async () => {
      try {
        const result = rewardOf((await api.call(call, { ...params, ...extra })).result);
        say(result.paid ? fill(toast, { reward: result.text }) : '已经领取过啦');
        if (result.paid) void emit(event, { reward: result.text, ...extra });
      } catch (error) {
        say(refusalText(error, props.failText));
      }
      await revalidate([...PAID_INTO, ...calls]);
    });

  const friendCode = (() => {
    const query = page.scope.query as Record<string, unknown> | undefined;
    const value = query?.[props.shareCodeParam];
    return typeof value === 'string' && /^[A-Za-z0-9_-]{4,32}$/.test(value) ? value : '';
  })();

  const shareInvite = () => {
    const url = new URL(navigation.href());
    url.searchParams.set(props.shareCodeParam, inviteInfo.shareCode);
    void page.run([{ type: 'share', title: props.shareTitle, url: url.toString() }]);
  };

  const failed = [packet, bubbles, invite].find((q) => q.error && !q.data);
  if (failed) {
    return (
      <section className="w-nup">
        {title}
        <ErrorState
          text={refusalText(failed.error, props.errorText)}
          onRetry={() => void revalidate(calls)}
          minHeight={height}
        />
      </section>
    );
  }
  const waiting =
    (wants('packet') && !packet.data) ||
    (wants('bubbles') && !bubbles.data) ||
    (wants('invite') && !invite.data);
  if (waiting) return <Skeleton height={height} />;

  const closed =
    phase === 'notStarted' ? props.notStartedText : phase === 'ended' ? props.endedText : '';
  const total = packetState.days.length;
  const packetLabel =
    closed ||
    (packetState.openedDays >= total && total > 0
      ? props.allOpenedText
      : packetState.openedToday
        ? props.openedText
        : props.openText);

  const sections = props.sections.map((section) => {
    if (section === 'packet') {
      if (!packetState.isNewUser) return <Notice key={section}>{props.notNewUserText}</Notice>;
      return (
        <div key={section} className="w-nup__packet">
          <p className="w-nup__line">
            {fill(props.progressTemplate, { n: packetState.openedDays, total })}
          </p>
          <ol className="w-nup__days">
            {packetState.days.map((day) => (
              <li key={day.day} className="w-nup__day" data-opened={day.opened}>
                <span className="w-nup__day-name">第{day.day}天</span>
                <span className="w-nup__day-label">{day.label}</span>
                <span className="w-kit-sr">{day.opened ? '已拆' : '未拆'}</span>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="w-nup__button"
            style={style}
            disabled={!packetState.canOpen || busyKey !== null || closed !== ''}
            aria-busy={busyKey === 'packet'}
            onClick={() =>
              void act(
                'packet',
                'generalActivity.newUser/openSignPacket',
                {},
                props.openedToast,
                'opened',
              )
            }
          >
            {packetLabel}
          </button>
        </div>
      );
    }
    if (section === 'bubbles') {
      return (
        <div key={section} className="w-nup__bubbles">
          <h3 className="w-nup__subtitle">{props.bubblesTitle}</h3>
          {bubbleList.length === 0 ? (
            <p className="w-nup__line">{props.bubblesEmptyText}</p>
          ) : (
            <ul className="w-nup__bubble-list">
              {bubbleList.map((bubble) => (
                <li key={bubble.taskId}>
                  <button
                    type="button"
                    className="w-nup__bubble"
                    // The name as one phrase: the word breaks inside are for layout only.
                    aria-label={`${bubble.rewardLabel || '领取'} ${bubble.title}`}
                    disabled={busyKey !== null || closed !== ''}
                    aria-busy={busyKey === bubble.taskId}
                    onClick={() =>
                      void act(
                        bubble.taskId,
                        'generalActivity.completeTask',
                        { taskId: bubble.taskId },
                        props.collectedToast,
                        'collected',
                      )
                    }
                  >
                    <span className="w-nup__bubble-reward">
                      <WordBreaks text={bubble.rewardLabel || '领取'} />
                    </span>
                    <span className="w-nup__bubble-title">
                      <WordBreaks text={bubble.title} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    // A link with either of my own codes (shareCode, invitation code) is my own packet.
    const showFriend =
      friendCode !== '' &&
      friendCode !== inviteInfo.shareCode &&
      friendCode !== inviteInfo.inviteCode &&
      !inviteInfo.hasOpenedFriendPacket;
    return (
      <div key={section} className="w-nup__invite">
        <h3 className="w-nup__subtitle">{props.inviteTitle}</h3>
        {showFriend ? (
          <div className="w-nup__friend">
            <p className="w-nup__line">{props.friendPacketText}</p>
            <button
              type="button"
              className="w-nup__button"
              style={style}
              disabled={busyKey !== null || closed !== ''}
              aria-busy={busyKey === 'invite'}
              onClick={() =>
                void act(
                  'invite',
                  'generalActivity.openInvitePacket',
                  { shareCode: friendCode },
                  props.friendOpenedToast,
                  'inviteOpened',
                )
              }
            >
              {props.openFriendText}
            </button>
          </div>
        ) : null}
        <p className="w-nup__line">
          {fill(props.inviteProgressTemplate, {
            n: inviteInfo.openedCount,
            max: inviteInfo.maxPaidInvites,
            reward: inviteInfo.inviterRewardLabel || '奖励',
          })}
        </p>
        {inviteInfo.friends.length > 0 ? (
          <ul className="w-nup__friends" aria-label="已拆红包的好友">
            {inviteInfo.friends.map((friend, index) => (
              <li key={`${friend.openTime}-${index}`}>
                {friend.nickName}
                {friend.paid ? '（已得奖励）' : ''}
              </li>
            ))}
          </ul>
        ) : null}
        <button
          type="button"
          className="w-nup__button w-nup__button--secondary"
          disabled={inviteInfo.shareCode === ''}
          onClick={shareInvite}
        >
          {props.shareText}
        </button>
      </div>
    );
  });

  return (
    <section className="w-nup" aria-label={props.title || undefined}>
      {title}
      {sections}
      <LiveRegion message={announcement} />
    </section>
  );
}
