import type { JsonClient } from './http';

// The camp the rush runs against, seeded through the admin API, and what each person asks for.

export const BENCH_YEAR = 2030;

export interface SeededOption {
  id: string;
  name: string;
  maxSignups: number;
  weight: number;
  plateFieldId: string | undefined;
  peopleFieldId: string | undefined;
}

export interface SeededJob {
  id: string;
  name: string;
  categoryId: string;
  maxRegistrations: number;
}

export interface SeededCamp {
  options: SeededOption[];
  gateJobs: SeededJob[];
  workJobs: SeededJob[];
}

async function created(client: JsonClient, token: string, path: string, body: unknown): Promise<string> {
  const response = await client.request<{ id: string; message?: unknown }>('POST', path, { token, body });
  if (response.status !== 201) {
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body.id;
}

/**
 * A camp where both kinds of limit bind for `users` people: three camping options with about 55% as many
 * places as people, one always-required Gate category and two work categories whose places run out too.
 */
export async function seedCamp(client: JsonClient, adminToken: string, users: number): Promise<SeededCamp> {
  const config = await client.request('POST', '/api/core-config', {
    token: adminToken,
    body: {
      campName: 'Rush Camp',
      registrationYear: BENCH_YEAR,
      registrationOpen: true,
      registrationTerms: '<p>Be excellent to each other.</p>',
    },
  });
  if (config.status !== 201) throw new Error(`POST /api/core-config answered ${config.status}`);

  const category = (name: string, alwaysRequired: boolean) =>
    created(client, adminToken, '/api/job-categories', { name, description: `${name} crew`, alwaysRequired });
  const gate = await category('Gate', true);
  const kitchen = await category('Kitchen', false);
  const build = await category('Build', false);

  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
  const shiftIds: string[] = [];
  for (const [index, dayOfWeek] of days.entries()) {
    for (const [startTime, endTime] of [
      ['08:00', '12:00'],
      ['14:00', '18:00'],
    ]) {
      shiftIds.push(
        await created(client, adminToken, '/api/shifts', {
          name: `${dayOfWeek.toLowerCase()} ${startTime}`,
          dayOfWeek,
          startTime,
          endTime,
          description: `Shift ${index + 1}`,
        }),
      );
    }
  }
  const scale = (share: number) => Math.max(1, Math.round(users * share));
  const jobs = async (prefix: string, categoryId: string, totalPlaces: number): Promise<SeededJob[]> => {
    const perJob = Math.max(1, Math.round(totalPlaces / shiftIds.length));
    const list: SeededJob[] = [];
    for (const [index, shiftId] of shiftIds.entries()) {
      const name = `${prefix} ${index + 1}`;
      const id = await created(client, adminToken, '/api/jobs', {
        name,
        location: `${prefix} area`,
        categoryId,
        shiftId,
        maxRegistrations: perJob,
      });
      list.push({ id, name, categoryId, maxRegistrations: perJob });
    }
    return list;
  };
  const gateJobs = await jobs('Gate', gate, scale(0.4));
  const workJobs = [
    ...(await jobs('Kitchen', kitchen, scale(0.3))),
    ...(await jobs('Build', build, scale(0.3))),
  ];

  const option = async (
    name: string,
    share: number,
    weight: number,
    dues: [number, number],
    withFields: boolean,
  ): Promise<SeededOption> => {
    const maxSignups = scale(share);
    const id = await created(client, adminToken, '/api/camping-options', {
      name,
      description: `${name} for the rush`,
      participantDues: dues[0],
      staffDues: dues[1],
      workShiftsRequired: 1,
      maxSignups,
      jobCategoryIds: [kitchen, build],
    });
    let plateFieldId: string | undefined;
    let peopleFieldId: string | undefined;
    if (withFields) {
      plateFieldId = await created(client, adminToken, `/api/camping-options/${id}/fields`, {
        displayName: 'Vehicle plate',
        required: true,
        maxLength: 12,
      });
      peopleFieldId = await created(client, adminToken, `/api/camping-options/${id}/fields`, {
        displayName: 'People',
        dataType: 'INTEGER',
        minValue: 1,
        maxValue: 8,
      });
    }
    return { id, name, maxSignups, weight, plateFieldId, peopleFieldId };
  };
  const options = [
    await option('Tent Camping', 0.4, 0.6, [150, 75], true),
    await option('RV Camping', 0.1, 0.25, [300, 150], true),
    await option('Cabin', 0.05, 0.15, [450, 225], false),
  ];
  return { options, gateJobs, workJobs };
}

/** One person's submission: a weighted option, one Gate shift and one work shift, all at random. */
export function submissionFor(
  camp: SeededCamp,
  random: () => number,
  index: number,
): Record<string, unknown> {
  let pick = random();
  let chosen = camp.options[camp.options.length - 1] as SeededOption;
  for (const option of camp.options) {
    if (pick < option.weight) {
      chosen = option;
      break;
    }
    pick -= option.weight;
  }
  const anyOf = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const customFields: Record<string, unknown> = {};
  if (chosen.plateFieldId) customFields[chosen.plateFieldId] = `RUSH${index}`;
  if (chosen.peopleFieldId) customFields[chosen.peopleFieldId] = 1 + Math.floor(random() * 4);
  return {
    campingOptions: [chosen.id],
    customFields,
    jobs: [anyOf(camp.gateJobs).id, anyOf(camp.workJobs).id],
    acceptedTerms: true,
  };
}
