// Camp configuration as admins edit it (docs/product.md §3, §5, §9): messages, limits and the cross-field rules, without zod.

/** docs/product.md §5 Configuration messages, word for word. */
export const CONFIG_MESSAGES = {
  campNameRequired: 'Camp name is required',
  registrationYear: 'Registration year must be between 2000 and 2100',
  senderEmailInvalid: 'Sender Email must be a valid email address',
  replyToInvalid: 'Reply-To Email must be a valid email address',
  smtpHostRequired: 'SMTP Host is required when email notifications are enabled',
  smtpPortRequired: 'SMTP Port must be a valid port number (1-65535) when email notifications are enabled',
  senderEmailRequired: 'Sender Email is required when email notifications are enabled',
  senderNameRequired: 'Sender Name is required when email notifications are enabled',
  // Ours: a port typed while e-mail is off is still checked, so the stored value is usable later.
  smtpPortInvalid: 'SMTP Port must be a valid port number (1-65535)',
} as const;

export const CONFIG_NOT_FOUND = 'Configuration not found';
export const CONFIG_ALREADY_EXISTS =
  'A configuration already exists. Change it with PATCH /api/core-config/current.';

export const REGISTRATION_YEAR_MIN = 2000;
export const REGISTRATION_YEAR_MAX = 2100;
export const DEFAULT_SMTP_PORT = 587;
export const CAMP_NAME_MAX = 200;
export const CONFIG_HTML_MAX = 100_000;
export const CONFIG_URL_MAX = 2048;

/**
 * A banner or icon address as stored: trimmed, and either relative (`/img/banner.jpg`, `img/banner.jpg`)
 * or absolute http(s). Anything with another scheme (javascript:, data:, vbscript:), a protocol-relative
 * `//host`, backslashes or control characters is refused: the value ends up in an `<img src>`.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value === '' || value.length > CONFIG_URL_MAX) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return false;
  if (value.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (!scheme) return true;
  const name = scheme[1]?.toLowerCase();
  if (name !== 'http' && name !== 'https') return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** The values the cross-field rules of docs/product.md §5 look at, after merging with what is stored. */
export interface CampConfigRuleValues {
  emailEnabled: boolean;
  smtpHost: string | null;
  smtpPort: number | null;
  senderEmail: string | null;
  senderName: string | null;
}

const isPort = (port: number | null): port is number =>
  port !== null && Number.isInteger(port) && port >= 1 && port <= 65535;

/** A field of the cross-field rules: the one a rule's message is about. */
export type CampConfigRuleField = Exclude<keyof CampConfigRuleValues, 'emailEnabled'>;

/**
 * The "when email notifications are enabled" rules of docs/product.md §5, in the form's order, each with the field it
 * is about (the schema puts the message on that field; a form shows it there).
 */
export function campConfigRuleProblems(
  values: CampConfigRuleValues,
): { field: CampConfigRuleField; message: string }[] {
  const problems: { field: CampConfigRuleField; message: string }[] = [];
  if (values.emailEnabled) {
    if (!values.smtpHost?.trim())
      problems.push({ field: 'smtpHost', message: CONFIG_MESSAGES.smtpHostRequired });
    if (!isPort(values.smtpPort))
      problems.push({ field: 'smtpPort', message: CONFIG_MESSAGES.smtpPortRequired });
    if (!values.senderEmail?.trim()) {
      problems.push({ field: 'senderEmail', message: CONFIG_MESSAGES.senderEmailRequired });
    }
    if (!values.senderName?.trim()) {
      problems.push({ field: 'senderName', message: CONFIG_MESSAGES.senderNameRequired });
    }
  } else if (values.smtpPort !== null && !isPort(values.smtpPort)) {
    problems.push({ field: 'smtpPort', message: CONFIG_MESSAGES.smtpPortInvalid });
  }
  return problems;
}

/** The messages of campConfigRuleProblems (the server checks the stored configuration merged with a change). */
export function campConfigRuleIssues(values: CampConfigRuleValues): string[] {
  return campConfigRuleProblems(values).map((problem) => problem.message);
}
