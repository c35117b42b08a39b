import { describe, expect, it } from 'vitest';
import { createIframeLauncher, createLocationLauncher, documentHiddenReader } from './launcher';

describe('launch adapters', () => {
  it('location launcher sets href', () => {
    const target = { location: { href: 'https://a/' } };
    createLocationLauncher(target).launch('mipay://x');
    expect(target.location.href).toBe('mipay://x');
  });

  it('iframe launcher appends a hidden iframe with the URL', () => {
    createIframeLauncher(document).launch('https://m.mi.com/x');
    const frame = document.body.querySelector('iframe');
    expect(frame?.src).toBe('https://m.mi.com/x');
    expect(frame?.style.display).toBe('none');
    frame?.remove();
  });

  it('hidden reader reflects document visibility', () => {
    const doc = { hidden: true, visibilityState: 'hidden' } as unknown as Document;
    expect(documentHiddenReader(doc)()).toBe(true);
    expect(documentHiddenReader(document)()).toBe(false);
  });
});
