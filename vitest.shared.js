/** Vitest settings every package shares: tests run on `src` through the source export condition. */
const conditions = ['@affiliate-commerce/source', 'module', 'node', 'development|production'];

export const sharedProject = {
  ssr: { resolve: { conditions } },
  resolve: { conditions },
};
