import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import { Redis } from 'ioredis';
import { SecretBox } from './lib/secrets';
import { DatabaseRateLimiter, type RateLimiter, RedisRateLimiter } from './lib/rate-limiter';
import { AccessTokens } from './lib/tokens';
import { adminRegistrationsRoutes } from './modules/admin-registrations/admin-registrations.routes';
import { AdminRegistrationsService } from './modules/admin-registrations/admin-registrations.service';
import { AdminRegistrationsCancelService } from './modules/admin-registrations/admin-registrations-cancel.service';
import { AdminRegistrationsEditService } from './modules/admin-registrations/admin-registrations-edit.service';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { ApplicationsService } from './modules/applications/applications.service';
import { authRoutes } from './modules/auth/auth.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { PasskeysService } from './modules/passkeys/passkeys.service';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { checkInRoutes } from './modules/check-in/check-in.routes';
import { CheckInService } from './modules/check-in/check-in.service';
import { CalendarService } from './modules/calendar/calendar.service';
import { campingOptionsRoutes } from './modules/camping-options/camping-options.routes';
import { CampingOptionFieldsService } from './modules/camping-options/camping-option-fields.service';
import { CampingOptionsService } from './modules/camping-options/camping-options.service';
import { JobCategoriesService } from './modules/work/job-categories.service';
import { JobsService } from './modules/work/jobs.service';
import { ShiftOverlapsService } from './modules/work/shift-overlaps.service';
import { ShiftsService } from './modules/work/shifts.service';
import { workRoutes } from './modules/work/work.routes';
import { AuthService } from './modules/auth/auth.service';
import { MailService } from './modules/mail/mail.service';
import { OutboxWorker } from './modules/mail/outbox';
import { outboxAdminRoutes } from './modules/mail/outbox-admin.routes';
import { OutboxAdminService } from './modules/mail/outbox-admin.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { securityEventsRoutes } from './modules/security-events/security-events.routes';
import { SecurityEventsService } from './modules/security-events/security-events.service';
import { ReportsService } from './modules/reports/reports.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { userNotesRoutes } from './modules/users/user-notes.routes';
import { myDataRoutes } from './modules/users/my-data.routes';
import { MyDataService } from './modules/users/my-data.service';
import { RetentionPurgeWorker } from './modules/users/retention-purge';
import { UserNotesService } from './modules/users/user-notes.service';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes';
import { AdminPaymentsService } from './modules/payments/admin-payments.service';
import { PaymentsService } from './modules/payments/payments.service';
import { RefundsService } from './modules/payments/refunds.service';
import { registrationsRoutes } from './modules/registrations/registrations.routes';
import { RegistrationsService } from './modules/registrations/registrations.service';
import { WaitlistOffersService } from './modules/waitlist/waitlist-offers.service';
import { WaitlistWorker } from './modules/waitlist/waitlist-worker';
import { PaymentDeadlineWorker } from './modules/payments/deadline-worker';
import { PaymentDeadlinesService } from './modules/payments/payment-deadlines.service';
import { DrawAdminService } from './modules/draw/draw-admin.service';
import { drawRoutes } from './modules/draw/draw.routes';
import { DrawWorker } from './modules/draw/draw-worker';
import { ShiftReminderWorker } from './modules/reminders/reminder-worker';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { shiftWaitsRoutes } from './modules/waitlist/shift-waits.routes';
import { ShiftWaitsService } from './modules/waitlist/shift-waits.service';
import { adminWaitlistRoutes } from './modules/waitlist/admin-waitlist.routes';
import { AdminWaitlistService } from './modules/waitlist/admin-waitlist.service';
import { registerAuth } from './plugins/auth';
import { configRoutes } from './modules/config/config.routes';
import { ConfigService } from './modules/config/config.service';
import { healthRoutes } from './modules/health/health.routes';
import { registerCors } from './plugins/cors';
import { registerErrorHandling } from './plugins/errors';
import { registerUuidCase } from './plugins/uuid-case';
import { registerOpenApi } from './plugins/openapi';
import { registerResponseHeaders } from './plugins/security';
import { registerWeb } from './plugins/web';
import { OneLineRequestLog } from './lib/request-log';
import { registerMetrics } from './plugins/metrics';

