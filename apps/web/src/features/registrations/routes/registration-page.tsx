import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import { canDeferDues, type CustomFieldValue } from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { profileQueryKey, useAuth } from '../../auth';
import { usePublicConfig } from '../../config';
import {
  profileSaveErrorMessage,
  profileValuesOf,
  ProfileForm,
  serverErrorsByField,
  toProfileInput,
  updateProfile,
  type ProfileErrors,
  type ProfileFormValues,
} from '../../users';
import {
  campingOptionsQueryOptions,
  jobCategoriesQueryOptions,
  jobsQueryOptions,
  registrationKeys,
  submitRegistration,
} from '../api/registrations-api';
import { ProblemList } from '../components/problem-list';
import { RegistrationNeedsLogin } from '../components/registration-not-available';
import { detailsInputId, StepDetails } from '../components/step-details';
import { StepOptions } from '../components/step-options';
import { StepPayment, type PaymentStepState } from '../components/step-payment';
import { StepReview } from '../components/step-review';
import { StepShifts } from '../components/step-shifts';
import { WizardProgress } from '../components/wizard-progress';
import classes from '../components/wizard.module.css';
import { RegistrationGate } from '../registration-gate';
import { REGISTRATION_TEXTS, submissionProblems } from '../registration-messages';
import {
  chosenOptions,
  emptyChoices,
  fieldsOf,
  PAYMENT_STEP,
  REVIEW_STEP,
  submissionOf,
  totalDues,
  validateDetailsStep,
  validateOptionsStep,
  validateReviewStep,
  validateShiftsStep,
  visibleCategories,
  visibleJobs,
  WIZARD_STEPS,
  type WizardChoices,
} from '../wizard/wizard-model';

/** /registration (spec §2 Registration wizard), behind the availability gate. */
export default function RegistrationPage() {
  return (
    <RegistrationGate>
      <RegistrationWizardForUser />
    </RegistrationGate>
  );
}

function RegistrationWizardForUser() {
  const { user } = useAuth();
  if (!user) return <RegistrationNeedsLogin />;
  return <RegistrationWizard user={user} />;
}

const idlePayment: PaymentStepState = {
  submitting: false,
  saved: false,
  paymentUnavailable: false,
  error: null,
};

