import { DAY_LABELS, DAYS_OF_WEEK, type DayOfWeek, type FieldDataType } from '@camp/shared';
import type { Prng } from '../../apps/api/test/kit/rng';

/**
 * The fixed part of the demo camp: configuration texts, job categories, shifts, jobs and camping options
 * with their custom fields. demo-data.ts turns these into rows and adds people and registrations.
 */

export const DEMO_CAMP_NAME = 'Camp Dusty Lantern';
export const DEMO_ADMIN_EMAIL = 'admin@example.org';

export const CAMP_DESCRIPTION_HTML =
  '<p>A lantern-lit village of <strong>200 dusty humans</strong> at 7:30 &amp; Esplanade: ' +
  'nightly dinners, a sunset bar and the slowest art car on the playa.</p>';

export const HOME_PAGE_BLURB_HTML = [
  '<h2>Welcome home, dusty friends!</h2>',
  '<p>Registration for this year is <strong>open</strong>. Pick where you will sleep, sign up for your work ',
  'shifts and pay your dues, all in one go. It takes about ten minutes.</p>',
  '<ul>',
  '<li><strong>Tent Camping</strong>: bring your own tent, sleep under our shared shade.</li>',
  '<li><strong>RV / Vehicle</strong>: back-row parking with greywater pickup.</li>',
  '<li><strong>Shade Structure Bunk</strong>: a cot, a locker and no tent to haul.</li>',
  '<li><strong>Early Arrival Crew</strong>: come a week early and help us build.</li>',
  '</ul>',
  '<p>Every camper also takes one <em>Leave No Trace</em> shift: we leave the desert cleaner than we found it.</p>',
  '<p>Questions? Write to <a href="mailto:hello@example.org">hello@example.org</a>.</p>',
].join('');

export const REGISTRATION_TERMS_HTML = [
  '<h3>Camp Dusty Lantern: terms of registration</h3>',
  '<ol>',
  '<li>You hold your own ticket to the event; camp dues do not include one.</li>',
  '<li>Dues pay for shade, power, water, kitchen supplies and dinners. They are refundable until 30 days ',
  'before the event, minus card fees.</li>',
  '<li>You will show up for every work shift you sign up for, or find a replacement and tell a camp lead.</li>',
  '<li>You will pack out everything you bring and take part in strike and the final MOOP sweep.</li>',
  '<li>You follow the ten principles, the camp’s consent policy and the instructions of camp leads on ',
  'safety matters.</li>',
  '</ol>',
  '<p>By continuing you confirm you have read and accept these terms.</p>',
].join('');

export type CategoryKey = 'leads' | 'lnt' | 'kitchen' | 'hospitality' | 'watch' | 'build';

export interface CategorySpec {
  key: CategoryKey;
  name: string;
  description: string;
  staffOnly: boolean;
  alwaysRequired: boolean;
}

export const CATEGORY_SPECS: readonly CategorySpec[] = [
  {
    key: 'leads',
    name: 'Camp Leads',
    description: 'Run a crew for a shift: hold the radio, brief volunteers and solve problems. Staff only.',
    staffOnly: true,
    alwaysRequired: false,
  },
  {
    key: 'lnt',
    name: 'Leave No Trace',
    description: 'MOOP sweeps, greywater runs and teardown. Every camper takes at least one of these shifts.',
    staffOnly: false,
    alwaysRequired: true,
  },
  {
    key: 'kitchen',
    name: 'Kitchen',
    description: 'Cook, prep and wash up for camp breakfast, lunch and the nightly family dinner.',
    staffOnly: false,
    alwaysRequired: false,
  },
  {
    key: 'hospitality',
    name: 'Hospitality & Bar',
    description: 'Pour drinks at the sunset bar and greet visitors at the lantern gate.',
    staffOnly: false,
    alwaysRequired: false,
  },
  {
    key: 'watch',
    name: 'Night Watch',
    description:
      'Walk the camp at night, check generators, lanterns and fire safety, and help lost campers home.',
    staffOnly: false,
    alwaysRequired: false,
  },
  {
    key: 'build',
    name: 'Build & Strike',
    description: 'Raise the shade structures, wire power and lights, and take it all down again.',
    staffOnly: false,
    alwaysRequired: false,
  },
];