export interface Services {
  config: ConfigService;
  secrets: SecretBox;
  tokens: AccessTokens;
  mail: MailService;
  outbox: OutboxWorker;
  waitlist: WaitlistWorker;
  waitlistOffers: WaitlistOffersService;
  shiftWaits: ShiftWaitsService;
  adminWaitlist: AdminWaitlistService;
  draws: DrawWorker;
  drawAdmin: DrawAdminService;
  users: UsersService;
  userNotes: UserNotesService;
  myData: MyDataService;
  applications: ApplicationsService;
  retentionPurge: RetentionPurgeWorker;
  passkeys: PasskeysService;
  auth: AuthService;
  rateLimiter: RateLimiter;
  notifications: NotificationsService;
  campingOptions: CampingOptionsService;
  campingOptionFields: CampingOptionFieldsService;
  jobCategories: JobCategoriesService;
  jobs: JobsService;
  shifts: ShiftsService;
  shiftOverlaps: ShiftOverlapsService;
  registrations: RegistrationsService;
  payments: PaymentsService;
  refunds: RefundsService;
  adminPayments: AdminPaymentsService;
  paymentDeadlines: PaymentDeadlinesService;
  paymentDeadlineWorker: PaymentDeadlineWorker;
  shiftReminders: ShiftReminderWorker;
  adminRegistrations: AdminRegistrationsService;
  adminRegistrationsCancel: AdminRegistrationsCancelService;
  adminRegistrationsEdit: AdminRegistrationsEditService;
  reports: ReportsService;
  outboxAdmin: OutboxAdminService;
  securityEvents: SecurityEventsService;
  calendar: CalendarService;
  checkIn: CheckInService;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    services: Services;
    /** Every route as registered ("GET /api/users/:id"), HEAD left out: the role matrix test reads it. */
    routeTable: readonly string[];
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Pino options, or false for silence (tests). Defaults to the env's LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (the server gives the readable development stream); stdout otherwise. */
  logStream?: DestinationStream;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** The clock every service reads; tests move it. */
  now?: () => Date;
}

