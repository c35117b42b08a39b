import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { WEB_LOGIN_PATH } from '../../../../src/spec/constants';
import type { AppContext } from '../../app-context';
import { PHONE_PATTERN } from '../../domain/users';
import { OIDC_INTERACTION_PATH, SMS_CODE_DIGITS } from '../sign-in-constants';
import { checkCode, issueCode } from '../sms/sms-codes';
import type { SendRefusal } from '../sms/sms-codes';
import type { SmsSender } from '../sms/sms-sender';
import { interactionPage } from './interaction-page';
import type { InteractionView } from './interaction-page';

/**
 * The embedded provider's login prompt: a phone, an SMS code sent to it, the code typed back.
 * Only a right code finishes the interaction with that phone as the account; everything else
 * shows the page again with what went wrong.
 */

const uidParams = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/) });
const phoneBody = z.object({ phone: z.string().trim().max(20).default('') });
const codeBody = phoneBody.extend({ code: z.string().trim().max(20).default('') });

const minutesUntil = (at: Date, now: Date) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

function refusalText(reason: SendRefusal, retryAt: Date, now: Date): string {
  switch (reason) {
    case 'locked':
      return `验证码错误次数过多，请${minutesUntil(retryAt, now)}分钟后再试`;
    case 'too-soon':
      return `验证码已发送，请${Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))}秒后再重新获取`;
    case 'phone-daily-limit':
      return '该手机号今日获取验证码的次数已达上限，请明天再试';
    case 'ip-hourly-limit':
      return '当前网络获取验证码过于频繁，请稍后再试';
  }
}

export function registerInteractionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: Provider,
  sms: SmsSender,
  perAddressPerHour: number,
): void {
  const paths = (uid: string) => ({
    action: `${OIDC_INTERACTION_PATH}/${uid}/login`,
    resendAction: `${OIDC_INTERACTION_PATH}/${uid}/send`,
    changeUrl: `${OIDC_INTERACTION_PATH}/${uid}`,
  });

  const render = (reply: FastifyReply, status: number, view: InteractionView) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(interactionPage(view));

  /** The interaction this browser is in (its cookie), or null when it ended or expired. */
  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const found = await provider.interactionDetails(request.raw, reply.raw);
      const { uid } = uidParams.parse(request.params);
      return found.uid === uid ? found : null;
    } catch {
      return null;
    }
  };
  const expired = (reply: FastifyReply) =>
    render(reply, 400, { step: 'expired', restartUrl: WEB_LOGIN_PATH });

  app.get(`${OIDC_INTERACTION_PATH}/:uid`, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    return render(reply, 200, { step: 'phone', action: paths(interaction.uid).resendAction });
  });

  app.post(`${OIDC_INTERACTION_PATH}/:uid/send`, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const { phone } = phoneBody.parse(request.body ?? {});
    const p = paths(interaction.uid);
    if (!PHONE_PATTERN.test(phone)) {
      return render(reply, 400, {
        step: 'phone',
        action: p.resendAction,
        phone,
        error: '请输入正确的11位手机号',
      });
    }
    const now = ctx.realNow();
    const sent = await issueCode(ctx.db, {
      secret: ctx.secret,
      phone,
      clientIp: request.ip,
      now,
      perAddressPerHour,
    });
    if (!sent.ok) {
      const error = refusalText(sent.reason, sent.retryAt, now);
      // Too soon: the last code is still on its way, so the code form stays.
      if (sent.reason === 'too-soon')
        return render(reply, 429, { step: 'code', ...p, phone, error });
      return render(reply, 429, { step: 'phone', action: p.resendAction, phone, error });
    }
    try {
      await sms.send({ phone, code: sent.code, expiresAt: sent.expiresAt });
    } catch (error) {
      request.log.error({ err: error }, 'SMS sender failed');
      return render(reply, 503, {
        step: 'phone',
        action: p.resendAction,
        phone,
        error: '验证码发送失败，请稍后再试',
      });
    }
    return render(reply, 200, { step: 'code', ...p, phone });
  });

  app.post(`${OIDC_INTERACTION_PATH}/:uid/login`, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const { phone, code } = codeBody.parse(request.body ?? {});
    const p = paths(interaction.uid);
    if (!PHONE_PATTERN.test(phone)) {
      return render(reply, 400, {
        step: 'phone',
        action: p.resendAction,
        phone,
        error: '请输入正确的11位手机号',
      });
    }
    if (!new RegExp(`^\\d{${SMS_CODE_DIGITS}}$`).test(code)) {
      return render(reply, 400, {
        step: 'code',
        ...p,
        phone,
        error: `请输入${SMS_CODE_DIGITS}位数字验证码`,
      });
    }
    const now = ctx.realNow();
    const checked = await checkCode(ctx.db, { secret: ctx.secret, phone, code, now });
    if (!checked.ok) {
      switch (checked.reason) {
        case 'wrong':
          return render(reply, 400, {
            step: 'code',
            ...p,
            phone,
            error: `验证码错误，还可尝试${checked.triesLeft}次`,
          });
        case 'locked':
          return render(reply, 429, {
            step: 'phone',
            action: p.resendAction,
            phone,
            error: refusalText('locked', checked.retryAt ?? now, now),
          });
        case 'expired':
          return render(reply, 400, {
            step: 'code',
            ...p,
            phone,
            error: '验证码已过期，请重新获取',
          });
        case 'none':
          return render(reply, 400, {
            step: 'phone',
            action: p.resendAction,
            phone,
            error: '请先获取验证码',
          });
      }
    }
    const target = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: phone } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(target, 303);
  });
}
