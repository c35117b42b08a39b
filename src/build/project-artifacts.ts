import { fileURLToPath } from 'node:url';
import { activityConfigSchema } from '../contracts/activity-schema';
import { widgetDefinitions } from '../../widgets/index';
import { campaignDocumentSchema, openProject } from './campaign-context';
import type { CampaignProject } from './campaign-project';
import { readCampaignFile } from './campaign-project';
import { generatedFiles } from './generate-artifacts';
import { widgetListFiles } from './widget-lists';
import type { TemplateShape } from './override-schema';

const WIDGETS_DIR = fileURLToPath(new URL('../../widgets/', import.meta.url));

/** What `extends` names, as a file under campaigns/ (the compiler's rule). */
function extendedFile(reference: string): string {
  const clean = reference.replace(/^\.?\//, '');
  return clean.endsWith('.json') ? clean : `${clean}.json`;
}

/**
 * The files other documents extend, for the override schema: every template (a file that is not
 * a route, e.g. under _templates/) and every page some document extends, each as compiled. A
 * file with errors is left out (editors then get the generic override help for it).
 */
export function projectTemplates(project: CampaignProject = openProject()): TemplateShape[] {
  const extended = new Set<string>();
  for (const file of project.files) {
    if (file.route === null) extended.add(file.relativePath);
    const read = readCampaignFile(project.campaignsDir, file.relativePath);
    if (!('bytes' in read)) continue;
    try {
      const raw = JSON.parse(new TextDecoder().decode(read.bytes)) as { extends?: unknown };
      if (typeof raw.extends === 'string') extended.add(extendedFile(raw.extends));
    } catch {
      // Not JSON: the validator reports it; nothing extends through it.
    }
  }
  return [...extended].sort().flatMap((relativePath) => {
    const document = project.compile(relativePath).document;
    if (!document) return [];
    return [
      {
        name: relativePath.replace(/\.json$/, ''),
        body: document.body,
        dialogs: document.dialogs,
      },
    ];
  });
}

/** Every generated file of this project (npm run generate; the up-to-date test). */
export function projectGeneratedFiles(project?: CampaignProject): Map<string, string> {
  const files = generatedFiles(
    campaignDocumentSchema,
    widgetDefinitions,
    activityConfigSchema,
    projectTemplates(project),
  );
  for (const [path, content] of widgetListFiles(WIDGETS_DIR)) files.set(path, content);
  return files;
}
