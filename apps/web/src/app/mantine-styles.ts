/*
 * Mantine's CSS, one file per component the shell uses, instead of the whole 290 KB sheet (bundle budget:
 * Home ≤ 125 KB gzip). Order matters: global files first, then components that others build on.
 * Screens loaded later import the CSS of their own extra components next to their code, so it lands in
 * their lazy chunk.
 *
 * default-css-variables.css (27 KB, 4 KB gzip) is left out on purpose: MantineProvider is told not to
 * deduplicate (providers.tsx), so it writes every theme variable itself from the one theme we have.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
