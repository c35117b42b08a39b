import { describe, expect, it } from 'vitest';
import { openProject } from '../../src/build/campaign-context';
import { loadActivities } from '../src/config/load-activities';

/** A campaign page that binds to an activity the server does not know would answer 400 forever. */
describe('campaign documents and server activities', () => {
  it('every activity code a page binds to has a server activity file', async () => {
    const activities = new Map(await loadActivities());
    const project = openProject();
    const missing: string[] = [];
    for (const file of project.files) {
      if (file.route === null) continue;
      const code = project.compile(file.relativePath).document?.activity?.code;
      if (code && !activities.has(code)) missing.push(`${file.relativePath}: ${code}`);
    }
    expect(missing).toEqual([]);
  });
});
