/** Activity configuration calls, spec §7 "Activity config" (server/src/routes/activity-config.ts). */
import { z } from 'zod';
import { ACTIVITY_INFO_SUCCESS_CODE } from '../spec/constants';
import { get, post } from './contract';
import { activityCode, answer, API, bit, byCode, flag, millis, phase } from './shared';

const P = `${API}configActivity/`;
const STATUS_PARAMS = ['NFCQueryInfo', 'userExtra', 'longitude', 'latitude', 'isNfcPhone'];

/**
 * spec §3 Activity (domain/public-activity.ts). `activityConfig` and `contentHtml` are JSON text
 * the spec defines loosely; the page reads them through src/engine/page/activity-config.ts.
 */
export const publicActivity = answer({
  id: z.number().int(),
  activityCode: z.string(),
  configActivityCode: z.string(),
  title: z.string(),
  activityDesp: z.string(),
  openAppNeed: z.number().int(),
  openAppWay: z.number().int(),
  openAppToast: z.string(),
  activityConfig: z.string(),
  canShare: z.number().int(),
  shareTitle: z.string(),
  shareContent: z.string(),
  shareThis: z.union([z.literal(1), z.literal(2)]),
  shareUrl: z.string(),
  shareIconUrl: z.string(),
  contentHtml: z.string(),
  externalTaskSourceType: z.number().int(),
  videoLink: z.string(),
  videoCoverImg: z.string(),
  videoBgImg: z.string(),
  startTime: millis,
  endTime: millis,
  status: phase,
  serverTime: millis,
});

/** The user's standing in an activity (bizStatus), which pages use to pick a branch. */
const bizStatus = answer({
  activityCode: z.string(),
  activityStatus: phase,
  login: z.boolean(),
  isNewUser: z.boolean(),
  registered: z.boolean(),
  calendarRemind: bit,
});

export const activityConfigContracts = {
  // spec §3, §4: success is code 1 here. Looked up by activityCode or by numeric id.
  'configActivity.getSingleConfigActivity4c': get(`${P}getSingleConfigActivity4c`, {
    successCode: ACTIVITY_INFO_SUCCESS_CODE,
    input: z.object({
      activityCode: activityCode.optional(),
      id: z.number().int().min(1).optional(),
      configActivityId: z.number().int().min(1).optional(),
    }),
    output: publicActivity,
  }),
  'configActivity.isNewFundUser': get(`${P}isNewFundUser`, {
    input: byCode,
    output: answer({ isNewUser: z.boolean() }),
  }),
  'configActivity.getRegisterExists': get(`${P}getRegisterExists`, {
    input: byCode,
    output: answer({ exists: z.boolean() }),
  }),
  'configActivity.register': post(`${P}register`, {
    mutation: true,
    input: byCode,
    output: answer({ registered: z.literal(true), firstTime: z.boolean() }),
  }),
  'configActivity.bindCardUrl': post(`${P}bindCardUrl`, {
    input: z.object({ activityCode: activityCode.optional() }),
    output: answer({ url: z.string() }),
  }),
  // spec §7: the payload carries device info (NFCQueryInfo, userExtra, ...); the answer is the
  // user's standing in the activity.
  'configActivity.bizStatus': post(`${P}bizStatus`, {
    params: STATUS_PARAMS,
    input: byCode,
    output: bizStatus,
  }),
  'configActivity.bizStatusList': post(`${P}bizStatusList`, {
    params: STATUS_PARAMS,
    input: z.object({ activityCodes: z.string().min(1).max(2000) }),
    output: z.array(bizStatus),
  }),
  'configActivity.setCalendarRemind': post(`${P}setCalendarRemind`, {
    mutation: true,
    input: z.object({ activityCode, status: flag.default(1) }),
    output: answer({ status: bit }),
  }),
  'configActivity.getCalendarRemindStatus': post(`${P}getCalendarRemindStatus`, {
    input: byCode,
    output: answer({ status: bit }),
  }),
} as const;
