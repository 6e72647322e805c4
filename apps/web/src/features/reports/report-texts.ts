// The report screens' own texts. The texts of docs/product.md §8 (errors, empty states, no access) are REPORT_MESSAGES of
// @camp/shared/reports, used as they are; these are what only the browser says.

export const REPORT_TEXTS = {
  indexTitle: 'Reports',
  /** Staff read no money, so their index promises none; admins' adds who has paid. */
  indexDescription: 'Who is coming and who works when: on screen and as a spreadsheet.',
  indexDescriptionAdmin: 'Who is coming, who works when, who has paid: on screen and as a spreadsheet.',
  adminOnly: 'Admin Only',
  openReport: 'Open report',
  backToReports: 'Back to Reports',
  exportCsv: 'Export to CSV',
  /** The export button while the table's search narrows the rows: the file holds those rows only. */
  exportSearched: (rows: number) => `Export ${rows} ${rows === 1 ? 'row' : 'rows'} to CSV`,
  print: 'Print',
  tryAgain: 'Try again',

  registrationsTitle: 'Registration Reports',
  registrationsDescription: 'Every registration with its options, shifts and custom answers.',
  registrationsDescriptionAdmin: 'Every registration with its options, shifts, custom answers and money.',
  registrationsLoading: 'Loading registrations...',
  registrationsCaption: 'Registrations',

  paymentsTitle: 'Payment Reports',
  paymentsDescription: 'Every payment by provider and status, with totals net of refunds.',
  paymentsLoading: 'Loading payments...',
  paymentsCaption: 'Payments',

  usersTitle: 'User Reports',
  usersDescription: 'Everyone with an account, and whether they are registered for the year.',
  usersLoading: 'Loading users...',
  usersCaption: 'Users',

  scheduleTitle: 'Work Schedule',
  scheduleDescription: 'Shifts by day, with their jobs, places and the people on them.',
  scheduleLoading: 'Loading work schedule...',
  scheduleEmptyDetail: 'No shifts have been set up yet.',

  allYears: 'All years',
  allStatuses: 'All statuses',
  allOptions: 'All camping options',
  allProviders: 'All providers',
  allRoles: 'All roles',
  notRegistered: 'Not registered',
} as const;

/** The cards of the reports index (docs/product.md §2, §6): who may open each. */
export const REPORT_CARDS = [
  {
    key: 'registrations',
    title: 'Registration Reports',
    description: 'Registrations by year, status and camping option, with counts and custom answers.',
    adminOnly: false,
  },
  {
    key: 'workSchedule',
    title: 'Work Schedule',
    description: 'Shifts grouped by day with their jobs and the people on them; printable.',
    adminOnly: false,
  },
  {
    key: 'users',
    title: 'User Reports',
    description: 'Everyone with an account, active or inactive in a year.',
    adminOnly: false,
  },
  {
    key: 'payments',
    title: 'Payment Reports',
    description: 'Payments by provider and status, with totals net of refunds.',
    adminOnly: true,
  },
] as const;
export type ReportCardKey = (typeof REPORT_CARDS)[number]['key'];

/** The file names' beginnings (docs/product.md §2 Reports). */
export const CSV_FILE_BASES = {
  registrations: 'registration_reports',
  payments: 'payment_reports',
  users: 'user_reports',
  workSchedule: 'work_schedule_report',
} as const;
