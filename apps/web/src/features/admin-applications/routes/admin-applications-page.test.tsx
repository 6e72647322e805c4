import {
  type AdminApplication,
  APPLICATION_MESSAGES,
  type ApplicationSettings,
  formatDateTime,
} from '@camp/shared/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cardsOf, onPhone } from '../../../test/media';
import {
  advanceTimersUntil,
  type ApiRoutes,
  currentRoute,
  errorResponse,
  jsonResponse,
  queriesTo,
  renderSignedIn,
  testAdmin,
  testConfig,
} from '../../../test/test-utils';

// Admin → Applications (docs/product.md §12 Application approval, decision 065): fixtures shaped as the API answers.

const ADA_APP = '80000000-0000-4000-8000-000000000001';
const BO_APP = '80000000-0000-4000-8000-000000000002';
const CY_APP = '80000000-0000-4000-8000-000000000003';
const RIDE = '90000000-0000-4000-8000-000000000001';
const SKILLS = '90000000-0000-4000-8000-000000000002';
const NEW_QUESTION = '90000000-0000-4000-8000-000000000003';

function application(
  id: string,
  name: string,
  email: string,
  overrides: Partial<AdminApplication> = {},
): AdminApplication {
  return {
    id,
    year: 2026,
    status: 'PENDING',
    about: `I am ${name}.`,
    answers: [],
    message: null,
    submittedAt: '2026-02-01T12:00:00.000Z',
    updatedAt: '2026-02-01T12:00:00.000Z',
    decidedAt: null,
    applicant: { id: `${id.slice(0, -1)}9`, email, name, playaName: null },
    decidedBy: null,
    history: [],
    ...overrides,
  };
}

const ada = application(ADA_APP, 'Ada Lovelace', 'ada.l@example.org', {
  about: 'Engineer.\nI bring tools.',
  answers: [
    { questionId: RIDE, question: 'Do you need a ride?', answer: 'Yes, from Reno' },
    { questionId: SKILLS, question: 'What can you build?', answer: '' },
  ],
  applicant: {
    id: '81000000-0000-4000-8000-000000000001',
    email: 'ada.l@example.org',
    name: 'Ada Lovelace',
    playaName: 'Countess',
  },
});
const bo = application(BO_APP, 'Bo Diddley', 'bo@example.org', { submittedAt: '2026-02-03T12:00:00.000Z' });
const cy = application(CY_APP, 'Cy Young', 'cy@example.org', {
  status: 'APPROVED',
  message: 'See you in the dust',
  decidedAt: '2026-02-05T18:30:00.000Z',
  decidedBy: { id: testAdmin.id, name: 'Ada Admin' },
  history: [
    { status: 'DECLINED', message: null, decidedAt: '2026-02-04T09:15:00.000Z', decidedBy: null },
    {
      status: 'APPROVED',
      message: 'See you in the dust',
      decidedAt: '2026-02-05T18:30:00.000Z',
      decidedBy: { id: testAdmin.id, name: 'Ada Admin' },
    },
  ],
});

const settings: ApplicationSettings = {
  year: 2026,
  required: false,
  returningMembersExempt: true,
  questions: [{ id: RIDE, label: 'Do you need a ride?', required: false }],
};

const config = testConfig({ timeZone: 'UTC' });

/** GET /applications by its status filter: the pending ones, the decided one, or all. */
function listOf(all: AdminApplication[]) {
  return ({ url }: { url: string }) => {
    const status = new URL(url, 'http://localhost').searchParams.get('status');
    return jsonResponse(status === 'ALL' ? all : all.filter((item) => item.status === status));
  };
}

function openPage(routes: ApiRoutes = {}) {
  return renderSignedIn(
    '/admin/applications',
    testAdmin,
    {
      'GET /applications/settings': () => jsonResponse(settings),
      'GET /applications': listOf([ada, bo, cy]),
      ...routes,
    },
    config,
  );
}

