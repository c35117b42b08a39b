/**
 * The one list of widgets (STYLE.md pattern 3). The document schema, the JSON Schema file, the
 * reference docs and the client registry (widgets/client.ts, checked against WidgetType) derive
 * from it. Build-time only: it imports zod schemas, never components.
 */
import { buttonWidget } from './button/schema';
import { containerWidget } from './container/schema';
import { imageListWidget } from './image-list/schema';
import { richTextWidget } from './rich-text/schema';
import { luckyDrawWidget } from './lucky-draw/schema';
import { countdownWidget } from './countdown/schema';
import { winnersTickerWidget } from './winners-ticker/schema';
import { prizeRecordsWidget } from './prize-records/schema';
import { taskListWidget } from './task-list/schema';
import { tabsWidget } from './tabs/schema';
import { couponListWidget } from './coupon-list/schema';
import { signInWidget } from './sign-in/schema';
import { goldRiceWidget } from './gold-rice/schema';
import { voteWidget } from './vote/schema';
import { videoUploadWidget } from './video-upload/schema';
import { userHeaderWidget } from './user-header/schema';
import { shareEntryWidget } from './share-entry/schema';
import { openAppBarWidget } from './open-app-bar/schema';
import { addressFormWidget } from './address-form/schema';
import { qrCardWidget } from './qr-card/schema';
import { faqWidget } from './faq/schema';
import { iframeEmbedWidget } from './iframe-embed/schema';
import { newUserPacketWidget } from './new-user-packet/schema';
import { vipGoodsWidget } from './vip-goods/schema';
import { musicPanelWidget } from './music-panel/schema';
import { videoPlayerWidget } from './video-player/schema';
import { movieDetailWidget } from './movie-detail/schema';
import { leadFormWidget } from './lead-form/schema';
import { motionTriggerWidget } from './motion-trigger/schema';
import { riskNoticeWidget } from './risk-notice/schema';
import { productListWidget } from './product-list/schema';
import { dispatchBannerWidget } from './dispatch-banner/schema';
import { dataListWidget } from './data-list/schema';
import { goodsExchangeWidget } from './goods-exchange/schema';
import { progressStepsWidget } from './progress-steps/schema';
import { authConsentWidget } from './auth-consent/schema';
import { installmentOffersWidget } from './installment-offers/schema';
import { phoneBillEquityWidget } from './phone-bill-equity/schema';
import { balanceWithdrawWidget } from './balance-withdraw/schema';
import { bankCardWidget } from './bank-card/schema';

export const widgetDefinitions = [
  imageListWidget,
  richTextWidget,
  buttonWidget,
  containerWidget,
  luckyDrawWidget,
  countdownWidget,
  winnersTickerWidget,
  prizeRecordsWidget,
  taskListWidget,
  tabsWidget,
  couponListWidget,
  signInWidget,
  goldRiceWidget,
  voteWidget,
  videoUploadWidget,
  userHeaderWidget,
  shareEntryWidget,
  openAppBarWidget,
  addressFormWidget,
  qrCardWidget,
  faqWidget,
  iframeEmbedWidget,
  newUserPacketWidget,
  vipGoodsWidget,
  musicPanelWidget,
  videoPlayerWidget,
  movieDetailWidget,
  leadFormWidget,
  motionTriggerWidget,
  riskNoticeWidget,
  productListWidget,
  dispatchBannerWidget,
  dataListWidget,
  goodsExchangeWidget,
  progressStepsWidget,
  authConsentWidget,
  installmentOffersWidget,
  phoneBillEquityWidget,
  balanceWithdrawWidget,
  bankCardWidget,
] as const;

export type WidgetType = (typeof widgetDefinitions)[number]['type'];
