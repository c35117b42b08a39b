/**
 * The operators' review of user videos (issue 32; server/src/routes/ops-video-review.ts): a
 * submitted guide is pending until approved. Operator calls, not the phone's: answered only to a
 * bearer of OPS_TOKEN (else 404, as the other /ops pages), so they sit beside the server's probes
 * (serverContracts) and never in the phone's call table.
 */
import { z } from 'zod';
import { get, post } from './contract';
import { activityCode, answer, API, millis } from './shared';

const OPS = `${API}ops/videoGuide/`;

/** Longest reason an operator may give for a rejection (shown to the submitter). */
export const REJECT_REASON_MAX = 200;

/** Who decided: the operator's name as the review log keeps it. */
const operator = z
  .string()
  .trim()
  .min(1, 'operator: who decides (your name)')
  .max(40)
  .describe('the operator who decides (kept in the review log)');

const guideId = z.number().int().min(1).describe('the guide, from the queue');

/** The answer of a decision: the guide's new state and the recorded decision. */
const decision = answer({
  guideId: z.number().int(),
  status: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  operator: z.string(),
  decidedAt: millis,
});

export const opsVideoReviewContracts = {
  'ops.videoGuide/queue': get(`${OPS}queue`, {
    ours: true,
    input: z.object({
      activityCode: activityCode.optional().describe('only this activity; all when absent'),
      limit: z.number().int().min(1).max(100).default(50),
    }),
    // Pending guides oldest first: the operator sees the submitter's name unmasked.
    output: answer({
      pending: z.number().int(),
      list: z.array(
        answer({
          guideId: z.number().int(),
          activityCode: z.string(),
          title: z.string(),
          videoUrl: z.string(),
          coverUrl: z.string(),
          userId: z.string(),
          author: z.string(),
          submittedAt: millis,
        }),
      ),
    }),
  }),
  'ops.videoGuide/approve': post(`${OPS}approve`, {
    ours: true,
    mutation: true,
    input: z.object({ guideId, operator }),
    output: decision,
  }),
  'ops.videoGuide/reject': post(`${OPS}reject`, {
    ours: true,
    mutation: true,
    input: z.object({
      guideId,
      operator,
      reason: z
        .string()
        .trim()
        .min(1, 'reason: a rejection needs a reason (the submitter reads it)')
        .max(REJECT_REASON_MAX)
        .describe('why: shown to the submitter on their own list; required'),
    }),
    output: decision,
  }),
} as const;
