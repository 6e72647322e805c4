import {
  type AdminApplication,
  APPLICATION_MESSAGES,
  applicationAnswerProblems,
  type ApplicationAnswer,
  type ApplicationDecisionResult,
  type ApplicationDecisionValues,
  type ApplicationListQuery,
  type ApplicationPerson,
  type ApplicationSettings,
  type ApplicationSettingsValues,
  type ApplyValues,
  isProfileComplete,
  type MyApplication,
  type MyApplicationState,
  personName,
} from '@camp/shared';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { applicationDecisions, applications, applicationSettings, users } from '../../db/schema/index';
import { fullNameOf, likePattern } from '../../db/search';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import type { CurrentUser } from '../../plugins/auth';
import type { ConfigService } from '../config/config.service';
import { enqueueMail, type OutboxWorker } from '../mail/outbox';
import { decisionMail, receivedMail } from './application-mails';
import { applicationSettingsOf, applicationStandings, toMyApplication } from './application-state';

export interface ApplicationsDeps {
  db: Db;
  now: () => Date;
  config: ConfigService;
  /** The mails go through the outbox, written in the change's transaction. */
  outbox: Pick<OutboxWorker, 'kick'>;
  publicUrl: string;
}

/** The admin who took a decision (a second name for the users table). */
const decider = alias(users, 'decider');

/** A person named on an application: null once their account is gone. */
function personOf(person: {
  id: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}): ApplicationPerson | null {
  if (person.id === null || person.email === null) return null;
  return { id: person.id, name: personName({ ...person, email: person.email }) };
}

/** Part of the first, last or playa name, of 'first last', or of the e-mail, ignoring case. */
function applicantMatches(text: string): SQL | undefined {
  const pattern = likePattern(text);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.playaName, pattern),
    ilike(users.email, pattern),
    sql`${fullNameOf} ilike ${pattern}`,
  );
}

/**
 * Application approval (docs/product.md §12 Application approval, decision 065): a newcomer's application for the
 * registration year, the admins' list, their decisions (each one a row of application_decisions), and the year's
 * settings. Who must apply is application-state.ts's rule, which the registration submission reads too.
 */
export class ApplicationsService {
  constructor(private readonly deps: ApplicationsDeps) {}

  /** GET /applications/me: where the caller stands for the registration year. */
  async mine(caller: CurrentUser): Promise<MyApplicationState> {
    const { registrationYear: year } = await this.deps.config.getPublic();
    const { settings, standings } = await applicationStandings(this.deps.db, year, [caller]);
    const standing = standings.get(caller.id);
    return {
      year,
      required: settings.required,
      exempt: standing?.exempt ?? false,
      questions: settings.questions,
      application: standing?.application ? toMyApplication(standing.application) : null,
    };
  }

