import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './config-layout.module.css';
import { SectionSelect } from './section-index';

export interface SaveBarProps {
  /** How many fields differ from what is saved. */
  changes: number;
  /** Whether a configuration is stored yet (Save creates it otherwise). */
  exists: boolean;
  saving: boolean;
  onDiscard: () => void;
  /** The form's messages (invalid, save failed), shown where the Save button is. */
  children?: ReactNode;
}

/** 'Unsaved changes' or 'All changes saved', in the words the bar shows. */
export function saveStateText(changes: number, exists: boolean): string {
  if (changes > 0) return `Unsaved changes (${changes} ${changes === 1 ? 'field' : 'fields'})`;
  return exists ? 'All changes saved' : 'Not created yet';
}

/**
 * The form's Save, always in view at the bottom of the window while the form is: whether there is anything
 * unsaved, Discard changes, and on a phone the jump to a section.
 */
export function SaveBar({ changes, exists, saving, onDiscard, children }: SaveBarProps) {
  const dirty = changes > 0;
  return (
    <div className={classes.saveBar} data-dirty={dirty || undefined}>
      {children}
      <div className={classes.saveRow}>
        <div className={classes.saveStateLine}>
          <Group gap={8} wrap="nowrap" miw={0}>
            <span className={classes.saveDot} aria-hidden="true" />
            <Text size="sm" fw={dirty ? 700 : 400} role="status" data-testid="save-state">
              {saveStateText(changes, exists)}
            </Text>
          </Group>
          {dirty && (
            <Button variant="subtle" onClick={onDiscard} disabled={saving} px="xs">
              Discard
            </Button>
          )}
        </div>
        <div className={classes.saveActions}>
          <div className={classes.saveJump}>
            <SectionSelect />
          </div>
          <Button type="submit" loading={saving} className={classes.saveButton}>
            {exists ? 'Save Configuration' : 'Create Configuration'}
          </Button>
        </div>
      </div>
    </div>
  );
}
