/**
 * spec §2 "Route list": every route under /mp/activity/, grouped by the families of
 * ../shared/BREADTH.md (A–O) plus the pages that existed before the breadth work ("core").
 * One place for the list: tests check that every route of a finished family has a document.
 */
export const SPEC_ROUTES = {
  core: [
    '/',
    '/invite',
    '/contract',
    '/contract/record',
    '/contract-beta',
    '/luckdrawPage',
    '/no-service',
    '/newProduct',
    '/newProduct/detail',
    '/videoActivity',
    '/tongchengFeb',
    '/tongchengMar',
    '/comm/address',
    '/luckDraw',
    '/prizeList',
    '/goldCloseBy',
  ],
  /** A: contract sub-screens. */
  A: [
    '/contract/cash-out',
    '/contract/task',
    '/contract/error',
    '/contract-beta/record',
    '/contract-beta/cash-out',
    '/contract-beta/task',
    '/contract-beta/error',
    '/contract-new',
    '/contract-new/record',
    '/contract-new/cash-out',
    '/contract-new/task',
    '/contract-new/error',
  ],
  /** B: account, bank home, cards. */
  B: [
    '/userCenter',
    '/account',
    '/visit',
    '/bank',
    '/transfer',
    '/bind-card',
    '/verifyNew',
    '/newDevicePay',
  ],
  /** C: seasonal travel partner. */
  C: [
    '/tongchengFeb/phone',
    '/tongchengMar/phone',
    '/tongchengMar/detail',
    '/tongchengQ3',
    '/tongchengQ3/phone',
    '/tongchengQ3/detail',
    '/tongchengSep',
    '/tongchengSep/phone',
    '/tongchengSep/detail',
    '/tongchengOct',
    '/tongchengOct/phone',
    '/tongchengOct/detail',
    '/tongcheng2',
    '/tongcheng2/phone',
    '/summer/tongcheng',
    '/train-ticket-benefits',
    '/hotelJump',
  ],
  /** D: lucky draws and bank co-brand draws. */
  D: [
    '/luckdrawPage/history',
    '/luckRule',
    '/pointsLuckDraw',
    '/pdbankLuckDraw',
    '/pufaPay',
    '/pufa',
    '/guangfa',
    '/shakePhone',
    '/raiseHead',
  ],
  /** E: fans day and new users. */
  E: [
    '/miPay-miFansDay',
    '/miFansDay-2022',
    '/miFansDay-2023',
    '/miFansDay2025',
    '/new-user',
    '/newuser2025',
    '/novice-tasks',
  ],
  /** F: seasonal events with prize, address and notice pages. */
  F: [
    '/activePage',
    '/activePage/address',
    '/618FreeOrder',
    '/618FreeOrder/myPrize',
    '/summer',
    '/summer/myPrizes',
    '/summer/noticeList',
    '/newYear',
    '/newYear/records',
    '/jewelBox',
    '/jewelBox/address',
    '/jewelBox/process',
    '/brandUpgrade',
    '/brandUpgrade/address',
    '/openschool',
    '/openschool/rule',
    '/freeOfCharge',
    '/activity3Main',
  ],
  /** G: points mall and bank points campaigns. */
  G: [
    '/points-mall',
    '/pointsActivity/citicMarketing',
    '/pointsActivity/citicMarketing/records',
    '/pointsActivity/citicMarketing/preheat',
    '/pointsActivity/zhongxinOct',
    '/pointsActivity/zhongxinOct/myPrize',
    '/pointsActivity/zhongxinOct/myCoupon',
    '/pointsActivity/zhongxinOct/announceList',
    '/pointsActivity/zhongxinOct/redirect',
    '/zhongxin',
    '/breakfastCard',
  ],
  /** H: NFC. */
  H: [
    '/nfc',
    '/nfc-adpage',
    '/nfcIntegral',
    '/nfcIntegral/supplement',
    '/nfcIntegral/records',
    '/nfcIntegral/exchange',
  ],
  /** I: installment, subsidy, phone bill, loans, repay. */
  I: [
    '/installment',
    '/installment-record-history',
    '/installment/subsidy-list',
    '/installment/subsidy-details',
    '/installment/subsidy-result',
    '/phoneBill',
    '/phoneBill/joinFlow',
    '/phoneBill/exchange',
    '/loanSubsidy',
    '/loanSubsidy2',
    '/loanSubsidy3',
    '/loanSubsidy3/record',
    '/loanVideo',
    '/repayHelp/shareLike',
    '/repayShare',
    '/repayUnion',
    '/newPhoneEquity',
  ],
  /** J: video VIP and music. */
  J: [
    '/newYoukuVipPage',
    '/youkuVipPage2',
    '/youkuVipPage',
    '/mivideo',
    '/miMovie',
    '/qqMusic',
    '/qqMusic-new',
    '/qqMusic/exchange-phone',
    '/qqMusic/exchange',
    '/qqMusic/records',
  ],
  /** K: video-guide contest sub-screens. */
  K: [
    '/videoActivity/exchange',
    '/videoActivity/confirm',
    '/videoActivity/thirdAdPreview',
    '/videoActivity/records',
    '/videoActivity/release',
    '/videoActivity/myGuideRecords',
  ],
  /** L: new product and car. */
  L: [
    '/newProduct/ultraDetail',
    '/newProduct/miCarDetail',
    '/newProduct/userDetail',
    '/newProduct/weekly',
    '/newProduct2',
    '/newProduct2/detail',
    '/newProduct2/ultraDetail',
    '/newProduct2/miCarDetail',
    '/newProduct2/userDetail',
    '/miCar',
    '/miCar/tasting',
    '/miCar/tasting2',
    '/miCar/invitation',
  ],
  /** M: cinema and wallet trip. */
  M: [
    '/catEye',
    '/catEye/orderList',
    '/catEye/movieDateSign',
    '/catEye/movieDateSign/movieList',
    '/catEye/movieDateSign/recommended',
    '/catEye/movieDateSign/movieDetail',
    '/catEye/auth',
    '/catEye/widgetCardDetail',
    '/walletTrip',
    '/walletTrip/diamond',
    '/walletTrip/auth',
  ],
  /** N: partner shop, funds, marketing. */
  N: [
    '/youpinActivity',
    '/youpinPage',
    '/youpinPage/settings',
    '/marketing-empower',
    '/guangfa-fund',
    '/tebon',
  ],
  /** O: static, help, utility. */
  O: ['/helpCenter', '/follow-wechat', '/offline', '/dlink', '/iframeMobilepay'],
} as const satisfies Record<string, readonly string[]>;

export type RouteFamily = keyof typeof SPEC_ROUTES;

/**
 * Families whose every route has a document (../shared/BREADTH.md "when a route counts as
 * done"). A family is added here when its pages are built; the test then holds it to that.
 */
export const FINISHED_FAMILIES: readonly RouteFamily[] = ['core', 'J', 'K', 'L', 'M', 'O'];

export const ALL_SPEC_ROUTES: readonly string[] = Object.values(SPEC_ROUTES).flat();
