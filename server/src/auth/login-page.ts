/** The web login page (spec §2 "Web login"): a plain form, no scripts, so the CSP stays strict. */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function loginPage(fields: {
  from: string;
  deepLinkEnable: string;
  requestUrl: string;
  error?: string;
}): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in</title>
<style>body{font:16px system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}
input,button{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;margin:.4rem 0}
.error{color:#b00020}</style></head>
<body><h1>Sign in</h1>
<p>Test sign-in: enter any mainland mobile number (11 digits starting with 1).</p>
${fields.error ? `<p class="error" role="alert">${escapeHtml(fields.error)}</p>` : ''}
<form method="post" action="/mp/api/login">
<label for="phone">Phone number</label>
<input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel" required pattern="1[3-9][0-9]{9}">
${hidden('from', fields.from)}${hidden('deepLinkEnable', fields.deepLinkEnable)}${hidden('requestUrl', fields.requestUrl)}
<button type="submit">Sign in</button>
</form></body></html>`;
}
