// Application approval (docs/product.md §12 Application approval, decision 065): for a year that requires it, a
// newcomer applies before they may start the registration wizard, and admins approve or decline. The limits, the
// states, the gate and the words people read, in one place.

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The two decisions an admin takes. */
export const APPLICATION_DECISIONS = ['APPROVED', 'DECLINED'] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  PENDING: 'Waiting for review',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
};
export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  PENDING: 'yellow',
  APPROVED: 'green',
  DECLINED: 'red',
};

/** The most characters of "tell us about yourself", of one answer, of a question, and of a decision's message. */
export const APPLICATION_ABOUT_MAX = 2000;
export const APPLICATION_ANSWER_MAX = 2000;
export const APPLICATION_QUESTION_MAX = 200;
export const APPLICATION_MESSAGE_MAX = 2000;
/** The most questions an admin adds, and the most applications decided in one call. */
export const APPLICATION_QUESTIONS_MAX = 10;
export const APPLICATION_DECIDE_MAX = 200;

/** A question the admin asks every applicant of the year, besides "tell us about yourself". */
export interface ApplicationQuestion {
  id: string;
  label: string;
  required: boolean;
}

/** The year's settings (Admin → Applications). Off by default: a year without a row needs no application. */
export interface ApplicationSettings {
  year: number;
  /** Newcomers apply, and may register only once approved. */
  required: boolean;
  /** People who held a place in an earlier year (docs/product.md §12) need no application. */
  returningMembersExempt: boolean;
  questions: ApplicationQuestion[];
}

/** One answer, with the question's words as they were when it was answered (a question may change later). */
export interface ApplicationAnswer {
  questionId: string;
  question: string;
  answer: string;
}

/** An application as its applicant reads it. */
export interface MyApplication {
  id: string;
  year: number;
  status: ApplicationStatus;
  about: string;
  answers: ApplicationAnswer[];
  /** The message of the latest decision, when the admin wrote one. */
  message: string | null;
  submittedAt: string;
  updatedAt: string;
  decidedAt: string | null;
}

/** GET /applications/me: where the caller stands for the registration year. */
export interface MyApplicationState {
  year: number;
  /** The year requires applications. */
  required: boolean;
  /** The caller needs none: staff, admins, and returning members when the year exempts them. */
  exempt: boolean;
  questions: ApplicationQuestion[];
  application: MyApplication | null;
}

/** Someone named on an application or its history (null once their account is gone). */
export interface ApplicationPerson {
  id: string;
  name: string;
}

/** One decision on the application's history, oldest first. */
export interface ApplicationDecisionRecord {
  status: ApplicationDecision;
  message: string | null;
  decidedAt: string;
  decidedBy: ApplicationPerson | null;
}

/** An application as admins list it (GET /applications). */
export interface AdminApplication extends MyApplication {
  applicant: {
    id: string;
    email: string;
    name: string;
    playaName: string | null;
  };
  decidedBy: ApplicationPerson | null;
  history: ApplicationDecisionRecord[];
}

/** POST /applications/decisions: how many applications the call decided. */
export interface ApplicationDecisionResult {
  decided: number;
  applications: AdminApplication[];
}

// The gate and who applies, apart in ./application-gate.ts so the header's Registration link (first download) does
// not carry this module's texts.
export { applicationGate, type ApplicationGate, roleNeedsApplication } from './application-gate';

/** The API's refusals and the rule messages (docs/product.md §12 Application approval). */
export const APPLICATION_MESSAGES = {
  aboutRequired: 'Tell us about yourself',
  aboutNotText: 'About yourself must be text',
  aboutTooLong: `About yourself must be at most ${APPLICATION_ABOUT_MAX} characters`,
  answersInvalid: 'Answers must be a list of answers to the questions',
  answerRequired: (question: string) => `"${question}" needs an answer`,
  answerTooLong: (question: string) =>
    `The answer to "${question}" must be at most ${APPLICATION_ANSWER_MAX} characters`,
  unknownQuestion: 'An answer is to a question that is not asked',
  notNeeded: (year: number) => `Applications are not needed for ${year}.`,
  exempt: 'You do not need to apply: you may register directly.',
  alreadyDecided: 'Your application has already been decided. Contact the camp organizers to change it.',
  profileIncomplete: 'Please complete your profile before applying.',
  notFound: 'Application not found',
  invalidId: 'Invalid application id',
  idsRequired: 'Choose at least one application',
  tooMany: `At most ${APPLICATION_DECIDE_MAX} applications can be decided at once`,
  decisionInvalid: 'Decision must be APPROVED or DECLINED',
  messageTooLong: `Message must be at most ${APPLICATION_MESSAGE_MAX} characters`,
  questionRequired: 'Question is required',
  questionTooLong: `Question must be at most ${APPLICATION_QUESTION_MAX} characters`,
  tooManyQuestions: `At most ${APPLICATION_QUESTIONS_MAX} questions`,
  duplicateQuestion: 'Each question must have its own id',
  statusInvalid: 'Status must be PENDING, APPROVED, DECLINED or ALL',
} as const;

/** What the availability rule says while the application stands in the way (docs/product.md §4, §8 Registrations). */
export const APPLICATION_AVAILABILITY_MESSAGES = {
  none: (year: number) =>
    `Registration for ${year} starts with an application. Apply to join the camp first.`,
  pending: (year: number) =>
    `Your application for ${year} is waiting for review. You can register once it is approved.`,
  declined: (year: number) => `Your application for ${year} was not accepted.`,
} as const;

