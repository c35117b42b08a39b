import type { LeadFormField } from './schema';

/** A mainland mobile number, as the server checks it (server/src/domain/users.ts). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** What the visitor typed, by field name. */
export type LeadValues = Record<string, string>;
export type LeadErrors = Record<string, string | undefined>;

/** Spaces and dashes people type in phone numbers ("138 0013 8000") are not part of it. */
export const normalizePhone = (value: string) => value.replace(/[\s-]/g, '');

/** The value as it is sent: trimmed; a phone without separators. */
export function normalizeValue(field: LeadFormField, value: string): string {
  return field.kind === 'phone' ? normalizePhone(value) : value.trim();
}

const length = (value: string) => [...value].length;

/**
 * The first problem with one field's value, in Chinese, or undefined. `usesAccountPhone`: the
 * visitor keeps the masked account phone, which the server reads itself.
 */
export function validateField(
  field: LeadFormField,
  raw: string,
  usesAccountPhone = false,
): string | undefined {
  if (field.kind === 'phone' && usesAccountPhone) return undefined;
  const value = normalizeValue(field, raw);
  if (value === '') {
    if (!field.required) return undefined;
    return field.kind === 'select' ? `请选择${field.label}` : `请填写${field.label}`;
  }
  if (field.kind === 'phone' && !/^\d{11}$/.test(value)) return '请填写11位手机号';
  if (field.kind === 'phone' && !PHONE_PATTERN.test(value)) return '手机号格式不正确';
  if (field.kind === 'select' && !field.options?.some((option) => option.value === value))
    return `请选择${field.label}`;
  if (field.minLength !== undefined && length(value) < field.minLength)
    return `${field.label}至少${field.minLength}个字`;
  if (field.maxLength !== undefined && length(value) > field.maxLength)
    return `${field.label}最多${field.maxLength}个字`;
  if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`, 'u').test(value))
    return field.patternMessage ?? `请填写正确的${field.label}`;
  return undefined;
}

export function validateLead(
  fields: readonly LeadFormField[],
  values: LeadValues,
  accountPhoneKept: (field: LeadFormField) => boolean,
): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of fields) {
    const error = validateField(field, values[field.name] ?? '', accountPhoneKept(field));
    if (error) errors[field.name] = error;
  }
  return errors;
}
