/**
 * The one list of widgets (STYLE.md pattern 3), written by `npm run generate` from the folders of
 * widgets/ (widgets.generated.ts). The document schema, the JSON Schema file, the reference docs
 * and the client registry (widgets/client.ts, checked against WidgetType) derive from it.
 * Build-time only: it imports zod schemas, never components.
 */
import { widgetDefinitions } from './widgets.generated';

export { widgetDefinitions };

export type WidgetType = (typeof widgetDefinitions)[number]['type'];