/** Loading and failure of the data a step needs. */
function StepData({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert" title={error}>
        <Button color="red" variant="light" mt="xs" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (loading) return <PageLoader label="Loading..." />;
  return children;
}

export function RegistrationWizard({ user }: { user: User }) {
  const { config } = usePublicConfig();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const role = user.role;
  const [step, setStep] = useState(0);
  const [choices, setChoices] = useState<WizardChoices>(emptyChoices);
  const [problems, setProblems] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [profileError, setProfileError] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentStepState>(idlePayment);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const optionsQuery = useQuery(campingOptionsQueryOptions());
  const categoriesQuery = useQuery(jobCategoriesQueryOptions());
  const jobsQuery = useQuery(jobsQueryOptions());
  const options = optionsQuery.data ?? [];
  const categories = visibleCategories(categoriesQuery.data ?? [], role);
  const jobs = visibleJobs(jobsQuery.data ?? [], role);
  const chosen = chosenOptions(options, choices);
  const total = totalDues(options, choices, role);
  const noPaymentNeeded = total.cents === 0 || canDeferDues(config, user);

  useEffect(() => {
    // Each step starts at its heading (not on first arrival: step 1's form takes focus itself).
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    moved.current = true;
    setProblems([]);
    setFieldErrors({});
    setStep(next);
    window.scrollTo?.({ top: 0 });
  };

  const update = (change: Partial<WizardChoices>) => setChoices((current) => ({ ...current, ...change }));

  const saveProfile = async (values: ProfileFormValues): Promise<ProfileErrors | void> => {
    setProfileError(null);
    try {
      const updated = await updateProfile(user.id, toProfileInput(values));
      queryClient.setQueryData(profileQueryKey, updated);
      goTo(1);
    } catch (failure) {
      setProfileError(profileSaveErrorMessage(failure));
      if (isApiError(failure) && failure.status === 400) return serverErrorsByField(failure.serverMessages);
    }
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1) {
      const found = validateOptionsStep(options, choices);
      setProblems(found);
      if (found.length === 0) goTo(2);
    } else if (step === 2) {
      const found = validateDetailsStep(fieldsOf(chosen), choices);
      setFieldErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(detailsInputId(first))?.focus();
      else goTo(3);
    } else if (step === 3) {
      const found = validateShiftsStep(options, categoriesQuery.data ?? [], jobs, choices, user);
      setProblems(found);
      if (found.length === 0) goTo(4);
    } else if (step === REVIEW_STEP) {
      const found = validateReviewStep(choices);
      setProblems(found);
      if (found.length === 0) goTo(PAYMENT_STEP);
    }
  };

  const submit = async (completing: boolean) => {
    setPayment((current) => ({ ...current, submitting: true, error: null }));
    try {
      if (!payment.saved) await submitRegistration(submissionOf(options, choices));
      await queryClient.invalidateQueries({ queryKey: ['auth', 'registrations'] });
      if (completing) {
        notifications.show({
          color: 'green',
          title: 'Registration complete',
          message: `You are registered for ${config.registrationYear}.`,
        });
        void navigate(paths.dashboard());
        return;
      }
      setPayment({ submitting: false, saved: true, paymentUnavailable: true, error: null });
    } catch (failure) {
      const messages = submissionProblems(failure);
      const conflict = isApiError(failure) && failure.status === 409;
      if (conflict) void queryClient.invalidateQueries({ queryKey: registrationKeys.catalog });
      setPayment({
        ...idlePayment,
        error: {
          messages:
            messages.length > 0
              ? messages
              : [completing ? REGISTRATION_TEXTS.completeFailed : REGISTRATION_TEXTS.createFailed],
          conflict,
        },
      });
    }
  };

  const catalogError = (query: { isError: boolean; data: unknown }, text: string) =>
    query.isError && query.data === undefined ? text : null;

  let body: ReactNode;
  switch (step) {
    case 0:
      body = (
        <ProfileForm
          initialValues={profileValuesOf(user)}
          email={user.email}
          submitLabel="Continue"
          onSubmit={saveProfile}
          error={profileError}
        />
      );
      break;
    case 1:
      body = (
        <StepData
          loading={optionsQuery.isPending}
          error={catalogError(optionsQuery, REGISTRATION_TEXTS.fetchOptionsFailed)}
          onRetry={() => void optionsQuery.refetch()}
        >
          <StepOptions
            options={options}
            selected={choices.optionIds}
            role={role}
            onToggle={(id, checked) =>
              update({
                optionIds: checked
                  ? [...choices.optionIds, id]
                  : choices.optionIds.filter((optionId) => optionId !== id),
              })
            }
          />
        </StepData>
      );
      break;
    case 2:
      body = (
        <StepDetails
          options={chosen}
          values={choices.fieldValues}
          errors={fieldErrors}
          onChange={(fieldId, value: CustomFieldValue) => {
            update({ fieldValues: { ...choices.fieldValues, [fieldId]: value } });
            if (fieldErrors[fieldId]) setFieldErrors(({ [fieldId]: _cleared, ...rest }) => rest);
          }}
        />
      );
      break;
    case 3:
      body = (
        <StepData
          loading={categoriesQuery.isPending || jobsQuery.isPending}
          error={
            catalogError(categoriesQuery, REGISTRATION_TEXTS.fetchCategoriesFailed) ??
            catalogError(jobsQuery, REGISTRATION_TEXTS.fetchJobsFailed)
          }
          onRetry={() => {
            void categoriesQuery.refetch();
            void jobsQuery.refetch();
          }}
        >
          <StepShifts
            options={chosen}
            categories={categories}
            jobs={jobs}
            choices={choices}
            user={user}
            onToggle={(id, checked) =>
              update({
                jobIds: checked ? [...choices.jobIds, id] : choices.jobIds.filter((jobId) => jobId !== id),
              })
            }
          />
        </StepData>
      );
      break;
    case REVIEW_STEP:
      body = (
        <StepReview
          options={chosen}
          jobs={jobs}
          choices={choices}
          role={role}
          total={total.dollars}
          terms={config.registrationTerms}
          termsError={problems[0]}
          onAcceptTerms={(acceptedTerms) => {
            update({ acceptedTerms });
            if (acceptedTerms) setProblems([]);
          }}
        />
      );
      break;
    default:
      body = (
        <StepPayment
          total={total.dollars}
          year={config.registrationYear}
          noPaymentNeeded={noPaymentNeeded}
          state={payment}
          onComplete={() => void submit(true)}
          onPay={() => void submit(false)}
        />
      );
  }

  const stepHeading = `Step ${step + 1} of ${WIZARD_STEPS.length}: ${WIZARD_STEPS[step]}`;
  const showNav = step > 0 && step < PAYMENT_STEP;

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap="xs">
        <Title order={2}>Registration {config.registrationYear}</Title>
        <WizardProgress step={step} />
      </Stack>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={3} ref={headingRef} tabIndex={-1} className={classes.stepHeading}>
            {stepHeading}
          </Title>
          {step === 0 && (
            <Text c="dimmed" size="sm">
              Check your details: they are saved to your profile when you continue.
            </Text>
          )}
          {showNav ? (
            <form onSubmit={next} noValidate aria-label={WIZARD_STEPS[step]}>
              <Stack gap="lg">
                {body}
                {step !== REVIEW_STEP && <ProblemList problems={problems} />}
                <Group justify="space-between" wrap="wrap-reverse" gap="sm">
                  <Button variant="default" size="md" onClick={() => goTo(step - 1)}>
                    Back
                  </Button>
                  <Button type="submit" size="md">
                    {step === REVIEW_STEP ? 'Review & Pay' : 'Continue'}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Stack gap="lg">
              {body}
              {step === PAYMENT_STEP && !payment.saved && (
                <Group>
                  <Button
                    variant="default"
                    size="md"
                    onClick={() => goTo(REVIEW_STEP)}
                    disabled={payment.submitting}
                  >
                    Back
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
