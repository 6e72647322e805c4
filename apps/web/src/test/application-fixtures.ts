import type { ApplicationQuestion, MyApplication, MyApplicationState } from '@camp/shared/rules';

// The applicant's state as GET /applications/me answers it (docs/product.md §12 Application approval), for the tests of
// /apply, the dashboard and the wizard.

export const questionWhy: ApplicationQuestion = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  label: 'Why this camp?',
  required: true,
};
export const questionSkills: ApplicationQuestion = {
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  label: 'Any building skills?',
  required: false,
};

/** A year that requires applications, with two questions, and no application yet unless given. */
export function testApplicationState(overrides: Partial<MyApplicationState> = {}): MyApplicationState {
  return {
    year: 2026,
    required: true,
    exempt: false,
    questions: [questionWhy, questionSkills],
    application: null,
    ...overrides,
  };
}

/** The applicant's application: waiting for review unless given. */
export function testApplication(overrides: Partial<MyApplication> = {}): MyApplication {
  return {
    id: 'f0e1d2c3-0000-4000-8000-000000000010',
    year: 2026,
    status: 'PENDING',
    about: 'I build shade structures.',
    answers: [{ questionId: questionWhy.id, question: questionWhy.label, answer: 'Friends camp here.' }],
    message: null,
    submittedAt: '2026-03-02T12:00:00.000Z',
    updatedAt: '2026-03-02T12:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}
