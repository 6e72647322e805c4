import { holdsPlaces, type RegistrationStatus, WAITLIST_MAILS } from '@camp/shared';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import {
  auditRecords,
  emailOutbox,
  registrationCampingOptions,
  registrations,
  timedTasks,
  waitlistOffers,
} from '../../apps/api/src/db/schema/index';
import { countersMatchRows, describeMismatch } from '../../apps/api/src/modules/registrations/capacity';
import { Prng } from '../../apps/api/test/kit/rng';
import { SmtpCapture } from '../../apps/api/test/smtp';
import { BENCH_YEAR } from './camp';
import type { Cleanups } from './durability';
import { JsonClient, mapLimit } from './http';
import {
  type AuthBody,
  completeProfiles,
  freePort,
  runDatabase,
  type Server,
  signIn,
  startServer,
} from './server';

// kill -9 during the waitlist cascade (docs/product.md §10, decision 048, docs/security.md): one camping option
// of N places, full, M people in its line, K holders cancelled at once through the admin API; the people offered
// a place accept or decline as the offers come, and the server processes (two on one PostgreSQL database, so
// two waitlist workers race; one on PGlite) are SIGKILLed while the cascade runs. After the restart the cascade
// settles and the database must show every freed place offered exactly once, to the next in line, with its mail.
// Shared by scripts/durability-waitlist.ts (npm run test:durability:waitlist) and its CI test.

const ADMIN_EMAIL = 'durability-admin@example.org';
const CAMP_NAME = 'Waitlist Camp';
const CANCEL_REASON = 'Durability test: the place goes to the line';

