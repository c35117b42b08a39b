/**
 * spec §7: the catalogue of every call the client makes, by module. Pure data and pure functions
 * (no React, no DOM): the validator CLI and the reference server import it too.
 *
 * Naming rules
 * - A call's qualified name is `<module>.<call>`, e.g. 'generalActivity.luckDraw'. The call part
 *   is the path below the module's base and may hold a slash ('generalActivity.newUser/packet').
 * - Module names follow the spec's groups: 'videoVip' is /mp/api/video/vip/, 'video' the video
 *   guide under /mp/api/video/, 'orchid' keeps the spec's path /mp/api/orchild/.
 * - A call that exists with both methods (convertGoldRich, luckDraw, newProduct.vote,
 *   leads.save) has two entries: the plain name is the POST, and the GET twin carries the suffix
 *   `.get` ('generalActivity.luckDraw.get'). No other name ends in `.get` or `.post`.
 * - The spec does not show the paths of the holiday and app-store lookups; we use
 *   /mp/api/generalActivity/holiday and /mp/api/generalActivity/getAppStoreUrl, which §7's GET
 *   list also names, so 'generalActivity.holiday' and 'holiday.getHolidays' (likewise
 *   'generalActivity.getAppStoreUrl' and 'appStore.getAppStoreUrl') are the same call.
 * - `{token}` in a path is a path parameter, filled from the call's params (traffic.byToken).
 * - successCode: 1 for the activity-info and WeChat-signature calls (spec §4, §7), else 0.
 * - mutation: the call changes state (draw, claim, sign, vote, upload, complete, send, save...);
 *   the API client sends an idempotency key with these.
 * - params: the parameter names the spec shows; most calls' parameters are not shown.
 */
import {
  ACTIVITY_INFO_SUCCESS_CODE,
  API_BASE_PATH,
  API_SUCCESS_CODE,
  WECHAT_SIGNATURE_SUCCESS_CODE,
} from '../../spec/constants';
import { closestName } from './closest-name';

export type ApiMethod = 'GET' | 'POST';

export interface ApiEntry {
  readonly name: string;
  readonly module: string;
  readonly call: string;
  readonly method: ApiMethod;
  readonly path: string;
  readonly successCode: number;
  readonly mutation: boolean;
  readonly params: readonly string[];
  /**
   * A call of ours that spec §7 does not name (../shared/BREADTH.md point 4: points balance and
   * exchange, cinema lists, trip data, NFC supplement...): same envelope and style, and marked
   * "not in spec" in the API reference.
   */
  readonly ours: boolean;
}

interface CallDef {
  call: string;
  method: ApiMethod;
  mutation?: boolean;
  params?: readonly string[];
  successCode?: number;
  /** Full path when it is not `<base><call>`. */
  path?: string;
  /** The GET twin of a call that also exists as POST. */
  getTwin?: boolean;
  /** Not named by spec §7 (see ApiEntry.ours). */
  ours?: boolean;
}

type Options = Omit<CallDef, 'call' | 'method'>;
const get = (call: string, options: Options = {}): CallDef => ({ call, method: 'GET', ...options });
const post = (call: string, options: Options = {}): CallDef => ({
  call,
  method: 'POST',
  ...options,
});
const gets = (...calls: string[]) => calls.map((call) => get(call));
const posts = (...calls: string[]) => calls.map((call) => post(call));
const M = { mutation: true } as const;
const mutatingGets = (...calls: string[]) => calls.map((call) => get(call, M));
const mutatingPosts = (...calls: string[]) => calls.map((call) => post(call, M));

const STATUS_PARAMS = ['NFCQueryInfo', 'userExtra', 'longitude', 'latitude', 'isNfcPhone'];
const GA = `${API_BASE_PATH}generalActivity/`;

