import { describe, expect, it } from 'vitest';
import {
  apiCatalogue,
  apiModules,
  apiNames,
  getApiEntry,
  isKnownApiName,
  suggestApiName,
} from './catalogue';
import { closestName, editDistance } from './closest-name';

// spec §7, restated call by call: `<METHOD> <path>`. The catalogue must hold exactly these.
const SPEC_CALLS = `
GET /mp/api/configActivity/ getSingleConfigActivity4c isNewFundUser getRegisterExists
POST /mp/api/configActivity/ register youpinGoods memberSpecial bizStatus bizStatusList bindCardUrl couponUserInfo sendCoupon setCalendarRemind getCalendarRemindStatus
GET /mp/api/userMarketingAuth/ querySwitch
GET /mp/api/generalActivity/ getTaskGroup querySignIn getDispatchModuleList4C getExternalTaskList getUserTaskPrizeInfo getFlashDrawByConfigActivityId4C clickTask getRemainChance luckDraw myPrize completeTask prizeUserCount prizeStock useMultCard coinWithDraw invitePacketInfo openInvitePacket chanceFlow redPacketWithDraw getLoginTime coinInfo sign queryUserState setPush getMifansActivityTime queryMiFansActivityPrizeList showTaskListHistory showPrizeListHistory queryMyTaskList queryUserGoldRichSum queryUserJoinList convertGoldRich updateCalendarRemind phoneBillAmount getPrizeStatus getPrizeStatusV2 goldRichDraw isMipayBindCardNewUser setVideoReminderStatus unpaidPrizeCount videoRemind getUserVideoExpireGold getUserTicket holiday activityInfo completeCalendarRemind getHaikuiImgUrl getVideoRank getAppStoreUrl getIdV2 getUnReceivedGoldRiceList bwbtGetTaskList newUser/packet newUser/bubble
POST /mp/api/generalActivity/ signIn visitIndex getTaskList getTask userInfo updateUserInfo rotaryNews rotaryNewsTop flashLuckDraw drawGoldRice batchDrawGoldRice queryNfcTask luckDraw newUser/newUserWelfareTask newUser/openSignPacket convertGoldRich
POST /mp/api/generalActivityCoupon/ getByConfigId2C drawCoupon getBynCouponUrlMap getBynUserData
POST /mp/api/passport/ getUserProfile
POST /mp/api/installment/ getProductInfos getUserInfo getSavedHistory addRemind addCreditRecord
GET /mp/api/installment/ getCurrentTime reachLimit
POST /mp/api/youkuActivity/ youkuUserDraw
POST /mp/api/user/ getUserPhone getUserDataByMiidSid insertOrUpdateUserData
GET /mp/api/zhongjin/ exchangeStatus
GET /mp/api/newProduct/ getProductInfos getNewProductHeader getNewProductLive getNewProductList getNewProductById vote
POST /mp/api/newProduct/ vote
GET /mp/api/video/vip/ goodsList payFlow pay payV2 query
POST /mp/api/video/ addVideoGuide likeVideoPlayerGuide
GET /mp/api/video/ getTodayVideoSubmitNum getMyVideoGuide getVideoPlayerGuide
GET /mp/api/leads/ status save
POST /mp/api/leads/ save
GET /mp/api/tongchengActivity/ getUserDrawStatus
POST /mp/api/tongchengActivity/ saveTongchengUserDraw
GET /mp/api/newPhone/ index q2index q3index q4index q5index
POST /mp/api/newPhone/ send q2send q3send q4send q5send
GET /mp/api/newMachines/interest/ doubleAmount receiveCountDown newMachinesOldUser
POST /mp/api/orchild/ getOrchidInfo
POST /mp/api/traffic/ jdComplete
GET /mp/api/traffic/ {token}
POST /mp/api/file/ uploadImage
GET /mp/api/file/ generatePreSignedUri
GET /mp/api/banker/ taskDetail detail luckyDraw/addChance
POST /mp/api/invitationPassword/ getInvitationPassword
GET /mp/api/transpond/ wechat
GET /mp/api/qqMusicActivity/ getMusicUserInfo getHotSongs getHotSongLists
POST /mp/api/qqMusicActivity/ addFreeModeWhitelist finishMusicTask
`;

const specCalls = new Set(
  SPEC_CALLS.trim()
    .split('\n')
    .flatMap((line) => {
      const [method, base, ...calls] = line.split(' ');
      return calls.map((call) => `${method} ${base}${call}`);
    }),
);

