import {
  APPLICATION_DECISIONS,
  APPLICATION_STATUSES,
  ATTENDANCE_STATES,
  AUDIT_ACTION_TYPES,
  DAYS_OF_WEEK,
  DRAW_ENTRY_STATES,
  FIELD_DATA_TYPES,
  MANUAL_PAYMENT_METHODS,
  OFFER_STATES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  REGISTRATION_STATUSES,
  SHIFT_REMINDER_KINDS,
  SHIFT_WAIT_LAST_OFFER_STATES,
  SHIFT_WAIT_STATES,
  ROLES,
  TEST_EMAIL_STATUSES,
  TIMED_TASK_KINDS,
  TIMED_TASK_STATES,
} from '@camp/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ROLES);
export const registrationStatus = pgEnum('registration_status', REGISTRATION_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const manualPaymentMethod = pgEnum('manual_payment_method', MANUAL_PAYMENT_METHODS);
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);
export const dayOfWeek = pgEnum('day_of_week', DAYS_OF_WEEK);
export const fieldDataType = pgEnum('field_data_type', FIELD_DATA_TYPES);
export const auditActionType = pgEnum('audit_action_type', AUDIT_ACTION_TYPES);
export const testEmailStatus = pgEnum('test_email_status', TEST_EMAIL_STATUSES);
export const outboxStatus = pgEnum('outbox_status', ['PENDING', 'SENT', 'FAILED']);
export const offerState = pgEnum('offer_state', OFFER_STATES);
export const timedTaskKind = pgEnum('timed_task_kind', TIMED_TASK_KINDS);
export const timedTaskState = pgEnum('timed_task_state', TIMED_TASK_STATES);
export const drawEntryState = pgEnum('draw_entry_state', DRAW_ENTRY_STATES);
export const shiftWaitState = pgEnum('shift_wait_state', SHIFT_WAIT_STATES);
export const shiftWaitLastOffer = pgEnum('shift_wait_last_offer', SHIFT_WAIT_LAST_OFFER_STATES);
export const shiftReminderKind = pgEnum('shift_reminder_kind', SHIFT_REMINDER_KINDS);
export const attendance = pgEnum('attendance', ATTENDANCE_STATES);
export const applicationStatus = pgEnum('application_status', APPLICATION_STATUSES);
export const applicationDecision = pgEnum('application_decision', APPLICATION_DECISIONS);
