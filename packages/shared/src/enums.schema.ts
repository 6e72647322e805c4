import { z } from 'zod';
import {
  ROLES,
  REGISTRATION_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_PROVIDERS,
  REFUND_STATUSES,
  DAYS_OF_WEEK,
  FIELD_DATA_TYPES,
  AUDIT_ACTION_TYPES,
  PAYPAL_MODES,
} from './rules';

// zod schemas of the enumerations; the values, types and labels live in ./rules/enums.
export const RoleSchema = z.enum(ROLES);
export const RegistrationStatusSchema = z.enum(REGISTRATION_STATUSES);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
export const DayOfWeekSchema = z.enum(DAYS_OF_WEEK);
export const FieldDataTypeSchema = z.enum(FIELD_DATA_TYPES);
export const AuditActionTypeSchema = z.enum(AUDIT_ACTION_TYPES);
export const PaypalModeSchema = z.enum(PAYPAL_MODES);
