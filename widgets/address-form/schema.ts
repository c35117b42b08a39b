import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { isKnownApiName } from '../../src/services/api/catalogue';
import { addressFormMeta } from './meta';

const apiName = z
  .string()
  .min(1)
  .refine(isKnownApiName, 'not a call of src/services/api/catalogue.ts');

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(40).default(fallback).describe(description);

export const addressFormProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Sent with the address; defaults to the page's activity."),
  title: z.string().max(20).default('填写收货地址').describe('Heading; empty hides it.'),
  submitCall: apiName
    .default('user.insertOrUpdateUserData')
    .describe(
      'The call that saves the address; gets activityCode, name, phone, region and address (the detail line).',
    ),
  loadCall: apiName
    .optional()
    .describe(
      'A call answering a saved address to fill the form with (e.g. "user.getUserDataByMiidSid").',
    ),
  params: z
    .record(z.string().regex(/^[A-Za-z_]\w{0,31}$/), z.union([z.string(), z.number()]))
    .optional()
    .describe('Extra parameters sent with the save call (e.g. a prize record id).'),
  refreshCalls: z
    .array(apiName)
    .default([
      'generalActivity.myPrize',
      'generalActivity.showPrizeListHistory',
      'generalActivity.unpaidPrizeCount',
      'generalActivity.getPrizeStatus',
      'generalActivity.getPrizeStatusV2',
    ])
    .describe(
      "Calls whose cached answers are read again after saving (the prizes waiting for an address are then to ship), besides the pages' data.",
    ),
  submitText: copy('保存地址', 'The submit button.'),
  savedText: copy('地址已保存', 'Announced after saving.'),
  regionPlaceholder: copy('省 / 市 / 区', 'Placeholder of the region field.'),
  detailPlaceholder: copy('街道、楼栋、门牌号', 'Placeholder of the detail field.'),
  loginText: copy('登录后填写收货地址', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  accentColor: cssColor.optional().describe('Colour of the submit button.'),
});

export const addressFormWidget = defineWidget({
  type: 'address-form',
  description:
    'A delivery address form (name, mainland mobile number, region, detail) with Chinese validation messages; saved through a configurable api call such as user.insertOrUpdateUserData.',
  props: addressFormProps,
  meta: addressFormMeta,
  events: ['saved'],
  requiresLogin: true,
});

export type AddressFormProps = z.output<typeof addressFormProps>;
