import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, urlProp } from '../../src/engine/document/prop-types';
import { containerMeta } from './meta';

export const containerProps = z.strictObject({
  direction: z.enum(['column', 'row']).default('column'),
  gap: z.number().min(0).max(64).default(0).describe('Space between children, px.'),
  padding: z.number().min(0).max(64).default(0).describe('Inner space, px.'),
  align: z.enum(['start', 'center', 'end', 'stretch']).default('stretch'),
  background: cssColor.optional(),
  backgroundImage: urlProp('image').optional(),
  radius: z.number().min(0).max(48).default(0).describe('Corner radius, px.'),
});

export const containerWidget = defineWidget({
  type: 'container',
  description: 'Lays out child nodes in a column or a row, with spacing and a background.',
  props: containerProps,
  meta: containerMeta,
});

export type ContainerProps = z.output<typeof containerProps>;
