import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import {
  APPLICATION_ABOUT_MAX,
  APPLICATION_ANSWER_MAX,
  APPLICATION_MESSAGES,
  APPLICATION_TEXTS as TEXTS,
  REGISTRATION_TEXTS,
  formatDate,
  isProfileComplete,
  type MyApplication,
  type MyApplicationState,
} from '@camp/shared/rules';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { CampMessage } from '../../../components/application-card';
import { ApplicationStatusBadge } from '../../../components/application-status-badge';
import { ProblemList } from '../../../components/problem-list';
import { queryStatus } from '../../../components/query-status';
import { failureDetail, isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAuth } from '../../auth';
import { usePublicConfig } from '../../config';
import { useApply } from '../api/apply';
import { useMyApplication } from '../api/my-application';
import { applyFormValues, checkApplyForm, type ApplyFormProblems } from '../apply-form';
import { typedTextStyle } from '../../../lib/typed-text';

const card = { withBorder: true, radius: 'lg', shadow: 'xs', p: { base: 'lg', sm: 'xl' } } as const;

/** The application's status and when it was sent. */
function StatusLine({ application }: { application: MyApplication }) {
  return (
    <Group gap="sm">
      <ApplicationStatusBadge status={application.status} />
      <Text size="sm" c="dimmed">
        {TEXTS.submittedOn(formatDate(application.submittedAt))}
      </Text>
    </Group>
  );
}

function DashboardLink() {
  return (
    <Group>
      <Button component={Link} to={paths.dashboard()} variant="default">
        {REGISTRATION_TEXTS.toDashboard}
      </Button>
    </Group>
  );
}

/** A decided application (or one of a year that no longer asks for it), read-only. */
function ApplicationView({ application }: { application: MyApplication }) {
  return (
    <Paper {...card} component="section" aria-label={TEXTS.answers}>
      <Stack gap="md">
        <StatusLine application={application} />
        <CampMessage message={application.message} />
        {application.status !== 'PENDING' && <Text size="sm">{APPLICATION_MESSAGES.alreadyDecided}</Text>}
        <Stack gap={2}>
          <Text fw={600}>{TEXTS.aboutLabel}</Text>
          <Text style={typedTextStyle}>{application.about}</Text>
        </Stack>
        {application.answers.map((answer) => (
          <Stack gap={2} key={answer.questionId}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {answer.question}
            </Text>
            <Text style={typedTextStyle}>{answer.answer.trim() === '' ? TEXTS.noAnswer : answer.answer}</Text>
          </Stack>
        ))}
        <DashboardLink />
      </Stack>
    </Paper>
  );
}

/** The server's refusal, each of its messages on a line. */
function failureMessages(error: unknown): string[] {
  if (isApiError(error) && error.serverMessages.length > 0) return error.serverMessages;
  const detail = failureDetail(error);
  return detail ? [detail] : [];
}

/** "Tell us about yourself" and the year's questions; Submit application, or Update while it waits. */
function ApplyForm({ state }: { state: MyApplicationState }) {
  const apply = useApply();
  const { questions, application } = state;
  const [values, setValues] = useState(() => applyFormValues(questions, application));
  const [problems, setProblems] = useState<ApplyFormProblems>({ about: null, answers: {} });
  const [saved, setSaved] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const checked = checkApplyForm(questions, values);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({ about: null, answers: {} });
    const first = application === null;
    apply.mutate(checked.input, {
      onSuccess: () => setSaved(first ? TEXTS.submitted : TEXTS.updated),
    });
  };
  const failure = apply.isError ? failureMessages(apply.error) : [];

  return (
    <Paper {...card} component="form" onSubmit={submit} noValidate aria-label={TEXTS.applyTitle(state.year)}>
      <Stack gap="md">
        {application && <StatusLine application={application} />}
        {application && <Text>{TEXTS.dashboardPending}</Text>}
        <Stack gap={4}>
          <Textarea
            label={TEXTS.aboutLabel}
            description={TEXTS.aboutHint}
            required
            value={values.about}
            error={problems.about}
            rows={6}
            maxLength={APPLICATION_ABOUT_MAX}
            disabled={apply.isPending}
            onChange={(event) => {
              const about = event.currentTarget.value;
              setValues((current) => ({ ...current, about }));
              setProblems((current) => ({ ...current, about: null }));
            }}
          />
          <Text size="xs" c="dimmed">
            {`${values.about.length}/${APPLICATION_ABOUT_MAX}`}
          </Text>
        </Stack>
        {questions.map((question) => {
          const value = values.answers[question.id] ?? '';
          return (
            <Textarea
              key={question.id}
              label={question.label}
              required={question.required}
              value={value}
              error={problems.answers[question.id]}
              rows={3}
              maxLength={APPLICATION_ANSWER_MAX}
              description={`${value.length}/${APPLICATION_ANSWER_MAX}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              disabled={apply.isPending}
              onChange={(event) => {
                const answer = event.currentTarget.value;
                setValues((current) => ({
                  ...current,
                  answers: { ...current.answers, [question.id]: answer },
                }));
                setProblems((current) => {
                  const { [question.id]: _cleared, ...answers } = current.answers;
                  return { ...current, answers };
                });
              }}
            />
          );
        })}
        <ProblemList problems={failure} title={TEXTS.submitFailed} />
        {saved && (
          <Alert color="green" variant="light" role="status">
            {saved}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={apply.isPending}>
            {application ? TEXTS.update : TEXTS.submit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What /apply shows once the state has arrived. */
function ApplyContent({ state }: { state: MyApplicationState }) {
  const { user } = useAuth();
  const { application } = state;
  if (!state.required || state.exempt) {
    return (
      <>
        <Alert color="blue" variant="light" role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{TEXTS.notNeeded}</Text>
            <Button component={Link} to={paths.dashboard()}>
              {REGISTRATION_TEXTS.toDashboard}
            </Button>
          </Stack>
        </Alert>
        {application && <ApplicationView application={application} />}
      </>
    );
  }
  if (application && application.status !== 'PENDING') return <ApplicationView application={application} />;
  if (user && !isProfileComplete(user)) {
    // As on the dashboard: the profile first, then back here (sign-in's returnTo).
    return (
      <Alert color="sunset" variant="light" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{APPLICATION_MESSAGES.profileIncomplete}</Text>
          <Button component={Link} to={paths.profile({ returnTo: paths.apply() })}>
            {TEXTS.completeProfile}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <ApplyForm state={state} />;
}

/**
 * /apply (docs/product.md §12 Application approval): a newcomer tells the camp about themselves and answers its
 * questions, for a year that requires it; edits it while it waits for review; reads it once it is decided.
 */
export default function ApplyPage() {
  const { config } = usePublicConfig();
  const query = useMyApplication();
  const year = query.data?.year ?? config.registrationYear;
  const status = queryStatus(query, { loading: TEXTS.loading, loadFailed: TEXTS.loadFailed });
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Paper {...card}>
        <Stack gap="xs">
          <Title order={2}>{TEXTS.applyTitle(year)}</Title>
          <Text>{TEXTS.applyIntro}</Text>
        </Stack>
      </Paper>
      {status ?? (query.data && <ApplyContent state={query.data} />)}
    </Stack>
  );
}
