import { describe, expect, it } from 'vitest';
import { GroupAdmission } from './admission';

interface Item {
  id: number;
  person: string;
}

/** One turn of the event loop and the microtasks it runs. */
const turn = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A GroupAdmission whose groups wait until the test lets them finish; it records every group it ran. */
function gatedAdmission(options: {
  concurrency: number;
  maxGroup: number;
  failWhen?: (items: Item[]) => boolean;
}) {
  const groups: number[][] = [];
  let idle = 0;
  const finishers: Array<() => void> = [];
  const admission = new GroupAdmission<Item, string>({
    concurrency: options.concurrency,
    maxGroup: options.maxGroup,
    fits: (group, item) => group.every((other) => other.person !== item.person),
    onIdle: () => {
      idle += 1;
    },
    run: async (items) => {
      groups.push(items.map((item) => item.id));
      await new Promise<void>((resolve) => finishers.push(resolve));
      if (options.failWhen?.(items)) throw new Error(`failed ${items.map((item) => item.id).join(',')}`);
      return items.map((item) => `done ${item.id}`);
    },
  });
  /** Lets every group started so far finish, then lets the event loop turn (groups start on the next turn). */
  const finishAll = async () => {
    while (finishers.length > 0) finishers.shift()?.();
    await turn();
  };
  return { admission, groups, finishAll, idleCalls: () => idle };
}

describe('GroupAdmission', () => {
  it('runs the first alone and gathers those who arrive meanwhile into the next groups, in arrival order', async () => {
    const { admission, groups, finishAll, idleCalls } = gatedAdmission({ concurrency: 1, maxGroup: 3 });
    const first = admission.admit({ id: 1, person: 'p1' });
    // Nothing starts before the event loop turns; then the first starts alone.
    expect(groups).toEqual([]);
    await turn();
    expect(groups).toEqual([[1]]);
    const results = [first, ...[2, 3, 4, 5, 6].map((id) => admission.admit({ id, person: `p${id}` }))];
    expect(admission.load).toEqual({ running: 1, waiting: 5 });
    await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finishAll();
    expect(idleCalls()).toBe(0);
    await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6].map((id) => `done ${id}`));
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
    // Idle once, when the last group finished with nobody waiting.
    expect(idleCalls()).toBe(1);
  });

  it('runs at most `concurrency` groups at once', async () => {
    const { admission, groups, finishAll } = gatedAdmission({ concurrency: 2, maxGroup: 2 });
    const one = admission.admit({ id: 1, person: 'p1' });
    await turn();
    const two = admission.admit({ id: 2, person: 'p2' });
    await turn();
    const results = [one, two, ...[3, 4, 5].map((id) => admission.admit({ id, person: `p${id}` }))];
    expect(groups).toEqual([[1], [2]]);
    expect(admission.load).toEqual({ running: 2, waiting: 3 });
    await finishAll();
    expect(groups).toEqual([[1], [2], [3, 4], [5]]);
    await finishAll();
    expect(await Promise.all(results)).toHaveLength(5);
  });

  it('keeps a second submission of one person for a later group, without losing its place in line', async () => {
    const { admission, groups, finishAll } = gatedAdmission({ concurrency: 1, maxGroup: 10 });
    const first = admission.admit({ id: 1, person: 'ada' });
    await turn();
    const results = [
      first,
      admission.admit({ id: 2, person: 'bob' }),
      admission.admit({ id: 3, person: 'bob' }),
      admission.admit({ id: 4, person: 'cy' }),
      admission.admit({ id: 5, person: 'bob' }),
    ];
    for (let round = 0; round < 4; round += 1) await finishAll();
    expect(groups).toEqual([[1], [2, 4], [3], [5]]);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5].map((id) => `done ${id}`));
  });

  it('runs each item of a failed group again alone, so only the bad one fails', async () => {
    const { admission, groups, finishAll } = gatedAdmission({
      concurrency: 1,
      maxGroup: 10,
      failWhen: (items) => items.some((item) => item.id === 3),
    });
    const settled = (promise: Promise<string>) =>
      promise.then(
        (value) => value,
        (error: Error) => error.message,
      );
    const first = settled(admission.admit({ id: 1, person: 'p1' }));
    await turn();
    const results = [first, ...[2, 3, 4].map((id) => settled(admission.admit({ id, person: `p${id}` })))];
    for (let round = 0; round < 6; round += 1) await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'failed 3', 'done 4']);
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });
});
