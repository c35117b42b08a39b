/**
 * One API call's contract (issue 31): its method, path, the §7 success code, whether it changes
 * state, and the zod schemas of what it takes and what it answers (the envelope's `result`).
 * Shared by the reference server (routes are typed and validated from it), the build (the
 * client's compact call table, src/build/api-table.ts), the catalogue (src/services/api/catalogue.ts)
 * and the client's types (`import type` only: the phone never downloads zod, decision 0008).
 * No React, no Fastify here.
 */
import type { z } from 'zod';
import { API_SUCCESS_CODE } from '../spec/constants';

export type ApiMethod = 'GET' | 'POST';

/** What a call takes: its parameters as one zod object (extra common parameters allowed, §3). */
export type InputSchema = z.ZodObject;

export interface ApiContract<I extends InputSchema = InputSchema, O extends z.ZodType = z.ZodType> {
  readonly method: ApiMethod;
  /** Full path; `{token}` is a path parameter filled from the params. */
  readonly path: string;
  /** spec §7: 1 for the activity-info and WeChat-signature calls (§4), else 0. */
  readonly successCode: number;
  /** Changes state: the client sends an idempotency key with it. */
  readonly mutation: boolean;
  /** The parameter names spec §7 shows (most calls' are not shown). */
  readonly params: readonly string[];
  /** A call of ours that spec §7 does not name (../shared/BREADTH.md point 4). */
  readonly ours: boolean;
  readonly input: I;
  /** The envelope's `result` when the call succeeds (its `value` when `carrier` is 'value'). */
  readonly output: O;
  /**
   * Where the answer travels: `result` (spec §7's envelope), or `value` for the two lookups
   * whose spec shape is `{ code, value, error, msg }` (holiday, app-store URL).
   */
  readonly carrier: 'result' | 'value';
}

interface Options<I extends InputSchema, O extends z.ZodType> {
  input: I;
  output: O;
  mutation?: boolean;
  successCode?: number;
  params?: readonly string[];
  ours?: boolean;
  carrier?: 'result' | 'value';
}

function make<I extends InputSchema, O extends z.ZodType>(
  method: ApiMethod,
  path: string,
  options: Options<I, O>,
): ApiContract<I, O> {
  return Object.freeze({
    method,
    path,
    successCode: options.successCode ?? API_SUCCESS_CODE,
    mutation: options.mutation ?? false,
    params: Object.freeze([...(options.params ?? [])]),
    ours: options.ours ?? false,
    input: options.input,
    output: options.output,
    carrier: options.carrier ?? 'result',
  });
}

export const get = <I extends InputSchema, O extends z.ZodType>(
  path: string,
  options: Options<I, O>,
) => make('GET', path, options);

export const post = <I extends InputSchema, O extends z.ZodType>(
  path: string,
  options: Options<I, O>,
) => make('POST', path, options);

/** A family's contracts by qualified name (`<module>.<call>`, GET twins end in `.get`). */
export type ContractMap = Readonly<Record<string, ApiContract>>;
