import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, image } from '../../src/engine/document/prop-types';
import { buttonMeta } from './meta';

export const buttonProps = z.strictObject({
  label: z.string().min(1).describe('Visible text, also the accessible name.'),
  variant: z.enum(['primary', 'secondary', 'text']).default('primary'),
  image: image.optional().describe('An image button: the label stays as its accessible name.'),
  color: cssColor.optional().describe('Background colour of a primary button.'),
  disabled: z.boolean().default(false),
  fullWidth: z.boolean().default(true),
});

export const buttonWidget = defineWidget({
  type: 'button',
  description:
    'A button that runs its `on.click` actions; locked while they run so a second tap sends nothing.',
  props: buttonProps,
  meta: buttonMeta,
  events: ['click'],
});

export type ButtonProps = z.output<typeof buttonProps>;
