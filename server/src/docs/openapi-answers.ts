import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { serverContracts, type ServerCallName } from '../../../src/contracts';

/** spec §7: every call answers `{ code, result, error, msg }`. */
export const envelope: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['code', 'result', 'error', 'msg'],
  properties: {
    code: {
      type: 'integer',
      description: '0 success (1 for activity info, spec §4), else the HTTP status',
    },
    result: { description: 'the call’s result; null on failure' },
    error: { type: ['string', 'null'], description: 'error name, null on success' },
    msg: { type: 'string' },
    requestId: {
      type: 'string',
      description: 'ours, on failures: the request id (also the X-Request-Id header), for support',
    },
  },
};
const ENVELOPE_REF = { $ref: '#/components/schemas/Envelope' };

/** An answer in the bare envelope (failures, and calls without a typed result). */
export const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ENVELOPE_REF } },
});

/** The success answer of a call: the envelope with its contract's output in `result` (or `value`). */
export function success(name: ServerCallName, description: string) {
  const contract = serverContracts[name];
  const output = z.toJSONSchema(contract.output, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  const { $schema: _ignored, ...schema } = output;
  return {
    description,
    content: {
      'application/json': {
        schema: {
          allOf: [ENVELOPE_REF, { type: 'object', properties: { [contract.carrier]: schema } }],
        },
      },
    },
  };
}