const MODULES: readonly { module: string; base: string; calls: readonly CallDef[] }[] = [
  {
    module: 'configActivity',
    base: `${API_BASE_PATH}configActivity/`,
    calls: [
      get('getSingleConfigActivity4c', { successCode: ACTIVITY_INFO_SUCCESS_CODE }),
      ...gets('isNewFundUser', 'getRegisterExists'),
      post('register', M),
      ...posts('youpinGoods', 'memberSpecial', 'bindCardUrl', 'couponUserInfo'),
      post('bizStatus', { params: STATUS_PARAMS }),
      post('bizStatusList', { params: STATUS_PARAMS }),
      ...mutatingPosts('sendCoupon', 'setCalendarRemind'),
      post('getCalendarRemindStatus'),
    ],
  },
  {
    // Listed with the activity-config calls in spec §7, under its own path.
    module: 'userMarketingAuth',
    base: `${API_BASE_PATH}userMarketingAuth/`,
    // updateSwitch is ours: spec §7 names no call that changes the switch.
    calls: [get('querySwitch'), post('updateSwitch', { ...M, ours: true })],
  },
  {
    module: 'generalActivity',
    base: GA,
    calls: [
      ...gets('getTaskGroup', 'querySignIn', 'getExternalTaskList'),
      get('getDispatchModuleList4C', { params: ['deviceType'] }),
      get('getUserTaskPrizeInfo', { params: ['activityCode', 'taskLogId'] }),
      ...gets('getFlashDrawByConfigActivityId4C', 'getRemainChance', 'myPrize'),
      ...gets('prizeUserCount', 'prizeStock', 'invitePacketInfo', 'chanceFlow', 'getLoginTime'),
      ...gets('coinInfo', 'getMifansActivityTime', 'queryMiFansActivityPrizeList'),
      ...gets('showTaskListHistory', 'showPrizeListHistory', 'queryMyTaskList'),
      ...gets('queryUserGoldRichSum', 'queryUserJoinList', 'phoneBillAmount', 'getPrizeStatus'),
      ...gets('getPrizeStatusV2', 'isMipayBindCardNewUser', 'unpaidPrizeCount'),
      ...gets('getUserVideoExpireGold', 'getUserTicket', 'holiday', 'activityInfo'),
      ...gets('getHaikuiImgUrl', 'getVideoRank', 'getIdV2', 'getUnReceivedGoldRiceList'),
      ...gets('bwbtGetTaskList'),
      get('getAppStoreUrl', { params: ['targetPackageName'] }),
      get('queryUserState', { params: ['activityCode'] }),
      get('newUser/packet', { params: ['activityCode'] }),
      get('newUser/bubble', { params: ['activityCode'] }),
      ...mutatingGets('clickTask', 'completeTask', 'useMultCard', 'coinWithDraw'),
      ...mutatingGets('openInvitePacket', 'redPacketWithDraw', 'sign', 'setPush'),
      ...mutatingGets('updateCalendarRemind', 'goldRichDraw', 'setVideoReminderStatus'),
      ...mutatingGets('videoRemind', 'completeCalendarRemind'),
      get('luckDraw', { ...M, getTwin: true, params: ['imei', 'coordinates'] }),
      get('convertGoldRich', { ...M, getTwin: true }),
      ...posts('visitIndex', 'getTaskList', 'userInfo', 'rotaryNews', 'rotaryNewsTop'),
      post('queryNfcTask'),
      ...mutatingPosts('signIn', 'getTask', 'updateUserInfo', 'drawGoldRice', 'batchDrawGoldRice'),
      ...mutatingPosts('luckDraw', 'convertGoldRich'),
      ...mutatingPosts('newUser/newUserWelfareTask', 'newUser/openSignPacket'),
      post('flashLuckDraw', { ...M, params: ['coordinates'] }),
    ],
  },
  {
    module: 'generalActivityCoupon',
    base: `${API_BASE_PATH}generalActivityCoupon/`,
    calls: [
      ...posts('getByConfigId2C', 'getBynCouponUrlMap', 'getBynUserData'),
      post('drawCoupon', M),
    ],
  },
  { module: 'passport', base: `${API_BASE_PATH}passport/`, calls: [post('getUserProfile')] },
  {
    module: 'installment',
    base: `${API_BASE_PATH}installment/`,
    calls: [
      ...posts('getProductInfos', 'getUserInfo', 'getSavedHistory'),
      ...mutatingPosts('addRemind', 'addCreditRecord'),
      ...gets('getCurrentTime', 'reachLimit'),
    ],
  },
  {
    module: 'youkuActivity',
    base: `${API_BASE_PATH}youkuActivity/`,
    calls: [post('youkuUserDraw', M)],
  },
  {
    module: 'user',
    base: `${API_BASE_PATH}user/`,
    calls: [...posts('getUserPhone', 'getUserDataByMiidSid'), post('insertOrUpdateUserData', M)],
  },
  { module: 'zhongjin', base: `${API_BASE_PATH}zhongjin/`, calls: [get('exchangeStatus')] },
  {
    module: 'newProduct',
    base: `${API_BASE_PATH}newProduct/`,
    calls: [
      ...gets('getProductInfos', 'getNewProductHeader', 'getNewProductLive'),
      ...gets('getNewProductList', 'getNewProductById'),
      get('vote', { ...M, getTwin: true }),
      post('vote', M),
    ],
  },
  {
    module: 'videoVip',
    base: `${API_BASE_PATH}video/vip/`,
    calls: [
      ...gets('goodsList', 'payFlow', 'query'),
      ...mutatingGets('pay', 'payV2'),
      // Ours: the membership a paid order granted; the sandbox cashier of previews and tests.
      get('membership', { ours: true }),
      post('sandboxCashier', { ...M, ours: true }),
    ],
  },
  {
    module: 'video',
    base: `${API_BASE_PATH}video/`,
    calls: [
      ...mutatingPosts('addVideoGuide', 'likeVideoPlayerGuide'),
      ...gets('getTodayVideoSubmitNum', 'getMyVideoGuide', 'getVideoPlayerGuide'),
    ],
  },
  {
    module: 'leads',
    base: `${API_BASE_PATH}leads/`,
    calls: [get('status'), post('save', M), get('save', { ...M, getTwin: true })],
  },
  {
    module: 'tongchengActivity',
    base: `${API_BASE_PATH}tongchengActivity/`,
    calls: [get('getUserDrawStatus'), post('saveTongchengUserDraw', M)],
  },
  {
    module: 'newPhone',
    base: `${API_BASE_PATH}newPhone/`,
    calls: [
      ...gets('index', 'q2index', 'q3index', 'q4index', 'q5index'),
      ...mutatingPosts('send', 'q2send', 'q3send', 'q4send', 'q5send'),
    ],
  },
  {
    module: 'newMachines',
    base: `${API_BASE_PATH}newMachines/`,
    calls: gets(
      'interest/doubleAmount',
      'interest/receiveCountDown',
      'interest/newMachinesOldUser',
    ),
  },
  { module: 'orchid', base: `${API_BASE_PATH}orchild/`, calls: [post('getOrchidInfo')] },
  {
    module: 'traffic',
    base: `${API_BASE_PATH}traffic/`,
    calls: [
      post('jdComplete', M),
      get('byToken', { path: `${API_BASE_PATH}traffic/{token}`, params: ['token'] }),
    ],
  },
  {
    module: 'file',
    base: `${API_BASE_PATH}file/`,
    calls: [post('uploadImage', M), get('generatePreSignedUri')],
  },
  {
    module: 'banker',
    base: `${API_BASE_PATH}banker/`,
    calls: [...gets('taskDetail', 'detail'), get('luckyDraw/addChance', M)],
  },
  {
    // Ours (not in spec §7): the card binding behind /bind-card, where bindCardUrl leads.
    module: 'bankCard',
    base: `${API_BASE_PATH}bankCard/`,
    calls: [get('list', { ours: true }), post('bind', { ...M, ours: true })],
  },
  {
    module: 'invitationPassword',
    base: `${API_BASE_PATH}invitationPassword/`,
    calls: [post('getInvitationPassword')],
  },
  {
    module: 'transpond',
    base: `${API_BASE_PATH}transpond/`,
    // spec §7: the WeChat signature call answers code 1 when it succeeds.
    calls: [get('wechat', { params: ['url'], successCode: WECHAT_SIGNATURE_SUCCESS_CODE })],
  },
  {
    module: 'qqMusicActivity',
    base: `${API_BASE_PATH}qqMusicActivity/`,
    calls: [
      ...gets('getMusicUserInfo', 'getHotSongs', 'getHotSongLists'),
      ...mutatingPosts('addFreeModeWhitelist', 'finishMusicTask'),
      // Ours: a membership for the music account of a phone, paid with gold rice.
      post('exchangeByPhone', { ...M, ours: true }),
      get('phoneExchanges', { ours: true }),
    ],
  },
  {
    // Ours (../shared/BREADTH.md point 4): spec §7 names no cinema call.
    module: 'cinema',
    base: `${API_BASE_PATH}cinema/`,
    calls: [
      get('movieList', { ours: true }),
      get('movieDetail', { ours: true }),
      get('ticketStatus', { ours: true }),
      get('orderList', { ours: true }),
      post('claimTicket', { ...M, ours: true }),
    ],
  },
  {
    // Ours: spec §7 names no trip call.
    module: 'walletTrip',
    base: `${API_BASE_PATH}walletTrip/`,
    calls: [
      get('summary', { ours: true }),
      get('rewards', { ours: true }),
      post('checkIn', { ...M, ours: true }),
      post('exchange', { ...M, ours: true }),
    ],
  },
  {
    // Routes of ours (../shared/BREADTH.md point 4): spec §7 names no points call.
    module: 'points',
    base: `${API_BASE_PATH}points/`,
    calls: [
      get('balance', { ours: true, params: ['activityCode'] }),
      get('goods', { ours: true, params: ['activityCode'] }),
      get('records', { ours: true, params: ['activityCode', 'kind', 'limit'] }),
      post('exchange', { ...M, ours: true, params: ['activityCode', 'goodsId'] }),
    ],
  },
  {
    // Routes of ours: the NFC points supplement (a payment whose points did not arrive).
    module: 'nfcIntegral',
    base: `${API_BASE_PATH}nfcIntegral/`,
    calls: [
      post('supplement', { ...M, ours: true }),
      get('supplements', { ours: true, params: ['activityCode', 'limit'] }),
    ],
  },
  {
    module: 'holiday',
    base: GA,
    calls: [get('getHolidays', { path: `${GA}holiday` })],
  },
  {
    // Not in spec §7: the error-reporting service of §8 row 3 (server/src/routes/client-errors.ts).
    module: 'clientError',
    base: `${API_BASE_PATH}clientError/`,
    calls: [post('report', { ours: true })],
  },
  {
    module: 'appStore',
    base: GA,
    calls: [get('getAppStoreUrl', { params: ['targetPackageName'] })],
  },
];

