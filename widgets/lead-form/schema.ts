import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { isKnownApiName } from '../../src/services/api/catalogue';
import { leadFormMeta } from './meta';

const apiName = z
  .string()
  .min(1)
  .refine(isKnownApiName, 'not a call of src/services/api/catalogue.ts');

const paramName = z.string().regex(/^[A-Za-z_]\w{0,31}$/, 'a parameter name (letters, digits, _)');

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

/** A pattern the form can compile; anchored when used (validate.ts), so `\d{6}` means the whole value. */
const pattern = z
  .string()
  .min(1)
  .max(200)
  .refine((source) => {
    try {
      new RegExp(source, 'u');
      return true;
    } catch {
      return false;
    }
  }, 'not a valid regular expression');

export const leadFormField = z
  .strictObject({
    name: paramName.describe('The parameter the value is sent as (e.g. "name", "phone", "city").'),
    label: z.string().min(1).max(20).describe('The visible label (Chinese).'),
    kind: z
      .enum(['text', 'phone', 'select', 'textarea'])
      .default('text')
      .describe(
        '"phone": an 11-digit mainland mobile number (spaces and dashes ignored), prefilled with the masked account phone unless accountPhone is false; "select": one of options; "textarea": several lines.',
      ),
    required: z.boolean().default(true).describe('Empty is refused with 请填写/请选择 + label.'),
    placeholder: z.string().max(40).optional(),
    minLength: z.number().int().min(1).max(500).optional(),
    maxLength: z.number().int().min(1).max(500).optional().describe('Characters (text, textarea).'),
    pattern: pattern.optional().describe('A regular expression the whole value must match.'),
    patternMessage: z
      .string()
      .min(1)
      .max(40)
      .optional()
      .describe('Shown when the pattern does not match (default: 请填写正确的 + label).'),
    options: z
      .array(z.strictObject({ value: z.string().min(1).max(64), label: z.string().min(1).max(30) }))
      .min(1)
      .max(50)
      .optional()
      .describe('The choices of a select field.'),
    accountPhone: z
      .boolean()
      .default(true)
      .describe(
        'Phone fields: offer the masked account phone (user.getUserPhone); keeping it sends accountPhoneParam instead of the number.',
      ),
  })
  .refine((field) => field.kind !== 'select' || (field.options?.length ?? 0) > 0, {
    message: 'a select field needs options',
    path: ['options'],
  })
  .refine(
    (field) =>
      field.minLength === undefined ||
      field.maxLength === undefined ||
      field.minLength <= field.maxLength,
    { message: 'minLength must not exceed maxLength', path: ['minLength'] },
  );

export const leadFormProps = z
  .strictObject({
    title: z.string().max(20).default('').describe('Heading; empty hides it.'),
    description: z.string().max(120).optional().describe('A line under the heading.'),
    fields: z
      .array(leadFormField)
      .min(1)
      .max(12)
      .describe('The form fields, top to bottom; names are unique.'),
    submitCall: apiName
      .default('leads.save')
      .describe(
        'The call that receives the values (by field name), the activityCode and params, e.g. leads.save or tongchengActivity.saveTongchengUserDraw.',
      ),
    activityCode: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("Sent with the values; defaults to the page's activity."),
    params: z
      .record(paramName, z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe('Extra parameters sent with the submit call.'),
    accountPhoneParam: paramName
      .default('useAccountPhone')
      .describe(
        'Sent as true (in place of the phone field) when the visitor keeps the masked account phone.',
      ),
    refresh: z
      .array(apiName)
      .max(10)
      .default([])
      .describe(
        "Calls re-read after a successful submit, wherever on the page they were loaded; the page's data sources are re-read too.",
      ),
    keepInput: z
      .boolean()
      .default(true)
      .describe(
        'Keeps what was typed in this tab (session storage) across a failed submit and a reload; cleared on success.',
      ),
    submitText: copy('提交', 'The submit button.', 20),
    retryText: copy('重新提交', 'The submit button after a failure.', 20),
    successText: copy('提交成功', 'Shown and announced after a successful submit.'),
    failureText: copy('提交失败，请稍后再试', 'Shown when the call fails without a known reason.'),
    loginText: copy('登录后填写', 'Prompt for visitors who are not logged in.'),
    loginButtonText: copy('立即登录', 'The login button.', 20),
    accentColor: cssColor.optional().describe('Colour of the submit button.'),
  })
  .refine(
    (props) => new Set(props.fields.map((field) => field.name)).size === props.fields.length,
    { message: 'field names must be unique', path: ['fields'] },
  );

export const leadFormWidget = defineWidget({
  type: 'lead-form',
  description:
    'A general form (text, phone, select, textarea fields with Chinese validation messages; a phone field offers the masked account phone) submitted to a catalogue call such as leads.save, runs on.submitted after success and keeps typed input in the tab across a failed submit or a reload.',
  props: leadFormProps,
  meta: leadFormMeta,
  apiCalls: () => ['user.getUserPhone'],
  events: ['submitted'],
  requiresLogin: true,
});

export type LeadFormProps = z.output<typeof leadFormProps>;
export type LeadFormField = z.output<typeof leadFormField>;
