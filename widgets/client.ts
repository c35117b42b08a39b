/**
 * The run-time registry: each widget's meta and its component as a lazy chunk. The `satisfies`
 * check fails to compile when a widget of widgets/index.ts is missing here (STYLE.md pattern 3).
 */
import { WidgetRegistry } from '../src/engine/registry/widget-registry';
import type { ClientWidget } from '../src/engine/registry/widget-component';
import type { WidgetType } from './index';
import { buttonMeta } from './button/meta';
import { containerMeta } from './container/meta';
import { imageListMeta } from './image-list/meta';
import { richTextMeta } from './rich-text/meta';
import { luckyDrawMeta } from './lucky-draw/meta';
import { countdownMeta } from './countdown/meta';
import { winnersTickerMeta } from './winners-ticker/meta';
import { prizeRecordsMeta } from './prize-records/meta';
import { taskListMeta } from './task-list/meta';
import { tabsMeta } from './tabs/meta';
import { couponListMeta } from './coupon-list/meta';
import { signInMeta } from './sign-in/meta';
import { goldRiceMeta } from './gold-rice/meta';
import { voteMeta } from './vote/meta';
import { videoUploadMeta } from './video-upload/meta';
import { userHeaderMeta } from './user-header/meta';
import { shareEntryMeta } from './share-entry/meta';
import { openAppBarMeta } from './open-app-bar/meta';
import { addressFormMeta } from './address-form/meta';
import { qrCardMeta } from './qr-card/meta';
import { faqMeta } from './faq/meta';
import { iframeEmbedMeta } from './iframe-embed/meta';
import { newUserPacketMeta } from './new-user-packet/meta';
import { vipGoodsMeta } from './vip-goods/meta';
import { musicPanelMeta } from './music-panel/meta';
import { videoPlayerMeta } from './video-player/meta';
import { movieDetailMeta } from './movie-detail/meta';
import { leadFormMeta } from './lead-form/meta';
import { motionTriggerMeta } from './motion-trigger/meta';
import { riskNoticeMeta } from './risk-notice/meta';
import { productListMeta } from './product-list/meta';
import { dispatchBannerMeta } from './dispatch-banner/meta';
import { dataListMeta } from './data-list/meta';
import { goodsExchangeMeta } from './goods-exchange/meta';
import { progressStepsMeta } from './progress-steps/meta';
import { authConsentMeta } from './auth-consent/meta';
import { installmentOffersMeta } from './installment-offers/meta';
import { phoneBillEquityMeta } from './phone-bill-equity/meta';
import { balanceWithdrawMeta } from './balance-withdraw/meta';
import { bankCardMeta } from './bank-card/meta';

const clientWidgets = {
  'image-list': { meta: imageListMeta, load: () => import('./image-list/image-list') },
  'rich-text': { meta: richTextMeta, load: () => import('./rich-text/rich-text') },
  button: { meta: buttonMeta, load: () => import('./button/button') },
  container: { meta: containerMeta, load: () => import('./container/container') },
  'lucky-draw': { meta: luckyDrawMeta, load: () => import('./lucky-draw/lucky-draw') },
  countdown: { meta: countdownMeta, load: () => import('./countdown/countdown') },
  'winners-ticker': {
    meta: winnersTickerMeta,
    load: () => import('./winners-ticker/winners-ticker'),
  },
  'prize-records': { meta: prizeRecordsMeta, load: () => import('./prize-records/prize-records') },
  'task-list': { meta: taskListMeta, load: () => import('./task-list/task-list') },
  tabs: { meta: tabsMeta, load: () => import('./tabs/tabs') },
  'coupon-list': { meta: couponListMeta, load: () => import('./coupon-list/coupon-list') },
  'sign-in': { meta: signInMeta, load: () => import('./sign-in/sign-in') },
  'gold-rice': { meta: goldRiceMeta, load: () => import('./gold-rice/gold-rice') },
  vote: { meta: voteMeta, load: () => import('./vote/vote') },
  'video-upload': { meta: videoUploadMeta, load: () => import('./video-upload/video-upload') },
  'user-header': { meta: userHeaderMeta, load: () => import('./user-header/user-header') },
  'share-entry': { meta: shareEntryMeta, load: () => import('./share-entry/share-entry') },
  'open-app-bar': { meta: openAppBarMeta, load: () => import('./open-app-bar/open-app-bar') },
  'address-form': { meta: addressFormMeta, load: () => import('./address-form/address-form') },
  'qr-card': { meta: qrCardMeta, load: () => import('./qr-card/qr-card') },
  faq: { meta: faqMeta, load: () => import('./faq/faq') },
  'iframe-embed': { meta: iframeEmbedMeta, load: () => import('./iframe-embed/iframe-embed') },
  'new-user-packet': {
    meta: newUserPacketMeta,
    load: () => import('./new-user-packet/new-user-packet'),
  },
  'vip-goods': { meta: vipGoodsMeta, load: () => import('./vip-goods/vip-goods') },
  'music-panel': { meta: musicPanelMeta, load: () => import('./music-panel/music-panel') },
  'video-player': { meta: videoPlayerMeta, load: () => import('./video-player/video-player') },
  'movie-detail': { meta: movieDetailMeta, load: () => import('./movie-detail/movie-detail') },
  'lead-form': { meta: leadFormMeta, load: () => import('./lead-form/lead-form') },
  'motion-trigger': {
    meta: motionTriggerMeta,
    load: () => import('./motion-trigger/motion-trigger'),
  },
  'risk-notice': { meta: riskNoticeMeta, load: () => import('./risk-notice/risk-notice') },
  'product-list': { meta: productListMeta, load: () => import('./product-list/product-list') },
  'dispatch-banner': {
    meta: dispatchBannerMeta,
    load: () => import('./dispatch-banner/dispatch-banner'),
  },
  'data-list': { meta: dataListMeta, load: () => import('./data-list/data-list') },
  'goods-exchange': {
    meta: goodsExchangeMeta,
    load: () => import('./goods-exchange/goods-exchange'),
  },
  'progress-steps': {
    meta: progressStepsMeta,
    load: () => import('./progress-steps/progress-steps'),
  },
  'auth-consent': { meta: authConsentMeta, load: () => import('./auth-consent/auth-consent') },
  'installment-offers': {
    meta: installmentOffersMeta,
    load: () => import('./installment-offers/installment-offers'),
  },
  'phone-bill-equity': {
    meta: phoneBillEquityMeta,
    load: () => import('./phone-bill-equity/phone-bill-equity'),
  },
  'balance-withdraw': {
    meta: balanceWithdrawMeta,
    load: () => import('./balance-withdraw/balance-withdraw'),
  },
  'bank-card': { meta: bankCardMeta, load: () => import('./bank-card/bank-card') },
} satisfies Record<WidgetType, ClientWidget>;

export function createWidgetRegistry(): WidgetRegistry {
  return new WidgetRegistry(Object.entries(clientWidgets));
}
