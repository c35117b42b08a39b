import { maskPhone } from '../../domain/mask';
import { SMS_CODE_DIGITS } from '../sign-in-constants';

/**
 * The embedded provider's sign-in page: phone, then the SMS code. Plain forms and no script, so
 * the CSP stays strict (server/src/static/security-headers.ts: inline styles only); the colours
 * and fonts are the product's (src/app/global.css). Works from 320 px wide.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type InteractionView =
  | { step: 'phone'; action: string; phone?: string; error?: string }
  | {
      step: 'code';
      action: string;
      resendAction: string;
      changeUrl: string;
      phone: string;
      error?: string;
      notice?: string;
    }
  | { step: 'expired'; restartUrl: string };

const STYLE = `
:root{--accent:#c8361a;--muted:#6b6b6b}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f5f5f5;color:#222;font-size:16px;line-height:1.5;
font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif}
.hero{background:linear-gradient(160deg,#ff4d2e 0%,#c8361a 100%);color:#fff;padding:40px 20px 64px;text-align:center}
.hero h1{margin:0;font-size:24px;font-weight:600;letter-spacing:1px}
.hero p{margin:6px 0 0;font-size:14px;opacity:.92}
.card{position:relative;margin:-40px 16px 24px;max-width:420px;background:#fff;border-radius:12px;
padding:24px 20px;box-shadow:0 6px 20px rgba(200,54,26,.12)}
@media (min-width:452px){.card{margin-left:auto;margin-right:auto}}
label{display:block;font-size:14px;color:#444;margin:0 0 6px}
.field{display:flex;align-items:center;border:1px solid #ddd;border-radius:8px;padding:0 12px;height:48px;background:#fafafa}
.field:focus-within{border-color:var(--accent);background:#fff;outline:2px solid rgba(200,54,26,.2)}
.field span{color:var(--muted);font-size:15px;padding-right:10px;margin-right:10px;border-right:1px solid #e5e5e5}
input{flex:1;min-width:0;border:0;background:transparent;font:inherit;font-size:17px;height:46px;color:#222;outline:none}
input.code{letter-spacing:6px}
input.code::placeholder{letter-spacing:0}
button{display:block;width:100%;height:48px;margin-top:20px;border:0;border-radius:24px;background:var(--accent);
color:#fff;font:inherit;font-size:17px;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #222;outline-offset:2px}
.link{margin-top:12px;background:transparent;color:var(--accent);height:auto;font-size:14px;font-weight:400;border-radius:0}
.sent{margin:0 0 16px;font-size:14px;color:#444}
.sent strong{color:#222;letter-spacing:.5px}
.alert{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fdeeea;color:#a12a12;font-size:14px}
.note{margin:16px 0 0;color:var(--muted);font-size:12px;text-align:center}
.row{display:flex;justify-content:space-between;align-items:baseline;gap:12px}
.row form{flex:1}
.row .link{margin-top:12px;width:auto;text-align:left;padding:0;font-size:14px}
.row a.link{display:block;text-decoration:none}
a{color:var(--accent)}
@media (max-width:359px){.hero{padding:32px 12px 56px}.card{margin:-40px 8px 16px;padding:20px 14px}.hero h1{font-size:21px}}
`;

function page(body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>手机号登录</title><style>${STYLE}</style></head>
<body><header class="hero"><h1>手机号登录</h1><p>未注册的手机号验证后将自动创建账号</p></header>
<main class="card">${body}</main></body></html>`;
}

const alert = (text: string | undefined) =>
  text ? `<p class="alert" role="alert">${escapeHtml(text)}</p>` : '';

/** A sign-in that cannot go on: what happened, and a link to start again. */
export function messagePage(text: string, restartUrl: string): string {
  return page(`<p class="alert" role="alert">${escapeHtml(text)}</p>
<a href="${escapeHtml(restartUrl)}">重新登录</a>`);
}

export function interactionPage(view: InteractionView): string {
  if (view.step === 'expired') return messagePage('登录已超时，请重新登录。', view.restartUrl);
  if (view.step === 'phone') {
    return page(`${alert(view.error)}<form method="post" action="${escapeHtml(view.action)}">
<label for="phone">手机号</label>
<div class="field"><span aria-hidden="true">+86</span><input id="phone" name="phone" type="tel"
 inputmode="numeric" autocomplete="tel-national" maxlength="11" pattern="1[3-9][0-9]{9}" required
 placeholder="请输入11位手机号" value="${escapeHtml(view.phone ?? '')}"></div>
<button type="submit">获取验证码</button></form>
<p class="note">登录即表示同意用户协议与隐私政策</p>`);
  }
  const phone = escapeHtml(view.phone);
  return page(`${alert(view.error)}${
    view.notice ? `<p class="sent" role="status">${escapeHtml(view.notice)}</p>` : ''
  }<p class="sent">验证码已发送至 <strong>${escapeHtml(maskPhone(view.phone))}</strong></p>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="phone" value="${phone}">
<label for="code">短信验证码</label>
<div class="field"><input id="code" class="code" name="code" type="text" inputmode="numeric"
 autocomplete="one-time-code" maxlength="${SMS_CODE_DIGITS}" pattern="[0-9]{${SMS_CODE_DIGITS}}" required
 placeholder="${SMS_CODE_DIGITS}位数字" autofocus></div>
<button type="submit">登录</button></form>
<div class="row"><form method="post" action="${escapeHtml(view.resendAction)}">
<input type="hidden" name="phone" value="${phone}"><button class="link" type="submit">重新发送验证码</button></form>
<a class="link" href="${escapeHtml(view.changeUrl)}">更换手机号</a></div>`);
}
