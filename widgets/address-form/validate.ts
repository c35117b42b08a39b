/** The address fields and their rules, with the messages a visitor sees. Pure, no React. */

export interface Address {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

export type AddressErrors = Partial<Record<keyof Address, string>>;

export const FIELD_ORDER: readonly (keyof Address)[] = ['name', 'phone', 'region', 'detail'];

/** A mainland mobile number: 11 digits starting 1, second digit 3-9. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
const NAME_CHARS = /^[\u4e00-\u9fa5A-Za-z·.\s]+$/;

export function validateAddress(raw: Address): AddressErrors {
  const value = {
    name: raw.name.trim(),
    phone: raw.phone.replace(/[\s-]/g, ''),
    region: raw.region.trim(),
    detail: raw.detail.trim(),
  };
  const errors: AddressErrors = {};
  if (!value.name) errors.name = '请填写收货人姓名';
  else if (value.name.length < 2 || value.name.length > 20) errors.name = '姓名需为2至20个字';
  else if (!NAME_CHARS.test(value.name)) errors.name = '姓名只能包含中文或字母';
  if (!value.phone) errors.phone = '请填写手机号';
  else if (!/^\d+$/.test(value.phone) || value.phone.length !== 11)
    errors.phone = '请填写11位手机号';
  else if (!MAINLAND_MOBILE.test(value.phone)) errors.phone = '手机号格式不正确';
  if (!value.region) errors.region = '请填写所在地区';
  else if (value.region.length < 2) errors.region = '请填写完整的省市区';
  if (!value.detail) errors.detail = '请填写详细地址';
  else if (value.detail.length < 5) errors.detail = '详细地址至少5个字';
  else if (value.detail.length > 100) errors.detail = '详细地址不能超过100个字';
  return errors;
}

/** The values as sent: trimmed, phone without spaces or dashes. */
export function normalizeAddress(raw: Address): Address {
  return {
    name: raw.name.trim(),
    phone: raw.phone.replace(/[\s-]/g, ''),
    region: raw.region.trim(),
    detail: raw.detail.trim(),
  };
}
