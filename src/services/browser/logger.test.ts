import { describe, expect, it, vi } from 'vitest';
import { createBrowserLogger, type LogRecord } from './logger';

describe('logger', () => {
  it('forwards every record and survives a throwing transport', () => {
    const records: LogRecord[] = [];
    const console = { error: vi.fn(), info: vi.fn() };
    const logger = createBrowserLogger({ console, send: (r) => void records.push(r) });
    logger.report(new Error('x'), { url: '/u' });
    logger.track('click', { id: 1 });
    logger.info('hello');
    expect(records.map((r) => r.kind)).toEqual(['error', 'track', 'info']);
    expect(console.error).toHaveBeenCalledTimes(1);
    const broken = createBrowserLogger({
      console,
      send: () => {
        throw new Error('down');
      },
    });
    expect(() => broken.report('boom')).not.toThrow();
  });
});
