import {
  APPLICATION_AVAILABILITY_MESSAGES,
  APPLICATION_MESSAGES,
  type AdminApplication,
  type MyApplication,
} from '@camp/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Camp, insertRegistration, messageOf, startCamp } from '../../../test/camp';
import {
  adminPost,
  configure,
  insertSignedInPerson,
  type Person,
  submitCamp,
  YEAR,
} from '../../../test/camp-registrations';
import { testDatabaseKind } from '../../../test/database';
import { outboxRowsTo, outboxSubjectsTo } from '../../../test/rows';
import { applicationDecisions, applications, users } from '../../db/schema/index';

// Application approval (docs/product.md §12 Application approval, decision 065): the year's settings, a newcomer's
// application, the admins' list and decisions with their history and mails, and the registration's gate.

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const SKILLS = '8b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const DIET = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const QUESTIONS = [
  { id: SKILLS, label: 'What skills do you bring?', required: true },
  { id: DIET, label: 'Any dietary needs?', required: false },
];

describe('application approval: /api/applications', () => {
  let camp: Camp;
  /** A free camping option with no shifts: a registration of it needs nothing else. */
  let dayPass: string;

  beforeAll(async () => {
    camp = await startCamp({ PUBLIC_URL: 'https://camp.example.org' });
    await configure(camp);
    dayPass = await adminPost(camp, '/api/camping-options', { name: 'Day Pass', participantDues: 0 });
  });
  afterAll(async () => {
    await camp?.close();
  });

  const db = () => camp.t.database.db;
  const saveSettings = async (values: Record<string, unknown>) => {
    const response = await camp.call('PUT', '/api/applications/settings', camp.admin, {
      required: true,
      returningMembersExempt: true,
      questions: QUESTIONS,
      ...values,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const apply = (person: Pick<Person, 'headers'>, body: unknown) =>
    camp.call('PUT', '/api/applications/me', person, body);
  const applied = async (person: Pick<Person, 'headers'>, about = 'I build shade structures.') => {
    const response = await apply(person, { about, answers: [{ questionId: SKILLS, answer: 'Welding' }] });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MyApplication>();
  };
  const decide = async (ids: string[], decision: 'APPROVED' | 'DECLINED', message?: string) => {
    const response = await camp.call('POST', '/api/applications/decisions', camp.admin, {
      ids,
      decision,
      ...(message === undefined ? {} : { message }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ decided: number; applications: AdminApplication[] }>();
  };
  const list = async (query = '') => {
    const response = await camp.call('GET', `/api/applications${query}`, camp.admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminApplication[]>();
  };
  const mine = async (person: Pick<Person, 'headers'>) => {
    const response = await camp.call('GET', '/api/applications/me', person);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const registerDayPass = (person: Pick<Person, 'headers'>) =>
    submitCamp(camp, person, { campingOptions: [dayPass] });
  const errorBody = (statusCode: number, error: string, message: string | string[]) => ({
    statusCode,
    error,
    message,
  });

  describe('settings', () => {
    it('answers the defaults without a row: not required, returning members exempt, no questions', async () => {
      const response = await camp.call('GET', '/api/applications/settings', camp.admin);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        year: YEAR,
        required: false,
        returningMembersExempt: true,
        questions: [],
      });
      const person = await insertSignedInPerson(camp);
      expect(await mine(person)).toEqual({
        year: YEAR,
        required: false,
        exempt: false,
        questions: [],
        application: null,
      });
      expect(await mine(camp.staff)).toEqual({
        year: YEAR,
        required: false,
        exempt: true,
        questions: [],
        application: null,
      });
      // Nothing to apply for.
      const refused = await apply(person, { about: 'Hello' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(errorBody(409, 'Conflict', APPLICATION_MESSAGES.notNeeded(YEAR)));
    });

    it('saves the settings (an upsert) and answers them as GET does', async () => {
      const saved = await saveSettings({ questions: [{ ...QUESTIONS[0], label: '  Skills?  ' }] });
      expect(saved).toEqual({
        year: YEAR,
        required: true,
        returningMembersExempt: true,
        questions: [{ id: SKILLS, label: 'Skills?', required: true }],
      });
      const again = await saveSettings({ returningMembersExempt: false });
      expect(again).toEqual({
        year: YEAR,
        required: true,
        returningMembersExempt: false,
        questions: QUESTIONS,
      });
      const read = await camp.call('GET', '/api/applications/settings', camp.admin);
      expect(read.json()).toEqual(again);
      await saveSettings({});
    });

    it('refuses settings that break the rules, with the rule messages', async () => {
      const valid = { required: true, returningMembersExempt: true, questions: QUESTIONS };
      const cases: [unknown, string][] = [
        [{ ...valid, required: 'yes' }, 'Applications required must be true or false'],
        [{ ...valid, returningMembersExempt: null }, 'Returning members exempt must be true or false'],
        [{ ...valid, questions: [QUESTIONS[0], QUESTIONS[0]] }, APPLICATION_MESSAGES.duplicateQuestion],
        [
          { ...valid, questions: Array.from({ length: 11 }, () => ({ ...QUESTIONS[1], id: randomUUID() })) },
          APPLICATION_MESSAGES.tooManyQuestions,
        ],
        [{ ...valid, questions: [{ ...QUESTIONS[0], label: '   ' }] }, APPLICATION_MESSAGES.questionRequired],
        [
          { ...valid, questions: [{ ...QUESTIONS[0], label: 'x'.repeat(201) }] },
          APPLICATION_MESSAGES.questionTooLong,
        ],
        [{ ...valid, questions: 'none' }, APPLICATION_MESSAGES.tooManyQuestions],
        [{ ...valid, extra: 1 }, 'Unrecognized key: "extra"'],
      ];
      for (const [payload, message] of cases) {
        const response = await camp.call('PUT', '/api/applications/settings', camp.admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual(errorBody(400, 'Bad Request', [message]));
      }
      const read = await camp.call('GET', '/api/applications/settings', camp.admin);
      expect(read.json()).toEqual({ year: YEAR, ...valid });
    });
  });

  describe('applying', () => {
    beforeAll(async () => {
      await saveSettings({});
    });

    it('creates the application (201, mailed), then updates it while pending (200, not mailed again)', async () => {
      const person = await insertSignedInPerson(camp, { firstName: 'Nia' });
      const response = await apply(person, {
        about: '  I build shade structures.\nAnd I cook.  ',
        answers: [{ questionId: SKILLS, answer: ' Welding ' }],
      });
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<MyApplication>();
      expect(created).toEqual({
        id: UUID,
        year: YEAR,
        status: 'PENDING',
        about: 'I build shade structures.\nAnd I cook.',
        answers: [
          { questionId: SKILLS, question: 'What skills do you bring?', answer: 'Welding' },
          { questionId: DIET, question: 'Any dietary needs?', answer: '' },
        ],
        message: null,
        submittedAt: ISO,
        updatedAt: created.submittedAt,
        decidedAt: null,
      });
      expect(await mine(person)).toEqual({
        year: YEAR,
        required: true,
        exempt: false,
        questions: QUESTIONS,
        application: created,
      });
      const [mail] = await outboxRowsTo(db(), person.email);
      expect(mail?.subject).toBe(`Dust Camp: we received your application for ${YEAR}`);
      expect(mail?.text).toBe(
        [
          'Hello Nia,',
          '',
          `Thank you for applying to join Dust Camp in ${YEAR}. The camp organizers read every application; we will e-mail you once yours has been reviewed.`,
          '',
          'You can read your application, and change it until it is reviewed, on your dashboard: https://camp.example.org/#/dashboard',
          '',
          'Dust Camp',
        ].join('\n'),
      );

      const again = await apply(person, {
        about: 'Shade and soup.',
        answers: [
          { questionId: SKILLS, answer: 'Cooking' },
          { questionId: DIET, answer: 'Vegetarian' },
        ],
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({
        ...created,
        about: 'Shade and soup.',
        answers: [
          { questionId: SKILLS, question: 'What skills do you bring?', answer: 'Cooking' },
          { questionId: DIET, question: 'Any dietary needs?', answer: 'Vegetarian' },
        ],
        updatedAt: ISO,
      });
      expect(await outboxSubjectsTo(db(), person.email)).toHaveLength(1);
      expect(await db().select().from(applications).where(eq(applications.userId, person.id))).toHaveLength(
        1,
      );
    });

    it('refuses words that break the rules, with the exact messages, and stores nothing', async () => {
      const person = await insertSignedInPerson(camp);
      const answers = [{ questionId: SKILLS, answer: 'Welding' }];
      const cases: [unknown, string[]][] = [
        [{ answers }, [APPLICATION_MESSAGES.aboutRequired]],
        [{ about: '  \n ', answers }, [APPLICATION_MESSAGES.aboutRequired]],
        [{ about: 42, answers }, [APPLICATION_MESSAGES.aboutNotText]],
        [{ about: 'x'.repeat(2001), answers }, [APPLICATION_MESSAGES.aboutTooLong]],
        [{ about: 'Hi', answers: 'Welding' }, [APPLICATION_MESSAGES.answersInvalid]],
        [
          { about: 'Hi', answers: [{ questionId: 'skills', answer: 'x' }] },
          [APPLICATION_MESSAGES.unknownQuestion],
        ],
        // Against the year's questions (applicationAnswerProblems).
        [{ about: 'Hi' }, [APPLICATION_MESSAGES.answerRequired('What skills do you bring?')]],
        [
          { about: 'Hi', answers: [{ questionId: SKILLS, answer: '   ' }] },
          [APPLICATION_MESSAGES.answerRequired('What skills do you bring?')],
        ],
        [
          { about: 'Hi', answers: [...answers, { questionId: randomUUID(), answer: 'Extra' }] },
          [APPLICATION_MESSAGES.unknownQuestion],
        ],
      ];
      for (const [payload, messages] of cases) {
        const response = await apply(person, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual(errorBody(400, 'Bad Request', messages));
      }
      expect(await db().select().from(applications).where(eq(applications.userId, person.id))).toEqual([]);
      expect(await outboxSubjectsTo(db(), person.email)).toEqual([]);
    });

    it('refuses an incomplete profile (400), the exempt (409) and a decided application (409)', async () => {
      const body = { about: 'Hi', answers: [{ questionId: SKILLS, answer: 'Welding' }] };
      const incomplete = await insertSignedInPerson(camp, { phone: null });
      const noProfile = await apply(incomplete, body);
      expect(noProfile.statusCode).toBe(400);
      expect(noProfile.json()).toEqual(errorBody(400, 'Bad Request', APPLICATION_MESSAGES.profileIncomplete));

      const returning = await insertSignedInPerson(camp);
      await insertRegistration(db(), { userId: returning.id, year: YEAR - 1, status: 'CONFIRMED' });
      for (const exempt of [camp.staff, camp.admin, returning]) {
        const response = await apply(exempt, body);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual(errorBody(409, 'Conflict', APPLICATION_MESSAGES.exempt));
      }
      expect((await mine(returning)).exempt).toBe(true);

      const decided = await insertSignedInPerson(camp);
      const application = await applied(decided);
      await decide([application.id], 'DECLINED');
      const late = await apply(decided, body);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual(errorBody(409, 'Conflict', APPLICATION_MESSAGES.alreadyDecided));
      const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
      expect(row?.about).toBe('I build shade structures.');
    });
  });

  describe('the admins’ list and decisions', () => {
    let ana: Person;
    let ben: Person;
    let cas: Person;
    const ids: Record<'ana' | 'ben' | 'cas', string> = { ana: '', ben: '', cas: '' };

    beforeAll(async () => {
      await saveSettings({});
      await db()
        .update(users)
        .set({ firstName: 'Grace', lastName: 'Hopper' })
        .where(eq(users.id, camp.admin.userId));
      // Only this block's applications: the other blocks' are of another year from here on.
      await db()
        .update(applications)
        .set({ year: YEAR - 10 });
      ana = await insertSignedInPerson(camp, {
        firstName: 'Ana',
        lastName: 'Anders',
        playaName: 'Sparkle',
        email: 'ana.anders@example.org',
      });
      ben = await insertSignedInPerson(camp, {
        firstName: 'Ben',
        lastName: 'Bright',
        email: 'ben@example.org',
      });
      cas = await insertSignedInPerson(camp, {
        firstName: 'Cas',
        lastName: 'Cole',
        email: 'cas@example.org',
      });
      ids.ana = (await applied(ana, 'Ana here.')).id;
      ids.ben = (await applied(ben, 'Ben here.')).id;
      ids.cas = (await applied(cas, 'Cas here.')).id;
    });

    it('lists the year’s applications oldest first, with applicant, answers and an empty history', async () => {
      const all = await list();
      expect(all.map((application) => application.id)).toEqual([ids.ana, ids.ben, ids.cas]);
      expect(all[0]).toEqual({
        id: ids.ana,
        year: YEAR,
        status: 'PENDING',
        about: 'Ana here.',
        answers: [
          { questionId: SKILLS, question: 'What skills do you bring?', answer: 'Welding' },
          { questionId: DIET, question: 'Any dietary needs?', answer: '' },
        ],
        message: null,
        submittedAt: ISO,
        updatedAt: ISO,
        decidedAt: null,
        applicant: { id: ana.id, email: 'ana.anders@example.org', name: 'Ana Anders', playaName: 'Sparkle' },
        decidedBy: null,
        history: [],
      });
      expect(await list('?status=ALL')).toEqual(all);
    });

    it('approves several at once with one message: history rows, statuses and mails', async () => {
      const result = await decide([ids.cas, ids.ana, ids.ana], 'APPROVED', '  See you in the dust!  ');
      expect(result.decided).toBe(2);
      expect(result.applications.map((application) => application.id)).toEqual([ids.ana, ids.cas]);
      const ana1 = result.applications[0]!;
      expect(ana1).toMatchObject({
        status: 'APPROVED',
        message: 'See you in the dust!',
        decidedAt: ISO,
        decidedBy: { id: camp.admin.userId, name: 'Grace Hopper' },
        history: [
          {
            status: 'APPROVED',
            message: 'See you in the dust!',
            decidedAt: ana1.decidedAt,
            decidedBy: { id: camp.admin.userId, name: 'Grace Hopper' },
          },
        ],
      });
      expect(await list('?status=APPROVED')).toEqual(result.applications);
      expect((await list('?status=PENDING')).map((application) => application.id)).toEqual([ids.ben]);
      expect(await list('?status=DECLINED')).toEqual([]);

      const [mail] = await outboxRowsTo(db(), ana.email, '%approved%');
      expect(mail?.subject).toBe(`Dust Camp: your application for ${YEAR} was approved`);
      expect(mail?.text).toBe(
        [
          'Hello Ana,',
          '',
          `Your application to join Dust Camp in ${YEAR} was approved. You may now register.`,
          '',
          'Message from the camp:\nSee you in the dust!',
          '',
          'Register here: https://camp.example.org/#/registration',
          '',
          'Dust Camp',
        ].join('\n'),
      );
      expect(await outboxSubjectsTo(db(), cas.email)).toEqual([
        `Dust Camp: we received your application for ${YEAR}`,
        `Dust Camp: your application for ${YEAR} was approved`,
      ]);
      // The applicant reads the decision and its message.
      expect((await mine(ana)).application).toMatchObject({
        status: 'APPROVED',
        message: 'See you in the dust!',
      });
    });

    it('declines without a message, and a changed decision is recorded beside the first', async () => {
      const result = await decide([ids.cas], 'DECLINED');
      const cas2 = result.applications[0]!;
      expect(cas2).toMatchObject({ status: 'DECLINED', message: null, decidedBy: { id: camp.admin.userId } });
      expect(cas2.history.map(({ status, message }) => ({ status, message }))).toEqual([
        { status: 'APPROVED', message: 'See you in the dust!' },
        { status: 'DECLINED', message: null },
      ]);
      expect(cas2.history[1]?.decidedAt).toBe(cas2.decidedAt);
      expect(cas2.history[0]!.decidedAt < cas2.history[1]!.decidedAt).toBe(true);
      const declined = await outboxRowsTo(db(), cas.email, `Dust Camp: your application for ${YEAR}`);
      expect(declined.map((mail) => mail.text)).toEqual([
        [
          'Hello Cas,',
          '',
          `We are sorry: your application to join Dust Camp in ${YEAR} was not accepted.`,
          '',
          'Your dashboard: https://camp.example.org/#/dashboard',
          '',
          'Dust Camp',
        ].join('\n'),
      ]);
      // The same decision again is allowed and recorded (and mailed again).
      const twice = await decide([ids.cas], 'DECLINED', 'Sorry, full this year.');
      expect(twice.applications[0]?.history.map((entry) => entry.status)).toEqual([
        'APPROVED',
        'DECLINED',
        'DECLINED',
      ]);
      const rows = await db()
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.applicationId, ids.cas))
        .orderBy(asc(applicationDecisions.createdAt));
      expect(rows.map((row) => row.status)).toEqual(['APPROVED', 'DECLINED', 'DECLINED']);
      expect(await outboxSubjectsTo(db(), cas.email, `Dust Camp: your application for ${YEAR}`)).toHaveLength(
        2,
      );
    });

    it('changes nothing when one id is unknown or of another year (404)', async () => {
      const before = await list();
      const decisionsBefore = await db().select().from(applicationDecisions);
      const mailsBefore = await outboxSubjectsTo(db(), ben.email);
      const [old] = await db()
        .select()
        .from(applications)
        .where(eq(applications.year, YEAR - 10))
        .limit(1);
      for (const stray of [randomUUID(), old!.id]) {
        const response = await camp.call('POST', '/api/applications/decisions', camp.admin, {
          ids: [ids.ben, stray],
          decision: 'APPROVED',
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(errorBody(404, 'Not Found', APPLICATION_MESSAGES.notFound));
      }
      expect(await list()).toEqual(before);
      expect(await db().select().from(applicationDecisions)).toEqual(decisionsBefore);
      expect(await outboxSubjectsTo(db(), ben.email)).toEqual(mailsBefore);
    });

    it('refuses a decision that breaks the rules, with the exact messages', async () => {
      const cases: [unknown, string][] = [
        [{ ids: [], decision: 'APPROVED' }, APPLICATION_MESSAGES.idsRequired],
        [{ decision: 'APPROVED' }, APPLICATION_MESSAGES.idsRequired],
        [{ ids: ['not-an-id'], decision: 'APPROVED' }, APPLICATION_MESSAGES.invalidId],
        [
          { ids: Array.from({ length: 201 }, () => randomUUID()), decision: 'APPROVED' },
          APPLICATION_MESSAGES.tooMany,
        ],
        [{ ids: [ids.ben], decision: 'MAYBE' }, APPLICATION_MESSAGES.decisionInvalid],
        [
          { ids: [ids.ben], decision: 'APPROVED', message: 'x'.repeat(2001) },
          APPLICATION_MESSAGES.messageTooLong,
        ],
      ];
      for (const [payload, message] of cases) {
        const response = await camp.call('POST', '/api/applications/decisions', camp.admin, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual(errorBody(400, 'Bad Request', [message]));
      }
      const status = await camp.call('GET', '/api/applications?status=MAYBE', camp.admin);
      expect(status.statusCode).toBe(400);
      expect(status.json()).toEqual(errorBody(400, 'Bad Request', [APPLICATION_MESSAGES.statusInvalid]));
    });

    it('searches first, last and playa name, "first last" and e-mail, in any case', async () => {
      const found = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}`)).map((application) => application.applicant.id);
      expect(await found('sPARK')).toEqual([ana.id]);
      expect(await found('ben cole')).toEqual([]);
      expect(await found('Cas Cole')).toEqual([cas.id]);
      expect(await found('BRIGHT')).toEqual([ben.id]);
      expect(await found('@EXAMPLE.org')).toEqual([ana.id, ben.id, cas.id]);
      expect(await found('ana.anders@')).toEqual([ana.id]);
      expect(await found('100%')).toEqual([]);
      expect((await list('?status=DECLINED&q=cas')).map((application) => application.id)).toEqual([ids.cas]);
      expect(await list('?status=PENDING&q=cas')).toEqual([]);
    });
  });

  describe('the registration’s gate', () => {
    beforeAll(async () => {
      await saveSettings({ returningMembersExempt: true });
    });

    const refusedWith = async (person: Person, message: string) => {
      const response = await registerDayPass(person);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual(errorBody(403, 'Forbidden', message));
    };

    it('refuses a newcomer without an application, with one pending, and with one declined (403)', async () => {
      const none = await insertSignedInPerson(camp);
      await refusedWith(none, APPLICATION_AVAILABILITY_MESSAGES.none(YEAR));
      const pending = await insertSignedInPerson(camp);
      await applied(pending);
      await refusedWith(pending, APPLICATION_AVAILABILITY_MESSAGES.pending(YEAR));
      const declined = await insertSignedInPerson(camp);
      await decide([(await applied(declined)).id], 'DECLINED');
      await refusedWith(declined, APPLICATION_AVAILABILITY_MESSAGES.declined(YEAR));
    });

    it('lets an approved newcomer register; a later decline does not cancel the registration', async () => {
      const person = await insertSignedInPerson(camp);
      const application = await applied(person);
      await decide([application.id], 'APPROVED');
      const response = await registerDayPass(person);
      expect(response.statusCode, response.body).toBe(201);
      const registrationId = response.json<{ jobRegistration: { id: string } }>().jobRegistration.id;
      await decide([application.id], 'DECLINED');
      const mineNow = await camp.call('GET', '/api/registrations/me', person);
      expect(
        mineNow.json<Array<{ id: string; status: string }>>().map(({ id, status }) => ({ id, status })),
      ).toEqual([{ id: registrationId, status: 'CONFIRMED' }]);
    });

    it('lets staff, admins and returning members register without applying', async () => {
      const returning = await insertSignedInPerson(camp);
      await insertRegistration(db(), { userId: returning.id, year: YEAR - 1, status: 'PENDING' });
      const staff = await insertSignedInPerson(camp, { role: 'STAFF' });
      const admin = await insertSignedInPerson(camp, { role: 'ADMIN' });
      for (const person of [returning, staff, admin]) {
        const response = await registerDayPass(person);
        expect(response.statusCode, response.body).toBe(201);
      }
      // A cancelled or waitlisted registration of an earlier year does not make a returning member.
      const cancelled = await insertSignedInPerson(camp);
      await insertRegistration(db(), { userId: cancelled.id, year: YEAR - 1, status: 'CANCELLED' });
      await refusedWith(cancelled, APPLICATION_AVAILABILITY_MESSAGES.none(YEAR));
    });

    it('makes returning members apply when the year does not exempt them', async () => {
      await saveSettings({ returningMembersExempt: false });
      const returning = await insertSignedInPerson(camp);
      await insertRegistration(db(), { userId: returning.id, year: YEAR - 1, status: 'CONFIRMED' });
      expect(await mine(returning)).toMatchObject({ required: true, exempt: false, application: null });
      await refusedWith(returning, APPLICATION_AVAILABILITY_MESSAGES.none(YEAR));
      const staff = await insertSignedInPerson(camp, { role: 'STAFF' });
      expect((await registerDayPass(staff)).statusCode).toBe(201);
      // Turned off, the year needs nobody's application.
      await saveSettings({ required: false });
      expect((await registerDayPass(returning)).statusCode).toBe(201);
      await saveSettings({});
    });

    it('refuses a draw entry the same way', async () => {
      const person = await insertSignedInPerson(camp);
      const at = Date.now();
      const patched = await camp.call('PATCH', '/api/core-config/current', camp.admin, {
        registrationOpen: false,
        drawOpensAt: new Date(at - 3_600_000).toISOString(),
        drawClosesAt: new Date(at + 3_600_000).toISOString(),
      });
      expect(patched.statusCode, patched.body).toBe(200);
      // In the draw's window the wizard's submission is an entry (docs/product.md §10): the same check refuses it.
      const response = await registerDayPass(person);
      expect(response.statusCode, response.body).toBe(403);
      expect(messageOf(response)).toBe(APPLICATION_AVAILABILITY_MESSAGES.none(YEAR));
      await configure(camp, { drawOpensAt: null, drawClosesAt: null });
    });
  });

  describe.skipIf(testDatabaseKind() === 'pglite')('at once (PostgreSQL)', () => {
    it('leaves consistent rows when admins decide the same applications at the same time', async () => {
      await saveSettings({});
      const people = await Promise.all(Array.from({ length: 6 }, () => insertSignedInPerson(camp)));
      const appIds: string[] = [];
      for (const person of people) appIds.push((await applied(person)).id);
      const decisions = ['APPROVED', 'DECLINED', 'APPROVED', 'DECLINED', 'APPROVED', 'DECLINED'] as const;
      const answers = await Promise.all(
        decisions.map((decision, index) =>
          camp.call('POST', '/api/applications/decisions', camp.admin, {
            // Each in its own order: the service locks them in id order all the same.
            ids: index % 2 === 0 ? appIds : [...appIds].reverse(),
            decision,
            message: `Decision ${index}`,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(decisions.map(() => 200));
      const rows = await db().select().from(applications).where(inArray(applications.id, appIds));
      const history = await db()
        .select()
        .from(applicationDecisions)
        .where(inArray(applicationDecisions.applicationId, appIds))
        .orderBy(asc(applicationDecisions.createdAt));
      // Every application: six decisions, the latest of which is its status, message and time; all in the same
      // order (the transactions took them one after another).
      const orderOf = (id: string) =>
        history.filter((decision) => decision.applicationId === id).map((decision) => decision.message);
      const first = orderOf(appIds[0]!);
      expect(new Set(first).size).toBe(6);
      for (const row of rows) {
        const theirs = history.filter((decision) => decision.applicationId === row.id);
        expect(theirs).toHaveLength(6);
        expect(orderOf(row.id)).toEqual(first);
        const latest = theirs.at(-1)!;
        expect({ status: row.status, message: row.message, decidedAt: row.decidedAt }).toEqual({
          status: latest.status,
          message: latest.message,
          decidedAt: latest.createdAt,
        });
      }
      for (const person of people) expect(await outboxSubjectsTo(db(), person.email)).toHaveLength(7);
    });

    it('makes one application of two requests at once: one 201 and one 200, one mail', async () => {
      const person = await insertSignedInPerson(camp);
      const body = { about: 'Twice', answers: [{ questionId: SKILLS, answer: 'Welding' }] };
      const answers = await Promise.all([apply(person, body), apply(person, body)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      expect(await db().select().from(applications).where(eq(applications.userId, person.id))).toHaveLength(
        1,
      );
      expect(await outboxSubjectsTo(db(), person.email)).toHaveLength(1);
    });
  });
});
