import type { StorybookConfig } from '@storybook/react-vite';
import { alias } from '../vitest.config.ts';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const existing = viteConfig.resolve?.alias;
    const aliases = Array.isArray(existing) ? existing : Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement }));
    return {
      ...viteConfig,
      resolve: { ...viteConfig.resolve, alias: [...alias, ...aliases] },
    };
  },
};

export default config;
