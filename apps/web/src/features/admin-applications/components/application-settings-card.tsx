import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
import { ApplicationSettingsInputSchema, type ApplicationSettingsValues } from '@camp/shared/applications';
import {
  APPLICATION_QUESTION_MAX,
  APPLICATION_QUESTIONS_MAX,
  APPLICATION_TEXTS as TEXTS,
  type ApplicationSettings,
} from '@camp/shared/rules';
import { Alert, Button, Checkbox, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { queryStatus } from '../../../components/query-status';
import { SectionCard } from '../../../components/section-card';
import { applicationSettingsQueryOptions, useSaveApplicationSettings } from '../api/admin-applications';
import { showDoneToast, showErrorToast } from '../../../lib/toast';

type Draft = ApplicationSettingsValues;

/** The schema's messages: each question's first one by its index, and those about the settings as a whole. */
function problemsOf(draft: Draft): { questions: Record<number, string>; form: string[] } {
  const result = ApplicationSettingsInputSchema.safeParse(draft);
  const problems = { questions: {} as Record<number, string>, form: [] as string[] };
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    if (field === 'questions' && typeof index === 'number') problems.questions[index] ??= issue.message;
    else if (!problems.form.includes(issue.message)) problems.form.push(issue.message);
  }
  return problems;
}

function SettingsForm({ settings }: { settings: ApplicationSettings }) {
  const save = useSaveApplicationSettings();
  const [draft, setDraft] = useState<Draft>(() => ({
    required: settings.required,
    returningMembersExempt: settings.returningMembersExempt,
    questions: settings.questions.map((question) => ({ ...question })),
  }));
  const [problems, setProblems] = useState<ReturnType<typeof problemsOf> | null>(null);

  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const changeQuestion = (index: number, next: Partial<Draft['questions'][number]>) =>
    change({
      questions: draft.questions.map((question, at) => (at === index ? { ...question, ...next } : question)),
    });
  const full = draft.questions.length >= APPLICATION_QUESTIONS_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = ApplicationSettingsInputSchema.safeParse(draft);
    if (!result.success) {
      setProblems(problemsOf(draft));
      return;
    }
    setProblems(null);
    save.mutate(result.data, {
      onSuccess: () => showDoneToast(TEXTS.settingsSaved),
      onError: (error) => showErrorToast(TEXTS.settingsFailed, error),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={save.isPending || undefined}>
      <Stack gap="md">
        <Switch
          label={TEXTS.requiredLabel(settings.year)}
          checked={draft.required}
          onChange={(event) => change({ required: event.currentTarget.checked })}
        />
        <Switch
          label={TEXTS.exemptLabel}
          description={TEXTS.exemptHint}
          checked={draft.returningMembersExempt}
          onChange={(event) => change({ returningMembersExempt: event.currentTarget.checked })}
        />
        <Stack gap="xs">
          <Title order={4}>{TEXTS.questionsTitle}</Title>
          <Text size="sm" c="dimmed">
            {TEXTS.questionsHint}
          </Text>
          {draft.questions.length > 0 && (
            <Stack component="ol" gap="sm" aria-label={TEXTS.questionsTitle} p={0} m={0}>
              {draft.questions.map((question, index) => (
                <Paper
                  component="li"
                  key={question.id}
                  withBorder
                  radius="md"
                  p="sm"
                  style={{ listStyle: 'none' }}
                >
                  <Stack gap="xs">
                    <TextInput
                      label={TEXTS.questionLabel(index + 1)}
                      value={question.label}
                      maxLength={APPLICATION_QUESTION_MAX}
                      error={problems?.questions[index]}
                      onChange={(event) => changeQuestion(index, { label: event.currentTarget.value })}
                    />
                    <Group justify="space-between" gap="sm" wrap="wrap">
                      <Checkbox
                        label={TEXTS.questionRequiredLabel}
                        checked={question.required}
                        onChange={(event) => changeQuestion(index, { required: event.currentTarget.checked })}
                      />
                      <Button
                        variant="light"
                        color="red"
                        size="compact-sm"
                        aria-label={TEXTS.removeQuestion(index + 1)}
                        onClick={() =>
                          change({ questions: draft.questions.filter((_question, at) => at !== index) })
                        }
                      >
                        {TEXTS.remove}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
          <Group>
            <Button
              variant="light"
              disabled={full}
              onClick={() =>
                change({
                  questions: [...draft.questions, { id: crypto.randomUUID(), label: '', required: false }],
                })
              }
            >
              {TEXTS.addQuestion}
            </Button>
          </Group>
        </Stack>
        {problems && problems.form.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {problems.form.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {TEXTS.saveSettings}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The year's settings: applications on or off, returning members exempt, and the questions asked. */
export function ApplicationSettingsCard() {
  const settings = useQuery(applicationSettingsQueryOptions());
  const status = queryStatus(settings, {
    loading: TEXTS.settingsLoading,
    loadFailed: TEXTS.settingsLoadFailed,
  });
  return (
    <SectionCard id="application-settings" title={TEXTS.settingsTitle} gap="md">
      {status ?? (settings.data && <SettingsForm key={settings.data.year} settings={settings.data} />)}
    </SectionCard>
  );
}
