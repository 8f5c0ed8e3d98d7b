import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';
import { alias, optimizeDeps } from '../vitest.config.ts';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  // Docs pages for the components and the hook; axe on every story (also when stories run as tests).
  addons: [
    // Tables in the MDX pages are GitHub-flavoured Markdown.
    { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    '@storybook/addon-a11y',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // A playground for this library, not a new Storybook to set up: no onboarding checklist in
  // the sidebar or the menu.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  async viteFinal(viteConfig) {
    const existing = viteConfig.resolve?.alias;
    const aliases = Array.isArray(existing) ? existing : Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement }));
    return {
      ...viteConfig,
      resolve: { ...viteConfig.resolve, alias: [...alias, ...aliases] },
      optimizeDeps: { ...viteConfig.optimizeDeps, include: [...(viteConfig.optimizeDeps?.include ?? []), ...optimizeDeps.include] },
    };
  },
};

export default config;
