import { z } from 'zod';
import { actionSchema } from '../actions/action-schema';
import { conditionSchema } from '../../contracts/conditions/condition-schema';
import type { WidgetDefinition } from '../registry/widget-definition';

export const NODE_ID_PATTERN = /^[A-Za-z][\w-]{0,63}$/;

export const nodeId = z
  .string()
  .regex(NODE_ID_PATTERN, 'ids start with a letter and use letters, digits, "-" and "_"')
  .describe('Unique within the document; actions and dialogs refer to nodes by id.');

/**
 * Builds the node union from the widget list: one strict member per widget, discriminated on
 * `type`. A node may carry `on` only for the events its widget declares and `children` only when
 * its widget accepts them, so the schema itself reports both mistakes.
 */
export function createNodeSchema(widgets: readonly WidgetDefinition[]): z.ZodType {
  const members = widgets.map((widget) => {
    const events = widget.events ?? [];
    const shape: Record<string, z.ZodType> = {
      type: z.literal(widget.type),
      id: nodeId.optional(),
      props: widget.props,
      when: conditionSchema.optional().describe('Render the node only when this holds.'),
    };
    if (events.length > 0) {
      shape.on = z
        .strictObject(
          Object.fromEntries(events.map((event) => [event, z.array(actionSchema).optional()])),
        )
        .optional()
        .describe(`Actions per event: ${events.join(', ')}.`);
    }
    const member = z.strictObject(shape).describe(widget.description);
    if (!widget.meta.acceptsChildren) return member;
    return member.extend({
      get children() {
        return z.array(node).optional();
      },
    });
  });
  if (members.length === 0) throw new Error('createNodeSchema: the widget list is empty');
  const node: z.ZodType = z
    .discriminatedUnion('type', members as unknown as [z.ZodObject, ...z.ZodObject[]])
    .meta({ id: 'Node' });
  return node;
}
