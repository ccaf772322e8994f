import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // two cores: one worker each; server files each create their own database
    maxWorkers: 2,
  },
});
