import { z } from 'zod';
import { flag, type Holds, missingOr, optionalText, type SameType, textCharacters } from './schema-kit';
import {
  APPLICATION_ABOUT_MAX,
  APPLICATION_ANSWER_MAX,
  APPLICATION_DECIDE_MAX,
  APPLICATION_DECISIONS,
  APPLICATION_MESSAGE_MAX,
  APPLICATION_MESSAGES,
  APPLICATION_QUESTION_MAX,
  APPLICATION_QUESTIONS_MAX,
  APPLICATION_STATUSES,
  type AdminApplication,
  type ApplicationQuestion,
  type ApplicationSettings,
  type MyApplication,
  type MyApplicationState,
  showsNothing,
} from './rules';

// Application approval (docs/product.md §12 Application approval, decision 065).

const status = z.enum(APPLICATION_STATUSES);
const decision = z.enum(APPLICATION_DECISIONS, { error: APPLICATION_MESSAGES.decisionInvalid });

/** Multi-line text of 1..max characters after trimming, one of invisible characters only counting as empty. */
const requiredText = (
  label: string,
  max: number,
  messages: { required: string; notText: string; tooLong: string },
) =>
  z
    .string({ error: missingOr(messages.required, messages.notText) })
    .trim()
    .max(max, messages.tooLong)
    .superRefine((value, context) => {
      if (showsNothing(value)) context.addIssue({ code: 'custom', message: messages.required });
      else textCharacters(label, 'multi-line')(value, context);
    });

export const ApplicationQuestionSchema = z.strictObject({
  id: z.uuid(APPLICATION_MESSAGES.duplicateQuestion),
  label: requiredText('Question', APPLICATION_QUESTION_MAX, {
    required: APPLICATION_MESSAGES.questionRequired,
    notText: APPLICATION_MESSAGES.questionRequired,
    tooLong: APPLICATION_MESSAGES.questionTooLong,
  }).superRefine(textCharacters('Question', 'single-line')),
  required: flag('Answer required'),
});
type _QuestionIsQuestion = Holds<SameType<z.output<typeof ApplicationQuestionSchema>, ApplicationQuestion>>;

/** PUT /applications/settings: the registration year's settings (the year is the configuration's). */
export const ApplicationSettingsInputSchema = z.strictObject({
  required: flag('Applications required'),
  returningMembersExempt: flag('Returning members exempt'),
  questions: z
    .array(ApplicationQuestionSchema, { error: APPLICATION_MESSAGES.tooManyQuestions })
    .max(APPLICATION_QUESTIONS_MAX, APPLICATION_MESSAGES.tooManyQuestions)
    .refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, {
      message: APPLICATION_MESSAGES.duplicateQuestion,
    }),
});
export type ApplicationSettingsInput = z.input<typeof ApplicationSettingsInputSchema>;
export type ApplicationSettingsValues = z.output<typeof ApplicationSettingsInputSchema>;

export const ApplicationSettingsSchema = z.object({
  year: z.number().int(),
  required: z.boolean(),
  returningMembersExempt: z.boolean(),
  questions: z.array(z.object({ id: z.string(), label: z.string(), required: z.boolean() })),
});
type _SettingsIsSettings = Holds<SameType<z.output<typeof ApplicationSettingsSchema>, ApplicationSettings>>;

/** PUT /applications/me: the applicant's words. Answers name the question they answer. */
export const ApplyInputSchema = z.strictObject({
  about: requiredText('About yourself', APPLICATION_ABOUT_MAX, {
    required: APPLICATION_MESSAGES.aboutRequired,
    notText: APPLICATION_MESSAGES.aboutNotText,
    tooLong: APPLICATION_MESSAGES.aboutTooLong,
  }),
  answers: z
    .array(
      z.strictObject({
        questionId: z.uuid(APPLICATION_MESSAGES.unknownQuestion),
        answer: z
          .string({ error: APPLICATION_MESSAGES.answersInvalid })
          .trim()
          .max(APPLICATION_ANSWER_MAX)
          .superRefine(textCharacters('Answer', 'multi-line')),
      }),
      { error: APPLICATION_MESSAGES.answersInvalid },
    )
    .max(APPLICATION_QUESTIONS_MAX, APPLICATION_MESSAGES.answersInvalid)
    .default([]),
});
export type ApplyInput = z.input<typeof ApplyInputSchema>;
export type ApplyValues = z.output<typeof ApplyInputSchema>;