export interface WaitlistDurabilityOptions {
  /** Places on the one camping option (all taken before the cascade). */
  places: number;
  /** People in its line. */
  waiting: number;
  /** Place holders cancelled at once. */
  cancels: number;
  /** Seed of who is cancelled, of each offered person's answer and of the kill point. */
  seed: number;
  /** Server processes on the database: 2 races two waitlist workers (PostgreSQL only; PGlite has one user). */
  processes?: number | undefined;
  /** A PostgreSQL server: the run uses a fresh database on it, dropped afterwards. Else PGlite in a temp dir. */
  databaseUrl?: string | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface WaitlistDurabilityResult {
  database: 'pglite' | 'postgres';
  databaseLabel: string;
  processes: number;
  places: number;
  waiting: number;
  cancels: number;
  seed: number;
  killTrigger: string;
  /** Milliseconds from the cancellations to the kill. */
  killedAfterMs: number;
  /** Distinct offers seen through the API before the kill. */
  offersSeenBeforeKill: number;
  /** Answers to offers acknowledged (200) before the kill, and requests the kill cut. */
  acknowledged: { accepted: number; declined: number };
  unanswered: number;
  /** Offers made in all, and how they stand at the end. */
  offers: number;
  offerStates: Record<string, number>;
  /** Offers made after the restart (the cascade caught up), including the one declined after it. */
  offersAfterRestart: number;
  /** Places taken (PENDING or CONFIRMED) plus held by open offers on the option, at the end. */
  placesUsed: number;
  /** Restarts until no fill task was due. */
  rounds: number;
  countersChecked: number;
  /** Offered twice, or out of line order. */
  duplicated: string[];
  /** Freed places not offered, acknowledged answers missing, offer mails missing. */
  lost: string[];
  mismatches: string[];
  problems: string[];
}

export const waitlistDurable = (result: WaitlistDurabilityResult) =>
  result.duplicated.length === 0 &&
  result.lost.length === 0 &&
  result.mismatches.length === 0 &&
  result.problems.length === 0;

interface ListedRegistration {
  id: string;
  userId: string;
  status: RegistrationStatus;
  user: { email: string };
  waitlist: { positions: Array<{ position: number }>; offer: { id: string; state: string } | null } | null;
}

interface Person extends AuthBody {
  email: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The whole flow; clean-ups (servers, SMTP capture, temp dir, fresh database) are pushed onto `cleanups` for the
 * caller to run.
 */
export async function runWaitlistDurability(
  options: WaitlistDurabilityOptions,
  cleanups: Cleanups,
): Promise<WaitlistDurabilityResult> {
  const started = performance.now();
  const say = options.log ?? (() => undefined);
  const log = (line: string) =>
    say(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
  const random = new Prng(options.seed).next;
  const processes = options.databaseUrl ? Math.max(1, options.processes ?? 2) : 1;
  const { places, waiting, cancels } = options;
  if (cancels > places) throw new Error(`cannot cancel ${cancels} of ${places} places`);

  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: ADMIN_EMAIL,
    LOGIN_CODE_MAX_PER_EMAIL: '1000',
    LOGIN_CODE_MAX_PER_IP: String((places + waiting) * 4 + 100),
  };
  const {
    dataDir,
    databaseUrl,
    label: databaseLabel,
  } = await runDatabase('durability_waitlist', options.databaseUrl, env, cleanups);
  const smtp = await new SmtpCapture().start();
  cleanups.push(() => smtp.stop());
  env.SMTP_URL = smtp.url;
  log(
    `waitlist durability — ${places} places, ${waiting} waiting, ${cancels} cancelled, seed ${options.seed}, ` +
      `${processes} server process(es), database: ${databaseLabel}`,
  );

  const problems: string[] = [];
  const clients: JsonClient[] = [];
  cleanups.push(() => clients.forEach((client) => client.close()));
  /** Starts one server process and a client for it. */
  const startOne = async (): Promise<{ server: Server; client: JsonClient }> => {
    const server = await startServer(env, await freePort());
    cleanups.push(() => server.stop());
    const client = new JsonClient(server.base, 16, 30_000);
    clients.push(client);
    return { server, client };
  };
  /** Starts the server processes one after the other (the first migrates) and a client for each. */
  const startAll = async (): Promise<{ servers: Server[]; api: JsonClient[] }> => {
    const servers: Server[] = [];
    const api: JsonClient[] = [];
    for (let index = 0; index < processes; index += 1) {
      const { server, client } = await startOne();
      servers.push(server);
      api.push(client);
    }
    return { servers, api };
  };

  // One process first: the others start once the camp is configured (a process caches the public configuration
  // for a few seconds, docs/architecture.md).
  const firstProcess = await startOne();
  let servers = [firstProcess.server];
  let api = [firstProcess.client];
  /** Requests spread over the processes. */
  let turn = 0;
  const next = () => api[(turn += 1) % api.length] as JsonClient;

  const admin = await signIn(next(), smtp, ADMIN_EMAIL);
  if (admin.role !== 'ADMIN') throw new Error(`the admin signed in as ${admin.role}`);
  const adminCall = async <T>(method: string, path: string, body?: unknown, expected = 200) => {
    const response = await next().request<T>(method, path, { token: admin.accessToken, body });
    if (response.status !== expected)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  await adminCall(
    'POST',
    '/api/core-config',
    {
      campName: CAMP_NAME,
      registrationYear: BENCH_YEAR,
      registrationOpen: true,
      registrationTerms: '<p>Wait your turn.</p>',
    },
    201,
  );
  const { id: optionId } = await adminCall<{ id: string }>(
    'POST',
    '/api/camping-options',
    { name: 'Tent', description: 'The one option', maxSignups: places, waitlistEnabled: true },
    201,
  );
  while (servers.length < processes) {
    const { server, client } = await startOne();
    servers.push(server);
    api.push(client);
  }
  log(`  ${processes} server(s) started, the camp configured`);

  const people: Person[] = await mapLimit(
    Array.from({ length: places + waiting }, (_, index) => `waiting${index}@example.org`),
    8,
    async (email) => ({ ...(await signIn(next(), smtp, email)), email }),
  );
  await completeProfiles(next(), people, {
    firstName: 'Waiting',
    emergencyContact: 'Kit, 555-0199',
    concurrency: 8,
  });
  const submit = async (person: Person, joinWaitlist: boolean) => {
    const response = await next().request<{ registration?: { id: string; status: RegistrationStatus } }>(
      'POST',
      '/api/registrations/camp',
      {
        token: person.accessToken,
        body: { campingOptions: [optionId], customFields: {}, jobs: [], acceptedTerms: true, joinWaitlist },
      },
    );
    const registration = response.body.registration;
    if (response.status !== 201 || !registration)
      throw new Error(`a submission answered ${response.status}: ${JSON.stringify(response.body)}`);
    return registration;
  };
  const holders = await mapLimit(people.slice(0, places), 8, (person) => submit(person, false));
  for (const holder of holders)
    if (!holdsPlaces(holder.status)) throw new Error(`a holder's registration is ${holder.status}`);
  // The line, one after the other: its order is the order of joining.
  const line: string[] = [];
  for (const person of people.slice(places)) {
    const registration = await submit(person, true);
    if (registration.status !== 'WAITLISTED')
      throw new Error(`a person joining the line got ${registration.status}`);
    line.push(registration.id);
  }
  const personOf = new Map<string, Person>();
  const listing = async () =>
    adminCall<ListedRegistration[]>('GET', `/api/registrations?year=${BENCH_YEAR}`).then((list) => {
      for (const registration of list) {
        const person = people.find((candidate) => candidate.userId === registration.userId);
        if (person) personOf.set(registration.id, person);
      }
      return list;
    });
  // The line as the API numbers it must be the order of joining.
  const positions = new Map(
    (await listing()).map((registration) => [registration.id, registration.waitlist?.positions[0]?.position]),
  );
  const numbered = line.map((id) => positions.get(id));
  if (numbered.some((position, index) => position !== index + 1))
    problems.push(`the line is numbered ${JSON.stringify(numbered)}, not in the order of joining`);
  log(`  camp seeded: ${places} places taken, ${waiting} people in line`);

  // Who is cancelled, and the kill point, by the seed: with an odd seed a few ms after the j-th decline was
  // answered (on PostgreSQL the fill that decline woke is then under way in its process), with an even one 0–60 ms
  // after it was sent (before the decline commits, between its commit and its fill, during the fill or after it;
  // on PGlite, whose one connection runs the woken fill before the answer's read, only this lands inside a fill).
  const order = holders.map((holder) => holder.id);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as string, order[index] as string];
  }
  const cancelled = order.slice(0, cancels);
  const killAtDecline = 1 + Math.floor(random() * Math.max(1, Math.ceil(cancels / 2)));
  const killOnAnswer = options.seed % 2 === 1;
  const killDelayMs = Math.floor(random() * (killOnAnswer ? 20 : 60));
  const killTriggerPlanned = `${killDelayMs} ms after decline ${killAtDecline} was ${killOnAnswer ? 'answered' : 'sent'}`;
  let declinesSent = 0;

