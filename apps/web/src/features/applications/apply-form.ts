import type { ApplicationQuestion } from '@camp/shared/rules';
import { applicationAnswerProblems, type ApplyValues, ApplyInputSchema } from '@camp/shared/applications';

// The apply form's values, checked as the server checks them (docs/product.md §12 Application approval): the shared
// schema for the words, `applicationAnswerProblems` for the year's questions, with the same messages.

export interface ApplyFormValues {
  about: string;
  /** Each question's answer by question id ('' when blank). */
  answers: Record<string, string>;
}

export interface ApplyFormProblems {
  about: string | null;
  /** The message of each question's field, by question id. */
  answers: Record<string, string>;
}

export type ApplyFormCheck = { ok: true; input: ApplyValues } | { ok: false; problems: ApplyFormProblems };

/** The form's first values: the application's words, or blank. */
export function applyFormValues(
  questions: readonly ApplicationQuestion[],
  application: { about: string; answers: ReadonlyArray<{ questionId: string; answer: string }> } | null,
): ApplyFormValues {
  return {
    about: application?.about ?? '',
    answers: Object.fromEntries(
      questions.map((question) => [
        question.id,
        application?.answers.find((answer) => answer.questionId === question.id)?.answer ?? '',
      ]),
    ),
  };
}

/** The body of PUT /applications/me, or each field's first problem. Blank answers are left out of the body. */
export function checkApplyForm(
  questions: readonly ApplicationQuestion[],
  values: ApplyFormValues,
): ApplyFormCheck {
  const answers = questions
    .map((question) => ({ questionId: question.id, answer: values.answers[question.id] ?? '' }))
    .filter((answer) => answer.answer.trim() !== '');
  const problems: ApplyFormProblems = { about: null, answers: {} };
  const result = ApplyInputSchema.safeParse({ about: values.about, answers });
  for (const issue of result.success ? [] : result.error.issues) {
    const [field, index] = issue.path;
    if (field === 'about') problems.about ??= issue.message;
    const questionId =
      field === 'answers' && typeof index === 'number' ? answers[index]?.questionId : undefined;
    if (questionId) problems.answers[questionId] ??= issue.message;
  }
  for (const question of questions) {
    const [problem] = applicationAnswerProblems(
      [question],
      answers.filter((answer) => answer.questionId === question.id),
    );
    if (problem) problems.answers[question.id] ??= problem;
  }
  if (result.success && problems.about === null && Object.keys(problems.answers).length === 0) {
    return { ok: true, input: result.data };
  }
  return { ok: false, problems };
}
