/**
 * User-facing share copy (Chinese; spec §1 says share text is Chinese marketing text). The
 * English meaning of each line is in its comment; the spec gives only the meaning, the wording
 * is ours.
 */
import { SHARE_BONUS_AMOUNT } from '../../spec/constants';

/** spec §1: the default share text invites the user to open a 'bank', gift up to 4999. */
export const DEFAULT_SHARE_TITLE = '邀你开通数字银行'; // "Join me in opening a digital bank"
export const DEFAULT_SHARE_TEXT = `开户即领开户礼，最高${SHARE_BONUS_AMOUNT}元现金等你拿`; // "Open an account and get an opening gift of up to 4999 yuan in cash"

export type MessagingApp = 'wechat' | 'qq' | 'weibo';

/** Display names of the messaging apps in the 'please confirm ... is installed' message. */
export const MESSAGING_APP_NAMES: Readonly<Record<MessagingApp, string>> = {
  wechat: '微信', // WeChat
  qq: 'QQ',
  weibo: '微博', // Weibo
};

export const SHARE_MESSAGES = {
  parameterError: '参数错误', // -200 "parameter error"
  notInClient: '当前不在客户端环境中', // -100 "not in client environment"
  /** 0: "please confirm the {app} is installed" */
  appMissing: (app: string) => `请确认已安装${app}`,
  /** Other negative codes: "share failed" plus what the client said. */
  failed: (detail: string) => (detail ? `分享失败：${detail}` : '分享失败'),
  generatingImage: '图片生成中...', // "generating image..."
  succeeded: '分享成功', // "share succeeded"
  /** In the messaging app the user shares from its menu: "tap ··· at the top right to share". */
  useMenu: '点击右上角「···」，分享给好友',
  /** An app that could not share: "link copied, paste it to your friends". */
  linkCopied: '链接已复制，快去粘贴给好友吧',
  /** The clipboard refused too: "copy the link below to share". */
  copyLinkTitle: '复制下面的链接分享给好友',
  gotIt: '知道了', // "got it"
} as const;

/** spec §8: mini-program launch messages. */
export const MINI_PROGRAM_MESSAGES = {
  installMessagingApp: '请先安装微信', // "please install the messaging app first"
  useWalletClient: '请使用钱包客户端打开页面', // "please open the page with the wallet client"
} as const;
