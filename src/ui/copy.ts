/**
 * Default Chinese copy of the UI kit, in one place so a reader (or a later i18n pass) finds every
 * string the kit shows on its own. Callers override per use through the options.
 */
export const UI_COPY = {
  cancel: '取消',
  confirm: '确定',
  close: '关闭',
  /** Closes a guide that only explains (the share guide). */
  gotIt: '知道了',
  loading: '加载中',
  /** Shown while a deep link is tried (spec §2 jump-wait indicator). */
  openingApp: '正在打开App…',
  /** spec §8: progress toast while a share image is generated. */
  generatingImage: '图片生成中...',
  /** Alt text of a QR code when the caller gives none. */
  qrCode: '二维码',
  /**
   * Content that could not load because of the network or the server (issue 19): the message
   * of each fault kind (src/engine/data/fault.ts), worded so it also fits a toast after a tap.
   */
  fault: {
    offline: '网络已断开，请联网后再试',
    timeout: '网络超时，请稍后再试',
    network: '网络连接失败，请检查网络后再试',
    server: '服务繁忙，请稍后再试',
  },
  /**
   * In place of what an operator paused on the live site (issue 34: a widget, an activity, an
   * action's button; src/engine/page/live-switches.tsx).
   */
  paused: '活动暂停中，请稍后再来',
  /** The button of a load error: runs the failed requests again. */
  retry: '重试',
} as const;