function toEntry(module: string, base: string, def: CallDef): ApiEntry {
  return Object.freeze({
    name: `${module}.${def.call}${def.getTwin ? '.get' : ''}`,
    module,
    call: def.call,
    method: def.method,
    path: def.path ?? `${base}${def.call}`,
    successCode: def.successCode ?? API_SUCCESS_CODE,
    mutation: def.mutation ?? false,
    params: Object.freeze([...(def.params ?? [])]),
    ours: def.ours ?? false,
  });
}

/** Every entry, in spec order. */
export const apiCatalogue: readonly ApiEntry[] = Object.freeze(
  MODULES.flatMap(({ module, base, calls }) => calls.map((def) => toEntry(module, base, def))),
);

const byName: ReadonlyMap<string, ApiEntry> = new Map(apiCatalogue.map((e) => [e.name, e]));

export const apiNames: readonly string[] = Object.freeze(apiCatalogue.map((e) => e.name));
export const apiModules: readonly string[] = Object.freeze(MODULES.map((m) => m.module));

export function isKnownApiName(name: string): boolean {
  return byName.has(name);
}

/** Own-entry lookup: '__proto__' or 'toString' are simply unknown. */
export function getApiEntry(name: string): ApiEntry | undefined {
  return byName.get(name);
}

/** The closest catalogue name to an unknown one ('generalActivity.luckdraw' → '…luckDraw'). */
export function suggestApiName(name: string): string | null {
  return closestName(name, apiNames);
}
