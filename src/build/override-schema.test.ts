import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../../widgets/index';
import { actionTypes } from '../engine/actions/action-schema';
import { objectKeys } from './schema-at';
import { buildOverrideSchema, type TemplateShape } from './override-schema';
import { projectGeneratedFiles } from './project-artifacts';

/** Issue 11 point 2: what the editor schema offers a page that extends a template. */

type Json = Record<string, unknown>;

const files = projectGeneratedFiles();
const full = JSON.parse(files.get('schemas/campaign.schema.json') ?? '{}') as Json;
const override = JSON.parse(files.get('schemas/campaign-override.schema.json') ?? '{}') as Json;
const ajv = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
const validate = ajv.compile(override);

/** A page of the Tongcheng family (campaigns/_templates/tongcheng.json: banner, claim, rules). */
const season = (extra: Json = {}): Json => ({
  $schema: '../schemas/campaign-override.schema.json',
  version: 2,
  extends: '_templates/tongcheng',
  title: '四月出行季',
  ...extra,
});

const verdict = (doc: Json) => {
  const ok = validate(doc);
  return { ok, errors: JSON.stringify(validate.errors) };
};
const accepts = (doc: Json) => expect(verdict(doc).ok, verdict(doc).errors).toBe(true);
const refuses = (doc: Json) => expect(verdict(doc).ok).toBe(false);

const defs = override.$defs as Record<string, Json>;
const propsOf = (def: Json | undefined) =>
  Object.keys(((def?.properties as Json | undefined)?.props as Json | undefined)?.properties ?? {});

describe('override schema: a block of the template gets exactly its own settings', () => {
  it('accepts the seasonal override the guide teaches', () => {
    accepts(season({ body: [{ id: 'claim', props: { label: '领取四月出行券' } }] }));
  });

  it("refuses another widget's setting on a template block (it offered 149 props of every widget)", () => {
    // claim is a button: images belong to image-list.
    refuses(season({ body: [{ id: 'claim', props: { images: [] } }] }));
    refuses(season({ body: [{ id: 'claim', props: { colr: 'red' } }] }));
    accepts(season({ body: [{ id: 'banner', props: { images: [] } }] }));
  });

  it("offers a template block the settings of its widget, and the block's ids with their widgets", () => {
    const button = widgetDefinitions.find((widget) => widget.type === 'button');
    expect(propsOf(defs['OverrideNode-button']).sort()).toEqual(objectKeys(button?.props).sort());
    const layer = JSON.stringify(override.allOf);
    expect(layer).toContain('"const":"claim","description":"button in the template: ');
    expect(layer).toContain('"$ref":"#/$defs/OverrideNode-button"');
  });

  it('offers id and extends (with the known templates) on an override', () => {
    const properties = override.properties as Json;
    expect(Object.keys((defs.OverrideNode?.properties as Json | undefined) ?? {})).toContain('id');
    expect((properties.extends as Json).examples).toContain('_templates/tongcheng');
    expect(override.required).toEqual(['version', 'extends']);
  });

  it('does not flag null, which removes a setting, except where the widget requires the setting', () => {
    accepts(season({ share: null, body: [{ id: 'claim', props: { color: null }, when: null }] }));
    refuses(season({ body: [{ id: 'claim', props: { label: null } }] }));
    refuses(season({ title: null }));
  });

  it('wants a new block complete: it is added as written', () => {
    accepts(season({ body: [{ id: 'more', type: 'button', props: { label: '更多' } }] }));
    refuses(season({ body: [{ id: 'more', type: 'button', props: {} }] }));
    refuses(season({ body: [{ id: 'more', props: { label: '更多' } }] }));
  });

  it('wants every block complete when one has no id (the list then replaces the template’s)', () => {
    refuses(
      season({
        body: [
          { id: 'claim', props: { label: 'x' } },
          { type: 'button', props: {} },
        ],
      }),
    );
    accepts(season({ body: [{ type: 'button', props: { label: 'x' } }] }));
  });

  it("for a template it does not know, offers a block's settings by its type", () => {
    const unknown = { ...season(), extends: '_templates/unknown' };
    accepts({ ...unknown, body: [{ id: 'x', props: { anything: 1 } }] });
    accepts({ ...unknown, body: [{ id: 'x', type: 'button', props: { color: null } }] });
    refuses({ ...unknown, body: [{ id: 'x', type: 'button', props: { label: null } }] });
    refuses({ ...unknown, body: [{ id: 'x', type: 'button', props: { colr: 'red' } }] });
  });

  it('keeps lists inside settings whole: they replace the template’s, so their items are complete', () => {
    refuses(season({ body: [{ id: 'banner', props: { images: [{ src: '/a.png' }] } }] }));
    accepts(
      season({
        body: [{ id: 'banner', props: { images: [{ src: '/a.png', width: 1, height: 1 }] } }],
      }),
    );
  });
});