export const API_PREFIX = '/api';
// apps/web/dist from src/app.ts and from the built dist/server.js alike (one folder deep in apps/api).
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The whole application, without listening: the server and the tests build the very same app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // No redaction paths: Fastify's req and res serializers write no headers at all (method, URL, host and
    // client; status), so no Authorization, Cookie or Set-Cookie reaches a log line (request-log.test.ts), and
    // redaction cost every line ~0.6 µs for nothing (decision 033).
    logger: options.logger ?? {
      level: env.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    logController: new OneLineRequestLog(),
    // A hop count as a function: the proxy-addr rule Fastify applies to a number (the nearest `n` hops).
    trustProxy:
      typeof env.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (env.trustProxy as number)
        : env.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('env', env);
  app.decorate('database', database);
  const db = database.db;
  const secrets = new SecretBox(env.appSecret);
  const config = new ConfigService(db, now, secrets);
  const tokens = new AccessTokens(env.appSecret, now);
  const mail = new MailService(env, config, secrets, app.log);
  const usersService = new UsersService(db, now);
  const outbox = new OutboxWorker({ db, mail, log: app.log });
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    mail.close();
  });
  // The waitlist's fills, expiries and reminders (decision 048), started and stopped with the outbox worker.
  const waitlist = new WaitlistWorker({ db, log: app.log, publicUrl: env.publicUrl, outbox, now });
  app.addHook('onReady', async () => waitlist.start());
  app.addHook('onClose', async () => waitlist.stop());
  // The draws that fall due when an application window closes (decision 049).
  const drawWorker = new DrawWorker({ db, log: app.log, publicUrl: env.publicUrl, outbox, waitlist, now });
  app.addHook('onReady', async () => drawWorker.start());
  app.addHook('onClose', async () => drawWorker.stop());
  // Shift reminders and corrections by e-mail (docs/product.md §11, decision 055).
  const shiftReminders = new ShiftReminderWorker({ db, log: app.log, publicUrl: env.publicUrl, outbox, now });
  app.addHook('onReady', async () => shiftReminders.start());
  app.addHook('onClose', async () => shiftReminders.stop());
  // The daily retention purge of sign-in leftovers and old security events (decision 063).
  const retentionPurge = new RetentionPurgeWorker({ db, log: app.log, now });
  app.addHook('onReady', async () => retentionPurge.start());
  app.addHook('onClose', async () => retentionPurge.stop());
  // Places on camping options and jobs are counted per configured registration year.
  const registrationYear = async () => (await config.getPublic()).registrationYear;
  let rateLimiter: RateLimiter = new DatabaseRateLimiter(db, now);
  if (env.redisUrl) {
    const redis = new Redis(env.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    rateLimiter = new RedisRateLimiter(redis, now);
  }
  const auth = new AuthService({
    db,
    env,
    now,
    tokens,
    mail,
    config,
    users: usersService,
    rateLimiter,
    outbox,
    log: app.log,
  });
  const jobs = new JobsService(db, now, registrationYear, waitlist);
  const refunds = new RefundsService({ db, env, config, outbox, log: app.log });
  const payments = new PaymentsService({ db, env, config, outbox, refunds, log: app.log });
  // Payment deadlines' reminders and automatic releases (docs/product.md §10), with the other workers.
  const paymentDeadlineWorker = new PaymentDeadlineWorker({
    db,
    log: app.log,
    publicUrl: env.publicUrl,
    outbox,
    waitlist,
    payments,
    now,
  });
  app.addHook('onReady', async () => paymentDeadlineWorker.start());
  app.addHook('onClose', async () => paymentDeadlineWorker.stop());
  app.decorate('services', {
    config,
    secrets,
    tokens,
    mail,
    outbox,
    waitlist,
    waitlistOffers: new WaitlistOffersService({ db, now, publicUrl: env.publicUrl, outbox, waitlist }),
    shiftWaits: new ShiftWaitsService({ db, now, config, publicUrl: env.publicUrl, outbox, waitlist }),
    adminWaitlist: new AdminWaitlistService({ db, now, publicUrl: env.publicUrl, outbox, waitlist }),
    draws: drawWorker,
    drawAdmin: new DrawAdminService({ db, now, config, publicUrl: env.publicUrl, outbox, waitlist }),
    users: usersService,
    // Internal notes on a person (docs/product.md §12, decision 060): admins only.
    userNotes: new UserNotesService(db),
    // My data: the export and the erasure of an account (docs/product.md §12 My data, decision 063).
    myData: new MyDataService(db, now, usersService),
    // Application approval (docs/product.md §12, decision 065): newcomers apply, admins decide.
    applications: new ApplicationsService({ db, now, config, outbox, publicUrl: env.publicUrl }),
    retentionPurge,
    auth,
    // Passkeys (docs/product.md §12, decision 061): a second way to sign in.
    passkeys: new PasskeysService({ db, env, now, config, auth, outbox, log: app.log }),
    rateLimiter,
    notifications: new NotificationsService({ db, mail, config, now }),
    campingOptions: new CampingOptionsService(db, now, registrationYear, waitlist),
    campingOptionFields: new CampingOptionFieldsService(db, now),
    jobCategories: new JobCategoriesService(db, now),
    jobs,
    shifts: new ShiftsService(db, now, registrationYear, waitlist),
    shiftOverlaps: new ShiftOverlapsService(db, config),
    registrations: new RegistrationsService({ db, now, config, outbox, waitlist, publicUrl: env.publicUrl }),
    payments,
    refunds,
    adminPayments: new AdminPaymentsService({ db, outbox, payments }),
    paymentDeadlines: new PaymentDeadlinesService({
      db,
      now,
      publicUrl: env.publicUrl,
      outbox,
      waitlist,
      payments,
    }),
    paymentDeadlineWorker,
    shiftReminders,
    adminRegistrations: new AdminRegistrationsService({ db }),
    adminRegistrationsCancel: new AdminRegistrationsCancelService({
      db,
      env,
      now,
      outbox,
      waitlist,
      config,
      refunds,
      payments,
      log: app.log,
    }),
    adminRegistrationsEdit: new AdminRegistrationsEditService({ db, env, outbox, waitlist, payments, now }),
    reports: new ReportsService({ db, registrationYear }),
    outboxAdmin: new OutboxAdminService({ db, outbox, log: app.log }),
    securityEvents: new SecurityEventsService(db),
    // The calendar feed (decision 054): its tokens are keyed from APP_SECRET, its UIDs and links use PUBLIC_URL.
    calendar: new CalendarService({
      db,
      appSecret: env.appSecret,
      publicUrl: env.publicUrl,
      jobs,
      rateLimiter,
      now,
    }),
    // Check-in at shifts (docs/product.md §11 Check-in, decision 058).
    checkIn: new CheckInService({ db, config, now }),
  });
  registerAuth(app);
  registerUuidCase(app);

  registerErrorHandling(app);
  // Security headers, X-Request-Id and API answers' Cache-Control: no-store, all in one onRequest hook; before
  // CORS, whose hook answers a preflight itself (and so ends the onRequest hooks).
  registerResponseHeaders(app, {
    publicUrl: env.publicUrl,
    corsOrigins: env.corsOrigins,
    apiPrefix: API_PREFIX,
  });
  registerCors(app, env.corsOrigins);
  await app.register(cookie, { secret: env.appSecret });
  await registerOpenApi(app, { publicUrl: env.publicUrl });
  registerMetrics(app, { token: env.metricsToken, path: `${API_PREFIX}/metrics` });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(authRoutes);
      await api.register(passkeysRoutes);
      await api.register(securityEventsRoutes);
      await api.register(usersRoutes);
      await api.register(userNotesRoutes);
      await api.register(myDataRoutes);
      await api.register(applicationsRoutes);
      await api.register(notificationsRoutes);
      await api.register(campingOptionsRoutes);
      await api.register(workRoutes);
      await api.register(registrationsRoutes);
      await api.register(paymentsRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(adminRegistrationsRoutes);
      await api.register(reportsRoutes);
      await api.register(outboxAdminRoutes);
      await api.register(waitlistRoutes);
      await api.register(shiftWaitsRoutes);
      await api.register(adminWaitlistRoutes);
      await api.register(drawRoutes);
      await api.register(calendarRoutes);
      await api.register(checkInRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, {
    distDir: options.webDistDir ?? DEFAULT_WEB_DIST,
    apiBaseUrl: API_PREFIX,
    publicConfig: () => config.getPublicView(),
  });
  return app;
}
