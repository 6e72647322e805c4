import { Group, Progress, Text } from '@mantine/core';
import { WIZARD_STEPS } from '../wizard/wizard-model';
import classes from './wizard.module.css';

/** The progress bar of docs/product.md §2 labelled Profile, Options, Details, Shifts, Review, Payment. */
export function WizardProgress({ step }: { step: number }) {
  const total = WIZARD_STEPS.length;
  return (
    <div>
      <Progress.Root size="md" radius="xl">
        <Progress.Section
          value={((step + 1) / total) * 100}
          aria-label={`Registration progress: step ${step + 1} of ${total}, ${WIZARD_STEPS[step]}`}
        />
      </Progress.Root>
      <Group component="ol" gap={6} mt="xs" className={classes.steps} aria-label="Registration steps">
        {WIZARD_STEPS.map((label, index) => (
          <Text
            component="li"
            key={label}
            size="sm"
            fw={index === step ? 700 : 500}
            c={index <= step ? undefined : 'dimmed'}
            className={classes.stepLabel}
            data-current={index === step || undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            {index + 1}. {label}
          </Text>
        ))}
      </Group>
    </div>
  );
}
