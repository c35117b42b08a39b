import type { ActivityConfig, TaskConfig } from '../config/activity-config';
import { activityPhase } from './activity-guard';

/** A task as the page sees it: no internal flags beyond what it renders (odds never leave). */
export function publicTask(task: TaskConfig) {
  return {
    taskId: task.taskId,
    groupId: task.groupId,
    title: task.title,
    desc: task.desc,
    icon: task.icon,
    buttonText: task.buttonText,
    period: task.period,
    kind: task.kind,
    externalTaskType: task.externalTaskType ?? null,
    jumpUrl: task.jumpUrl,
    needClick: task.requiresClick,
    rewardLabel: task.reward.label,
    rewardChances: task.reward.chances,
    rewardGoldRice: task.reward.goldRiceCents,
  };
}

/**
 * spec §3 Activity as returned by getSingleConfigActivity4c. activityConfig is a JSON string
 * holding openApp.openFailUrl, shareInfo, luckdrawConfig, taskInfo, rewardInfo, reminderInfo
 * and areaImgsInfo. Prize stock and weights, coupon pools and limits are left out on purpose.
 */
export function publicActivity(activity: ActivityConfig, now: Date) {
  const activityConfig = {
    openApp: activity.client.openApp,
    shareInfo: activity.client.shareInfo,
    luckdrawConfig: {
      ...activity.client.luckdrawConfig,
      costPerDraw: activity.chances.costPerDraw,
      prizes: activity.prizes.map((p) => ({
        prizeId: p.prizeId,
        name: p.name,
        image: p.image,
        type: p.type,
      })),
    },
    taskInfo: {
      groups: activity.taskGroups,
      tasks: activity.tasks.map(publicTask),
    },
    rewardInfo: {
      signIn: activity.signIn.rewards.map((r, i) => ({ day: i + 1, label: r.label })),
      newUserPacket: activity.signIn.newUserPacket.map((r, i) => ({ day: i + 1, label: r.label })),
      coupons: activity.coupons.map((c) => ({
        couponId: c.couponId,
        name: c.name,
        desc: c.desc,
        amount: c.amountCents,
        threshold: c.thresholdCents,
      })),
      voteOptions: activity.vote.options,
    },
    reminderInfo: activity.client.reminderInfo,
    areaImgsInfo: activity.client.areaImgsInfo,
  };
  return {
    id: activity.id,
    activityCode: activity.activityCode,
    configActivityCode: activity.configActivityCode,
    title: activity.title,
    activityDesp: activity.activityDesp,
    openAppNeed: activity.openAppNeed,
    openAppWay: activity.openAppWay,
    openAppToast: activity.openAppToast,
    activityConfig: JSON.stringify(activityConfig),
    canShare: activity.canShare,
    shareTitle: activity.shareTitle,
    shareContent: activity.shareContent,
    shareThis: activity.shareThis,
    shareUrl: activity.shareUrl,
    shareIconUrl: activity.shareIconUrl,
    contentHtml: JSON.stringify(activity.contentHtml),
    externalTaskSourceType: activity.externalTaskSourceType,
    videoLink: activity.videoLink,
    videoCoverImg: activity.videoCoverImg,
    videoBgImg: activity.videoBgImg,
    startTime: Date.parse(activity.window.start),
    endTime: Date.parse(activity.window.end),
    status: activityPhase(activity, now),
    // The server's clock, so countdowns and live/ended states never trust the phone's (issue 5).
    serverTime: now.getTime(),
  };
}
