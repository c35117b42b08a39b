import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { authConsentMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const authConsentProps = z.strictObject({
  title: z.string().max(20).default('营销授权').describe('Heading; empty hides it.'),
  label: copy('接收活动与优惠信息', 'Text of the switch.'),
  content: z
    .array(z.string().min(1).max(200))
    .max(6)
    .default([
      '开启后，我们会通过短信、App 推送等方式向您发送活动、权益与优惠信息。',
      '您可以随时在此关闭，关闭后不再向您发送营销信息，不影响已领取的权益。',
    ])
    .describe('What the user agrees to, one paragraph each.'),
  onText: copy('已授权', 'State shown when the switch is on.', 10),
  offText: copy('未授权', 'State shown when the switch is off.', 10),
  onToast: copy('已开启营销授权', 'Announced after turning it on.'),
  offToast: copy('已关闭营销授权', 'Announced after turning it off.'),
  loginText: copy('登录后可设置营销授权', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('授权状态加载失败', 'Shown when the state cannot be read.'),
});

export const authConsentWidget = defineWidget({
  type: 'auth-consent',
  description:
    'The marketing-authorisation switch with the text the user agrees to: read through userMarketingAuth/querySwitch, set through userMarketingAuth/updateSwitch (ours); a login prompt for visitors.',
  props: authConsentProps,
  meta: authConsentMeta,
  apiCalls: () => ['userMarketingAuth.querySwitch', 'userMarketingAuth.updateSwitch'],
  events: ['change'],
});

export type AuthConsentProps = z.output<typeof authConsentProps>;
