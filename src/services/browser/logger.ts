import type { Logger } from '../types';

/** One record handed to the error-reporting / analytics transport. */
export type LogRecord =
  | { kind: 'error'; error: unknown; context?: Record<string, unknown> }
  | { kind: 'track'; event: string; data?: Record<string, unknown> }
  | { kind: 'info'; message: string; data?: Record<string, unknown> };

export interface BrowserLoggerOptions {
  /** Where messages are echoed for developers; defaults to the global console. */
  console?: Pick<Console, 'error' | 'info'>;
  /**
   * The error-reporting service's transport (e.g. a sendBeacon to the collector). Optional: the
   * spec does not name the service, so the lead wires one when it exists. Never throws outward.
   */
  send?: (record: LogRecord) => void;
}

/** The real Logger: echoes to the console and forwards every record to `send`. */
export function createBrowserLogger(options: BrowserLoggerOptions = {}): Logger {
  const out = options.console ?? globalThis.console;
  const forward = (record: LogRecord) => {
    try {
      options.send?.(record);
    } catch {
      // A broken reporter must never break the page that is reporting.
    }
  };
  return {
    report(error, context) {
      out.error(error, context ?? {});
      forward(context ? { kind: 'error', error, context } : { kind: 'error', error });
    },
    track(event, data) {
      forward(data ? { kind: 'track', event, data } : { kind: 'track', event });
    },
    info(message, data) {
      out.info(message, data ?? {});
      forward(data ? { kind: 'info', message, data } : { kind: 'info', message });
    },
  };
}
