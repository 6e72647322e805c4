import { canDeferDues, type CustomFieldValue, REGISTRATION_TEXTS } from '@camp/shared/rules';
import type { User } from '@camp/shared/users';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { isApiError } from '../../../lib/api-client';
import { campingOptionsQueryOptions } from '../../camping-options';
import { usePublicConfig } from '../../config';
import {
  profileSaveErrorMessage,
  profileValuesOf,
  toProfileInput,
  useUpdateProfile,
  type ProfileFormValues,
} from '../../users';
import { jobCategoriesQueryOptions, jobsQueryOptions } from '../../work';
import { useSubmitRegistration } from '../api/submit-registration';
import type { PaymentStepState } from '../components/step-payment';
import { detailsInputId } from '../components/step-details';
import { submissionProblems } from '../registration-messages';
import {
  chosenOptions,
  emptyChoices,
  submissionOf,
  totalDues,
  visibleCategories,
  visibleJobs,
  WIZARD_STEP_TABLE,
  type StepCheck,
  type WizardChoices,
} from './wizard-model';

const idlePayment: PaymentStepState = {
  submitting: false,
  saved: false,
  paymentUnavailable: false,
  error: null,
};

/** A catalog query's failure text, when it has nothing to show. */
const catalogError = (query: { isError: boolean; data: unknown }, text: string) =>
  query.isError && query.data === undefined ? text : null;

/**
 * The registration wizard of spec §2 as a model: where the person is, what they chose, what each step found,
 * and the actions (continue, back, save the profile on step 1, submit on step 6). The page only renders it;
 * `headingRef` is the step heading, focused when the step changes.
 */
