import { describe, expect, it } from 'vitest';
import { GroupAdmission } from './admission';

interface Item {
  id: number;
  person: string;
}

/** A GroupAdmission whose groups wait until the test lets them finish; it records every group it ran. */
function gatedAdmission(options: {
  concurrency: number;
  maxGroup: number;
  failWhen?: (items: Item[]) => boolean;
}) {
  const groups: number[][] = [];
  const finishers: Array<() => void> = [];
  const admission = new GroupAdmission<Item, string>({
    concurrency: options.concurrency,
    maxGroup: options.maxGroup,
    fits: (group, item) => group.every((other) => other.person !== item.person),
    run: async (items) => {
      groups.push(items.map((item) => item.id));
      await new Promise<void>((resolve) => finishers.push(resolve));
      if (options.failWhen?.(items)) throw new Error(`failed ${items.map((item) => item.id).join(',')}`);
      return items.map((item) => `done ${item.id}`);
    },
  });
  /** Lets every group started so far finish, then lets the microtasks run. */
  const finishAll = async () => {
    while (finishers.length > 0) finishers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { admission, groups, finishAll };
}

describe('GroupAdmission', () => {
  it('runs the first alone and gathers those who arrive meanwhile into the next groups, in arrival order', async () => {
    const { admission, groups, finishAll } = gatedAdmission({ concurrency: 1, maxGroup: 3 });
    const results = [1, 2, 3, 4, 5, 6].map((id) => admission.admit({ id, person: `p${id}` }));
    expect(groups).toEqual([[1]]);
    expect(admission.load).toEqual({ running: 1, waiting: 5 });
    await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await finishAll();
    await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6].map((id) => `done ${id}`));
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });

  it('runs at most `concurrency` groups at once', async () => {
    const { admission, groups, finishAll } = gatedAdmission({ concurrency: 2, maxGroup: 2 });
    const results = [1, 2, 3, 4, 5].map((id) => admission.admit({ id, person: `p${id}` }));
    expect(groups).toEqual([[1], [2]]);
    expect(admission.load).toEqual({ running: 2, waiting: 3 });
    await finishAll();
    expect(groups).toEqual([[1], [2], [3, 4], [5]]);
    await finishAll();
    expect(await Promise.all(results)).toHaveLength(5);
  });

  it('keeps a second submission of one person for a later group, without losing its place in line', async () => {
    const { admission, groups, finishAll } = gatedAdmission({ concurrency: 1, maxGroup: 10 });
    const results = [
      admission.admit({ id: 1, person: 'ada' }),
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
    const results = [1, 2, 3, 4].map((id) =>
      admission.admit({ id, person: `p${id}` }).then(
        (value) => value,
        (error: Error) => error.message,
      ),
    );
    for (let round = 0; round < 6; round += 1) await finishAll();
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'failed 3', 'done 4']);
    expect(admission.load).toEqual({ running: 0, waiting: 0 });
  });
});
