import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { widgetDefinitions } from '../../widgets/index';
import { WIDGET_URL_PROPS } from '../../widgets/url-props.generated';
import { createDocumentSchema } from '../engine/document/document-schema';
import type { FloatingPlacement } from '../engine/registry/widget-definition';
import { urlPropsIn } from '../engine/urls/bound-url-paths';
import { apiNames, isKnownApiName } from '../services/api/catalogue';
import { documentApiRoutes } from './document-api-routes';
import {
  openCampaignProject,
  type CampaignProject,
  type ProjectContextBase,
} from './campaign-project';

/** The composition root of the build side: our widgets, our API catalogue, our campaigns/. */
export const campaignDocumentSchema = createDocumentSchema(widgetDefinitions);

// Each widget's function takes its own props type; the compiler passes validated props of that type.
type InitialChildren = (props: unknown) => readonly number[];
const initialChildren = new Map<string, InitialChildren>(
  widgetDefinitions.flatMap((widget) =>
    widget.initialChildren ? [[widget.type, widget.initialChildren as InitialChildren]] : [],
  ),
);

type Parts = (props: unknown) => readonly string[];
const widgetParts = new Map<string, Parts>(
  widgetDefinitions.flatMap((widget) =>
    'parts' in widget && widget.parts ? [[widget.type, widget.parts as Parts]] : [],
  ),
);

type Compliance = NonNullable<(typeof widgetDefinitions)[number]['compliance']>;
const compliance = new Map<string, Compliance>(
  widgetDefinitions.flatMap((widget) =>
    'compliance' in widget && widget.compliance ? [[widget.type, widget.compliance]] : [],
  ),
);

type Floating = (props: unknown) => FloatingPlacement;
const floating = new Map<string, Floating>(
  widgetDefinitions.flatMap((widget) =>
    'floating' in widget && widget.floating ? [[widget.type, widget.floating as Floating]] : [],
  ),
);

export const projectContextBase: ProjectContextBase = {
  schema: campaignDocumentSchema,
  widgetTypes: widgetDefinitions.map((widget) => widget.type),
  initialChildren: (type, props) => initialChildren.get(type)?.(props),
  urlProps: urlPropsIn(WIDGET_URL_PROPS),
  compliance: (type, props) => {
    const rule = compliance.get(type) as
      { promotes?: (props: unknown) => readonly string[]; isRiskNotice?: boolean } | undefined;
    if (!rule) return undefined;
    return { promotes: rule.promotes?.(props) ?? [], isRiskNotice: rule.isRiskNotice === true };
  },
  isKnownApi: isKnownApiName,
  apiNames: [...apiNames],
  apiRoutes: documentApiRoutes,
  widgetParts: (type, props) => widgetParts.get(type)?.(props) ?? [],
  floating: (type, props) => floating.get(type)?.(props),
};

// From the module's path, not `new URL(…, import.meta.url)`: under jsdom (tests that prerender
// and hydrate a route, src/app/hydrate-page.test.tsx) the global URL is jsdom's, which
// fileURLToPath refuses.
export const defaultCampaignsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../campaigns',
);

export function openProject(campaignsDir = defaultCampaignsDir): CampaignProject {
  return openCampaignProject(campaignsDir, projectContextBase);
}