  /**
   * PUT /applications/me: makes the caller's application (created: true, mailed) or, while it is pending, changes
   * its words. Refused, in this order: the year needs none (409), the caller needs none (409), it was decided
   * (409), the profile is incomplete (400), the answers do not fit the questions (400).
   */
  async apply(
    caller: CurrentUser,
    values: ApplyValues,
  ): Promise<{ created: boolean; application: MyApplication }> {
    const { registrationYear: year, campName } = await this.deps.config.getPublic();
    const { settings, standings } = await applicationStandings(this.deps.db, year, [caller]);
    const standing = standings.get(caller.id);
    if (!settings.required) throw conflict(APPLICATION_MESSAGES.notNeeded(year));
    if (!standing || standing.exempt) throw conflict(APPLICATION_MESSAGES.exempt);
    if (standing.application && standing.application.status !== 'PENDING')
      throw conflict(APPLICATION_MESSAGES.alreadyDecided);
    if (!isProfileComplete(caller)) throw badRequest(APPLICATION_MESSAGES.profileIncomplete);
    const problems = applicationAnswerProblems(settings.questions, values.answers);
    if (problems.length > 0) throw badRequest(problems);
    // Every question of the year in its order, with its words as they are now ('' when left unanswered).
    const answers: ApplicationAnswer[] = settings.questions.map((question) => ({
      questionId: question.id,
      question: question.label,
      answer: values.answers.find((answer) => answer.questionId === question.id)?.answer ?? '',
    }));

    const result = await this.deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(applications)
        .values({ userId: caller.id, year, about: values.about, answers })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        await enqueueMail(
          tx,
          receivedMail({
            to: caller.email,
            firstName: caller.firstName,
            campName,
            year,
            publicUrl: this.deps.publicUrl,
          }),
        );
        return { created: true, application: inserted };
      }
      // Theirs exists (perhaps made a moment ago by a second request): changed only while still pending.
      const [updated] = await tx
        .update(applications)
        .set({ about: values.about, answers, updatedAt: sql`now()` })
        .where(
          and(
            eq(applications.userId, caller.id),
            eq(applications.year, year),
            eq(applications.status, 'PENDING'),
          ),
        )
        .returning();
      if (!updated) throw conflict(APPLICATION_MESSAGES.alreadyDecided);
      return { created: false, application: updated };
    });
    if (result.created) this.deps.outbox.kick();
    return { created: result.created, application: toMyApplication(result.application) };
  }

  /** GET /applications: the registration year's applications, oldest first, by status and search. */
  async list(query: ApplicationListQuery): Promise<AdminApplication[]> {
    const { registrationYear: year } = await this.deps.config.getPublic();
    return adminApplications(
      this.deps.db,
      and(
        eq(applications.year, year),
        query.status === 'ALL' ? undefined : eq(applications.status, query.status),
        query.q ? applicantMatches(query.q) : undefined,
      ),
    );
  }

  /**
   * POST /applications/decisions: one decision for every named application of the registration year, in one
   * transaction. The rows are locked in id order (two admins deciding the same ones wait for each other rather
   * than deadlock); an unknown id, or one of another year, changes nothing (404). Each gets a history row and a
   * mail. Deciding again, the same way or not, is allowed and recorded (and mails again).
   */
  async decide(adminId: string, values: ApplicationDecisionValues): Promise<ApplicationDecisionResult> {
    const { registrationYear: year, campName } = await this.deps.config.getPublic();
    const ids = [...new Set(values.ids)].sort();
    const decided = await this.deps.db.transaction(async (tx) => {
      const locked = await tx
        .select({
          id: applications.id,
          decidedAt: applications.decidedAt,
          email: users.email,
          firstName: users.firstName,
        })
        .from(applications)
        .innerJoin(users, eq(users.id, applications.userId))
        .where(and(inArray(applications.id, ids), eq(applications.year, year)))
        .orderBy(asc(applications.id))
        .for('update', { of: applications });
      if (locked.length !== ids.length) throw notFound(APPLICATION_MESSAGES.notFound);
      // Each decision is later than the one before it, so the history's order is the order they were taken.
      const latest = Math.max(0, ...locked.map((row) => row.decidedAt?.getTime() ?? 0));
      const at = new Date(Math.max(this.deps.now().getTime(), latest + 1));
      const decision = values.decision;
      const message = values.message;
      await tx
        .update(applications)
        .set({ status: decision, message, decidedBy: adminId, decidedAt: at })
        .where(inArray(applications.id, ids));
      await tx.insert(applicationDecisions).values(
        ids.map((id) => ({
          applicationId: id,
          status: decision,
          message,
          decidedBy: adminId,
          createdAt: at,
        })),
      );
      for (const row of locked) {
        const context = {
          to: row.email,
          firstName: row.firstName,
          campName,
          year,
          publicUrl: this.deps.publicUrl,
        };
        await enqueueMail(tx, decisionMail(context, decision, message));
      }
      return adminApplications(tx, inArray(applications.id, ids));
    });
    this.deps.outbox.kick();
    return { decided: ids.length, applications: decided };
  }

  /** GET /applications/settings: the registration year's settings (the defaults without a row). */
  async settings(): Promise<ApplicationSettings> {
    const { registrationYear: year } = await this.deps.config.getPublic();
    return applicationSettingsOf(this.deps.db, year);
  }

  /** PUT /applications/settings: the registration year's settings, all of them. */
  async saveSettings(values: ApplicationSettingsValues): Promise<ApplicationSettings> {
    const { registrationYear: year } = await this.deps.config.getPublic();
    const row = {
      required: values.required,
      returningMembersExempt: values.returningMembersExempt,
      questions: values.questions,
    };
    await this.deps.db
      .insert(applicationSettings)
      .values({ year, ...row })
      .onConflictDoUpdate({ target: applicationSettings.year, set: { ...row, updatedAt: sql`now()` } });
    return applicationSettingsOf(this.deps.db, year);
  }
}

/** The applications `where` selects, oldest first, each with its applicant, its decider and its history. */
async function adminApplications(db: DbOrTx, where: SQL | undefined): Promise<AdminApplication[]> {
  const rows = await db
    .select({
      application: applications,
      applicantEmail: users.email,
      applicantFirstName: users.firstName,
      applicantLastName: users.lastName,
      applicantPlayaName: users.playaName,
      deciderId: decider.id,
      deciderEmail: decider.email,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(decider, eq(decider.id, applications.decidedBy))
    .where(where)
    .orderBy(asc(applications.createdAt), asc(applications.id));
  if (rows.length === 0) return [];
  const history = await db
    .select({
      applicationId: applicationDecisions.applicationId,
      status: applicationDecisions.status,
      message: applicationDecisions.message,
      createdAt: applicationDecisions.createdAt,
      deciderId: decider.id,
      deciderEmail: decider.email,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    })
    .from(applicationDecisions)
    .leftJoin(decider, eq(decider.id, applicationDecisions.decidedBy))
    .where(
      inArray(
        applicationDecisions.applicationId,
        rows.map((row) => row.application.id),
      ),
    )
    .orderBy(asc(applicationDecisions.createdAt), asc(applicationDecisions.id));
  const historyOf = groupBy(history, (decision) => decision.applicationId);
  const deciderOf = (row: {
    deciderId: string | null;
    deciderEmail: string | null;
    deciderFirstName: string | null;
    deciderLastName: string | null;
  }) =>
    personOf({
      id: row.deciderId,
      email: row.deciderEmail,
      firstName: row.deciderFirstName,
      lastName: row.deciderLastName,
    });
  return rows.map((row) => ({
    ...toMyApplication(row.application),
    applicant: {
      id: row.application.userId,
      email: row.applicantEmail,
      name: personName({
        firstName: row.applicantFirstName,
        lastName: row.applicantLastName,
        email: row.applicantEmail,
      }),
      playaName: row.applicantPlayaName,
    },
    decidedBy: deciderOf(row),
    history: (historyOf.get(row.application.id) ?? []).map((decision) => ({
      status: decision.status,
      message: decision.message,
      decidedAt: decision.createdAt.toISOString(),
      decidedBy: deciderOf(decision),
    })),
  }));
}