/** The screen once its list has arrived (the table shows while it loads). */
async function opened() {
  const table = await screen.findByRole('table', { name: 'Applications' });
  await within(table).findAllByRole('checkbox', { name: /^Select the application of/ });
  return table;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: 'p' }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('Admin → Applications', { timeout: 20_000 }, () => {
  it('shows the settings and the applications waiting for review', async () => {
    const { fetchMock } = openPage();
    expect(await screen.findByRole('heading', { name: 'Applications', level: 2 })).toBeInTheDocument();
    expect(
      screen.getByText('Applications for 2026. Approved newcomers may register; declined ones may not.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('switch', { name: 'Newcomers apply before registering for 2026' }),
    ).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Returning members need no application/ })).toBeChecked();
    expect(
      screen.getByText('A returning member held a confirmed or pending registration in an earlier year.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question 1' })).toHaveValue('Do you need a ride?');

    const table = await opened();
    expect(queriesTo(fetchMock, '/applications')).toEqual([{ status: 'PENDING' }]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('“Countess”')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('ada.l@example.org')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Feb 1, 2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Bo Diddley')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Feb 3, 2026')).toBeInTheDocument();
  });

  it('saves the settings with the exact body, a new question included, and says so', async () => {
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(NEW_QUESTION);
    const bodies: unknown[] = [];
    openPage({
      'PUT /applications/settings': ({ body }) => {
        bodies.push(body);
        return jsonResponse({ year: 2026, ...(body as object) });
      },
    });
    fireEvent.click(
      await screen.findByRole('switch', { name: 'Newcomers apply before registering for 2026' }),
    );
    fireEvent.click(screen.getByRole('switch', { name: /^Returning members need no application/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question 2' }), {
      target: { value: '  What can you build?  ' },
    });
    const questions = within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem');
    fireEvent.click(within(questions[1]!).getByRole('checkbox', { name: 'Answer required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Application settings saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        required: true,
        returningMembersExempt: false,
        questions: [
          { id: RIDE, label: 'Do you need a ride?', required: false },
          { id: NEW_QUESTION, label: 'What can you build?', required: true },
        ],
      },
    ]);
  });

  it('removes a question, refuses a blank one with the shared message, and stops adding at ten', async () => {
    let id = 0;
    vi.spyOn(crypto, 'randomUUID').mockImplementation(
      () =>
        `a0000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}` as `${string}-${string}-${string}-${string}-${string}`,
    );
    const { calls } = openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByRole('textbox', { name: 'Question 1' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.questionRequired)).toBeInTheDocument();
    expect(calls).not.toContain('PUT /applications/settings');
    for (let added = 1; added < 10; added += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    }
    expect(screen.getByRole('textbox', { name: 'Question 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add question' })).toBeDisabled();
  });

  it("says why the settings were not saved, with the server's reason", async () => {
    openPage({
      'PUT /applications/settings': () => errorResponse(400, [APPLICATION_MESSAGES.tooManyQuestions]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Application settings could not be saved')).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.tooManyQuestions)).toBeInTheDocument();
  });

  it('asks the server for the status chosen and the search typed, after a pause in typing', async () => {
    const { fetchMock } = openPage();
    await opened();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'ALL' } });
    await waitFor(() => expect(within(rowOf('Cy Young')).getByText('Approved')).toBeInTheDocument());
    expect(queriesTo(fetchMock, '/applications')).toEqual([{ status: 'PENDING' }, { status: 'ALL' }]);

    // From here the clock is fake: the 500 ms pause is stepped through, not waited for.
    vi.useFakeTimers();
    // Awaited: the address change renders in a transition that must settle before the pause is stepped through.
    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), {
        target: { value: ' ada ' },
      });
    });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(queriesTo(fetchMock, '/applications')).toHaveLength(2);
    await advanceTimersUntil(() =>
      expect(queriesTo(fetchMock, '/applications').at(-1)).toEqual({ status: 'ALL', q: 'ada' }),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'DECLINED' } });
    await advanceTimersUntil(() =>
      expect(queriesTo(fetchMock, '/applications').at(-1)).toEqual({ status: 'DECLINED', q: 'ada' }),
    );
    expect(currentRoute()).toBe('/admin/applications?status=DECLINED&q=+ada+');
  });

  it('approves the ticked applications with one message, says so, clears the ticks and refreshes the list', async () => {
    const bodies: unknown[] = [];
    let all = [ada, bo, cy];
    const { calls } = openPage({
      'GET /applications': (request) => listOf(all)(request),
      'POST /applications/decisions': ({ body }) => {
        bodies.push(body);
        const approved = [ada, bo].map((item) => ({
          ...item,
          status: 'APPROVED' as const,
          message: 'Welcome!',
          decidedAt: '2026-02-10T10:00:00.000Z',
          decidedBy: { id: testAdmin.id, name: 'Ada Admin' },
        }));
        all = [...approved, cy];
        return jsonResponse({ decided: 2, applications: approved });
      },
    });
    await opened();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the application of Ada Lovelace' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the application of Bo Diddley' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all shown applications' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 applications' });
    expect(
      within(dialog).getByText('Sent in the e-mail with the decision, and shown on their dashboard.'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message to the applicants (optional)' }), {
      target: { value: '  Welcome!  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('2 applications approved')).toBeInTheDocument();
    expect(bodies).toEqual([{ ids: [ADA_APP, BO_APP], decision: 'APPROVED', message: 'Welcome!' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing waits for review any more: the list was asked again and nothing is ticked.
    expect(await screen.findByText('No applications match.')).toBeInTheDocument();
    expect(calls.filter((call) => call === 'GET /applications').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('declines all shown without a message; Cancel sends nothing', async () => {
    const bodies: unknown[] = [];
    const { calls } = openPage({
      'POST /applications/decisions': ({ body }) => {
        bodies.push(body);
        return jsonResponse({ decided: 2, applications: [] });
      },
    });
    await opened();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown applications' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline 2 applications' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).not.toContain('POST /applications/decisions');

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline 2 applications' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('2 applications declined')).toBeInTheDocument();
    expect(bodies).toEqual([{ ids: [ADA_APP, BO_APP], decision: 'DECLINED' }]);
  });

  it("keeps the dialog open and says why when the decision is refused, with the server's reason", async () => {
    openPage({
      'POST /applications/decisions': () => errorResponse(404, APPLICATION_MESSAGES.notFound),
    });
    await opened();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the application of Bo Diddley' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 1 application' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The decision could not be saved')).toBeInTheDocument();
    expect(screen.getByText(APPLICATION_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Approve 1 application' })).toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('shows the details: about, the answers, the message and the history; and decides that one alone', async () => {
    const bodies: unknown[] = [];
    openPage({
      'POST /applications/decisions': ({ body }) => {
        bodies.push(body);
        return jsonResponse({ decided: 1, applications: [{ ...cy, status: 'DECLINED' }] });
      },
    });
    await opened();
    fireEvent.click(
      within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Details application of Ada Lovelace' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Application of Ada Lovelace' });
    expect(within(dialog).getByText('Tell us about yourself')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Engineer.\nI bring tools.', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Sent Feb 1, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Do you need a ride?')).toBeInTheDocument();
    expect(within(dialog).getByText('Yes, from Reno')).toBeInTheDocument();
    expect(within(dialog).getByText('What can you build?')).toBeInTheDocument();
    expect(within(dialog).getByText('No answer')).toBeInTheDocument();
    expect(within(dialog).getByText('Not decided yet.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'APPROVED' } });
    await waitFor(() => expect(rowOf('Cy Young')).toBeInTheDocument());
    fireEvent.click(
      within(rowOf('Cy Young')).getByRole('button', { name: 'Details application of Cy Young' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Application of Cy Young' });
    expect(within(dialog).getByText('Message to the applicant')).toBeInTheDocument();
    const history = within(within(dialog).getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      `Declined by a former admin on ${formatDateTime('2026-02-04T09:15:00.000Z', 'UTC')}`,
      `Approved by Ada Admin on ${formatDateTime('2026-02-05T18:30:00.000Z', 'UTC')}See you in the dust`,
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline 1 application' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('1 application declined')).toBeInTheDocument();
    expect(bodies).toEqual([{ ids: [CY_APP], decision: 'DECLINED' }]);
  });

  it('says when the year has no applications, and when the filter matches none', async () => {
    openPage({ 'GET /applications': listOf([]) });
    expect(await screen.findByText('No applications for 2026 yet.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all shown applications' })).toBeDisabled();
  });

  it('says no application matches when others exist', async () => {
    const { fetchMock } = openPage({ 'GET /applications': listOf([cy]) });
    expect(await screen.findByText('No applications match.')).toBeInTheDocument();
    expect(queriesTo(fetchMock, '/applications')).toEqual([{ status: 'PENDING' }, { status: 'ALL' }]);
  });

  it('says when the list could not be loaded, and loads it on Try again', async () => {
    let fail = true;
    openPage({
      'GET /applications': (request) =>
        fail ? errorResponse(500, 'Internal Server Error') : listOf([ada, bo, cy])(request),
      'GET /applications/settings': () => errorResponse(503),
    });
    expect(await screen.findByText('Failed to fetch applications')).toBeInTheDocument();
    expect(await screen.findByText('Application settings could not be loaded')).toBeInTheDocument();
    fail = false;
    const alert = screen.getByText('Failed to fetch applications').closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await opened();
    expect(rowOf('Bo Diddley')).toBeInTheDocument();
  });

  it('shows a card per application on a phone, with its tick box and Details', async () => {
    onPhone();
    openPage();
    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(screen.queryByRole('table', { name: 'Applications' })).not.toBeInTheDocument();
    const cards = cardsOf(list);
    expect(cards).toHaveLength(2);
    expect(
      within(cards[0]!).getByRole('checkbox', { name: 'Select the application of Ada Lovelace' }),
    ).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('button', { name: 'Details application of Bo Diddley' }),
    ).toBeInTheDocument();
  });
});