describe('every action and widget type is offered with its description', () => {
  /** The `anyOf` of constants a union lists at its own level (what an editor completes). */
  const offered = (union: Json | undefined) =>
    (((union?.properties as Json | undefined)?.type as Json | undefined)?.anyOf ?? []) as {
      const: string;
      description?: string;
    }[];
  const actionUnion = Object.values(full.$defs as Record<string, Json>).find((def) =>
    JSON.stringify(def).includes('"const":"setState"'),
  );

  it('widget types: all of them, each with its description', () => {
    const types = offered((full.$defs as Record<string, Json>).Node);
    expect(types.map((t) => t.const)).toEqual(widgetDefinitions.map((widget) => widget.type));
    for (const widget of widgetDefinitions)
      expect(types.find((t) => t.const === widget.type)?.description).toBe(widget.description);
    expect(offered(defs.OverrideNode).map((t) => t.const)).toEqual(
      widgetDefinitions.map((widget) => widget.type),
    );
  });

  it('action types: all 13, each with its description (3 were offered)', () => {
    const types = offered(actionUnion);
    expect(types.map((t) => t.const)).toEqual([...actionTypes]);
    expect(types.every((t) => typeof t.description === 'string' && t.description.length > 0)).toBe(
      true,
    );
  });

  it('still reports the one real error of a node through the discriminator', () => {
    const validateFull = new Ajv2020({ strict: false, discriminator: true }).compile(full);
    validateFull({
      version: 2,
      title: 't',
      body: [{ type: 'button', props: { label: 'x', colr: 'r' } }],
    });
    expect(validateFull.errors?.[0]).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'colr' },
    });
  });
});

describe('override schema: dialogs and children of a template', () => {
  const template: TemplateShape = {
    name: '_templates/family',
    body: [
      { type: 'container', id: 'box', children: [{ type: 'button', id: 'go' }] },
      { type: 'rich-text', id: 'intro' },
    ],
    dialogs: [{ id: 'rules', body: [{ type: 'rich-text', id: 'text' }] }],
  };
  const check = new Ajv2020({ strict: false, discriminator: true }).compile(
    buildOverrideSchema(full, [template]),
  );
  const doc = (extra: Json) => ({ version: 2, extends: '_templates/family', ...extra });

  it("merges a template block's children by id: each gets its own widget's settings", () => {
    expect(
      check(doc({ body: [{ id: 'box', children: [{ id: 'go', props: { label: 'y' } }] }] })),
    ).toBe(true);
    expect(
      check(doc({ body: [{ id: 'box', children: [{ id: 'go', props: { content: [] } }] }] })),
    ).toBe(false);
  });

  it('merges a template dialog by id; a new dialog is complete', () => {
    expect(
      check(
        doc({ dialogs: [{ id: 'rules', body: [{ id: 'text', props: { content: ['新规则'] } }] }] }),
      ),
    ).toBe(true);
    expect(
      check(doc({ dialogs: [{ id: 'rules', body: [{ id: 'text', props: { label: 'x' } }] }] })),
    ).toBe(false);
    expect(check(doc({ dialogs: [{ id: 'rules', title: null }] }))).toBe(true);
    expect(check(doc({ dialogs: [{ id: 'more' }] }))).toBe(false);
  });
});