describe('api catalogue (spec §7)', () => {
  it('holds every call of the spec, and nothing else but the calls marked as ours', () => {
    const key = (e: (typeof apiCatalogue)[number]) => `${e.method} ${e.path}`;
    const catalogued = new Set(apiCatalogue.map(key));
    expect([...specCalls].filter((c) => !catalogued.has(c))).toEqual([]);
    const fromSpec = apiCatalogue.filter((e) => !e.ours).map(key);
    expect(fromSpec.filter((c) => !specCalls.has(c))).toEqual([]);
    // A call of ours is one the spec does not name (../shared/BREADTH.md point 4).
    const ours = apiCatalogue.filter((e) => e.ours).map(key);
    expect(ours.filter((c) => specCalls.has(c))).toEqual([]);
  });

  it('has unique names of the form <module>.<call>', () => {
    expect(new Set(apiNames).size).toBe(apiNames.length);
    for (const entry of apiCatalogue) {
      expect(apiModules).toContain(entry.module);
      expect(entry.name.startsWith(`${entry.module}.${entry.call}`)).toBe(true);
    }
  });

  it('gives each of the calls of both methods a POST plain name and a .get twin', () => {
    for (const name of [
      'generalActivity.convertGoldRich',
      'generalActivity.luckDraw',
      'newProduct.vote',
      'leads.save',
    ]) {
      expect(getApiEntry(name)?.method, name).toBe('POST');
      expect(getApiEntry(`${name}.get`)?.method, name).toBe('GET');
      expect(getApiEntry(`${name}.get`)?.path).toBe(getApiEntry(name)?.path);
    }
    const suffixed = apiNames.filter((n) => /\.(get|post)$/.test(n));
    expect(suffixed).toHaveLength(4);
  });

  it('uses success code 1 for activity info and the WeChat signature only', () => {
    const ones = apiCatalogue.filter((e) => e.successCode === 1).map((e) => e.name);
    expect(ones.sort()).toEqual(['configActivity.getSingleConfigActivity4c', 'transpond.wechat']);
    expect(apiCatalogue.filter((e) => e.successCode !== 1).every((e) => e.successCode === 0)).toBe(
      true,
    );
  });

  it('marks the state-changing calls as mutations', () => {
    for (const name of [
      'generalActivity.luckDraw',
      'generalActivity.luckDraw.get',
      'generalActivity.signIn',
      'generalActivity.sign',
      'generalActivity.completeTask',
      'generalActivityCoupon.drawCoupon',
      'newProduct.vote',
      'file.uploadImage',
      'newPhone.q3send',
      'leads.save',
    ]) {
      expect(getApiEntry(name)?.mutation, name).toBe(true);
    }
    for (const name of [
      'generalActivity.getTaskGroup',
      'configActivity.bizStatus',
      'leads.status',
    ]) {
      expect(getApiEntry(name)?.mutation, name).toBe(false);
    }
  });

  it('records the parameter names the spec shows', () => {
    expect(getApiEntry('generalActivity.getUserTaskPrizeInfo')?.params).toEqual([
      'activityCode',
      'taskLogId',
    ]);
    expect(getApiEntry('generalActivity.luckDraw.get')?.params).toEqual(['imei', 'coordinates']);
    expect(getApiEntry('configActivity.bizStatus')?.params).toContain('NFCQueryInfo');
    expect(getApiEntry('transpond.wechat')?.params).toEqual(['url']);
    expect(getApiEntry('appStore.getAppStoreUrl')?.params).toEqual(['targetPackageName']);
  });

  it('places the holiday and app-store lookups on the generalActivity paths', () => {
    const pick = (n: string) => {
      const e = getApiEntry(n);
      return e && { method: e.method, path: e.path };
    };
    expect(pick('holiday.getHolidays')).toEqual(pick('generalActivity.holiday'));
    expect(pick('holiday.getHolidays')?.path).toBe('/mp/api/generalActivity/holiday');
    expect(pick('appStore.getAppStoreUrl')).toEqual(pick('generalActivity.getAppStoreUrl'));
  });

  it('looks names up as own entries only', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '']) {
      expect(isKnownApiName(name)).toBe(false);
      expect(getApiEntry(name)).toBeUndefined();
    }
    expect(isKnownApiName('generalActivity.luckDraw')).toBe(true);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(apiCatalogue)).toBe(true);
    expect(Object.isFrozen(getApiEntry('leads.save'))).toBe(true);
  });
});

describe('suggestApiName', () => {
  it('suggests the closest name for typos and missing modules', () => {
    expect(suggestApiName('generalActivity.luckdraw')).toBe('generalActivity.luckDraw');
    expect(suggestApiName('generalActivty.signIn')).toBe('generalActivity.signIn');
    expect(suggestApiName('drawCoupon')).toBe('generalActivityCoupon.drawCoupon');
  });
  it('returns null when nothing is close', () => {
    expect(suggestApiName('totally.unrelated.thing')).toBeNull();
  });
  it('edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('ABC', 'abc')).toBe(0);
    expect(closestName('ab', [])).toBeNull();
  });
});
