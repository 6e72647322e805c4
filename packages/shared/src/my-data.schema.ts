import { z } from 'zod';
import { missingOr } from './schema-kit';
import { MY_DATA_MESSAGES } from './rules';
import { UserSchema } from './users.schema';

// My data (docs/product.md §12 My data, decision 063): the export a person downloads and the confirmations of an
// account's erasure.

const confirmEmail = (required: string) =>
  z
    .string({ error: missingOr(required, required) })
    .trim()
    .min(1, required)
    .max(254, required);

/** DELETE /users/me: the person types their own address (any case) to confirm. */
export const DeleteMyAccountInputSchema = z.strictObject({
  confirmEmail: confirmEmail(MY_DATA_MESSAGES.confirmEmailRequired),
});
export type DeleteMyAccountInput = z.input<typeof DeleteMyAccountInputSchema>;

/** POST /users/{id}/erase: the admin types the person's address (any case) to confirm. */
export const EraseUserInputSchema = z.strictObject({
  confirmEmail: confirmEmail(MY_DATA_MESSAGES.adminConfirmEmailRequired),
});
export type EraseUserInput = z.input<typeof EraseUserInputSchema>;

/** Whether the typed confirmation names the account: the same address, case and outer spaces aside. */
export function confirmsEmail(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}

const iso = z.string();
const isoOrNull = z.string().nullable();

const MyDataShiftSchema = z.object({
  jobId: z.string(),
  job: z.string(),
  shift: z.string(),
  day: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  attendance: z.string().nullable(),
  attendanceAt: isoOrNull,
});

const MyDataRegistrationSchema = z.object({
  id: z.string(),
  year: z.number(),
  status: z.string(),
  createdAt: iso,
  updatedAt: iso,
  acceptedTermsAt: isoOrNull,
  cancelledAt: isoOrNull,
  cancellationReason: z.string().nullable(),
  waitlistedAt: isoOrNull,
  payBy: isoOrNull,
  campingOptions: z.array(z.object({ id: z.string(), name: z.string() })),
  answers: z.array(z.object({ fieldId: z.string(), field: z.string(), value: z.string().nullable() })),
  shifts: z.array(MyDataShiftSchema),
  waitlistOffers: z.array(
    z.object({ state: z.string(), offeredAt: iso, expiresAt: iso, decidedAt: isoOrNull }),
  ),
  shiftWaits: z.array(
    z.object({ jobId: z.string(), job: z.string(), state: z.string(), joinedAt: iso, endedAt: isoOrNull }),
  ),
});

/** GET /users/me/data and GET /users/{id}/data: everything the camp holds that the person gave or did. */
export const MyDataExportSchema = z.object({
  exportedAt: iso,
  // The person's own fields of the API's user (no admin flags): one definition of them.
  profile: UserSchema.pick({
    id: true,
    email: true,
    firstName: true,
    lastName: true,
    playaName: true,
    profilePicture: true,
    phone: true,
    city: true,
    stateProvince: true,
    country: true,
    emergencyContact: true,
    role: true,
    isEmailVerified: true,
    createdAt: true,
    updatedAt: true,
  }),
  registrations: z.array(MyDataRegistrationSchema),
  drawEntries: z.array(
    z.object({
      year: z.number(),
      state: z.string(),
      campWith: z.array(z.string()),
      campingOptionIds: z.array(z.string()),
      jobIds: z.array(z.string()),
      answers: z.record(z.string(), z.unknown()),
      acceptedTermsAt: iso,
      drawnPosition: z.number().nullable(),
      createdAt: iso,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      registrationId: z.string().nullable(),
      amountCents: z.number(),
      currency: z.string(),
      status: z.string(),
      provider: z.string(),
      method: z.string().nullable(),
      createdAt: iso,
      updatedAt: iso,
      refundedAt: isoOrNull,
      refunds: z.array(
        z.object({ amountCents: z.number(), status: z.string(), createdAt: iso, updatedAt: iso }),
      ),
    }),
  ),
  // Applications (docs/product.md §12 Application approval): never who decided them.
  applications: z.array(
    z.object({
      year: z.number(),
      status: z.string(),
      about: z.string(),
      answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })),
      message: z.string().nullable(),
      submittedAt: iso,
      decidedAt: isoOrNull,
    }),
  ),
  securityEvents: z.array(
    z.object({ type: z.string(), createdAt: iso, email: z.string().nullable(), ip: z.string().nullable() }),
  ),
  passkeys: z.array(
    z.object({
      name: z.string(),
      createdAt: iso,
      lastUsedAt: isoOrNull,
      deviceType: z.string(),
      backedUp: z.boolean(),
    }),
  ),
  calendarFeed: z.object({ version: z.number() }),
});
export type MyDataExport = z.output<typeof MyDataExportSchema>;
