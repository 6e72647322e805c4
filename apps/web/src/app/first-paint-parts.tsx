import { Burger, Button, Group, MantineProvider, Paper, Stack, Text, Title } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from './theme';

/**
 * The Mantine elements of the server's first paint (decision 045), rendered by Mantine itself at build time
 * with the props the real screens give them (layout/site-nav, routes/home-page, features/auth's login page
 * and RequestCodeForm). What Mantine wrote on each element (its class names, inline CSS variables and data
 * attributes) goes to dist/first-paint.json for the server (apps/api/src/plugins/first-paint.ts), so a Mantine
 * upgrade that renames its classes changes the server's markup with it. Only the web build uses this file.
 */

/** Each part's name → the Styles API selectors whose elements the server writes. */
export const FIRST_PAINT_PARTS = {
  // SiteNav's Sign In (an emphasised link of a wide screen) and the menu button of narrow ones.
  navButton: ['root', 'inner', 'label'],
  burger: ['root', 'burger'],
  // Home: Stack gap lg > Paper > Stack gap xl > blurb, Group > Login.
  homeStack: ['root'],
  paper: ['root'],
  paperStack: ['root'],
  group: ['root'],
  button: ['root', 'inner', 'label'],
  // Login: Paper > form > Stack gap md > Title, Text, (input), Send Code.
  formStack: ['root'],
  title: ['root'],
  text: ['root'],
  submitButton: ['root', 'inner', 'label'],
} as const;

export type FirstPaintPartName = keyof typeof FIRST_PAINT_PARTS;
/** `part.selector` (`button.root`) → the element's attributes as Mantine rendered them. */
export type FirstPaintParts = Record<string, string>;

const MARK = 'camp-first-paint-';

/** classNames that mark each selector's element with `camp-first-paint-<part>.<selector>`. */
const mark = (part: FirstPaintPartName) =>
  Object.fromEntries(FIRST_PAINT_PARTS[part].map((selector) => [selector, `${MARK}${part}.${selector}`]));

function Parts() {
  return (
    <>
      <Button component="a" href="#/" size="sm" classNames={mark('navButton')}>
        Sign In
      </Button>
      <Burger opened={false} color="#ffffff" classNames={mark('burger')} />
      <Stack gap="lg" classNames={mark('homeStack')} />
      <Paper withBorder radius="lg" shadow="xs" classNames={mark('paper')} />
      <Stack gap="xl" classNames={mark('paperStack')} />
      <Group classNames={mark('group')} />
      <Button component="a" href="#/" size="md" classNames={mark('button')}>
        Login
      </Button>
      <Stack gap="md" classNames={mark('formStack')} />
      <Title order={2} classNames={mark('title')}>
        Sign In
      </Title>
      <Text classNames={mark('text')}>Enter your email address</Text>
      <Button type="submit" size="md" fullWidth classNames={mark('submitButton')}>
        Send Code
      </Button>
    </>
  );
}

/**
 * Renders the parts with the app's theme and returns, for each marked element, its attributes without the
 * mark and without `href` (the server writes its own). Throws when a part is missing: the build then fails
 * rather than the server writing a screen without Mantine's classes.
 */
export function renderFirstPaintParts(): FirstPaintParts {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Parts />
    </MantineProvider>,
  );
  const parts: FirstPaintParts = {};
  for (const [, attributes = ''] of html.matchAll(/<[a-z][a-z0-9]*\s([^>]*)>/g)) {
    const name = new RegExp(`(?:^|\\s)${MARK}([\\w.]+)`).exec(
      /class="([^"]*)"/.exec(attributes)?.[1] ?? '',
    )?.[1];
    if (!name) continue;
    parts[name] = attributes
      .replace(
        /class="([^"]*)"/,
        (_match, classes: string) =>
          `class="${classes
            .split(/\s+/)
            .filter((token) => token !== '' && !token.startsWith(MARK))
            .join(' ')}"`,
      )
      .replace(/\s*href="[^"]*"/, '')
      .trim();
  }
  const missing = Object.entries(FIRST_PAINT_PARTS).flatMap(([part, selectors]) =>
    selectors.map((selector) => `${part}.${selector}`).filter((name) => !parts[name]),
  );
  if (missing.length > 0) throw new Error(`first paint: Mantine rendered no ${missing.join(', ')}`);
  return parts;
}
