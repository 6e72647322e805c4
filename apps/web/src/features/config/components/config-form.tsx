import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import type { AdminCampConfig } from '@camp/shared/config';
import {
  ADMIN_PASSKEY_CONFIG_TEXTS,
  DRAW_TEXTS,
  EVENT_DATES_TEXTS,
  OFFER_HOLD_HOURS_MAX,
  OFFER_HOLD_HOURS_MIN,
  PAYMENT_DEADLINE_DAYS_MAX,
  PAYMENT_DEADLINE_DAYS_MIN,
  PAYMENT_DEADLINE_TEXTS,
  SHIFT_REMINDER_HOURS_MAX,
  SHIFT_REMINDER_HOURS_MIN,
  SHIFT_CHANGE_TEXTS,
  SHIFT_REMINDER_TEXTS,
  WAITLIST_TEXTS,
} from '@camp/shared/rules';
import {
  Alert,
  Checkbox,
  List,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useAuth } from '../../auth';
import { useSaveAdminConfig } from '../api/save-admin-config';
import {
  changedFields,
  CONFIG_FIELD_ORDER,
  configValuesOf,
  configErrors,
  configServerErrors,
  PAYPAL_MODE_SELECT_OPTIONS,
  storedSecretsOf,
  TIME_ZONE_SELECT_OPTIONS,
  toConfigPayload,
  type ConfigErrors,
  type ConfigField,
  type ConfigFormValues,
  type SecretField,
  type TimeZoneValue,
} from '../config-form';
import { CONFIG_ADMIN_MESSAGES, saveErrorView, type SaveErrorView } from '../config-messages';
import { CONFIG_SECTIONS } from '../config-sections';
import { useUnsavedChangesGuard } from '../use-unsaved-changes-guard';
import { FestivalCalendar } from './festival-calendar';
import { FormSection } from './form-section';
import { ImageUrlField } from './image-url-field';
import { RichTextField } from './rich-text-field';
import { SaveBar } from './save-bar';
import { SmtpConnectionTest } from './smtp-connection-test';

type FormAlert = { kind: 'invalid' } | ({ kind: 'save-failed' } & SaveErrorView);

/*
 * Every input puts its hint under the box, so two inputs side by side line up whether or not each has a hint
 * (banner URL and alt text, the Stripe keys, SMTP host and port, user and password).
 */
const HINT_BELOW: Pick<TextInputProps, 'inputWrapperOrder'> = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
};

/** The header's two images, each an address and its alt text. */
const HEADER_IMAGES = [
  {
    url: 'campBannerUrl',
    altText: 'campBannerAltText',
    shape: 'banner',
    label: 'Banner image URL',
    description: 'A banner of 1920x600 pixels (16:5) is recommended. A relative path or an http(s) address.',
    altTextLabel: 'Banner alt text',
    altTextDescription: 'Describes the banner for people who cannot see it.',
  },
  {
    url: 'campIconUrl',
    altText: 'campIconAltText',
    shape: 'icon',
    label: 'Icon URL',
    description: 'A small square image shown beside the camp name.',
    altTextLabel: 'Icon alt text',
    altTextDescription: 'Describes the icon for people who cannot see it.',
  },
] as const;

export const LEAVE_DIALOG = {
  title: 'Leave without saving?',
  message:
    'The site configuration has changes that are not saved. If you leave this page now, they are lost.',
  stay: 'Stay on page',
  leave: 'Leave page',
} as const;

export interface ConfigFormProps {
  /** The stored configuration, or null when none exists yet (blank form; saving creates it). */
  config: AdminCampConfig | null;
}

/**
 * Every configuration field of docs/product.md §3 in sections, the rules of §5 and the save of §4; a save bar that says
 * whether anything is unsaved, and a question before leaving the page with unsaved changes.
 */