export interface ShiftSpec {
  key: string;
  day: DayOfWeek;
  name: string;
  description: string | null;
  startTime: string;
  endTime: string;
}

export interface JobSpec {
  name: string;
  location: string;
  category: CategoryKey;
  shiftKey: string;
  maxRegistrations: number;
}

/** A job of a shift: name, location, category, places. */
type JobRow = [name: string, location: string, category: CategoryKey, maxRegistrations: number];
/** A shift of a day: key slug, label (after the day's name), start, end, description. */
type ShiftRow = [slug: string, label: string, start: string, end: string, description: string | null];

/** Monday to Saturday: the festival days between the opening and closing Sundays. */
const EVENT_WEEKDAYS: readonly DayOfWeek[] = DAYS_OF_WEEK.slice(
  DAYS_OF_WEEK.indexOf('MONDAY'),
  DAYS_OF_WEEK.indexOf('SATURDAY') + 1,
);

/** Each festival day with its shifts and their jobs (the weekdays alike). */
const DAY_SHIFTS: ReadonlyArray<{
  days: readonly DayOfWeek[];
  shifts: ReadonlyArray<{ shift: ShiftRow; jobs: JobRow[] }>;
}> = [
  // Build week: the early arrival crew raises the camp.
  {
    days: ['PRE_OPENING'],
    shifts: [
      {
        shift: ['am', 'Build Morning', '07:00', '12:00', 'Start early, before the heat. Closed-toe shoes.'],
        jobs: [
          ['Shade Structure Raising', 'Main Shade', 'build', 10],
          ['Build Crew Lead', 'Main Shade', 'leads', 1],
        ],
      },
      {
        shift: ['pm', 'Build Afternoon', '13:00', '18:00', 'Bring gloves, water and sunscreen.'],
        jobs: [
          ['Kitchen Build', 'Kitchen', 'build', 8],
          ['Power & Lighting', 'Generator Yard', 'build', 6],
        ],
      },
      {
        shift: ['eve', 'Evening', '18:00', '21:00', null],
        jobs: [
          ['Build Crew Dinner Cook', 'Kitchen', 'kitchen', 6],
          ['Arrival MOOP Sweep', 'Camp Perimeter', 'lnt', 10],
        ],
      },
    ],
  },
  {
    days: ['OPENING_SUNDAY'],
    shifts: [
      {
        shift: ['am', 'Morning', '08:00', '12:00', null],
        jobs: [
          ['Lantern Hanging', 'Lantern Walk', 'build', 10],
          ['Opening MOOP Sweep', 'Camp Perimeter', 'lnt', 12],
        ],
      },
      {
        shift: ['pm', 'Afternoon', '13:00', '17:00', 'Gates open: expect a rush of new arrivals.'],
        jobs: [['Gate Greeter', 'Lantern Gate', 'hospitality', 6]],
      },
      {
        shift: ['dinner', 'Dinner', '17:00', '20:00', 'The welcome dinner for the whole camp.'],
        jobs: [['Welcome Dinner Prep', 'Kitchen', 'kitchen', 8]],
      },
    ],
  },
  {
    days: EVENT_WEEKDAYS,
    shifts: [
      {
        shift: ['breakfast', 'Breakfast', '07:00', '10:00', 'Coffee first, then eggs for two hundred.'],
        jobs: [['Breakfast Cook', 'Kitchen', 'kitchen', 6]],
      },
      {
        shift: [
          'sweep',
          'Morning Sweep',
          '10:00',
          '11:30',
          'Line sweep of the camp and the street in front.',
        ],
        jobs: [['MOOP Sweep', 'Camp Perimeter', 'lnt', 22]],
      },
      {
        shift: ['lunch', 'Lunch', '11:30', '14:00', null],
        jobs: [['Lunch Crew', 'Kitchen', 'kitchen', 5]],
      },
      {
        shift: ['bar', 'Sunset Bar', '16:00', '20:00', 'Pour, chat, and keep the lounge welcoming.'],
        jobs: [
          ['Bartender', 'Dusty Lantern Lounge', 'hospitality', 6],
          ['Gate Greeter', 'Lantern Gate', 'hospitality', 4],
          ['Shift Lead', 'Command Tent', 'leads', 1],
        ],
      },
      {
        shift: ['dinner', 'Dinner', '17:00', '20:30', null],
        jobs: [
          ['Dinner Prep', 'Kitchen', 'kitchen', 8],
          ['Dish Pit', 'Kitchen', 'kitchen', 6],
        ],
      },
      {
        shift: ['night', 'Night Watch', '20:30', '23:30', 'Radios are at the command tent.'],
        jobs: [['Night Watch Patrol', 'Camp Perimeter', 'watch', 6]],
      },
    ],
  },
  {
    days: ['CLOSING_SUNDAY'],
    shifts: [
      {
        shift: ['am', 'Strike Morning', '08:00', '12:00', 'Strike begins: shade comes down first.'],
        jobs: [['Shade Strike', 'Main Shade', 'build', 14]],
      },
      {
        shift: ['pm', 'Strike Afternoon', '13:00', '17:00', null],
        jobs: [
          ['Kitchen Strike', 'Kitchen', 'build', 8],
          ['Greywater Run', 'Greywater Tanks', 'lnt', 8],
        ],
      },
      {
        shift: ['dinner', 'Last Supper', '17:00', '20:00', 'Leftovers feast for the strike crew.'],
        jobs: [['Last Supper Cook', 'Kitchen', 'kitchen', 8]],
      },
    ],
  },
  {
    days: ['POST_EVENT'],
    shifts: [
      {
        shift: ['teardown', 'Teardown', '07:00', '12:00', 'Everything that came in goes out.'],
        jobs: [
          ['Teardown Crew', 'Camp Site', 'lnt', 30],
          ['Teardown Lead', 'Camp Site', 'leads', 1],
        ],
      },
      {
        shift: ['sweep', 'Final Sweep', '12:30', '16:00', 'Arm-length line sweep of the whole site.'],
        jobs: [['Final MOOP Line', 'Camp Site', 'lnt', 30]],
      },
      {
        shift: ['loadout', 'Load Out', '16:00', '19:00', null],
        jobs: [['Truck Load Out', 'Truck Lot', 'build', 10]],
      },
    ],
  },
];

