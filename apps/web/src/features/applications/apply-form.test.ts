import { describe, expect, it } from 'vitest';
import { applyFormValues, checkApplyForm } from './apply-form';
import { questionSkills, questionWhy, testApplication } from '../../test/application-fixtures';

const questions = [questionWhy, questionSkills];

describe('the apply form, checked as the server checks it (docs/product.md §12 Application approval)', () => {
  it('starts blank, or with the application’s words', () => {
    expect(applyFormValues(questions, null)).toEqual({
      about: '',
      answers: { [questionWhy.id]: '', [questionSkills.id]: '' },
    });
    expect(applyFormValues(questions, testApplication())).toEqual({
      about: 'I build shade structures.',
      answers: { [questionWhy.id]: 'Friends camp here.', [questionSkills.id]: '' },
    });
  });

  it('names each field’s problem in the server’s words', () => {
    expect(checkApplyForm(questions, applyFormValues(questions, null))).toEqual({
      ok: false,
      problems: {
        about: 'Tell us about yourself',
        answers: { [questionWhy.id]: '"Why this camp?" needs an answer' },
      },
    });
    expect(
      checkApplyForm(questions, { about: 'x'.repeat(2001), answers: { [questionWhy.id]: ' \u200b ' } }),
    ).toEqual({
      ok: false,
      problems: {
        about: 'About yourself must be at most 2000 characters',
        answers: { [questionWhy.id]: '"Why this camp?" needs an answer' },
      },
    });
  });

  it('sends the trimmed words, leaving blank answers out', () => {
    expect(
      checkApplyForm(questions, {
        about: '  Hello  ',
        answers: { [questionWhy.id]: ' Shade ', [questionSkills.id]: '  ' },
      }),
    ).toEqual({
      ok: true,
      input: { about: 'Hello', answers: [{ questionId: questionWhy.id, answer: 'Shade' }] },
    });
  });
});
