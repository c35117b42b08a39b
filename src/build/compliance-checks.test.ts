import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProject } from './campaign-context';

/** BREADTH.md "Rules every family keeps", docs/decisions/0017: the validator refuses a page
 * promoting a loan, credit card, installment or fund product without the risk notice. */
const loan = { id: 'l1', kind: 'loan', name: '随借随还' };
const notice = { type: 'risk-notice', props: {} };
const products = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'product-list',
  props: { items, ...extra },
});

function compile(body: unknown[], dialogs?: unknown[]) {
  const dir = mkdtempSync(join(tmpdir(), 'compliance-'));
  writeFileSync(
    join(dir, 'page.json'),
    JSON.stringify({ version: 2, title: '测试', body, ...(dialogs ? { dialogs } : {}) }),
  );
  return openProject(dir).compile('page.json').diagnostics;
}

const codes = (body: unknown[], dialogs?: unknown[]) => compile(body, dialogs).map((d) => d.code);

describe('compliance: the risk notice on pages promoting regulated products', () => {
  it('refuses a loan product without the notice, at the product, with what to do', () => {
    const diagnostics = compile([products([loan])]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.code).toBe('missing-risk-notice');
    expect(diagnostics[0]?.path).toBe('body[0]');
    expect(diagnostics[0]?.message).toContain('risk-notice');
  });

  it('accepts it with the notice anywhere in the body, also inside a container', () => {
    expect(codes([products([loan]), notice])).toEqual([]);
    expect(codes([products([loan]), { type: 'container', props: {}, children: [notice] }])).toEqual(
      [],
    );
  });

  it('counts each regulated kind, and the kinds a call declares', () => {
    for (const kind of ['credit-card', 'installment', 'fund']) {
      expect(codes([products([{ ...loan, kind }])])).toEqual(['missing-risk-notice']);
    }
    const fromCall = products([], {
      call: { name: 'configActivity.youpinGoods' },
      kinds: ['fund'],
    });
    expect(codes([fromCall])).toEqual(['missing-risk-notice']);
  });

  it('does not ask for it on pages of deposits, wealth or bank cards only', () => {
    expect(
      codes([
        products([
          { ...loan, kind: 'wealth' },
          { ...loan, id: 'c', kind: 'bank-card' },
        ]),
      ]),
    ).toEqual([]);
  });

  it('does not count a notice some visitors never see (when, a dialog, a closed tab)', () => {
    expect(codes([products([loan]), { ...notice, when: { loggedIn: true } }])).toEqual([
      'missing-risk-notice',
    ]);
    expect(codes([products([loan])], [{ id: 'd', body: [notice] }])).toEqual([
      'missing-risk-notice',
    ]);
    const tabs = {
      type: 'tabs',
      props: { tabs: [{ title: 'a' }, { title: 'b' }] },
      children: [products([loan]), notice],
    };
    expect(codes([tabs])).toEqual(['missing-risk-notice']);
  });

  it('checks products in dialogs too', () => {
    expect(codes([], [{ id: 'd', body: [products([loan])] }])).toEqual(['missing-risk-notice']);
  });
});