  const exits = servers.map(
    (server) =>
      new Promise<void>((resolve) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) resolve();
        else server.child.once('exit', () => resolve());
      }),
  );
  let killed = false;
  let killedAt = 0;
  /** The wall clock of the kill: offers made later were made by the restarted processes. */
  let killedWall = new Date(0);
  let killTrigger = killTriggerPlanned;
  const kill = (trigger?: string) => {
    if (killed) return;
    killed = true;
    if (trigger) killTrigger = trigger;
    for (const error of smtp.errors)
      problems.push(`the SMTP capture saw an error before the kill: ${error.message}`);
    killedAt = performance.now();
    killedWall = new Date();
    for (const server of servers)
      if (server.child.pid !== undefined) process.kill(server.child.pid, 'SIGKILL');
  };

  // The cancellations, all at once over the processes.
  const cancelStarted = performance.now();
  const cancelAnswers = await Promise.all(
    cancelled.map((id) =>
      next()
        .request('DELETE', `/api/admin/registrations/${id}`, {
          token: admin.accessToken,
          body: { reason: CANCEL_REASON, sendNotification: false, processRefund: false },
        })
        .then((response) => response.status),
    ),
  );
  for (const [index, status] of cancelAnswers.entries())
    if (status !== 200) problems.push(`the cancel of ${cancelled[index]} answered ${status}`);
  log(`  ${cancels} holders cancelled at once`);

  // The offered people answer as the offers come (seeded: decline half, accept a fifth, leave the rest open),
  // until the kill.
  const seen = new Set<string>();
  const acknowledged = { accepted: new Set<string>(), declined: new Set<string>() };
  const answers: Array<Promise<void>> = [];
  let unanswered = 0;
  const statuses = new Map<number, number>();
  let lastChange = performance.now();
  const answer = async (
    registrationId: string,
    offerId: string,
    choice: 'accept' | 'decline',
    delay: number,
  ) => {
    await sleep(delay);
    if (killed) return;
    const person = personOf.get(registrationId);
    if (!person) throw new Error(`nobody owns ${registrationId}`);
    if (choice === 'decline') {
      declinesSent += 1;
      if (!killOnAnswer && declinesSent === killAtDecline) setTimeout(() => kill(), killDelayMs);
    }
    try {
      const response = await next().request('POST', `/api/waitlist-offers/${offerId}/${choice}`, {
        token: person.accessToken,
        // Accepting keeps the shifts chosen (none here): an empty body.
        ...(choice === 'accept' ? { body: {} } : {}),
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200) {
        (choice === 'accept' ? acknowledged.accepted : acknowledged.declined).add(registrationId);
        if (killOnAnswer && choice === 'decline' && acknowledged.declined.size === killAtDecline)
          setTimeout(() => kill(), killDelayMs);
      } else if (!killed)
        problems.push(
          `${choice} of offer ${offerId} answered ${response.status}: ${JSON.stringify(response.body)}`,
        );
    } catch (error) {
      if (!killed) throw error;
      unanswered += 1;
    }
    lastChange = performance.now();
  };
  while (!killed) {
    // The kill, when it comes, comes from an answer (above), in the middle of this loop's wait.
    let list: ListedRegistration[];
    try {
      list = await listing();
    } catch (error) {
      if (killed) break;
      throw error;
    }
    for (const registration of list) {
      const offer = registration.waitlist?.offer;
      if (!offer || seen.has(offer.id)) continue;
      seen.add(offer.id);
      lastChange = performance.now();
      const pick = random();
      const delay = Math.floor(random() * 30);
      if (pick < 0.5) answers.push(answer(registration.id, offer.id, 'decline', delay));
      else if (pick < 0.7) answers.push(answer(registration.id, offer.id, 'accept', delay));
    }
    const quiet = performance.now() - lastChange;
    // The first offers may wait for a worker's poll (another process's cancel does not wake this one); the cascade may end
    // before the planned point.
    if (seen.size > 0 && quiet > 3000) kill(`after the cascade went quiet (${seen.size} offers seen)`);
    else if (performance.now() - cancelStarted > 40_000) kill('40 s after the cancellations, no offer seen');
    else await sleep(processes > 1 ? 50 : 100);
  }
  await Promise.all(exits);
  for (const settled of await Promise.allSettled(answers))
    if (settled.status === 'rejected')
      problems.push(`an answer to an offer failed: ${String(settled.reason)}`);
  const killedAfterMs = Math.round(killedAt - cancelStarted);
  for (const server of servers)
    if (server.child.signalCode !== 'SIGKILL')
      problems.push(`a server ended with ${server.child.signalCode ?? server.child.exitCode}, not SIGKILL`);
  for (const [status, n] of statuses) if (status >= 500) problems.push(`${n} answers of ${status}`);
  log(
    `  killed (SIGKILL) ${killTrigger}, ${(killedAfterMs / 1000).toFixed(2)} s after the cancellations: ` +
      `${seen.size} offers seen, ${acknowledged.declined.size} declines and ${acknowledged.accepted.size} accepts ` +
      `acknowledged, ${unanswered} answers cut`,
  );
  const offersBeforeRestart = seen.size;

  // Restart, let the cascade settle, stop, and look at the database; again while a fill is still due.
  let rounds = 0;
  let afterRestartDeclined: string | undefined;
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  for (;;) {
    rounds += 1;
    const restarted = performance.now();
    ({ servers, api } = await startAll());
    log(`  restarted ${processes} server(s) in ${((performance.now() - restarted) / 1000).toFixed(2)} s`);
    const settle = async () => {
      let last = '';
      let stableSince = performance.now();
      const deadline = performance.now() + 60_000;
      for (;;) {
        const open = (await listing())
          .map((registration) => registration.waitlist?.offer?.id)
          .filter(Boolean)
          .sort()
          .join();
        if (open !== last) {
          last = open;
          stableSince = performance.now();
        } else if (performance.now() - stableSince > 2000) return;
        if (performance.now() > deadline) {
          problems.push('the open offers still changed 60 s after the restart');
          return;
        }
        await sleep(200);
      }
    };
    await settle();
    // The restarted processes go on with the cascade: one open offer declined now goes to the next in line.
    if (rounds === 1) {
      const open = (await listing()).find((registration) => registration.waitlist?.offer);
      const person = open && personOf.get(open.id);
      if (open?.waitlist?.offer && person) {
        const response = await next().request(
          'POST',
          `/api/waitlist-offers/${open.waitlist.offer.id}/decline`,
          { token: person.accessToken },
        );
        if (response.status !== 200)
          problems.push(`the decline after the restart answered ${response.status}`);
        else afterRestartDeclined = open.id;
        // The decline kicks the worker of its process; the next one is due at once.
        await settle();
      }
    }
    for (const client of api) client.close();
    for (const server of servers) await server.stop();
    const database = await openDatabase({ databaseUrl, dataDir });
    const due = await database.db
      .select({ id: timedTasks.id })
      .from(timedTasks)
      .where(
        and(
          eq(timedTasks.state, 'PENDING'),
          eq(timedTasks.kind, 'WAITLIST_FILL'),
          lte(timedTasks.dueAt, sql`now()`),
        ),
      );
    if (due.length === 0 || rounds >= 3) {
      if (due.length > 0) problems.push(`a fill task was still due after ${rounds} restarts`);
      opened = database;
      break;
    }
    await database.close();
    log('  a fill task is still due: restarting again');
  }
  log('  servers stopped; checking the database itself');

  const duplicated: string[] = [];
  const lost: string[] = [];
  const mismatches: string[] = [];
  let figures: Pick<
    WaitlistDurabilityResult,
    'offers' | 'offerStates' | 'placesUsed' | 'countersChecked' | 'offersAfterRestart'
  >;
  try {
    const { db } = opened;
    const offers = await db
      .select({
        id: waitlistOffers.id,
        registrationId: waitlistOffers.registrationId,
        state: waitlistOffers.state,
        offeredAt: waitlistOffers.offeredAt,
      })
      .from(waitlistOffers)
      .where(eq(waitlistOffers.year, BENCH_YEAR));
    const offersPer = new Map<string, number>();
    const offerStates: Record<string, number> = {};
    for (const offer of offers) {
      offersPer.set(offer.registrationId, (offersPer.get(offer.registrationId) ?? 0) + 1);
      offerStates[offer.state] = (offerStates[offer.state] ?? 0) + 1;
    }
    for (const [registrationId, n] of offersPer)
      if (n > 1) duplicated.push(`registration ${registrationId} was offered ${n} times`);
    // Each freed place (a cancel, or an offer that ended without being taken) is offered once, while people wait.
    const ended = offers.filter((offer) => offer.state !== 'OPEN' && offer.state !== 'ACCEPTED').length;
    const expected = Math.min(waiting, cancels + ended);
    if (offers.length < expected)
      lost.push(
        `${offers.length} offers made, ${expected} places freed (${cancels} cancels + ${ended} ended offers)`,
      );
    if (offers.length > expected)
      duplicated.push(`${offers.length} offers made, only ${expected} places freed`);
    // To the first in line, in order: the offered are exactly the first of the line.
    const offered = new Set(offersPer.keys());
    const prefix = line.slice(0, offered.size);
    const outOfOrder = prefix.filter((id) => !offered.has(id));
    if (outOfOrder.length > 0)
      lost.push(
        `passed over in line order: ${outOfOrder.map((id) => `#${line.indexOf(id) + 1}`).join(', ')}`,
      );
    const strangers = [...offered].filter((id) => !line.includes(id));
    if (strangers.length > 0) duplicated.push(`${strangers.length} offers to registrations not in the line`);

    // Every acknowledged answer stands.
    const stateOf = new Map(offers.map((offer) => [offer.registrationId, offer.state]));
    const rows = await db
      .select({ id: registrations.id, status: registrations.status })
      .from(registrations)
      .where(eq(registrations.year, BENCH_YEAR));
    const statusOf = new Map(rows.map((row) => [row.id, row.status]));
    for (const id of acknowledged.declined)
      if (stateOf.get(id) !== 'DECLINED' || statusOf.get(id) !== 'CANCELLED')
        lost.push(`acknowledged decline of ${id} is ${stateOf.get(id)} / ${statusOf.get(id)}`);
    for (const id of acknowledged.accepted)
      if (stateOf.get(id) !== 'ACCEPTED' || !holdsPlaces(statusOf.get(id) ?? 'CANCELLED'))
        lost.push(`acknowledged accept of ${id} is ${stateOf.get(id)} / ${statusOf.get(id)}`);
    for (const id of cancelled)
      if (statusOf.get(id) !== 'CANCELLED') lost.push(`cancelled holder ${id} is ${statusOf.get(id)}`);

    // Places: taken plus held never beyond the limit, and all of them used while people still wait.
    const linked = await db
      .select({ id: registrations.id, status: registrations.status })
      .from(registrationCampingOptions)
      .innerJoin(registrations, eq(registrations.id, registrationCampingOptions.registrationId))
      .where(eq(registrationCampingOptions.campingOptionId, optionId));
    const open = new Set(
      offers.filter((offer) => offer.state === 'OPEN').map((offer) => offer.registrationId),
    );
    const placesUsed = linked.filter((row) => holdsPlaces(row.status) || open.has(row.id)).length;
    if (placesUsed > places) mismatches.push(`${placesUsed} places taken or held of ${places}`);
    if (placesUsed < places && offers.length < waiting)
      lost.push(`${places - placesUsed} places free while ${waiting - offers.length} people still wait`);
    const counters = await countersMatchRows(db, BENCH_YEAR);
    mismatches.push(...counters.mismatches.map((mismatch) => `database: ${describeMismatch(mismatch)}`));

    // One offer mail per offer, to its person, in the outbox; one WAITLIST_OFFER audit record per offer.
    const mails = await db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, WAITLIST_MAILS.offerSubject(CAMP_NAME)));
    const mailsTo = new Map<string, number>();
    for (const mail of mails) mailsTo.set(mail.to, (mailsTo.get(mail.to) ?? 0) + 1);
    for (const [registrationId, n] of offersPer) {
      const email = personOf.get(registrationId)?.email ?? '?';
      const got = mailsTo.get(email) ?? 0;
      if (got < n) lost.push(`${email}: ${got} offer mails for ${n} offers`);
      if (got > n) duplicated.push(`${email}: ${got} offer mails for ${n} offers`);
      mailsTo.delete(email);
    }
    for (const [email, n] of mailsTo) duplicated.push(`${email}: ${n} offer mails without an offer`);
    const audits = await db
      .select({ registrationId: auditRecords.registrationId })
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.actionType, 'WAITLIST_OFFER'),
          inArray(
            auditRecords.registrationId,
            line.length > 0 ? line : ['00000000-0000-0000-0000-000000000000'],
          ),
        ),
      );
    if (audits.length !== offers.length)
      problems.push(`${audits.length} WAITLIST_OFFER audit records for ${offers.length} offers`);
    const failed = await db
      .select({ id: timedTasks.id })
      .from(timedTasks)
      .where(eq(timedTasks.state, 'FAILED'));
    if (failed.length > 0) problems.push(`${failed.length} timed tasks FAILED`);
    if (afterRestartDeclined && stateOf.get(afterRestartDeclined) !== 'DECLINED')
      lost.push(`the decline after the restart is ${stateOf.get(afterRestartDeclined)}`);
    figures = {
      offers: offers.length,
      offerStates,
      placesUsed,
      countersChecked: counters.checked,
      offersAfterRestart: offers.filter((offer) => offer.offeredAt > killedWall).length,
    };
  } finally {
    await opened.close();
  }

  return {
    database: databaseUrl ? 'postgres' : 'pglite',
    databaseLabel,
    processes,
    places,
    waiting,
    cancels,
    seed: options.seed,
    killTrigger,
    killedAfterMs,
    offersSeenBeforeKill: offersBeforeRestart,
    acknowledged: { accepted: acknowledged.accepted.size, declined: acknowledged.declined.size },
    unanswered,
    ...figures,
    rounds,
    duplicated,
    lost,
    mismatches,
    problems,
  };
}

