import { z } from 'zod';
import { actionSchema } from '../actions/action-schema';
import { conditionSchema } from '../../contracts/conditions/condition-schema';
import type { WidgetDefinition } from '../registry/widget-definition';
import { LANDING_NAMES } from '../../contracts/site/landing-alias';
import { CURRENT_DOCUMENT_VERSION } from './migrations';
import { createNodeSchema, nodeId } from './node-schema';
import { routePath, urlProp } from './prop-types';
import { queryActivitySchema } from './query-activity-schema';

const versionString = z.string().regex(/^\d+(\.\d+){0,3}$/, 'expected a version like "8.73.0"');

/** Top-level keys of a document, for the validator's did-you-mean on an override file. */
export const DOCUMENT_KEYS = [
  '$schema',
  'version',
  'extends',
  'title',
  'description',
  'layout',
  'activity',
  'activityByQuery',
  'share',
  'requirements',
  'data',
  'state',
  'onLoad',
  'body',
  'dialogs',
  'redirect',
  'landing',
] as const;

/**
 * The campaign document (current version). Older versions are migrated before this runs
 * (./migrations.ts); `extends` is resolved before this runs (./extends.ts).
 */
export function createDocumentSchema(widgets: readonly WidgetDefinition[]) {
  const node = createNodeSchema(widgets);
  return z
    .strictObject({
      $schema: z.string().optional().describe('Path of the JSON Schema, for editors.'),
      version: z
        .literal(CURRENT_DOCUMENT_VERSION)
        .describe('Document format version; older versions are migrated on load.'),
      extends: z
        .string()
        .optional()
        .describe(
          'A template under campaigns/ (e.g. "_templates/tongcheng") this document overrides.',
        ),
      title: z
        .string()
        .min(1)
        .max(64)
        .describe('The page title (browser tab, share title default).'),
      description: z.string().max(200).optional(),
      layout: z
        .strictObject({
          baseWidth: z
            .union([z.literal(375), z.literal(392), z.literal(1080)])
            .optional()
            .describe('Design width (spec §2); by default chosen from the path.'),
          maxWidth: z
            .union([z.literal(414), z.literal(420), z.literal(392)])
            .optional()
            .describe('Width cap of the page (spec §2).'),
          background: z
            .string()
            .regex(/^#[0-9a-fA-F]{3,8}$/)
            .optional(),
        })
        .optional(),
      activity: z
        .strictObject({
          code: z.string().min(1).max(64).describe('Activity code for the activity-config call.'),
          configId: z.string().max(64).optional(),
        })
        .optional()
        .describe('The back-end activity this page binds to.'),
      activityByQuery: queryActivitySchema.optional(),
      share: z
        .strictObject({
          enabled: z.boolean().default(false).describe('spec §3 route share info: isShare.'),
          title: z.string().max(64).optional(),
          description: z.string().max(200).optional(),
          imageUrl: urlProp('image').optional(),
        })
        .optional(),
      requirements: z
        .strictObject({
          login: z.boolean().default(false).describe('Visitors must log in to see the page.'),
          apps: z
            .array(z.enum(['finance', 'wallet', 'payments', 'video', 'shop']))
            .min(1)
            .optional()
            .describe('The page must be opened in one of these apps (else the open-app prompt).'),
          minVersions: z
            .strictObject({
              finance: versionString.optional(),
              wallet: versionString.optional(),
              payments: versionString.optional(),
            })
            .optional(),
        })
        .optional(),
      data: z
        .record(
          z.string().regex(/^[A-Za-z_]\w*$/),
          z.strictObject({
            call: z.string().min(1),
            params: z.record(z.string(), z.unknown()).optional(),
            when: conditionSchema.optional(),
          }),
        )
        .optional()
        .describe('Named page data loaded by API calls, readable as {{data.<name>}}.'),
      state: z.record(z.string(), z.unknown()).optional().describe('Initial page state.'),
      onLoad: z.array(actionSchema).optional().describe('Actions run once when the page opens.'),
      body: z.array(node).optional().describe('The page content, top to bottom.'),
      dialogs: z
        .array(
          z.strictObject({
            id: nodeId,
            title: z.string().optional(),
            closable: z.boolean().default(true),
            body: z.array(node).min(1),
          }),
        )
        .optional(),
      redirect: z
        .strictObject({
          to: routePath.describe('The route to go to.'),
          query: z.record(z.string(), z.string()).optional(),
          cases: z
            .array(
              z.strictObject({ when: conditionSchema, query: z.record(z.string(), z.string()) }),
            )
            .optional()
            .describe('The first case whose condition holds adds its query.'),
        })
        .optional()
        .describe('Makes this document a redirect instead of a page.'),
      landing: z
        .enum(LANDING_NAMES)
        .optional()
        .describe(
          'Makes this route the deep-link landing page outside the base path (spec §2: "dlink" is /activity/dlink, "dlink-mipay" /activity/dlink-mipay) with the visitor\'s query, which that page checks as at its own address. No body.',
        ),
    })
    .superRefine((doc, ctx) => {
      if (doc.redirect && (doc.body || doc.dialogs)) {
        ctx.addIssue({
          code: 'custom',
          path: ['redirect'],
          message: 'a redirect document has no body or dialogs',
        });
      }
      if (doc.landing && (doc.body || doc.dialogs || doc.redirect)) {
        ctx.addIssue({
          code: 'custom',
          path: ['landing'],
          message: 'a landing alias has no body, dialogs or redirect',
        });
      }
      if (doc.activityByQuery && doc.activity) {
        ctx.addIssue({
          code: 'custom',
          path: ['activityByQuery'],
          message: 'a page binds to one activity: "activity" or "activityByQuery", not both',
        });
      }
      if (doc.activityByQuery && (doc.redirect || doc.landing)) {
        ctx.addIssue({
          code: 'custom',
          path: ['activityByQuery'],
          message: 'a redirect or landing has no activity',
        });
      }
      if (!doc.redirect && !doc.landing && !doc.body) {
        ctx.addIssue({
          code: 'custom',
          path: ['body'],
          message: 'a page needs a body (or a redirect, or a landing)',
        });
      }
    });
}

export type DocumentSchema = ReturnType<typeof createDocumentSchema>;
