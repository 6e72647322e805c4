import {
  convertCssVariables,
  defaultCssVariablesResolver,
  DEFAULT_THEME,
  mergeMantineTheme,
} from '@mantine/core';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { renderFirstPaintParts } from './src/app/first-paint-parts';
import { cssVariablesResolver, theme } from './src/app/theme';

/**
 * What the server needs to write Home's and Login's first paint into index.html before the app has run
 * (decision 045): the built class names of the CSS modules the first screen uses, what Mantine renders on the
 * first screen's Mantine elements (src/app/first-paint-parts.tsx: their classes, CSS variables and data
 * attributes, so the server never spells Mantine's internal class names itself), and the theme's CSS
 * variables, which only the running app would provide (MantineProvider writes them at run time). Read by
 * apps/api/src/plugins/first-paint.ts.
 */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** The CSS modules of the first screen: app/layout's shell, header and nav, and the admin HTML's box. */
const MODULES = ['app-layout', 'site-header', 'site-nav', 'html-content'] as const;

/** The theme's variables as MantineProvider writes them (forced light scheme: light values at :root). */
function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  return convertCssVariables(
    {
      variables: { ...base.variables, ...ours.variables },
      light: { ...base.light, ...ours.light },
      dark: {},
    },
    ':root',
  );
}

/**
 * Collects the class names of the first screen's CSS modules while Vite builds them (give `css.modules` the
 * returned `getJSON`), and writes them with Mantine's parts and the CSS above into dist/first-paint.json.
 */
export function firstPaint(): {
  plugin: Plugin;
  getJSON: (file: string, json: Record<string, string>) => void;
} {
  const classes: Record<string, Record<string, string>> = {};
  const getJSON = (file: string, json: Record<string, string>) => {
    const name = path.basename(file).replace(/\.module\.css(\?.*)?$/, '');
    if ((MODULES as readonly string[]).includes(name)) classes[name] = json;
  };
  const plugin: Plugin = {
    name: 'camp:first-paint',
    apply: 'build',
    async writeBundle(options) {
      const missing = MODULES.filter((name) => !classes[name]);
      if (missing.length > 0) throw new Error(`first paint: no class names for ${missing.join(', ')}`);
      await writeFile(
        path.join(options.dir ?? 'dist', FIRST_PAINT_FILE),
        `${JSON.stringify({ classes, mantine: renderFirstPaintParts(), css: themeVariablesCss() })}\n`,
      );
    },
  };
  return { plugin, getJSON };
}