/**
 * The answers against the year's questions: a required one left blank, one too long, or an answer to a question
 * not asked. Both the form and the server run it (the schema cannot: the questions are the camp's).
 */
export function applicationAnswerProblems(
  questions: readonly ApplicationQuestion[],
  answers: ReadonlyArray<{ questionId: string; answer: string }>,
): string[] {
  const asked = new Map(questions.map((question) => [question.id, question]));
  const problems: string[] = [];
  if (answers.some((answer) => !asked.has(answer.questionId)))
    problems.push(APPLICATION_MESSAGES.unknownQuestion);
  for (const question of questions) {
    const answer = answers.find((entry) => entry.questionId === question.id)?.answer.trim() ?? '';
    if (question.required && showsNothing(answer))
      problems.push(APPLICATION_MESSAGES.answerRequired(question.label));
    if (answer.length > APPLICATION_ANSWER_MAX)
      problems.push(APPLICATION_MESSAGES.answerTooLong(question.label));
  }
  return problems;
}

const AnswerSchema = z.object({ questionId: z.string(), question: z.string(), answer: z.string() });
const myApplicationShape = {
  id: z.string(),
  year: z.number().int(),
  status,
  about: z.string(),
  answers: z.array(AnswerSchema),
  message: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
};
export const MyApplicationSchema = z.object(myApplicationShape);
type _MineIsMine = Holds<SameType<z.output<typeof MyApplicationSchema>, MyApplication>>;

export const MyApplicationStateSchema = z.object({
  year: z.number().int(),
  required: z.boolean(),
  exempt: z.boolean(),
  questions: ApplicationSettingsSchema.shape.questions,
  application: MyApplicationSchema.nullable(),
});
type _StateIsState = Holds<SameType<z.output<typeof MyApplicationStateSchema>, MyApplicationState>>;

const PersonSchema = z.object({ id: z.string(), name: z.string() });
export const AdminApplicationSchema = z.object({
  ...myApplicationShape,
  applicant: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    playaName: z.string().nullable(),
  }),
  decidedBy: PersonSchema.nullable(),
  history: z.array(
    z.object({
      status: z.enum(APPLICATION_DECISIONS),
      message: z.string().nullable(),
      decidedAt: z.string(),
      decidedBy: PersonSchema.nullable(),
    }),
  ),
});
type _AdminIsAdmin = Holds<SameType<z.output<typeof AdminApplicationSchema>, AdminApplication>>;
export const AdminApplicationListSchema = z.array(AdminApplicationSchema);

/** GET /applications?status=&q=: the registration year's applications, oldest first. */
export const ApplicationListQuerySchema = z.object({
  status: z
    .enum([...APPLICATION_STATUSES, 'ALL'], { error: APPLICATION_MESSAGES.statusInvalid })
    .default('ALL'),
  q: optionalText('Search', 100),
});
export type ApplicationListQuery = z.output<typeof ApplicationListQuerySchema>;

/** POST /applications/decisions: approve or decline one or many, with one optional message for all. */
export const ApplicationDecisionInputSchema = z.strictObject({
  ids: z
    .array(z.uuid(APPLICATION_MESSAGES.invalidId), { error: APPLICATION_MESSAGES.idsRequired })
    .min(1, APPLICATION_MESSAGES.idsRequired)
    .max(APPLICATION_DECIDE_MAX, APPLICATION_MESSAGES.tooMany),
  decision,
  message: optionalText('Message', APPLICATION_MESSAGE_MAX, 'multi-line'),
});
export type ApplicationDecisionInput = z.input<typeof ApplicationDecisionInputSchema>;
export type ApplicationDecisionValues = z.output<typeof ApplicationDecisionInputSchema>;

export const ApplicationDecisionResultSchema = z.object({
  decided: z.number().int(),
  applications: AdminApplicationListSchema,
});
