import {
  canDeferDues,
  type CustomFieldValue,
  dollarsToCents,
  DRAW_TEXTS,
  drawPhase,
  formatDateTime,
  formatDollars,
  REGISTRATION_MESSAGES,
  REGISTRATION_TEXTS,
  SHIFT_WAITLIST_MESSAGES,
  SHIFT_WAITS_MAX,
  WAITLIST_TEXTS,
} from '@camp/shared/rules';
import { CampWithSchema } from '@camp/shared/draw';
import type { User } from '@camp/shared/users';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api-client';
import { campingOptionsQueryOptions } from '../../camping-options';
import { useEventCalendar, usePublicConfig } from '../../config';
import {
  checkoutFailureMessage,
  startCheckout,
  usePaymentsAvailable,
  useReturnFromCheckout,
} from '../../payments';
import {
  profileSaveErrorMessage,
  profileValuesOf,
  toProfileInput,
  useUpdateProfile,
  type ProfileFormValues,
} from '../../users';
import { jobCategoriesQueryOptions, openJobsQueryOptions } from '../../work';
import { useSubmitRegistration } from '../api/submit-registration';
import type { PaymentStepAction, PaymentStepState } from '../components/step-payment';
import { detailsInputId } from '../components/step-details';
import { submissionProblems } from '../registration-messages';
import {
  chosenOptions,
  emptyChoices,
  joinsWaitlist,
  shiftOverlapProblems,
  shiftProgress,
  submissionOf,
  totalDues,
  visibleCategories,
  visibleJobs,
  WIZARD_STEP_TABLE,
  type StepCheck,
  type WizardChoices,
  type WizardData,
} from './wizard-model';

type PaymentProgress = Omit<PaymentStepState, 'saved'>;

const idlePayment: PaymentProgress = { busy: null, error: null, checkoutError: null };

/** The registration once created: what Checkout needs, and what it owes by the server's count. */
interface SavedRegistration {
  id: string;
  year: number;
  owedCents: number;
  /** Stored as WAITLISTED (docs/product.md §10): it holds no place and owes nothing yet. */
  waitlisted: boolean;
}

/** A catalog query's failure text, when it has nothing to show. */
const catalogError = (query: { isError: boolean; data: unknown }, text: string) =>
  query.isError && query.data === undefined ? text : null;

/**
 * The registration wizard of docs/product.md §2 as a model: where the person is, what they chose, what each step found,
 * and the actions (continue, back, save the profile on step 1, submit on step 6). The page only renders it;
 * `headingRef` is the step heading, focused when the step changes.
 */
