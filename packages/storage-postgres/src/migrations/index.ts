import { coreMigration } from './001-core';
import type { Migration } from './migration';

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [coreMigration];

export type { Migration } from './migration';