/** The summary lines of a result, for the script and for a failing test. */
export function describeWaitlistResult(result: WaitlistDurabilityResult): string[] {
  const states = Object.entries(result.offerStates)
    .sort()
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const lines = [
    `Database: ${result.databaseLabel}, ${result.processes} server process(es)`,
    `Camp: ${result.places} places, ${result.waiting} in line, ${result.cancels} holders cancelled at once (seed ${result.seed})`,
    `Killed (SIGKILL) ${result.killTrigger}, ${(result.killedAfterMs / 1000).toFixed(2)} s after the cancellations`,
    `  offers seen before the kill: ${result.offersSeenBeforeKill}; answers acknowledged: ${result.acknowledged.declined} declines, ${result.acknowledged.accepted} accepts; cut: ${result.unanswered}`,
    `Restarts until settled: ${result.rounds}; offers made after the restart: ${result.offersAfterRestart}`,
    `Offers: ${result.offers} (${states}); places taken or held: ${result.placesUsed} of ${result.places}`,
    `Counters checked: ${result.countersChecked}`,
    `Duplicated: ${result.duplicated.length}; lost: ${result.lost.length}; mismatches: ${result.mismatches.length}`,
  ];
  for (const line of result.duplicated) lines.push(`DUPLICATED: ${line}`);
  for (const line of result.lost) lines.push(`LOST: ${line}`);
  for (const line of result.mismatches) lines.push(`MISMATCH: ${line}`);
  for (const line of result.problems) lines.push(`PROBLEM: ${line}`);
  return lines;
}