export function useRegistrationWizard(user: User, headingRef: RefObject<HTMLHeadingElement | null>) {
  const { config } = usePublicConfig();
  const calendar = useEventCalendar();
  const payments = usePaymentsAvailable();
  const navigate = useNavigate();
  const role = user.role;
  const [index, setIndex] = useState(0);
  const [choices, setChoices] = useState<WizardChoices>(emptyChoices);
  const [found, setFound] = useState<Required<StepCheck>>({ problems: [], fieldErrors: {} });
  const [profileError, setProfileError] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentProgress>(idlePayment);
  const [saved, setSaved] = useState<SavedRegistration | null>(null);
  const moved = useRef(false);
  /** While the application window is open the submission is a draw entry (docs/product.md §10). */
  const [entryMode] = useState(() => drawPhase(config, new Date()) === 'open');
  const [campWith, setCampWith] = useState('');
  const [campWithError, setCampWithError] = useState<string | null>(null);
  const updateProfile = useUpdateProfile();
  const submission = useSubmitRegistration();

  const optionsQuery = useQuery(campingOptionsQueryOptions());
  const categoriesQuery = useQuery(jobCategoriesQueryOptions());
  const jobsQuery = useQuery(openJobsQueryOptions());
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
  /** What the steps' checks read (every category: the rules count the always-required ones). */
  const data: WizardData = {
    options,
    categories: categoriesQuery.data ?? [],
    jobs,
    choices,
    user,
    calendar,
  };
  // Step 4 shows overlapping shifts as soon as they are ticked (docs/product.md §11), beside what Continue found.
  const overlaps = step.key === 'shifts' ? shiftOverlapProblems(jobs, choices, calendar) : [];
  const checkStep = (read: WizardData) => step.check?.(read).problems ?? [];

  const next = (event: FormEvent) => {
    event.preventDefault();
    const check = step.check?.(data);
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

  /** Step 6: the registration is created once, on the first Pay, Complete or Save (docs/product.md §4). */
  const register = async (): Promise<SavedRegistration> => {
    if (saved) return saved;
    const answer = await submission.mutateAsync(submissionOf(options, choices));
    if (!('registration' in answer)) throw new Error('A draw entry was stored instead of a registration');
    const { registration } = answer;
    const created = {
      id: registration.id,
      year: registration.year,
      // What the server says is owed, not the wizard's own total.
      owedCents: dollarsToCents(registration.amountOwed),
      waitlisted: registration.status === 'WAITLISTED',
    };
    setSaved(created);
    return created;
  };

  /**
   * Step 6's buttons: Pay creates the registration and sends the browser to Stripe Checkout; Complete (nothing
   * due, or dues deferred) and Save (payment not available) create it and go to the dashboard.
   */
  const finish = async (action: PaymentStepAction) => {
    if (entryMode) return enterDraw();
    setPayment((current) => ({ ...current, busy: action, error: null, checkoutError: null }));
    let registration: SavedRegistration;
    try {
      registration = await register();
    } catch (failure) {
      const messages = submissionProblems(failure);
      setPayment({
        ...idlePayment,
        error: {
          messages:
            messages.length > 0
              ? messages
              : [action === 'complete' ? REGISTRATION_TEXTS.completeFailed : REGISTRATION_TEXTS.createFailed],
          conflict: isApiError(failure) && failure.status === 409,
        },
      });
      return;
    }
    if (registration.waitlisted) {
      notifications.show({
        color: 'orange',
        title: WAITLIST_TEXTS.joinedTitle,
        message: WAITLIST_TEXTS.joined(registration.year),
        closeButtonProps: { 'aria-label': 'Close notification' },
      });
      void navigate(paths.dashboard());
      return;
    }
    if (action === 'pay' && registration.owedCents > 0) {
      try {
        await startCheckout({
          user,
          registrationId: registration.id,
          amountCents: registration.owedCents,
          campName: config.campName,
          year: registration.year,
        });
        // The browser is on its way to Checkout: the button stays busy until it has left.
      } catch (failure) {
        setPayment({ ...idlePayment, checkoutError: checkoutFailureMessage(failure) });
      }
      return;
    }
    // (notifications.show rather than lib/toast's showSuccessToast: sharing that module with the admin
    // screens would cost Home's first download one more lazy chunk name.)
    notifications.show({
      color: 'green',
      ...(action === 'save' && registration.owedCents > 0
        ? {
            title: 'Registration saved',
            message: `Your registration for ${registration.year} is saved with status PENDING. Your dues of ${formatDollars(registration.owedCents / 100)} are still outstanding.`,
          }
        : { title: 'Registration complete', message: `You are registered for ${registration.year}.` }),
      closeButtonProps: { 'aria-label': 'Close notification' },
    });
    void navigate(paths.dashboard());
  };

  /** Step 6 while the window is open: the entry is stored with its "camp with" list; nothing is paid. */
  const enterDraw = async () => {
    const list = campWith.split(/[\s,;]+/).filter((address) => address !== '');
    const parsed = CampWithSchema.safeParse(list);
    if (!parsed.success) {
      setCampWithError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setCampWithError(null);
    setPayment({ ...idlePayment, busy: 'complete' });
    let answer;
    try {
      answer = await submission.mutateAsync({ ...submissionOf(options, choices), campWith: parsed.data });
    } catch (failure) {
      const messages = submissionProblems(failure);
      setPayment({
        ...idlePayment,
        error: {
          messages: messages.length > 0 ? messages : [REGISTRATION_TEXTS.createFailed],
          conflict: isApiError(failure) && failure.status === 409,
        },
      });
      return;
    }
    notifications.show({
      color: 'green',
      // The draw may have been run early ("Draw now"): then the server registered the person as usual.
      ...('drawEntry' in answer
        ? {
            title: DRAW_TEXTS.enteredTitle,
            message: DRAW_TEXTS.enteredBody(formatDateTime(config.drawClosesAt, config.timeZone)),
          }
        : {
            title: 'Registration saved',
            message: `Your registration for ${answer.registration.year} is saved.`,
          }),
      closeButtonProps: { 'aria-label': 'Close notification' },
    });
    void navigate(paths.dashboard());
  };

  // Back from Checkout through the browser's back-forward cache: the Pay button is usable again.
  useReturnFromCheckout(() => setPayment((current) => ({ ...current, busy: null })));

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
      canGoBack: step.back && !(step.key === 'payment' && saved !== null),
      backDisabled: step.key === 'payment' && payment.busy !== null,
    },
    next,
    back: () => goTo(index - 1),
    problems: step.listsProblems
      ? [...new Set([...found.problems, ...overlaps])]
      : step.key === 'review'
        ? found.problems.filter((problem) => problem !== REGISTRATION_MESSAGES.acceptTerms)
        : [],
    termsError:
      step.key === 'review' && found.problems.includes(REGISTRATION_MESSAGES.acceptTerms)
        ? REGISTRATION_MESSAGES.acceptTerms
        : undefined,
    fieldErrors: found.fieldErrors,

    choices,
    toggleOption: (id: string, checked: boolean) =>
      update({ optionIds: toggle(choices.optionIds, id, checked) }),
    toggleJob: (id: string, checked: boolean) => {
      const changed = { ...choices, jobIds: toggle(choices.jobIds, id, checked) };
      update({ jobIds: changed.jobIds });
      // Problems already shown follow the selection: each goes as soon as it is met.
      if (found.problems.length > 0)
        setFound({ ...found, problems: checkStep({ ...data, choices: changed }) });
    },
    /**
     * Step 4: wait in line for a full job whose waitlist is on (docs/product.md §10), at most SHIFT_WAITS_MAX; not
     * while the application window is open (the draw has no shift lines).
     */
    toggleWaitJob: entryMode
      ? undefined
      : (id: string, checked: boolean) => {
          if (checked && !choices.waitJobs.includes(id) && choices.waitJobs.length >= SHIFT_WAITS_MAX) {
            const tooMany = SHIFT_WAITLIST_MESSAGES.tooMany;
            setFound({ ...found, problems: [...found.problems.filter((text) => text !== tooMany), tooMany] });
            return;
          }
          const changed = { ...choices, waitJobs: toggle(choices.waitJobs, id, checked) };
          update({ waitJobs: changed.waitJobs });
          if (found.problems.length > 0)
            setFound({ ...found, problems: checkStep({ ...data, choices: changed }) });
        },
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
    /** A chosen option is full: the submission joins the waitlist (docs/product.md §10). */
    joinsWaitlist: joinsWaitlist(options, choices),
    /** Step 4's summary: shifts chosen and needed, rule by rule. */
    shiftProgress: shiftProgress(options, categoriesQuery.data ?? [], jobs, choices, user),
    /** What step 6 asks for: the server's own number once the registration is saved. */
    amountDue: saved ? saved.owedCents / 100 : total.dollars,
    paymentOptions: { paymentsAvailable: payments.available, canDefer: canDeferDues(config, user) },

    profile: { initialValues: profileValuesOf(user), error: profileError, save: saveProfile },
    payment: { ...payment, saved: saved !== null } satisfies PaymentStepState,
    /** The draw entry's part of step 6, while the application window is open; null otherwise. */
    drawEntry: entryMode
      ? {
          closesAt: formatDateTime(config.drawClosesAt, config.timeZone),
          campWith,
          campWithError,
          setCampWith: (value: string) => {
            setCampWith(value);
            setCampWithError(null);
          },
        }
      : null,
    pay: () => void finish('pay'),
    complete: () => void finish('complete'),
    save: () => void finish('save'),
  };
}

export type RegistrationWizardModel = ReturnType<typeof useRegistrationWizard>;
