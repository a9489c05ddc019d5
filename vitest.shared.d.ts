/** Vitest settings every package shares: tests run on `src` through the source export condition. */
export declare const sharedProject: {
  ssr: { resolve: { conditions: string[] } };
  resolve: { conditions: string[] };
};
