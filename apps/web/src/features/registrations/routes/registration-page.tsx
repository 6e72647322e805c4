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
import type { User } from '@camp/shared/users';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, type ReactNode } from 'react';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageLoader } from '../../../components/page-loader';
import { useAuth } from '../../auth';
import { ProfileForm } from '../../users';
import { ProblemList } from '../../../components/problem-list';
import { RegistrationNeedsLogin } from '../components/registration-not-available';
import { StepDetails } from '../components/step-details';
import { StepOptions } from '../components/step-options';
import { StepPayment } from '../components/step-payment';
import { StepReview } from '../components/step-review';
import { ShiftsStepBar, ShiftsSummary, StepShifts } from '../components/step-shifts';
import { WizardProgress } from '../components/wizard-progress';
import classes from '../components/wizard.module.css';
import { RegistrationGate } from '../registration-gate';
import { useRegistrationWizard, type RegistrationWizardModel } from '../wizard/use-registration-wizard';

/** /registration (docs/product.md §2 Registration wizard), behind the availability gate. */
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
  if (error) return <LoadFailedAlert title={error} onRetry={onRetry} />;
  if (loading) return <PageLoader label="Loading..." />;
  return children;
}

/** The body of the current step, from the wizard's model. */
function StepBody({ wizard }: { wizard: RegistrationWizardModel }) {
  const { step, user, role, choices, catalog, config } = wizard;
  switch (step.key) {
    case 'profile':
      return (
        <ProfileForm
          initialValues={wizard.profile.initialValues}
          email={user.email}
          submitLabel="Continue"
          onSubmit={wizard.profile.save}
          error={wizard.profile.error}
        />
      );
    case 'options':
      return (
        <StepData {...catalog.optionsLoad}>
          <StepOptions
            options={catalog.options}
            selected={choices.optionIds}
            role={role}
            onToggle={wizard.toggleOption}
          />
        </StepData>
      );
    case 'details':
      return (
        <StepDetails
          options={catalog.chosen}
          values={choices.fieldValues}
          errors={wizard.fieldErrors}
          onChange={wizard.setFieldValue}
        />
      );
    case 'shifts':
      return (
        <StepData {...catalog.workLoad}>
          <StepShifts
            options={catalog.chosen}
            categories={catalog.categories}
            jobs={catalog.jobs}
            choices={choices}
            user={user}
            onToggle={wizard.toggleJob}
            onToggleWait={wizard.toggleWaitJob}
          />
        </StepData>
      );
    case 'review':
      return (
        <StepReview
          options={catalog.chosen}
          jobs={catalog.jobs}
          choices={choices}
          role={role}
          total={wizard.total.dollars}
          joinsWaitlist={wizard.joinsWaitlist}
          terms={config.registrationTerms}
          termsError={wizard.termsError}
          onAcceptTerms={wizard.acceptTerms}
        />
      );
    case 'payment':
      return (
        <StepPayment
          total={wizard.amountDue}
          year={config.registrationYear}
          {...wizard.paymentOptions}
          joinsWaitlist={wizard.joinsWaitlist}
          drawEntry={wizard.drawEntry}
          state={wizard.payment}
          onPay={wizard.pay}
          onComplete={wizard.complete}
          onSave={wizard.save}
        />
      );
  }
}

export function RegistrationWizard({ user }: { user: User }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wizard = useRegistrationWizard(user, headingRef);
  const { step, config } = wizard;
  const backButton = (
    <Button variant="default" size="md" onClick={wizard.back} disabled={step.backDisabled}>
      Back
    </Button>
  );

  const actions = (
    <Group justify="space-between" wrap="wrap-reverse" gap="sm">
      {backButton}
      <Button type="submit" size="md">
        {step.continueLabel}
      </Button>
    </Group>
  );

  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap="xs">
        <Title order={2}>Registration {config.registrationYear}</Title>
        <WizardProgress step={step.index} />
      </Stack>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={3} ref={headingRef} tabIndex={-1} className={classes.stepHeading}>
            {step.heading}
          </Title>
          {step.key === 'profile' && (
            <Text c="dimmed" size="sm">
              Check your details: they are saved to your profile when you continue.
            </Text>
          )}
          {step.continueLabel ? (
            <form onSubmit={wizard.next} noValidate aria-label={step.label}>
              <Stack gap="lg">
                <StepBody wizard={wizard} />
                {step.key === 'shifts' ? (
                  <ShiftsStepBar
                    summary={
                      <ShiftsSummary
                        progress={wizard.shiftProgress}
                        waiting={wizard.choices.waitJobs.length}
                      />
                    }
                    problems={<ProblemList problems={wizard.problems} />}
                    actions={actions}
                  />
                ) : (
                  <>
                    <ProblemList problems={wizard.problems} />
                    {actions}
                  </>
                )}
              </Stack>
            </form>
          ) : (
            <Stack gap="lg">
              <StepBody wizard={wizard} />
              {step.canGoBack && <Group>{backButton}</Group>}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