export function ConfigForm({ config }: ConfigFormProps) {
  const [stored, setStored] = useState(config);
  /** What the stored configuration looks like in the form: the values with nothing unsaved. */
  const [saved, setSaved] = useState(() => configValuesOf(config));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<ConfigErrors>({});
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const secretsSet = storedSecretsOf(stored);
  const changes = changedFields(saved, values).length;
  // Sign Out ends the session on the server before it goes home: nothing could be saved, so it does not ask
  // (held back, the page would be left blank under a signed-out guard).
  const { signingOut } = useAuth();
  const guard = useUnsavedChangesGuard(changes > 0 && !signingOut);

  const save = useSaveAdminConfig(
    (formValues: ConfigFormValues) => ({ payload: toConfigPayload(formValues), exists: stored !== null }),
    {
      onSuccess: ({ config: saved, created }) => {
        setStored(saved);
        // Secret inputs go back to blank: what was typed is stored now ('leave blank to keep').
        const savedValues = configValuesOf(saved);
        setSaved(savedValues);
        setValues(savedValues);
        setErrors({});
        setAlert(null);
        notifications.show({
          color: 'teal',
          title: created ? CONFIG_ADMIN_MESSAGES.created : CONFIG_ADMIN_MESSAGES.saved,
          message: 'The header, title and home page now show the new settings.',
        });
      },
      onError: (error, formValues) => {
        const view = saveErrorView(error);
        setAlert({ kind: 'save-failed', ...view });
        const fieldErrors = configServerErrors(formValues, view.details);
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
        notifications.show({ color: 'red', title: view.message, message: view.details.join(' ') || null });
      },
    },
  );

  const focusFirstError = (found: ConfigErrors) => {
    const first = CONFIG_FIELD_ORDER.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = configErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert({ kind: 'invalid' });
      focusFirstError(found);
      return;
    }
    setAlert(null);
    save.mutate(values);
  };

  const discard = () => {
    setValues(saved);
    setErrors({});
    setAlert(null);
  };

  const set = <K extends ConfigField>(field: K, value: ConfigFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const text = (field: TextField) => ({
    ...HINT_BELOW,
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });

  const check = (field: keyof PickByType<ConfigFormValues, boolean>) => ({
    name: field,
    checked: values[field],
    onChange: (event: { currentTarget: { checked: boolean } }) => set(field, event.currentTarget.checked),
  });

  const secret = (field: SecretField, label: string) => (
    <PasswordInput
      {...text(field)}
      label={label}
      description={secretsSet[field] ? 'A value is saved. Leave blank to keep it.' : 'Not set.'}
      placeholder={secretsSet[field] ? '••••••••' : undefined}
      autoComplete="new-password"
      spellCheck={false}
      visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${label}` }}
    />
  );

  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Site configuration">
        <Stack gap="lg">
          {!stored && (
            <Alert color="sunset" variant="light" title="No configuration yet">
              Fill in at least the camp name and save to create the site configuration.
            </Alert>
          )}

          <FormSection section={CONFIG_SECTIONS.camp} description="What the header shows on every page.">
            <TextInput {...text('campName')} label="Camp name" required maxLength={200} autoComplete="off" />
            <RichTextField
              label="Camp description"
              description="Shown under the camp name in the header."
              value={values.campDescription}
              onChange={(html) => set('campDescription', html)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {HEADER_IMAGES.map((image) => (
                <Fragment key={image.url}>
                  <ImageUrlField
                    label={image.label}
                    description={image.description}
                    value={values[image.url]}
                    error={errors[image.url]}
                    onChange={(value) => set(image.url, value)}
                    name={image.url}
                    altText={values[image.altText]}
                    shape={image.shape}
                  />
                  <TextInput
                    {...text(image.altText)}
                    label={image.altTextLabel}
                    description={image.altTextDescription}
                  />
                </Fragment>
              ))}
            </SimpleGrid>
          </FormSection>

          <FormSection section={CONFIG_SECTIONS.homePage}>
            <RichTextField
              label="Home page blurb"
              description="The welcome text of the home page, under the header."
              value={values.homePageBlurb}
              onChange={(html) => set('homePageBlurb', html)}
            />
          </FormSection>

          <FormSection
            section={CONFIG_SECTIONS.registration}
            description="Who can register, and for which year."
          >
            <NumberInput
              {...HINT_BELOW}
              name="registrationYear"
              label="Registration year"
              required
              min={2000}
              max={2100}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={values.registrationYear}
              error={errors.registrationYear}
              onChange={(value) => set('registrationYear', value)}
              maw={240}
            />
            <Stack gap="sm">
              <Checkbox
                {...check('registrationOpen')}
                label="Registration open"
                description="Everyone allowed to register can register for this year."
              />
              <Checkbox
                {...check('earlyRegistrationOpen')}
                label="Early registration open"
                description="Users with the early registration permission can register before it opens to all."
              />
              <Checkbox
                {...check('allowDeferredDuesPayment')}
                label="Allow deferred dues payment"
                description="Users you allow may complete registration now and pay their dues later."
              />
            </Stack>
            <RichTextField
              label="Registration terms"
              description="Campers must accept these terms before they pay."
              value={values.registrationTerms}
              onChange={(html) => set('registrationTerms', html)}
            />
            <NumberInput
              {...HINT_BELOW}
              name="offerHoldHours"
              label={WAITLIST_TEXTS.offerHoldHoursLabel}
              description={WAITLIST_TEXTS.offerHoldHoursHelp}
              required
              min={OFFER_HOLD_HOURS_MIN}
              max={OFFER_HOLD_HOURS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={values.offerHoldHours}
              error={errors.offerHoldHours}
              onChange={(value) => set('offerHoldHours', value)}
              maw={240}
            />
            <NumberInput
              {...HINT_BELOW}
              name="paymentDeadlineDays"
              label={PAYMENT_DEADLINE_TEXTS.deadlineDaysLabel}
              description={PAYMENT_DEADLINE_TEXTS.deadlineDaysHelp}
              min={PAYMENT_DEADLINE_DAYS_MIN}
              max={PAYMENT_DEADLINE_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={values.paymentDeadlineDays}
              error={errors.paymentDeadlineDays}
              onChange={(value) => set('paymentDeadlineDays', value)}
              maw={240}
            />
            <Switch
              {...check('paymentAutoRelease')}
              label={PAYMENT_DEADLINE_TEXTS.autoReleaseLabel}
              description={PAYMENT_DEADLINE_TEXTS.autoReleaseHelp}
            />
            <Text size="sm" c="dimmed" id="draw-window-help">
              {DRAW_TEXTS.windowHelp}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...text('drawOpensAt')}
                type="datetime-local"
                label={DRAW_TEXTS.opensLabel}
                aria-describedby="draw-window-help"
              />
              <TextInput
                {...text('drawClosesAt')}
                type="datetime-local"
                label={DRAW_TEXTS.closesLabel}
                aria-describedby="draw-window-help"
              />
            </SimpleGrid>
            <TextInput
              {...text('openingSunday')}
              type="date"
              label={EVENT_DATES_TEXTS.openingSundayLabel}
              description={EVENT_DATES_TEXTS.openingSundayHelp}
              maw={240}
            />
            <FestivalCalendar openingSunday={values.openingSunday} />
            <NumberInput
              {...HINT_BELOW}
              name="shiftReminderHours"
              label={SHIFT_REMINDER_TEXTS.hoursLabel}
              description={SHIFT_REMINDER_TEXTS.hoursHelp}
              min={SHIFT_REMINDER_HOURS_MIN}
              max={SHIFT_REMINDER_HOURS_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={values.shiftReminderHours}
              error={errors.shiftReminderHours}
              onChange={(value) => set('shiftReminderHours', value)}
              maw={240}
            />
            <TextInput
              {...text('shiftChangesClose')}
              type="date"
              label={SHIFT_CHANGE_TEXTS.configLabel}
              description={SHIFT_CHANGE_TEXTS.configHelp}
              maw={240}
            />
          </FormSection>

          <FormSection section={CONFIG_SECTIONS.payments} description="How campers pay their dues online.">
            <SubHeading>Stripe</SubHeading>
            <Checkbox {...check('stripeEnabled')} label="Enable Stripe card payments" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...text('stripePublicKey')}
                label="Stripe public key"
                autoComplete="off"
                spellCheck={false}
              />
              {secret('stripeApiKey', 'Stripe secret API key')}
              {secret('stripeWebhookSecret', 'Stripe webhook secret')}
            </SimpleGrid>
            <SubHeading>PayPal</SubHeading>
            <Checkbox
              {...check('paypalEnabled')}
              disabled
              label="Enable PayPal payments (not yet implemented)"
              description="PayPal payments are not yet implemented, so they cannot be turned on."
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...text('paypalClientId')}
                label="PayPal client ID"
                autoComplete="off"
                spellCheck={false}
              />
              {secret('paypalClientSecret', 'PayPal client secret')}
              <NativeSelect
                {...HINT_BELOW}
                name="paypalMode"
                label="PayPal mode"
                data={PAYPAL_MODE_SELECT_OPTIONS}
                value={values.paypalMode}
                onChange={(event) =>
                  set('paypalMode', event.currentTarget.value === 'live' ? 'live' : 'sandbox')
                }
              />
            </SimpleGrid>
          </FormSection>

          <FormSection
            section={CONFIG_SECTIONS.email}
            description="The mail server that sends sign-in codes and notifications."
          >
            <Checkbox {...check('emailEnabled')} label="Enable email notifications" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...text('smtpHost')}
                label="SMTP Host"
                required={values.emailEnabled}
                placeholder="smtp.example.org"
                autoComplete="off"
                spellCheck={false}
              />
              <NumberInput
                {...HINT_BELOW}
                name="smtpPort"
                label="SMTP Port"
                description="Usually 587 (STARTTLS) or 465 (SSL/TLS)."
                required={values.emailEnabled}
                min={1}
                max={65535}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                value={values.smtpPort}
                error={errors.smtpPort}
                onChange={(value) => set('smtpPort', value)}
              />
              <TextInput
                {...text('smtpUsername')}
                label="SMTP Username"
                autoComplete="off"
                spellCheck={false}
              />
              {secret('smtpPassword', 'SMTP Password')}
            </SimpleGrid>
            <Checkbox
              {...check('smtpUseSsl')}
              label="Use SSL/TLS"
              description="Turn on for port 465. With 587 the connection is upgraded (STARTTLS) when the server offers it."
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...text('senderEmail')}
                label="Sender Email"
                type="email"
                required={values.emailEnabled}
                autoComplete="off"
              />
              <TextInput
                {...text('senderName')}
                label="Sender Name"
                required={values.emailEnabled}
                autoComplete="off"
              />
              <TextInput
                {...text('replyTo')}
                label="Reply-To Email"
                type="email"
                description="Optional: where replies go."
                autoComplete="off"
              />
            </SimpleGrid>
            <SmtpConnectionTest values={values} />
          </FormSection>

          <FormSection
            section={CONFIG_SECTIONS.timeZone}
            description="Used for dates and times shown to campers."
          >
            <NativeSelect
              name="timeZone"
              label="Time zone"
              data={TIME_ZONE_SELECT_OPTIONS}
              value={values.timeZone}
              onChange={(event) => set('timeZone', event.currentTarget.value as TimeZoneValue)}
              maw={360}
            />
            <TextInput
              {...text('adminPasskeysRequiredFrom')}
              type="date"
              label={ADMIN_PASSKEY_CONFIG_TEXTS.label}
              description={ADMIN_PASSKEY_CONFIG_TEXTS.help}
              maw={240}
            />
          </FormSection>

          <SaveBar changes={changes} exists={stored !== null} saving={save.isPending} onDiscard={discard}>
            {alert?.kind === 'invalid' && (
              <Alert color="red" variant="light" title={CONFIG_ADMIN_MESSAGES.fixErrors} role="alert" />
            )}
            {alert?.kind === 'save-failed' && (
              <Alert color="red" variant="light" title={alert.message} role="alert">
                {alert.details.length > 0 && (
                  <List size="sm" spacing={2}>
                    {alert.details.map((detail) => (
                      <List.Item key={detail}>{detail}</List.Item>
                    ))}
                  </List>
                )}
              </Alert>
            )}
          </SaveBar>
        </Stack>
      </form>
      <ConfirmDialog
        opened={guard.asking}
        title={LEAVE_DIALOG.title}
        message={LEAVE_DIALOG.message}
        cancelLabel={LEAVE_DIALOG.stay}
        confirmLabel={LEAVE_DIALOG.leave}
        danger
        onCancel={guard.stay}
        onConfirm={guard.leave}
      />
    </>
  );
}

type PickByType<T, V> = { [K in keyof T as T[K] extends V ? K : never]: T[K] };
/** The plain text inputs (the selects hold fixed choices). */
type TextField = Exclude<keyof PickByType<ConfigFormValues, string>, 'paypalMode' | 'timeZone'>;

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Text component="h4" fw={700} size="md" m={0}>
      {children}
    </Text>
  );
}
