import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBlockingHashHistory, type BlockingHistory } from './blocking-history';

/** Where the address bar is, as the router reads it. */
const here = () => window.location.hash.replace(/^#/, '');
/** The next popstate has been handled (history.go answers later, as in a browser). */
const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
/** The next `count` popstates have been handled, those a listener itself starts by history.go included. */
const poppedTimes = (count: number) =>
  new Promise<void>((resolve) => {
    let left = count;
    const onPop = () => {
      left -= 1;
      if (left > 0) return;
      window.removeEventListener('popstate', onPop);
      resolve();
    };
    window.addEventListener('popstate', onPop);
  });

let history: BlockingHistory;
let moves: string[];
let stopListening: () => void;

beforeEach(() => {
  window.location.hash = '#/start';
  history = createBlockingHashHistory();
  moves = [];
  stopListening = history.listen(({ action, location }) => moves.push(`${action} ${location.pathname}`));
});

afterEach(() => {
  stopListening();
  window.location.hash = '';
});

describe('createBlockingHashHistory', () => {
  it('goes wherever it is sent while nothing blocks', async () => {
    history.push('/a');
    history.replace('/b');
    expect(here()).toBe('/b');
    const back = popped();
    history.go(-1);
    await back;
    expect(here()).toBe('/start');
    expect(moves).toEqual(['PUSH /a', 'REPLACE /b', 'POP /start']);
  });

  it('hands push and replace to the blocker; its retry makes them', () => {
    const blocker = vi.fn<(retry: () => void) => void>();
    const unblock = history.block(blocker);
    history.push('/a');
    history.replace('/b', { from: 'test' });
    expect(here()).toBe('/start');
    expect(moves).toEqual([]);
    expect(blocker).toHaveBeenCalledTimes(2);

    blocker.mock.calls[1]?.[0]();
    expect(here()).toBe('/b');
    expect(history.location.state).toEqual({ from: 'test' });
    expect(moves).toEqual(['REPLACE /b']);

    unblock();
    history.push('/c');
    expect(here()).toBe('/c');
    expect(blocker).toHaveBeenCalledTimes(2);
  });

  it('undoes Back and Forward while blocked without telling the router; the retry goes there after all', async () => {
    history.push('/a');
    history.push('/b');
    history.push('/c');
    moves = [];
    const blocker = vi.fn<(retry: () => void) => void>();
    history.block(blocker);
    const retry = () => blocker.mock.lastCall?.[0]();

    // Back two, then the history's own go(+2) that undoes it.
    const twoBackUndone = poppedTimes(2);
    window.history.go(-2);
    await twoBackUndone;
    expect(here()).toBe('/c');
    expect(moves).toEqual([]);
    expect(blocker).toHaveBeenCalledTimes(1);
    const retried = popped();
    retry();
    await retried;
    expect(here()).toBe('/a');
    expect(moves).toEqual(['POP /a']);

    const forwardUndone = poppedTimes(2);
    window.history.forward();
    await forwardUndone;
    expect(here()).toBe('/a');
    expect(moves).toEqual(['POP /a']);
    expect(blocker).toHaveBeenCalledTimes(2);
    const retriedForward = popped();
    retry();
    await retriedForward;
    expect(here()).toBe('/b');
    expect(moves).toEqual(['POP /a', 'POP /b']);
  });

  it('asks the newest blocker only', () => {
    const older = vi.fn();
    const newer = vi.fn();
    history.block(older);
    const unblockNewer = history.block(newer);
    history.push('/a');
    expect(newer).toHaveBeenCalledTimes(1);
    expect(older).not.toHaveBeenCalled();
    unblockNewer();
    history.push('/a');
    expect(older).toHaveBeenCalledTimes(1);
  });
});
