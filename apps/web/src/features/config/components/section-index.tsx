import { NativeSelect, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CONFIG_SECTION_LIST, jumpToSection } from '../config-sections';
import classes from './config-layout.module.css';

/** Below the fixed header (80 px) with some room: a section whose top has passed this line is being read. */
const READING_LINE = 140;

/** The section being read: the last one whose top has scrolled past the reading line (the first before). */
function currentSectionId(): string {
  let current = CONFIG_SECTION_LIST[0]?.id ?? '';
  for (const { id } of CONFIG_SECTION_LIST) {
    const top = document.getElementById(id)?.getBoundingClientRect().top;
    if (top !== undefined && top <= READING_LINE) current = id;
  }
  return current;
}

/** The section being read, followed as the admin scrolls (once a frame at most). */
function useCurrentSection(): string {
  const [current, setCurrent] = useState(currentSectionId);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(currentSectionId()));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return current;
}

/** On a laptop: the screen's sections beside the form, the current one marked; a click jumps there. */
export function SectionIndex() {
  const current = useCurrentSection();
  return (
    <nav aria-labelledby="config-sections-heading" className={classes.index}>
      <Text id="config-sections-heading" size="xs" fw={700} tt="uppercase" c="dimmed" mb={6}>
        Sections
      </Text>
      <ul className={classes.indexList}>
        {CONFIG_SECTION_LIST.map(({ id, title }) => (
          <li key={id}>
            <UnstyledButton
              className={classes.indexLink}
              aria-current={current === id ? 'true' : undefined}
              onClick={() => jumpToSection(id)}
            >
              {title}
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On a phone (in the save bar): the same jumps as a native select, which phones show as a picker. */
export function SectionSelect() {
  return (
    <NativeSelect
      aria-label="Jump to section"
      value=""
      data={[
        { value: '', label: 'Sections', disabled: true },
        ...CONFIG_SECTION_LIST.map(({ id, title }) => ({ value: id, label: title })),
      ]}
      onChange={(event) => jumpToSection(event.currentTarget.value)}
    />
  );
}