/** The mails of an application: received, approved, declined (docs/product.md §12 Application approval). */
export const APPLICATION_MAIL_TEXTS = {
  receivedSubject: (campName: string, year: number) =>
    `${campName}: we received your application for ${year}`,
  receivedIntro: (campName: string, year: number) =>
    `Thank you for applying to join ${campName} in ${year}. The camp organizers read every application; we will e-mail you once yours has been reviewed.`,
  receivedLink: 'You can read your application, and change it until it is reviewed, on your dashboard:',
  approvedSubject: (campName: string, year: number) =>
    `${campName}: your application for ${year} was approved`,
  approvedIntro: (campName: string, year: number) =>
    `Your application to join ${campName} in ${year} was approved. You may now register.`,
  approvedLink: 'Register here:',
  declinedSubject: (campName: string, year: number) => `${campName}: your application for ${year}`,
  declinedIntro: (campName: string, year: number) =>
    `We are sorry: your application to join ${campName} in ${year} was not accepted.`,
  declinedLink: 'Your dashboard:',
  message: 'Message from the camp:',
} as const;

/** The words of the apply screen, the dashboard's application box and Admin → Applications. */
export const APPLICATION_TEXTS = {
  // Participant: /apply and the dashboard.
  applyTitle: (year: number) => `Apply for ${year}`,
  applyIntro:
    'New campers apply before registering. Tell us about yourself; the camp organizers read every application and answer by e-mail.',
  aboutLabel: 'Tell us about yourself',
  aboutHint: 'Who you are, how you know the camp, and what you would like to bring to it.',
  submit: 'Submit application',
  update: 'Update application',
  submitted: 'Your application was sent. We will e-mail you when it has been reviewed.',
  updated: 'Your application was updated.',
  submitFailed: 'Your application could not be sent',
  loadFailed: 'Your application could not be loaded',
  loading: 'Loading your application...',
  notNeeded: 'You do not need to apply this year: you may register directly.',
  dashboardTitle: (year: number) => `Application ${year}`,
  dashboardNone: 'Registration starts with an application: tell the camp about yourself first.',
  dashboardPending: 'Your application is waiting for review. We will e-mail you once it has been decided.',
  dashboardApproved: 'Your application was approved. Welcome!',
  dashboardDeclined: 'Your application was not accepted this year.',
  messageFromCamp: 'Message from the camp',
  applyButton: 'Apply to join',
  viewButton: 'View or edit application',
  viewDecidedButton: 'View application',
  submittedOn: (date: string) => `Sent ${date}`,
  completeProfile: 'Complete Profile',
  // Admin → Applications.
  adminTitle: 'Applications',
  adminIntro: (year: number) =>
    `Applications for ${year}. Approved newcomers may register; declined ones may not.`,
  settingsTitle: 'Settings',
  requiredLabel: (year: number) => `Newcomers apply before registering for ${year}`,
  exemptLabel: 'Returning members need no application',
  exemptHint: 'A returning member held a confirmed or pending registration in an earlier year.',
  questionsTitle: 'Questions',
  questionsHint: 'Asked of every applicant after "Tell us about yourself".',
  questionLabel: (index: number) => `Question ${index}`,
  questionRequiredLabel: 'Answer required',
  addQuestion: 'Add question',
  removeQuestion: (index: number) => `Remove question ${index}`,
  remove: 'Remove',
  saveSettings: 'Save settings',
  settingsSaved: 'Application settings saved',
  settingsFailed: 'Application settings could not be saved',
  statusFilter: 'Status',
  allStatuses: 'All',
  search: 'Search by name or e-mail',
  empty: 'No applications match.',
  emptyYear: (year: number) => `No applications for ${year} yet.`,
  listFailed: 'Failed to fetch applications',
  selectAll: 'Select all shown applications',
  select: (name: string) => `Select the application of ${name}`,
  selected: (count: number) => `${count} selected`,
  approve: 'Approve',
  decline: 'Decline',
  approveTitle: (count: number) => (count === 1 ? 'Approve 1 application' : `Approve ${count} applications`),
  declineTitle: (count: number) => (count === 1 ? 'Decline 1 application' : `Decline ${count} applications`),
  messageLabel: 'Message to the applicants (optional)',
  messageHint: 'Sent in the e-mail with the decision, and shown on their dashboard.',
  confirmApprove: 'Approve',
  confirmDecline: 'Decline',
  cancel: 'Cancel',
  decided: (count: number, decision: ApplicationDecision) =>
    `${count === 1 ? '1 application' : `${count} applications`} ${decision === 'APPROVED' ? 'approved' : 'declined'}`,
  decideFailed: 'The decision could not be saved',
  history: 'History',
  decidedBy: (status: ApplicationDecision, name: string, date: string) =>
    `${status === 'APPROVED' ? 'Approved' : 'Declined'} by ${name} on ${date}`,
  formerAdmin: 'a former admin',
  answers: 'Answers',
  noAnswer: 'No answer',
  panelDescription: 'Approve or decline the newcomers who apply to register.',
  settingsLoading: 'Loading application settings...',
  settingsLoadFailed: 'Application settings could not be loaded',
  listLoading: 'Loading applications...',
  listCaption: 'Applications',
  nameColumn: 'Name',
  emailColumn: 'E-mail',
  sentColumn: 'Sent',
  statusColumn: 'Status',
  details: 'Details',
  detailsOf: (name: string) => `application of ${name}`,
  detailsTitle: (name: string) => `Application of ${name}`,
  decisionMessage: 'Message to the applicant',
  noHistory: 'Not decided yet.',
} as const;
