import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  renderSignedIn,
  testUser,
  type ApiRoutes,
} from '../../../test/test-utils';
import {
  questionSkills,
  questionWhy,
  testApplication,
  testApplicationState,
} from '../../../test/application-fixtures';

function openApply(routes: ApiRoutes = {}, user = testUser()) {
  return renderSignedIn('/apply', user, {
    'GET /applications/me': () => jsonResponse(testApplicationState()),
    ...routes,
  });
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

describe('/apply: applying to join (docs/product.md §12 Application approval)', () => {
  it('asks about yourself and each question, marking the required ones', async () => {
    openApply();
    expect(await screen.findByRole('heading', { level: 2, name: 'Apply for 2026' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'New campers apply before registering. Tell us about yourself; the camp organizers read every application and answer by e-mail.',
      ),
    ).toBeInTheDocument();
    const about = await screen.findByRole('textbox', { name: /^Tell us about yourself/ });
    expect(about).toBeRequired();
    expect(
      screen.getByText('Who you are, how you know the camp, and what you would like to bring to it.'),
    ).toBeInTheDocument();
    expect(field(/^Why this camp\?/)).toBeRequired();
    expect(field('Any building skills?')).not.toBeRequired();
    expect(screen.getAllByText('0/2000')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeInTheDocument();
  });

  it('shows the rule’s messages and sends nothing while they stand', async () => {
    const { calls } = openApply();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByText('Tell us about yourself', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(screen.getByText('"Why this camp?" needs an answer')).toBeInTheDocument();
    expect(field(/^Why this camp\?/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toContain('PUT /applications/me');
  });

  it('sends the words, then shows the application waiting for review', async () => {
    const bodies: unknown[] = [];
    let state = testApplicationState();
    const { calls } = openApply({
      'GET /applications/me': () => jsonResponse(state),
      'PUT /applications/me': ({ body }) => {
        bodies.push(body);
        const application = testApplication({ about: 'I build shade.' });
        state = { ...state, application };
        return jsonResponse(application, { status: 201 });
      },
    });
    await screen.findByRole('textbox', { name: /^Tell us about yourself/ });
    type(/^Tell us about yourself/, '  I build shade.  ');
    expect(screen.getByText('18/2000')).toBeInTheDocument();
    type(/^Why this camp\?/, 'Friends camp here.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByText('Your application was sent. We will e-mail you when it has been reviewed.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { about: 'I build shade.', answers: [{ questionId: questionWhy.id, answer: 'Friends camp here.' }] },
    ]);
    expect(calls.filter((call) => call === 'PUT /applications/me')).toHaveLength(1);
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(screen.getByText('Sent Mar 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update application' })).toBeInTheDocument();
  });

  it('updates an application waiting for review, starting from its words', async () => {
    const bodies: unknown[] = [];
    openApply({
      'GET /applications/me': () => jsonResponse(testApplicationState({ application: testApplication() })),
      'PUT /applications/me': ({ body }) => {
        bodies.push(body);
        return jsonResponse(testApplication({ about: 'More shade.' }));
      },
    });
    expect(await screen.findByRole('textbox', { name: /^Tell us about yourself/ })).toHaveValue(
      'I build shade structures.',
    );
    expect(field(/^Why this camp\?/)).toHaveValue('Friends camp here.');
    expect(
      screen.getByText(
        'Your application is waiting for review. We will e-mail you once it has been decided.',
      ),
    ).toBeInTheDocument();
    type(/^Tell us about yourself/, 'More shade.');
    type('Any building skills?', 'Welding');
    fireEvent.click(screen.getByRole('button', { name: 'Update application' }));
    expect(await screen.findByText('Your application was updated.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        about: 'More shade.',
        answers: [
          { questionId: questionWhy.id, answer: 'Friends camp here.' },
          { questionId: questionSkills.id, answer: 'Welding' },
        ],
      },
    ]);
  });

  it('shows the server’s refusal, each message on a line', async () => {
    openApply({
      'PUT /applications/me': () =>
        errorResponse(400, [
          '"Why this camp?" needs an answer',
          'An answer is to a question that is not asked',
        ]),
    });
    await screen.findByRole('textbox', { name: /^Tell us about yourself/ });
    type(/^Tell us about yourself/, 'Hello');
    type(/^Why this camp\?/, 'Shade');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your application could not be sent')).toBeInTheDocument();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['"Why this camp?" needs an answer', 'An answer is to a question that is not asked']);
  });

  it('shows a decided application read-only, with its status and the camp’s message', async () => {
    openApply({
      'GET /applications/me': () =>
        jsonResponse(
          testApplicationState({
            application: testApplication({
              status: 'DECLINED',
              message: 'We are full this year.',
              decidedAt: '2026-03-05T12:00:00.000Z',
            }),
          }),
        ),
    });
    expect(await screen.findByText('Declined')).toBeInTheDocument();
    expect(screen.getByText('Message from the camp')).toBeInTheDocument();
    expect(screen.getByText('We are full this year.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your application has already been decided. Contact the camp organizers to change it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('I build shade structures.')).toBeInTheDocument();
    expect(screen.getByText('Why this camp?')).toBeInTheDocument();
    expect(screen.getByText('Friends camp here.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update application' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
  });

  it('says no application is needed when the year asks none, or the person is exempt', async () => {
    openApply({
      'GET /applications/me': () => jsonResponse(testApplicationState({ exempt: true })),
    });
    expect(
      await screen.findByText('You do not need to apply this year: you may register directly.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '#/dashboard');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('sends someone with an incomplete profile to complete it first, and back here', async () => {
    openApply({}, testUser({ phone: null }));
    expect(await screen.findByText('Please complete your profile before applying.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete Profile' })).toHaveAttribute(
      'href',
      '#/profile?returnTo=%2Fapply',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when the application could not be loaded, and tries again', async () => {
    let fail = true;
    openApply({
      'GET /applications/me': () =>
        fail ? errorResponse(503) : jsonResponse(testApplicationState({ required: false })),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your application could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        screen.getByText('You do not need to apply this year: you may register directly.'),
      ).toBeInTheDocument(),
    );
  });
});