/** Shifts and jobs over all ten festival days, in the order of DAY_SHIFTS. */
export function buildSchedule(): { shifts: ShiftSpec[]; jobs: JobSpec[] } {
  const shifts: ShiftSpec[] = [];
  const jobs: JobSpec[] = [];
  for (const { days, shifts: rows } of DAY_SHIFTS) {
    for (const day of days) {
      for (const { shift, jobs: shiftJobs } of rows) {
        const [slug, label, startTime, endTime, description] = shift;
        const key = `${day}:${slug}`;
        shifts.push({ key, day, name: `${DAY_LABELS[day]} ${label}`, description, startTime, endTime });
        for (const [name, location, category, maxRegistrations] of shiftJobs)
          jobs.push({ name, location, category, shiftKey: key, maxRegistrations });
      }
    }
  }
  return { shifts, jobs };
}

/** Dates of the event, for custom-field values such as an arrival date. */
export interface FestivalDates {
  /** UTC midnight of Opening Sunday. */
  openingSunday: Date;
}

/** Like the desert festival it imitates: Opening Sunday is eight days before Labor Day (first Monday of September). */
export function festivalDates(year: number): FestivalDates {
  const septemberFirst = new Date(Date.UTC(year, 8, 1));
  const laborDayOfMonth = 1 + ((8 - septemberFirst.getUTCDay()) % 7);
  return { openingSunday: new Date(Date.UTC(year, 8, laborDayOfMonth - 8)) };
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dayOffset(base: Date, days: number): Date {
  return new Date(base.getTime() + days * 86_400_000);
}

export interface SampleContext {
  festival: FestivalDates;
  firstName: string;
}

export interface FieldSpec {
  displayName: string;
  description: string | null;
  dataType: FieldDataType;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  /** A valid value, as stored (text). */
  sample: (rng: Prng, context: SampleContext) => string;
}

export type OptionKey = 'tent' | 'rv' | 'bunk' | 'early';

export interface OptionSpec {
  key: OptionKey;
  name: string;
  description: string;
  workShiftsRequired: number;
  participantDuesCents: number;
  staffDuesCents: number;
  maxSignups: number;
  categories: CategoryKey[];
  fields: FieldSpec[];
}

const VEHICLES = [
  'Ford E-350 camper van',
  'Winnebago View 24D',
  'Toyota 4Runner with rooftop tent',
  'Mercedes Sprinter',
  'Rented Cruise America C30',
  'VW Westfalia',
  'Thor Chateau 31W',
  'Jayco Redhawk',
  'Subaru Outback',
];
const TENTS = [
  '10x10 canvas bell',
  '8x8 dome',
  'Kodiak 10x14',
  '6-person cabin tent',
  'Shiftpod 2',
  '12x12 yurt',
];
const SKILLS = [
  'Carpentry and framing; I can run a chop saw safely.',
  'Electrician by trade: generators, distribution boxes and LED strips.',
  'Welding (MIG) and general metal work.',
  'Rigging and shade structures, six years on the playa.',
  'No special skills, but strong, cheerful and good with a drill.',
  'Plumbing, greywater systems and the evaporation pond.',
];
const NEEDS = [
  'Lower bunk please: bad knee.',
  'Light sleeper, earplugs packed.',
  'Vegetarian; allergic to peanuts (carry an EpiPen).',
  'I use a CPAP machine and need power overnight.',
];
const PLACEMENT_NOTES = [
  'Travelling with a friend in a second van; we would like to park side by side.',
  'We run a quiet generator only between 10:00 and 22:00.',
  'Arriving late at night, please leave a lantern on the spot.',
  'Trailer has a pop-out on the driver side.',
];

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    key: 'tent',
    name: 'Tent Camping',
    description:
      'A spot for your own tent in the camp grid, under the shared shade. Bring a tent that can take ' +
      '60 mph gusts, and rebar stakes.',
    workShiftsRequired: 1,
    participantDuesCents: 27_500,
    staffDuesCents: 15_000,
    maxSignups: 0,
    categories: ['kitchen', 'hospitality', 'watch', 'leads'],
    fields: [
      {
        displayName: 'Tent make and size',
        description: 'So we can plan the grid, e.g. "10x10 canvas bell".',
        dataType: 'STRING',
        required: true,
        minLength: 3,
        maxLength: 40,
        sample: (rng) => rng.pick(TENTS),
      },
      {
        displayName: 'People sleeping in your tent',
        description: null,
        dataType: 'INTEGER',
        required: true,
        minValue: 1,
        maxValue: 6,
        sample: (rng) =>
          String(
            rng.weighted([
              [1, 5],
              [2, 4],
              [3, 1],
            ]),
          ),
      },
      {
        displayName: 'Bringing your own shade?',
        description: 'A shade cover over your tent keeps it 15 degrees cooler.',
        dataType: 'BOOLEAN',
        required: true,
        sample: (rng) => String(rng.chance(0.6)),
      },
      {
        displayName: 'Arrival date',
        description: null,
        dataType: 'DATE',
        required: true,
        sample: (rng, { festival }) => isoDate(dayOffset(festival.openingSunday, rng.int(0, 3))),
      },
    ],
  },
  {
    key: 'rv',
    name: 'RV / Vehicle',
    description:
      'A parking spot on the back row for an RV, camper van or car-camping vehicle. Greywater pickup ' +
      'is included twice during the week.',
    workShiftsRequired: 2,
    participantDuesCents: 45_000,
    staffDuesCents: 30_000,
    maxSignups: 30,
    categories: ['kitchen', 'hospitality', 'watch', 'leads'],
    fields: [
      {
        displayName: 'Vehicle make and model',
        description: null,
        dataType: 'STRING',
        required: true,
        minLength: 2,
        maxLength: 60,
        sample: (rng) => rng.pick(VEHICLES),
      },
      {
        displayName: 'Vehicle length (feet)',
        description: 'Including anything on the back, such as a bike rack.',
        dataType: 'NUMBER',
        required: true,
        minValue: 10,
        maxValue: 45,
        sample: (rng) => String(rng.int(32, 64) / 2),
      },
      {
        displayName: 'Needs generator hookup',
        description: null,
        dataType: 'BOOLEAN',
        required: true,
        sample: (rng) => String(rng.chance(0.35)),
      },
      {
        displayName: 'Arrival date',
        description: null,
        dataType: 'DATE',
        required: true,
        sample: (rng, { festival }) => isoDate(dayOffset(festival.openingSunday, rng.int(-1, 2))),
      },
      {
        displayName: 'Notes for the placement team',
        description: null,
        dataType: 'MULTILINE_STRING',
        required: false,
        maxLength: 500,
        sample: (rng) => rng.pick(PLACEMENT_NOTES),
      },
    ],
  },
  {
    key: 'bunk',
    name: 'Shade Structure Bunk',
    description:
      'A cot in the big shade structure with a locker and power for a fan: no tent to haul. ' +
      'No work shifts beyond the camp-wide Leave No Trace shift.',
    workShiftsRequired: 0,
    participantDuesCents: 60_000,
    staffDuesCents: 40_000,
    maxSignups: 24,
    categories: ['kitchen', 'hospitality'],
    fields: [
      {
        displayName: 'Bunk preference',
        description: 'Upper or lower; we do our best.',
        dataType: 'STRING',
        required: false,
        maxLength: 20,
        sample: (rng) => rng.pick(['Lower', 'Upper', 'No preference']),
      },
      {
        displayName: 'Snoring level (0 = silent, 10 = chainsaw)',
        description: 'Honesty helps us seat you next to kindred spirits.',
        dataType: 'INTEGER',
        required: true,
        minValue: 0,
        maxValue: 10,
        sample: (rng) => String(rng.int(0, 10)),
      },
      {
        displayName: 'Medical or accessibility needs',
        description: 'Only camp leads read this.',
        dataType: 'MULTILINE_STRING',
        required: false,
        maxLength: 1000,
        sample: (rng) => rng.pick(NEEDS),
      },
    ],
  },
  {
    key: 'early',
    name: 'Early Arrival Crew',
    description:
      'Arrive up to a week before the gates open and help build the camp. Add this to your camping ' +
      'choice; breakfast during build week is on us.',
    workShiftsRequired: 3,
    participantDuesCents: 15_000,
    staffDuesCents: 7_500,
    maxSignups: 20,
    categories: ['build', 'leads'],
    fields: [
      {
        displayName: 'Build skills',
        description: 'Tools you can use, trades, previous builds.',
        dataType: 'MULTILINE_STRING',
        required: true,
        minLength: 10,
        maxLength: 1000,
        sample: (rng) => rng.pick(SKILLS),
      },
      {
        displayName: 'Early arrival date',
        description: null,
        dataType: 'DATE',
        required: true,
        sample: (rng, { festival }) => isoDate(dayOffset(festival.openingSunday, rng.int(-7, -2))),
      },
      {
        displayName: 'Holds an early arrival pass',
        description: null,
        dataType: 'BOOLEAN',
        required: true,
        sample: (rng) => String(rng.chance(0.8)),
      },
      {
        displayName: 'Hours of power-tool experience',
        description: 'A rough guess is fine.',
        dataType: 'NUMBER',
        required: false,
        minValue: 0,
        maxValue: 10_000,
        sample: (rng) => String(rng.int(0, 4000) / 4),
      },
    ],
  },
];