export function useRegistrationWizard(user: User, headingRef: RefObject<HTMLHeadingElement | null>) {
  const { config } = usePublicConfig();
  const navigate = useNavigate();
  const role = user.role;
  const [index, setIndex] = useState(0);
  const [choices, setChoices] = useState<WizardChoices>(emptyChoices);
  const [found, setFound] = useState<Required<StepCheck>>({ problems: [], fieldErrors: {} });
  const [profileError, setProfileError] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentStepState>(idlePayment);
  const moved = useRef(false);
  const updateProfile = useUpdateProfile();
  const submission = useSubmitRegistration();

  const optionsQuery = useQuery(campingOptionsQueryOptions());
  const categoriesQuery = useQuery(jobCategoriesQueryOptions());
  const jobsQuery = useQuery(jobsQueryOptions());
  const options = optionsQuery.data ?? [];
  const categories = visibleCategories(categoriesQuery.data ?? [], role);
  const jobs = visibleJobs(jobsQuery.data ?? [], role);
  const total = totalDues(options, choices, role);

  const step = WIZARD_STEP_TABLE[index] ?? WIZARD_STEP_TABLE[0]!;

  useEffect(() => {
    // Each step starts at its heading (not on first arrival: step 1's form takes focus itself).
    if (moved.current) headingRef.current?.focus();
  }, [index, headingRef]);

  const goTo = (next: number) => {
    moved.current = true;
    setFound({ problems: [], fieldErrors: {} });
    setIndex(Math.min(Math.max(next, 0), WIZARD_STEP_TABLE.length - 1));
    window.scrollTo?.({ top: 0 });
  };

  const update = (change: Partial<WizardChoices>) => setChoices((current) => ({ ...current, ...change }));
  const toggle = (list: string[], id: string, checked: boolean) =>
    checked ? [...list, id] : list.filter((item) => item !== id);

  /** Continue of the wizard's form: the step's check, then the next step when it found nothing. */
  const next = (event: FormEvent) => {
    event.preventDefault();
    const check = step.check?.({
      options,
      categories: categoriesQuery.data ?? [],
      jobs,
      choices,
      user,
    });
    const problems = check?.problems ?? [];
    const fieldErrors = check?.fieldErrors ?? {};
    setFound({ problems, fieldErrors });
    const firstField = Object.keys(fieldErrors)[0];
    if (firstField) document.getElementById(detailsInputId(firstField))?.focus();
    else if (problems.length === 0) goTo(index + 1);
  };

  /** Step 1: the details are saved to the profile, then the wizard continues. */
  const saveProfile = async (values: ProfileFormValues): Promise<readonly string[] | void> => {
    setProfileError(null);
    try {
      await updateProfile.mutateAsync({ userId: user.id, input: toProfileInput(values) });
      goTo(index + 1);
    } catch (failure) {
      setProfileError(profileSaveErrorMessage(failure));
      if (isApiError(failure) && failure.status === 400) return failure.serverMessages;
    }
  };

  /** Step 6: submits the registration (once), then completes or reports that payment is unavailable. */
  const submit = async (completing: boolean) => {
    setPayment((current) => ({ ...current, submitting: true, error: null }));
    try {
      if (!payment.saved) await submission.mutateAsync(submissionOf(options, choices));
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
      setPayment({
        ...idlePayment,
        error: {
          messages:
            messages.length > 0
              ? messages
              : [completing ? REGISTRATION_TEXTS.completeFailed : REGISTRATION_TEXTS.createFailed],
          conflict: isApiError(failure) && failure.status === 409,
        },
      });
    }
  };

  return {
    config,
    user,
    role,
    step: {
      ...step,
      index,
      count: WIZARD_STEP_TABLE.length,
      heading: `Step ${index + 1} of ${WIZARD_STEP_TABLE.length}: ${step.label}`,
      /** Back is offered (on step 6 only until the registration is saved, and not while it is sent). */
      canGoBack: step.back && !(step.key === 'payment' && payment.saved),
      backDisabled: step.key === 'payment' && payment.submitting,
    },
    next,
    back: () => goTo(index - 1),
    problems: step.listsProblems ? found.problems : [],
    termsError: step.key === 'review' ? found.problems[0] : undefined,
    fieldErrors: found.fieldErrors,

    choices,
    toggleOption: (id: string, checked: boolean) =>
      update({ optionIds: toggle(choices.optionIds, id, checked) }),
    toggleJob: (id: string, checked: boolean) => update({ jobIds: toggle(choices.jobIds, id, checked) }),
    setFieldValue: (fieldId: string, value: CustomFieldValue) => {
      update({ fieldValues: { ...choices.fieldValues, [fieldId]: value } });
      if (found.fieldErrors[fieldId]) {
        setFound(({ problems, fieldErrors: { [fieldId]: _cleared, ...rest } }) => ({
          problems,
          fieldErrors: rest,
        }));
      }
    },
    acceptTerms: (acceptedTerms: boolean) => {
      update({ acceptedTerms });
      if (acceptedTerms) setFound((current) => ({ ...current, problems: [] }));
    },

    catalog: {
      options,
      chosen: chosenOptions(options, choices),
      categories,
      jobs,
      optionsLoad: {
        loading: optionsQuery.isPending,
        error: catalogError(optionsQuery, REGISTRATION_TEXTS.fetchOptionsFailed),
        onRetry: () => void optionsQuery.refetch(),
      },
      workLoad: {
        loading: categoriesQuery.isPending || jobsQuery.isPending,
        error:
          catalogError(categoriesQuery, REGISTRATION_TEXTS.fetchCategoriesFailed) ??
          catalogError(jobsQuery, REGISTRATION_TEXTS.fetchJobsFailed),
        onRetry: () => {
          void categoriesQuery.refetch();
          void jobsQuery.refetch();
        },
      },
    },
    total,
    noPaymentNeeded: total.cents === 0 || canDeferDues(config, user),

    profile: { initialValues: profileValuesOf(user), error: profileError, save: saveProfile },
    payment,
    complete: () => void submit(true),
    pay: () => void submit(false),
  };
}

export type RegistrationWizardModel = ReturnType<typeof useRegistrationWizard>;
