import { describe, expect, it, vi } from 'vitest';
import { holdEarlyTaps } from './early-taps';

describe('taps before the page has hydrated (decision 0026)', () => {
  it('holds them, then replays the last one on the element now at that place', () => {
    const root = document.createElement('div');
    root.innerHTML = '<section><button>a</button><button>b</button></section>';
    document.body.append(root);
    const taps = holdEarlyTaps(root);
    const early = vi.fn();
    root.addEventListener('click', early);
    root.querySelectorAll('button')[0]!.click();
    root.querySelectorAll('button')[1]!.click();
    expect(early).not.toHaveBeenCalled();
    // Hydration replaced the markup with elements that have handlers.
    root.innerHTML = '<section><button>a</button><button>b</button></section>';
    const second = vi.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', second);
    taps.release();
    expect(second).toHaveBeenCalledTimes(1);
    // Released: taps go through as usual.
    root.querySelectorAll('button')[1]!.click();
    expect(second).toHaveBeenCalledTimes(2);
    root.remove();
  });

  it('replays nothing when no tap came, or its element is gone', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p><a href="#x">x</a></p>';
    const taps = holdEarlyTaps(root);
    root.querySelector('a')!.click();
    root.innerHTML = '';
    expect(() => taps.release()).not.toThrow();
    expect(() => holdEarlyTaps(root).release()).not.toThrow();
  });

  it("replays a tap the page's loader held before the entry ran (decision 0029)", () => {
    const root = document.createElement('div');
    root.innerHTML = '<section><button>a</button><button>b</button></section>';
    const heldByLoader = root.querySelectorAll('button')[1]!;
    const taps = holdEarlyTaps(root, heldByLoader);
    root.innerHTML = '<section><button>a</button><button>b</button></section>';
    const replayed = vi.fn();
    root.querySelectorAll('button')[1]!.addEventListener('click', replayed);
    taps.release();
    expect(replayed).toHaveBeenCalledTimes(1);
  });
});
