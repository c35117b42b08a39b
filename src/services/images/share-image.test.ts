import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE_SCALE, shareImageRenderOptions } from './share-image';

describe('share image options (spec §9)', () => {
  it('renders at the spec scale factor', () => {
    expect(SHARE_IMAGE_SCALE).toBe(2);
    expect(shareImageRenderOptions()).toEqual({ scale: 2, useCORS: true, backgroundColor: null });
    expect(shareImageRenderOptions('#fff').backgroundColor).toBe('#fff');
  });
});
